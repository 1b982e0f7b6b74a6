"""Clause-level intent: is this clause a present fact, a plan, a possibility, the past, or chat?

The checks run from the most to the least protective: anything that marks a
clause as not describing reality (a condition, a counterfactual, a wish, a
hedge, a question) wins over tense, so "If we had gone to Tahoe we'd be there
now" can never be read as a fact. Tense and aspect then separate the past that
still holds ("I just moved to Austin", "have been here since Friday") from the
past that does not ("we were in Tahoe last winter"), and plans from the present.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from core.extraction.letters import is_sign_off
from core.extraction.segments import Segment
from core.extraction.types import MessageIntent

_P = r"(?:i|we|he|she|they|you|it)"

_CHITCHAT = re.compile(
    r"(?:hi|hello|hey|hiya|yo|howdy|sup|good\s+(?:morning|afternoon|evening|night)|gm|gn|"
    r"thanks?(?:\s+(?:you|again))?(?:\s+(?:so|very)\s+much|\s+a\s+(?:lot|ton|bunch))?|thx|ty|"
    r"tysm|cheers|much\s+appreciated|appreciate\s+it|ok(?:ay)?|k|kk|cool|nice|great|awesome|"
    r"perfect|sure|yes|no|yep|yup|nope|nah|lol|lmao|haha+|hah|got\s+it|sounds\s+(?:good|great)|"
    r"never\s*mind|no\s+worries|np|bye|goodbye|see\s+(?:you|ya)|good\s*night|love\s+it|wow|"
    r"hmm+|ah|oh|ugh|welcome|that\s+(?:helps|works)|(?:that|this|it)(?:'s|\s+is|\s+was)\s+"
    r"(?:great|helpful|perfect|awesome|fine|ok|okay|cool|nice|good|all|it|correct|right|wrong|"
    r"wonderful|amazing|useful|interesting|funny|true)|you(?:'re|\s+are)\s+(?:the\s+best|"
    r"awesome|great|welcome|right|amazing))(?:\s+(?:there|again|everyone|canon|buddy|friend))?"
)
_SOCIAL = re.compile(
    # Thanks with what for, and who: "thanks everyone for the advice", "thank you very
    # much for your help"; good wishes: "happy bday", "have the best day"; a sign-off:
    # "that's all for now"; and what the help did: "it really helped", "you are very kind".
    r"(?:many\s+|big\s+|huge\s+)?(?:thanks?|thank\s+(?:you|u)|thx|ty|tysm|cheers)"
    r"(?:\s+(?:so|very)\s+much|\s+a\s+(?:lot|ton|bunch|million))?"
    r"(?:\s+(?:again|everyone|everybody|all|y'all|guys|folks|so\s+much))*(?:\s+for\b.*)?|"
    r"(?:happy|merry)\s+(?:bday|birthday|b-day|anniversary|new\s+year|holidays|christmas|"
    r"xmas|easter|thanksgiving|mother's\s+day|father's\s+day)\b.*|"
    r"(?:have|enjoy)\s+(?:a|an|the)\s+(?:\w+\s+)?(?:day|weekend|week|trip|time|evening|"
    r"night|one|flight|holiday)\b.*|"
    r"(?:that's|that\s+is|thats)\s+(?:all|everything|it)(?:\s+(?:i\s+need(?:ed)?|for\s+now|"
    r"for\s+today|thanks?))*|"
    r"(?:it|that|this|you|your\s+\w+)\s+(?:really\s+|truly\s+|so\s+|all\s+)?(?:helped|"
    r"helps)(?:\s+(?:a\s+lot|so\s+much|loads|a\s+ton|me|us))*|"
    r"(?:you(?:'re|\s+are|\s+r)|u\s+r|ur)\s+(?:so\s+|very\s+|too\s+|really\s+)?(?:kind|"
    r"helpful|sweet|amazing|a\s+lifesaver|the\s+best|wonderful|great)(?:\s+\w+)?|"
    # A good wish for the listener or theirs: "i hope ur mom feels better soon".
    r"(?:i\s+)?(?:really\s+)?hope\s+(?:you|u|ur|your|you're|ure)\b.*|"
    # Choosing among offers, or not minding: "any of those is fine", "I don't care about
    # the price", "either one works".
    r"(?:any|either|both|all|the\s+(?:first|second|third|last|other|cheaper|cheapest)(?:\s+one)?)"
    r"(?:\s+one)?(?:\s+of\s+(?:those|them|these))?\s+(?:is|are|would\s+be|works?|sounds?)\s+"
    r"(?:fine|ok|okay|good|great|perfect)|"
    r"(?:i|we)\s+(?:really\s+)?(?:don't|do\s+not|dont)\s+(?:really\s+)?(?:care|mind)(?:\s+(?:about|"
    r"which|what|where|when|how))?(?:\s+(?:the\s+)?(?:price|cost|area|rating|stars|time|location|"
    r"one|airline|seat))?"
)
"""Thanks, good wishes and sign-offs: social messages that claim nothing about the
speaker's world, however long ("Thanks everyone for the advice, it really helped")."""
_COMMAND = re.compile(
    r"^(?:please\b|pls\b|can\s+(?:you|u)\b|could\s+you\b|would\s+you\b|will\s+you\b|"
    r"(?:remind|show|tell|list|give|find|search|look\s+up|set|add|create|send|email|text|"
    r"schedule|book|cancel|delete|remove|forget|update|change|summari[sz]e|explain|help|check|"
    r"draft|write|make|open|play|translate|convert|compare|recommend|suggest|order|track|"
    r"let\s+me\s+know|clear|reset|undo|stop|start\s+a|mark|move|put|buy|pay|return|leave|"
    r"call|pick\s+up|drop\s+off|renew|file|submit|finish|fix|review|email)\b)"
)
_NOT_COMMAND = re.compile(r"^call\s+me\b")
_CALL_ME = re.compile(
    r"(?i:\bcall\s+me)\s+[A-Z][a-z]+\b(?!\s+(?:when|if|after|before|at|on|back)\b)"
)
_SUGGEST_Q = re.compile(
    r"^(?:what|how)\s+about\b|^what\s+if\b|^should\s+(?:we|i)\b|^shall\s+(?:we|i)\b|\bimagine\b|"
    r"^(?:could|can)\s+we\b|^why\s+(?:don't|not)\b|^would\s+it\b|^is\s+it\s+worth\b"
)
_YOU = re.compile(r"\b(?:you|your|yours|u|ur)\b")
_WH = re.compile(
    r"^(?:what|what's|whats|when|when's|where|where's|who|who's|whose|which|why|how)\b"
)
# "Had I known", "had things gone differently", "had it not been for": inverted
# conditionals, told apart from "had a great time" by the participle.
_HAD_INVERSION = (
    r"^had\s+(?:[\w']+\s+){1,3}?(?:not\s+|never\s+)?"
    r"(?:\w+ed|\w+en|known|gone|done|been|had|left|made|seen|got|won|lost|kept|met|told|said|"
    r"thought|bought|brought|come|run|held|paid|sent|spent|built|felt|heard|found)\b"
)
_COUNTERFACTUAL = re.compile(
    rf"{_HAD_INVERSION}|\b(?:would|could|should|might|must)"
    rf"(?:n't|\s+not)?\s+have\b|\b(?:would|could|should|might|must)(?:n't)?'ve\b|\b{_P}'d\s+"
    rf"(?:have|'ve|known|been|gone|done|had)\b|\b{_P}'d've\b|\bwere\s+{_P}\s+to\b|\bif\s+(?:only\b|"
    rf"{_P}\s+(?:had|'d|were)\b|\w+\s+(?:had|were)\b)|\bas\s+if\b|\bas\s+though\b|"
    rf"\b(?:was|were)(?:n't)?\s+(?:supposed|meant|going|gonna|planning|hoping|about)\b|"
    # "I almost moved to Dallas", "we nearly bought the house": what did not happen (not
    # "I fell asleep and almost crashed": the clause's own event did).
    rf"^(?:{_P}\s+)?(?:almost|nearly)\s+(?:\w+ed|went|took|got|bought|made|left|quit|sold|flew|drove)\b"
)
_SHOULD_INVERSION = (
    r"should\s+(?:anything|something|it|the|that|this|there|he|she|they|my|our|your|his|her)"
    r"\s+\w+"
)
""""Should anything happen, ...", "Should the flight be cancelled, ...": "if" by inversion."""
_CONDITIONAL = re.compile(
    rf"^(?:without|but\s+for|barring|absent|once|{_SHOULD_INVERSION})\b(?!\s+upon)|\b(?:if|unless|suppose|supposing|assuming|provided|imagine|hypothetically|otherwise|"
    r"whether|in\s+case|in\s+the\s+event|when\s+(?:i|we)\s+(?:retire|win|get\s+rich))\b"
)
_IF_IDIOM = re.compile(
    r"\bif\s+(?:you\s+(?:must|want\s+to|wanna)\s+know|you're\s+wondering|you\s+(?:need|want)\s+me|"
    r"that\s+(?:matters|helps)|anything|i\s+recall|i\s+remember\s+correctly|so|you\s+need\b)\b"
)
_OPENS_SCOPE = re.compile(
    rf"{_HAD_INVERSION}|^(?:if|unless|suppose|supposing|assuming|provided|imagine|in\s+case|without|"
    rf"but\s+for|barring|once|{_SHOULD_INVERSION}|"
    rf"were\s+{_P}\s+to|what\s+if|if\s+only)\b"
)
_WISH = re.compile(
    rf"\bwish(?:es|ed)?\b(?!\s+(?:me|us|him|her|them)\s+luck)|\b{_P}'d\s+(?!better\b)[a-z]+|\b(?:would|'d)\s+(?:rather|love|like|prefer|want|be|go|stay|move|live|"
    rf"take|fly|choose|pick|say|need)\b|\bit(?:\s+would|'d)\s+be\b|\bwould\b|\bmaybe\s+we\b|"
    rf"\b{_P}\s+(?:\w+\s+)?(?:could|should|ought\s+to)\b|\bshould(?:n't)?\b|\bideally\b|\bhow\s+about\b|\bwhat\s+about\b|"
    rf"\bwhy\s+don't\s+we\b|\blet's\b|\blet\s+us\b|\b(?:hope|hoping|dream|dreaming|"
    rf"fantasi[sz]ing)\b|\b(?:want|wants|wanted)\s+to\b|\bwanna\b|\bsomeday\b|\bsome\s+day\b|"
    rf"\bone\s+day\b|\bbucket\s+list\b|\bif\s+only\b|\bcould\s+(?:go|be|move|try|do)\b|"
    rf"\b(?:alternate|parallel)\s+(?:universe|reality|timeline)\b|\bin\s+another\s+life\b|"
    rf"\bin\s+(?:my|your)\s+dreams\b|\bin\s+a\s+perfect\s+world\b"
)
_HABITUAL_WOULD = re.compile(
    r"\b(?:would|'d)\s+(?:always\s+|often\s+|usually\s+|sometimes\s+|just\s+|then\s+)?"
    r"(?!(?:rather|love|like|prefer|want|hate|mind|be|have|need|'ve|ever|never)\b)[a-z]+"
)
_HABIT_FRAME = re.compile(
    r"\b(?:every|each)\s+(?:single\s+)?(?:morning|day|night|evening|afternoon|week|weekend|"
    r"summer|winter|spring|fall|autumn|year|time|holiday|christmas|sunday|monday|tuesday|"
    r"wednesday|thursday|friday|saturday)\b|\b(?:on|in\s+the)\s+(?:sundays|mondays|"
    r"tuesdays|wednesdays|thursdays|fridays|saturdays|weekends|summers|winters|evenings|"
    r"mornings|afternoons)\b|\bwhenever\b|\bfor\s+hours\b|\bof\s+(?:my|our)\s+"
    r"(?:childhood|youth)\b|\bas\s+(?:a\s+)?(?:kids?|child|children|teens?|teenagers?)\b|"
    r"\bwhen\s+(?:i|we)\s+(?:was|were)\b|\b(?:years|decades)\s+ago\b|\bback\s+then\b|"
    r"\bin\s+those\s+days\b|\bday\s+after\s+day\b"
)
"""Past habit told with "would": "every friday my dad would take us out", "we would sit on
the porch for hours", "in the summers of my childhood we would drive to the coast". A
frequency or a past frame with "would" and no condition tells how things used to be;
"would rather/love/like", "would be", "would have" keep their modal sense."""
_HEDGE = re.compile(
    r"\b(?:might|maybe|perhaps|possibly|potentially|not\s+sure|unsure|undecided|thinking\s+"
    r"(?:about|of)|considering|contemplating|debating|toying\s+with|weighing|torn\s+between|"
    r"can't\s+decide|wondering|or\s+not|depends|tbd|up\s+in\s+the\s+air|don't\s+think|doubt|"
    r"not\s+certain|no\s+idea|idea\s+is|chance|hopefully)\b"
)
# "When we're back in Portland, ..." / "once we get home": a time still to come, not a
# fact; the clause it introduces is what is claimed, so no scope is opened.
_WHEN_PRESENT = re.compile(
    rf"^(?:when|whenever|once|as\s+soon\s+as|after|before|until|till)\s+{_P}(?:'re|'m|\s+"
    r"(?:are|am|is|get|gets|arrive|arrives|land|lands|come|comes|go|goes|head|heads|leave|"
    r"leaves|return|returns|finish|finishes|move|moves))\b"
)
_MAY = re.compile(r"\bmay\b(?!\s*\d)")
_MAY_MONTH = re.compile(
    r"\b(?:in|on|of|from|to|by|until|till|through|early|late|mid|since|this|next|last|before|"
    r"after|during)\s+may\b|\bmay\s+(?:\d|first|second|third|fourth|fifth|\w+th)\b"
)
_SOFT_HEDGE = re.compile(
    r"\b(?:probably|likely|i\s+think|i\s+believe|i\s+guess|i\s+suppose|i\s+assume|should\s+be|"
    r"tentative(?:ly)?|roughly|pretty\s+sure|i\s+reckon|presumably|supposed\s+to)\b"
)
_REPORTED = re.compile(
    r"^(?:my\s+)?\w+(?:\s+\w+)?\s+(?:says|said|thinks|told\s+me|tells\s+me|mentioned|claims|"
    r"claimed|believes|texted|wrote)\b|\bapparently\b|\baccording\s+to\b|\bi\s+heard\b|"
    r"\brumou?r\b|\bsupposedly\b"
)
_FAR_PAST = re.compile(
    r"\bused\s+to\b|\bgrew\s+up\b|\bback\s+(?:when|then)\b|\bwhen\s+(?:i|we)\s+(?:was|were)\b|"
    # "back in 2019" dates a memory; "back in Portland" places someone now.
    r"(?<!\bbe\s)\bback\s+in\s+(?:the\s+(?:day|days|old|good|early|late|\d|'\d)|(?:19|20)\d\d|'?\d0s|"
    r"college|high\s+school|school|grad|(?:my|our)\s+(?:day|days|youth|twenties|thirties|teens|20s|30s)|those|january|february|march|april|june|"
    r"july|august|september|october|november|december|spring|summer|fall|autumn|winter)\b|"
    r"\bas\s+a\s+(?:kid|child|teen|teenager|student)\b|\b(?:years|decades|ages|months)\s+ago\b|"
    r"\bin\s+(?:19|20)\d\d\b|\bfrom\s+(?:19|20)\d\d\b|\blast\s+(?:year|summer|winter|spring|fall|"
    r"autumn|christmas|thanksgiving|decade|time)\b|\bbefore\s+this\b|\bformerly\b|\bpreviously\b|"
    r"\bin\s+(?:college|high\s+school|grad\s+school|my\s+(?:twenties|thirties|teens|20s|30s))\b|"
    r"\bhoneymoon\b|\b(?:our|my)\s+first\b|\bthe\s+(?:19|20)\d\d\b|\bfor\s+(?:a\s+few|several|"
    r"many|two|three|four|five|six|ten|\d+)\s+years\b|\bin\s+the\s+past\b|\bbefore\s+(?:i|we)\b"
)
_PRESENT_OVERRIDE = re.compile(
    r"\bsince\b|\bnow\b|\bstill\b|\bcurrently\b|\bthese\s+days\b|\banymore\b|\bno\s+longer\b|"
    r"\b(?:'ve|have|has)\s+been\b(?!\s+to\b)"
)
_STATIVE_PAST = re.compile(
    r"\b(?:was|were|wasn't|weren't|lived|worked|went|visited|spent|stayed|traveled|travelled|"
    r"studied|had|toured|vacationed|loved|enjoyed|saw|did|took|attended|played|owned)\b|"
    r"\b(?:'ve|have|has)\s+(?:been\s+to|visited|lived|worked|traveled|travelled)\b"
)
_RESULT_PAST = re.compile(
    r"\b(?:was|were|got|has\s+been|have\s+been|is|are)\s+(?:just\s+|finally\s+)?(?:cancell?ed|"
    r"canceled|moved|rescheduled|postponed|refunded|paid|approved|shipped|launched|released|"
    r"delivered|hired|promoted|fired|laid\s+off|accepted|booked|called\s+off|pushed|finished|"
    r"done|completed|diagnosed|sent|returned|closed|scrapped|killed|dropped|shelved)\b|"
    r"\bwent\s+(?:vegan|vegetarian|keto|gluten|pescatarian|dairy|home|back|live)\b|"
    r"\b(?:joined|moved|relocated|started|began|arrived|landed|shipped|launched|released|"
    r"finished|completed|paid|bought|purchased|ordered|returned|pivoted|switched|quit|became|"
    r"signed|hired|cancell?ed|canceled|decided|reached|settled|transferred|got|came|"
    r"checked|made\s+it|flew\s+in|drove\s+in|scrapped|killed|dropped|shelved|refunded|"
    r"rescheduled|postponed|pushed|sold|broke|lost|won|received|fell\s+(?:through|apart))\b"
)
_FUTURE = re.compile(
    r"\b(?:will|won't|shall)\b|'ll\b|\b(?:going\s+to|gonna|about\s+to|planning|plan\s+to|"
    r"plan\s+is|plans\s+to|planned|scheduled|booked|reserved|set\s+for|due|upcoming|leaving|"
    r"leave\s+for|leaves|departing|departs|intend|intending|expect\s+to|aim\s+to|to\s+be\s+"
    r"held|next\s+stop)\b"
)
_PROGRESSIVE_MOVE = re.compile(
    r"\b(?:'re|'m|are|am|is)\s+(?:flying|driving|going|heading|headed|leaving|moving|taking|"
    r"visiting|traveling|travelling|staying|starting|meeting|off\s+to|road\s+tripping)\b"
)
_PURPOSE = re.compile(rf"^(?:that\s+)?{_P}\s+(?:can|could)\s+(?!not\b|never\b)\w")
"""After "so", a clause of ability is a purpose ("so we can leave early"); "so we can't
come" is a result, a fact."""
_FIRST_PERSON = re.compile(r"^(?:i|we|i'm|we're|i've|we've|my|our|i'll|we'll)\b")


