"""Questions, marked or not ("what's on my calendar tomorrow"): whether one asks the listener
(intent "none") or wonders about a possibility ("should we go?": hypothetical).
"""

from __future__ import annotations

import re

from core.extraction.intent_nonfactual import IF_IDIOM
from core.extraction.types import MessageIntent
from core.extraction.word_gates import gated

_SUGGEST_Q = gated(
    r"^(?:what|how)\s+about\b(?!\s+(?:you|u|ya|yourself|urself|y'?all|you\s+guys)\s*$)|^what\s+if\b|^should\s+(?:we|i)\b|^shall\s+(?:we|i)\b|\bimagine\b|"
    r"^(?:could|can)\s+we\b|^why\s+(?:don't|not)\b|^would\s+it\b|^is\s+it\s+worth\b"
)
_YOU = gated(r"\b(?:you|your|yours|u|ur)\b")
_WH = gated(r"^(?:what|what's|whats|when|when's|where|where's|who|who's|whose|which|why|how)\b")


# "are we still on for Portland?", "did I book the hotel?", "is the trip next week?": a
# yes/no question about how things stand asks the listener; it wonders about no possibility.
_STATUS_Q = gated(
    r"^(?:(?:wait|so|and|but|ok|okay|hey|um|btw)\W+)*(?:am|are|is|was|were|do|does|did|have|has|"
    r"will|won't|aren't|isn't|didn't|don't|haven't|hasn't)\s+(?!it\s+(?:worth|better|possible|"
    r"ok|okay|smart|wise|a\s+good\s+idea|too\s+late))"
)
UNMARKED_Q = gated(
    r"^(?:(?:hey|hi|ok|okay|so|wait|um|yo|oi|actually|also|oh|and|sorry|srsly|seriously|honestly|"
    # ("but why is my flight cancelled AGAIN" complains of a fact; a "why" after "but" tells)
    r"like|bruh|bro|lol|omg|eh|but(?!\s+why\b)|"
    # "long shot but does anyone know…", "quick q, is the pool open": a question announced.
    r"(?:long\s+shot|(?:quick|random|genuine|serious|dumb|stupid|honest)\s+q(?:uestion)?)"
    r"(?:\s+but)?)[\s,:]+){0,2}(?:are\s+we\s+still|am\s+i|did\s+(?:i|we)|where\s+am|"
    # "didn't you say you were moving", "aren't you meant to be in Madrid": a negated
    # auxiliary before its subject asks, mark or not.
    r"(?:didn't|don't|doesn't|aren't|isn't|wasn't|weren't|won't|haven't|hasn't|can't|couldn't|"
    r"wouldn't|shouldn't)\s+(?:you|u|we|they|he|she|it|i|there|the|my|our|your|ur|his|her|their)\b"
    r"(?!\s+(?:dare|worry)\b)|"
    # A tag at the end: "we're still on for 7, aren't we", "you did book it didn't you",
    # "that's the one by the river, isn't it" (not "…and so are they").
    r"(?=[^.;!?]*?(?:,\s*|\s)(?:aren't|isn't|didn't|don't|doesn't|won't|wasn't|weren't|haven't|"
    r"hasn't|can't|couldn't|wouldn't|shouldn't)\s+(?:we|you|u|it|they|he|she|i|there)\s*$)|"
    r"(?=[^.;!?]*?,\s*(?:is|are|did|do|does|was|were|will|can|have|has)\s+(?:we|you|u|it|they|he|"
    r"she|there)\s*$)|"
    # An offer or a permission asked: "shall I book the table", "mind if we come later",
    # "is it ok if I bring my dog"; a desk asked what it has: "do you have a twin room".
    # "so you're coming on Friday then", "the party's at yours then": a fact about the
    # listener put back to them to confirm, the question's word order left off.
    r"(?!(?:if|when|unless|see|talk|speak|catch|i|we|i'll|we'll|i'm|we're|ill|im)\b)(?=(?:[^.;!?]*\s)?(?:you|u|ur|you're|youre|your|"
    r"yours)\b)[^.;!?]*\sthen$|"
    r"shall\s+(?:i|we)\b|(?:(?:do|would)\s+(?:you|u)\s+)?mind\s+if\b|"
    r"(?:is|would|will)\s+it\s+(?:be\s+)?(?:ok|okay|alright|all\s+right|fine|cool|possible)\s+if\b|"
    r"(?:do|does)\s+(?:you|u|ya|y'?all)(?:\s+guys)?\s+(?:have|sell|serve|offer|take|accept|deliver|stock|do)\b|"
    # "we still doing brunch": the group asked, its auxiliary left off.
    r"we\s+still\s+(?=(?:on|doing|going|coming|meeting|having|up\s+for)\b)|"
    # "do you know if the trains are running tomorrow", "does anyone know…": asked.
    r"(?:do|does)\s+(?:you|u|ya|any\s*one|any\s*body)\s+(?:happen\s+to\s+)?know\b|"
    # A booking desk asked, the mark left off: "do they have anything cheaper near the
    # station", "does the room have a bath", "is there parking", "can we change that to 3
    # nights", "could I get the earlier train".
    r"(?:do|does)\s+(?:they|it|the\s+\w+|that\s+\w+|this\s+\w+)\s+(?:have|has|offer|do|serve|"
    r"take|allow|accept|include|come\s+with)\b|(?:is|are)\s+there\s+(?!(?:is|are|was)\b)|"
    # "is breakfast included", "are dogs allowed", "is parking free".
    r"(?:is|are)\s+(?:the\s+)?[a-z]+\s+(?:included|allowed|available|free|extra|provided|"
    r"possible|refundable|open)\b|"
    # "is 3am too early to call my mum", "is six weeks too young for a dummy": a measure
    # weighed, asked, mark or not.
    r"(?:is|are)\s+(?:the\s+)?[\w:'.]+(?:\s+[a-z]+)?\s+too\s+(?:early|late|soon|young|old|long|"
    r"short|much|little|many|few|hot|cold|warm|big|small|often)\b|"
    r"(?:can|could)\s+(?:we|i)\s+(?:(?:please|possibly|kindly|just)\s+)?(?:push|postpone|reschedule|"
    r"change|get|have|add|book|switch|swap|make|move|upgrade|"
    r"extend|pay|reserve|bring|keep|check\s+(?:in|out)|do)\b|"
    # "are u still in lisbon", "r u home yet", "u still at ur moms": the listener's
    # whereabouts asked, the verb before "you" (or left out before "still"), mark or not.
    r"(?:are|r|were|did|have|will)\s+(?:you|u|ya|y'?all)\s+|"
    # "y'all home for the summer or staying in boston", "u coming sat or nah": the listener's
    # plans put to them as a choice, the verb left out.
    r"(?:y'?all|you\s+guys|u\s+guys|you\s+all|u\s+all|you|u)\s+(?=(?:home|staying|coming|going|flying|driving|back|"
    r"around|free|down|still|heading)\b[^.;!?]*\sor\s+[a-z']+(?:\s+[a-z']+){0,3}\s*$)|"
    r"(?:you|u)\s+still\s+"
    r"(?=(?:in|at|on|home|there|around|going|coming|flying|away|up)\b)|"
    # "is dinner at 6 or 7", "wait is grandma coming saturday or sunday": the verb before
    # its subject and a choice at the end ask which, mark or not.
    r"(?:is|are|do|does|did|will|can)\s+(?=[^,.;!?]*\sor\s+[a-z0-9:']+(?:\s+[a-z0-9:']+)?\s*$)|"
    # "anyone down for ranked later", "anyone fancy drinks friday", "anybody got a spare
    # controller", "who's up for brunch": the group asked, the mark left off.
    r"(?:who(?:'s|\s+is)?|who\s+else(?:'s|\s+is)?)\s+"
    r"(?:down|up\s+for|fancy|fancies|keen|wanna|want\s+to|wants?|free|around|interested|in\s+for|"
    r"got|have|has|know|knows|need|needs|online|on\s+(?:tonight|later|now)|playing|awake|"
    r"tried|been\s+to|seen|heard|remember|going|coming)\b|"
    # "anyone else get side effects from the booster", "anybody watching the match": the
    # others asked, whatever the verb (not "anyone who…", "anyone can…", "anyone is welcome").
    r"(?:any\s*one|any\s*body|any1)(?:\s+else)?\s+(?!(?:who|that|can|could|would|will|but|is|"
    r"was|else's|at|in|with|of|from|else\b))[a-z]+\b|"
    # "anyone in lisbon rn wanna cowork", "anybody around shibuya tonight down for food": the
    # others where the writer is, asked.
    r"(?:any\s*one|any\s*body|any1)\s+(?:else\s+)?(?:in|at|around|near)\s+[a-z]+(?:\s+[a-z]+){0,2}?\s+"
    r"(?:(?:right\s+now|atm|this\s+week|today|tonight|rn)\s+)?(?:wanna|want\s+to|down|keen|free|"
    r"know|up\s+for|fancy|trying\s+to|going)\b|"
    # "do any of them have a pool", "are either of you free": one of several asked about.
    r"(?:do|does|did|have|has|are|is|will|can|would)\s+(?:any|either|all|both|none|each|one)\s+of\s+"
    r"(?:them|those|these|you|u|us|the|your|ur)\b|"
    # "is it the kind of place that takes children", "is she still in hospital", "does he
    # know", "will they be there": the verb before a pronoun asks, mark or not.
    r"(?:is|are|was|does|did|has|have|will|can)\s+(?:it|that|this|these|those|he|she|they)\b"
    r"(?!\s+(?:is|are|was|were)\b)|were\s+(?:they|he|she)\b|"
    # "you're still coming sunday, yeah", "u got the keys right": the listener's own
    # doings put to them to confirm, a tag at the end.
    r"(?:you're|youre|you\s+are|u\s+r|ur|u're|you've|you|u)\s+(?=[^,.;!?]*,?\s+(?:yeah|yh|ya|"
    r"right|no|innit|yes|ok|okay|eh)\s*$)|"
    # "Would Tuesday at 2 suit", "does the 14th work for you": a time offered.
    r"(?:would|will|does|do|could|is)\s+(?=[^,.;!?]{1,30}?\s(?:suit|work|be\s+(?:ok|okay|alright|"
    r"convenient|possible|better|easier)|ok|okay|convenient)(?:\s+for\s+(?:you|u|everyone|all|"
    r"both\s+of\s+you))?\s*$)|"
    # "did anyone elses dad get laid off": asking the others, the mark left off.
    r"(?:did|does|has|is|was|will|can)\s+(?:any\s*one|any\s*body|some\s*one|some\s*body)|"
    # "do I have anything on the calendar tomorrow", "is my flight still on": the verb
    # before its subject asks, mark or not.
    # "is ur mom still in the hospital", "are your parents home": the listener's people too.
    # "can i go to the mall w jess after school": leave asked, mark or not.
    r"(?:can|could|may)\s+(?:i|we)\s+(?:go|come|stay|sleep|have|get|borrow|use)\b|"
    r"do\s+(?:i|we)|(?:does|is|are|was|has|will)\s+(?:my|our|the|your|ur|his|her|their)\b|what's|whats|what\s+(?:is|are|was|were|do|does|did|time|should|can|will)|where's|"
    r"where\s+(?:is|are|do|does|should|can|will)|"
    # "why isnt the rent paid": "why" and its auxiliary ask, negated or not.
    # "why do they only cry when you sit down": "do" and "would" too.
    r"why\s+(?:is|isn'?t|are|aren'?t|was|wasn'?t|did|didn'?t|does|doesn'?t|has|hasn'?t|"
    r"have|haven'?t|won'?t|can'?t|do|don'?t|would|wouldn'?t|will|should|can|could)|when's|when\s+(?:is|are|do|does|did|will|"
    r"should)|how's|how\s+(?:is|are|was|were|do|does|did|much|many|long|far)|who's|"
    # "did mum get home ok", "did the parcel come": "did", a subject and its bare verb.
    r"did\s+(?:(?:the|my|your|ur|our|his|her|their)\s+)?[a-z]+\s+(?:get|make|go|arrive|land|"
    r"manage|like|enjoy|say|call|ring|text|pay|leave|come|find|hear|remember|book|send|finish|"
    r"sleep|eat|win|lose|pass|sort|pick|drop)\b|"
    # "who knew Lisbon had so many hills": wonder at it, asked of no one.
    r"who\s+knew|"
    # "ok who took a blue hoodie home": a sentence that opens on "who" and its verb asks.
    r"who\s+(?:is|are|was|were|has|have|had|can|could|will|wants?|needs?|took|left|got|"
    # "srsly who eats pineapple on pizza": "who" and any verb of the present.
    r"knows?|[a-z]+ed|[a-z]+[^s\W]s))\b"
    # "what's weird is that…" tells; "is breakfast included or is that extra" still asks.
    r"(?!.*(?<!\bor\s)\b(?:is|are|was)\s+(?:that|the\s+fact)\b)"
)
"""A question typed or spoken without its question mark: "what's on my calendar tomorrow",
"what time is it in london right now"."""
# "could someone grab ice?", "anyone have a charger?", "fancy a pint on Friday?", "got any
# ideas for Saturday?", "liz lives in brooklyn, right?": a question put to the others
# present (an offer, a request, a tag asking to confirm) asks; it wonders about nothing.
_ASKS_OTHERS = gated(
    r"^(?:(?:could|can|will|does|do|did|has|is)\s+|would\s+(?=\S+\s+(?:mind|like|want|be\s+able)\b))?"
    r"(?:some\s*one|some\s*body|any\s*one|any\s*body|y'?all|(?:you|u)\s+guys|"
    r"one\s+of\s+(?:you|u))\b(?!\s+(?:have|'ve|else\s+have)\b)|"
    r"^(?:fancy|got\s+(?:any|a|an|some)|any\s+(?!chance\b|other\b)[a-z]+)\b"
)
# "liz lives in brooklyn, right?": a tag asks to confirm a fact; after a possibility ("he
# could have stayed, no?") it still wonders.
_TAG = gated(
    r"(?:,\s*|\s)(?:right|yeah|no|eh|innit|isn't\s+it|aren't\s+they|doesn't\s+(?:he|she|it))$|"
    # "we're still on for 7, aren't we", "you did book it didn't you", "…, is it".
    r"(?:,\s*|\s)(?:aren't|isn't|didn't|don't|doesn't|won't|wasn't|weren't|haven't|hasn't|can't|"
    r"couldn't|wouldn't|shouldn't)\s+(?:we|you|u|it|they|he|she|i|there)$|"
    r",\s*(?:is|are|did|do|does|was|were|will|can|have|has)\s+(?:we|you|u|it|they|he|she|there)$"
)
_ASKED_LEAVE = gated(
    r"^(?:(?:do|would)\s+(?:you|u)\s+)?mind\s+if\b|^(?:is|would|will)\s+it\s+(?:be\s+)?(?:ok|okay|"
    r"alright|all\s+right|fine|cool|possible)\s+if\b|^shall\s+i\b|"
    r"^we\s+still\s+(?:on|doing|going|coming|meeting|having|up\s+for)\b"
)
"""Leave or an offer asked, or the group's plan checked: "mind if we come later", "is it ok
if I bring the dog", "shall I book the table", "we still doing brunch": asked for an
answer, no possibility wondered about."""
_MIGHT_HAVE_BEEN = gated(r"\b(?:could|would|might|should|must)(?:n't)?\s+(?:have|'ve)\b")
_POSSIBLE = gated(r"\b(?:could|would|might|should|if|maybe|possible|possibly)\b")