@dataclass(frozen=True)
class ClauseIntent:
    """The intent of one segment and how much to trust what it says."""

    intent: MessageIntent
    confidence: float
    counterfactual: bool = False
    opens_scope: bool = False
    """It starts with "if"/"had I"/...: the clause after a bare comma is its consequence."""
    command: bool = False
    future_time: bool = False
    """A time expression in the clause points ahead ("tomorrow", "on the 29th")."""
    past_time: bool = False
    """A time expression in the clause points back ("yesterday", "last night")."""
    habitual: bool = False
    """A past habit told with "would" ("we would drive to the coast"): a verb coordinated
    after it without a subject of its own ("... and stay until the rain came") shares it."""
    past_event: bool = False
    """A past event whose result may hold ("I lost my wallet"): about now only if a
    field rule finds that result, otherwise the clause tells a story (historical)."""


_NOT_WORDS = re.compile(r"[^\w\s',.!?-]+")
_SOCIAL_RUN = re.compile(rf"(?:{_SOCIAL.pattern})(?:[\s,.!]+(?:{_SOCIAL.pattern}))*")


_CHITCHAT_RUN = re.compile(rf"(?:{_CHITCHAT.pattern})(?:[\s,.!]+(?:{_CHITCHAT.pattern}))*")


def _chitchat(low: str) -> bool:
    """Back-channel words run together with or without commas, emoji aside: "ok great
    thank you!!", "k sounds good 👍", "lol ok". Each alone claims nothing, so neither
    does a run of them, nor a clause left empty (a greeting the letter reader took off)."""
    bare = " ".join(_NOT_WORDS.sub(" ", low).split()).strip(" ,.!")
    return not bare or _CHITCHAT_RUN.fullmatch(bare) is not None


def _social(low: str) -> bool:
    """Thanks, good wishes and sign-offs, one or several, emoji aside."""
    bare = " ".join(_NOT_WORDS.sub(" ", low).split()).strip(" ,.!")
    return bool(bare) and _SOCIAL_RUN.fullmatch(bare) is not None


def _may_hedge(low: str) -> bool:
    return _MAY.search(low) is not None and _MAY_MONTH.search(low) is None


# "are we still on for Portland?", "did I book the hotel?", "is the trip next week?": a
# yes/no question about how things stand asks the listener; it wonders about no possibility.
_STATUS_Q = re.compile(
    r"^(?:(?:wait|so|and|but|ok|okay|hey|um|btw)\W+)*(?:am|are|is|was|were|do|does|did|have|has|"
    r"will|won't|aren't|isn't|didn't|don't|haven't|hasn't)\s+(?!it\s+(?:worth|better|possible|"
    r"ok|okay|smart|wise|a\s+good\s+idea|too\s+late))"
)
_UNMARKED_Q = re.compile(
    r"^(?:(?:hey|hi|ok|okay|so)\s+)?(?:are\s+we\s+still|am\s+i|did\s+(?:i|we)|where\s+am|"
    # "do I have anything on the calendar tomorrow", "is my flight still on": the verb
    # before its subject asks, mark or not.
    r"do\s+(?:i|we)|does\s+(?:my|our|the)|is\s+(?:my|our|the)|are\s+(?:my|our|the)|what's|whats|what\s+(?:is|are|was|were|do|does|did|time|should|can|will)|where's|"
    r"where\s+(?:is|are|do|does|should|can|will)|when's|when\s+(?:is|are|do|does|did|will|"
    r"should)|how's|how\s+(?:is|are|do|does|did|much|many|long|far)|who's|"
    # "ok who took a blue hoodie home": a sentence that opens on "who" and its verb asks.
    r"who\s+(?:is|are|was|were|has|have|had|can|could|will|wants?|needs?|took|left|got|"
    r"knows?|[a-z]+ed))\b"
    r"(?!.*\b(?:is|are|was)\s+(?:that|the\s+fact)\b)"
)
"""A question typed or spoken without its question mark: "what's on my calendar tomorrow",
"what time is it in london right now"."""
_POSSIBLE = re.compile(r"\b(?:could|would|might|should|if|maybe|possible|possibly)\b")