def _possible(low: str) -> bool:
    """A modal or a condition: "if" for "whether" ("know if") is none."""
    found = _POSSIBLE.findall(low)
    return bool(found) and (set(found) != {"if"} or IF_IDIOM.search(low) is None)


_SPEAKER_ACTS = gated(r"\b(?:i|we|i'm|we're|i'll|we'll|us|let's|lets|me)\b")


_ASK_TO_BOOK = gated(
    r"\b(?:can|could|may)\s+(?:i|we)\s+(?:(?:please|also|just|still|now)\s+)*(?:book|reserve|get|have|order|add|change|"
    # "can we change that to 3 nights", "could we move it to 8", "can I switch this one".
    r"cancel|switch|swap|move|make|upgrade|extend)\s+(?:a|an|the|my|our|some|two|three|four|\d|"
    r"that|it|this|those|these|breakfast|parking|dinner|lunch|wifi|a\s+cot|an\s+extra)\b"
)
"""Asking a clerk or an assistant for something: "could I book a table for two?", "can we
have the bill?" (a request, not a possibility wondered about)."""


_ASK_TO_ARRANGE = gated(
    r"^(?:(?:so|and|also|hi|hey|ok|okay)\W+)*(?:could|can)\s+(?:we|i)\s+(?:please|possibly|"
    r"kindly)\b|"
    r"^(?:(?:so|and|also|hi|hey|ok|okay)\W+)*(?:could|can)\s+(?:we|i)\s+(?:just\s+|maybe\s+)?"
    # "could we move the call": not "could we move to Denver?" (a new home wondered about).
    r"(?:push|move(?!\s+(?:to|into|in|out|away|abroad|house|home|back|there|here|closer|nearer)\b)|"
    r"reschedule|postpone|bring\s+(?:it\s+|this\s+|that\s+)?forward|shift|put\s+"
    r"(?:it\s+|this\s+|that\s+)?(?:back|off)|rearrange|delay|set\s+up|arrange|hop\s+on|jump\s+on|"
    r"have\s+a\s+(?:quick\s+)?(?:call|chat|word))\b"
)
"""Asking the listener to agree to an arrangement: "Could we possibly push our call to
Thursday?", "can we please move standup", "could I set up a quick call" (a request, where
"could we go to the beach?" suggests)."""