def _question(low: str) -> MessageIntent:
    if _SUGGEST_Q.search(low):
        return "hypothetical"
    if _YOU.search(low) or _WH.search(low):
        return "none"
    if _STATUS_Q.search(low) and not _POSSIBLE.search(low):
        return "none"
    return "hypothetical"


def classify(
    seg: Segment, *, in_scope: bool, has_future_time: bool, markdown: bool = False
) -> ClauseIntent:
    """The intent of one segment.

    ``in_scope`` says the previous segment opened a conditional whose consequence
    this is; ``has_future_time`` says a time expression in it points ahead.
    """
    low = seg.low.strip(" .!?")
    opens = _OPENS_SCOPE.search(low) is not None
    if _chitchat(low):
        return ClauseIntent("none", 1.0)
    if _social(low) or is_sign_off(low):
        return ClauseIntent("none", 1.0)
    if in_scope:
        return ClauseIntent("hypothetical", 0.5, counterfactual=True, opens_scope=opens)
    if _CALL_ME.search(seg.text):
        return ClauseIntent("assertive", 0.9)  # "can you call me Bob?" states a name
    if seg.question or (seg.sentence_start and not markdown and _UNMARKED_Q.match(low)):
        return ClauseIntent(_question(low), 0.5, opens_scope=opens)
    if seg.joint == "" and _COMMAND.search(low) and not _NOT_COMMAND.search(low):
        if markdown:
            return ClauseIntent("planning", 0.9, command=True)
        return ClauseIntent("none", 1.0, command=True)
    if seg.joint == "so" and _PURPOSE.match(low):
        # "im taking friday off so we can leave early": what it is for, not a fact.
        return ClauseIntent("hypothetical", 0.5)
    if _COUNTERFACTUAL.search(low):
        return ClauseIntent("hypothetical", 0.5, counterfactual=True, opens_scope=opens)
    if _CONDITIONAL.search(low) and not _IF_IDIOM.search(low):
        return ClauseIntent("hypothetical", 0.5, opens_scope=opens)
    if (
        _HABITUAL_WOULD.search(low)
        and _HABIT_FRAME.search(low)
        and not _HEDGE.search(low)
        and not _WISH.search(_HABITUAL_WOULD.sub(" ", low))
    ):
        return ClauseIntent("historical", 0.9, habitual=True)  # "every morning the owner would"
    if _WISH.search(low) or _HEDGE.search(low) or _may_hedge(low):
        return ClauseIntent("hypothetical", 0.5, opens_scope=opens)
    if _WHEN_PRESENT.search(low) and not _FUTURE.search(low):
        return ClauseIntent("hypothetical", 0.5)
    confidence = 0.95 if _FIRST_PERSON.search(low) or markdown else 0.9
    if _SOFT_HEDGE.search(low):
        confidence = 0.55
    if _REPORTED.search(low):
        confidence = min(confidence, 0.6)
    return ClauseIntent(_tense(low, has_future_time), confidence, future_time=has_future_time)


def _tense(low: str, has_future_time: bool) -> MessageIntent:
    """Assertive, planning or historical, for a clause already known to be factual."""
    present = _PRESENT_OVERRIDE.search(low) is not None
    if _FAR_PAST.search(low) and not present:
        return "historical"
    if _FUTURE.search(low):
        return "planning"
    result = _RESULT_PAST.search(low) is not None
    if _STATIVE_PAST.search(low) and not result and not present:
        return "historical"
    if result:
        return "assertive"
    if has_future_time or (_PROGRESSIVE_MOVE.search(low) and has_future_time):
        return "planning"
    return "assertive"


# The cue patterns the grammar checks (grammar_intent) weigh against the parse.
FAR_PAST = _FAR_PAST
FUTURE = _FUTURE
PRESENT_OVERRIDE = _PRESENT_OVERRIDE
RESULT_PAST = _RESULT_PAST
STATIVE_PAST = _STATIVE_PAST

_RANK: dict[MessageIntent, int] = {
    "assertive": 4,
    "planning": 3,
    "historical": 2,
    "hypothetical": 1,
    "none": 0,
}


def message_intent(intents: list[MessageIntent]) -> MessageIntent:
    """A message's intent: its most factual clause ("We're in Tahoe, if you wondered")."""
    return max(intents, key=_RANK.__getitem__, default="none")


NotAFact = Literal["condition", "question", "counterfactual", "wish", "possibility"]


def not_a_fact(text: str) -> NotAFact:
    """Which kind of non-fact a hypothetical message is, for the words a reply uses:
    a condition ("if the flight is cancelled we'll stay"), a question ("should we
    go?"), what might have been ("had I known"), a wish, or a possibility ("we might")."""
    low = text.casefold().replace("\u2019", "'").strip()
    if _OPENS_SCOPE.search(low) and not _COUNTERFACTUAL.search(low):
        return "condition"
    if _COUNTERFACTUAL.search(low):
        return "counterfactual"
    if _CONDITIONAL.search(low) and not _IF_IDIOM.search(low):
        return "condition"
    if low.endswith("?"):
        return "question"
    if _HEDGE.search(low) or _may_hedge(low) or re.search(r"\b(?:might|could)\b", low):
        return "possibility"
    return "wish"