_TIME_OFFERED = gated(
    r"^(?:would|will|does|do|could|is)\s+(?!(?:you|u|we|i)\b)[^,.;!?]{1,30}?\s(?:suit|work|be\s+"
    r"(?:ok|okay|alright|convenient|possible|better|easier)|ok|okay|convenient)(?:\s+for\s+(?:you|"
    r"u|everyone|all|both\s+of\s+you))?(?:\s+instead)?\s*\??$"
)
"""A time or an option offered to the listener: "Would Tuesday at 2 suit?", "does the 14th
work for you" (asked, not a possibility wondered about)."""


_TIME_PUT = gated(r"^(?:(?:so|ok|okay|then)\W+)*(?:shall|should)\s+we\s+say\b")
"""A time put to the listener to agree: "Shall we say Tuesday at 10 then?"."""


def question_intent(low: str) -> MessageIntent:
    if _TIME_PUT.search(low):
        return "none"
    if _ASK_TO_BOOK.search(low) or _ASK_TO_ARRANGE.search(low) or _TIME_OFFERED.search(low):
        return "none"
    if _ASKED_LEAVE.search(low):
        return "none"
    if _SUGGEST_Q.search(low):
        return "hypothetical"
    if (
        (_ASKS_OTHERS.search(low) or (_TAG.search(low) and not _possible(low)))
        and not (re.search(r"\bif\b", low) and not IF_IDIOM.search(low))
        and not _MIGHT_HAVE_BEEN.search(low)
    ):
        return "none"
    if _YOU.search(low) or _WH.search(low):
        return "none"
    if _STATUS_Q.search(low) and not _possible(low):
        return "none"
    if not _possible(low) and not _SPEAKER_ACTS.search(low):
        # "okay, and the arrival time?", "the 5th or the 6th?": a question with no modal and
        # no speaker doing anything asks for an answer; it wonders about no possibility.
        return "none"
    return "hypothetical"
