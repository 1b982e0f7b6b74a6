"""Clause-level intent: is this clause a present fact, a plan, a possibility, the past, or chat?

The checks run from the most to the least protective: anything that marks a
clause as not describing reality (a condition, a counterfactual, a wish, a
hedge, a question) wins over tense, so "If we had gone to Tahoe we'd be there
now" can never be read as a fact. Tense and aspect then separate the past that
still holds ("I just moved to Austin", "have been here since Friday") from the
past that does not ("we were in Tahoe last winter"), and plans from the present.

This module holds that order (``classify``), commands, past habit told with "would", and
how much a clause is trusted; the cues it checks are their own modules: ``intent_chat``,
``intent_questions``, ``intent_nonfactual`` and ``intent_tense``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from core.extraction.intent_asks import (
    agrees_then_asks,
    asked_with_please,
    asks_indirectly,
    asks_without_you,
    closes_dialogue,
    reminds_self,
    subjectless_plan,
    undecided,
    wants_a_service,
    wh_with_expletive,
    without_lead,
)
from core.extraction.intent_chat import is_chitchat, is_social
from core.extraction.intent_courtesy import asks_courteously, claims_nothing
from core.extraction.intent_dialogue import asks_in_dialogue, refers_back
from core.extraction.intent_invitations import invites
from core.extraction.intent_nonfactual import (
    CONDITIONAL,
    COUNTERFACTUAL,
    HEDGE,
    IF_IDIOM,
    INVITED,
    LISTENERS_WISH,
    OPENS_SCOPE,
    SUBJECT_PRONOUN,
    WHEN_PRESENT,
    WISH,
    may_hedge,
)
from core.extraction.intent_questions import UNMARKED_Q, question_intent
from core.extraction.intent_tense import FUTURE, tense_intent
from core.extraction.intent_undone import plan_undone
from core.extraction.letters import is_sign_off
from core.extraction.segments import Segment
from core.extraction.types import MessageIntent
from core.extraction.word_gates import gated

_COMMAND = gated(
    # Not "Please my brother is down with malaria, pray for him" (Nigerian and Indian English
    # open news with a courtesy): "please" before what someone is, not before what to do.
    r"^(?:(?:please|pls|plz)\b(?!,?\s+(?:(?:my|our)\s+\w+(?:\s+\w+)?\s+(?:is|are|has|was)|i\s+am|"
    r"i'm|we\s+are|we're)\s)|kindly\b|(?:can|could|would|will)\s+(?:you|u)\b|"
    # "any chance u could grab me a cab", "can i get the reference number", British "I'm
    # after a quiet pub": asked of a clerk or an assistant, with or without its "?".
    r"(?:is\s+there\s+)?any\s+(?:chance|way)\s+(?:you|u)\s+(?:could|can)\b|"
    r"(?:can|could|may)\s+(?:i|we)\s+(?:get|have|grab|book|reserve|order)\s+(?:a|an|the|some|"
    r"two|three|four|\d)\b|(?:i'm|im|we're)\s+after\s+(?:a|an|some|somewhere|something)\b|"
    r"(?:remind|show|tell|list|give|find|search|look\s+up|set|add|create|send|email|text|"
    r"schedule|book|cancel|delete|remove|forget|update|change|summari[sz]e|explain|help|check|"
    r"draft|write|make|open|play|translate|convert|compare|recommend|suggest|order|track|"
    r"let\s+me\s+know|clear|reset|undo|stop|start\s+a|mark|move|put|buy|pay|return|leave|"
    r"call|pick\s+up|drop\s+off|renew|file|submit|finish|fix|review|email)\b)"
)
_NOT_COMMAND = gated(
    r"^(?:call\s+me|change\s+of\s+plans?|"
    # A command word that is the first half of a noun: "return flight moved to tuesday",
    # "pick up is at 3", "move-in date is the 1st", "book club got cancelled".
    r"return\s+(?:flight|trip|train|date|label|window|policy)s?|book\s+club|"
    r"move[\s-](?:in|out)\s+(?:date|day)|(?:pick[\s-]?up|drop[\s-]?off|check[\s-](?:in|out))"
    r"\s+(?:time|is|was|got|moved|changed)|update\s*:|"
    # "set off for tahoe many times over the years": a journey counted, the past with its
    # subject left out (not "set off at 6 tomorrow", an order or a plan).
    r"set\s+(?:off|out)\b(?=[^.;!?]*\b(?:times|twice|over\s+the\s+years)\b))\b"
)
_COMMAND_WORD_AS_SUBJECT = gated(
    r"^(?:mark|review|order|call|pay|check|move|leave|fix|set|book|return|"
    r"file|play|draft|track|update|change)(?:'s\b|\s+(?:is|was|has|had|isn't|wasn't|"
    r"hasn't|gets|got|just|still|finally)\b)"
)
"""A command word that a finite "is" or "has" follows is the subject: a name ("Mark is
sick", "mark's away in houston") or a noun ("pay is due friday", "order's late"), never
an order; "mark it done", "call mom", "pay the plumber" stay orders."""
_ASKED_AFTER = gated(
    r"(?:please|pls|(?:can|could|would|will)\s+(?:you|u)|(?:book|reserve|order|get|find|call|"
    r"send|remind|text)\s+(?:me|us)|book\s+(?:it|that|them|both)|go\s+ahead)\b"
)
"""A request after a statement and a comma ("..., book me a taxi", "..., pls call")."""
_CALL_ME = gated(r"(?i:\bcall\s+me)\s+[A-Z][a-z]+\b(?!\s+(?:when|if|after|before|at|on|back)\b)")
_HABITUAL_WOULD = gated(
    r"\b(?:would|'d)\s+(?:always\s+|often\s+|usually\s+|sometimes\s+|just\s+|then\s+)?"
    r"(?!(?:rather|love|like|prefer|want|hate|mind|be|have|need|'ve|ever|never)\b)[a-z]+"
)
_HABIT_FRAME = gated(
    r"\b(?:every|each)\s+(?:single\s+)?(?:morning|day|night|evening|afternoon|week|weekend|"
    r"summer|winter|spring|fall|autumn|year|time|holiday|christmas|sunday|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|january|february|march|april|may|june|july|august|"
    r"september|october|november|december|easter|thanksgiving|half[\s-]term)\b|"
    r"\b(?:on|in\s+the)\s+(?:sundays|mondays|"
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
_SOFT_HEDGE = gated(
    r"\b(?:probably|likely|i\s+guess|i\s+suppose|i\s+assume|should\s+be|"
    r"tentative(?:ly)?|roughly|presumably|supposed\s+to)\b"
)
_LEANING = gated(
    r"\b(?:i\s+think|i\s+believe|i\s+reckon|(?:pretty|fairly|quite|i'm|im|i\s+am)\s+sure)\b"
)
"""The speaker leaning one way ("i think emma has a fever", "pretty sure the rent went up"):
surer than a guess, not sure enough to take without asking; confident enough that the
resolver asks (a Yes settles it), where a guess ("probably") is only heard."""
_REPORTED = gated(
    r"^(?:my\s+)?\w+(?:\s+\w+)?\s+(?:says|said|thinks|told\s+me|tells\s+me|mentioned|claims|"
    r"claimed|believes|texted|wrote)\b|\bapparently\b|\baccording\s+to\b|\bi\s+heard\b|"
    r"\brumou?r\b|\bsupposedly\b"
)
_PURPOSE = gated(rf"^(?:that\s+)?{SUBJECT_PRONOUN}\s+(?:can|could)\s+(?!not\b|never\b)\w")
"""After "so", a clause of ability is a purpose ("so we can leave early"); "so we can't
come" is a result, a fact."""
_TOLD_ANYWAY = gated(
    r"(?:in\s+case|if)\s+(?:you|u|ya|anyone|any1|anybody)(?:'re|\s+are|\s+r|\s+were)?\s+"
    r"(?:wondering|wonder(?:s|ed)?|asks?|asked|cares?|must\s+know|wanna\s+know|want\s+to\s+know|"
    r"missed\s+it)\b|in\s+case\s+(?:ur|youre)\s+wondering\b"
)
"""An aside that tells the listener something whatever they wonder ("in case you're
wondering, I got the job", "if anyone asks, we're at nan's"): it opens no condition over
the clause after it."""
_FIRST_PERSON = gated(r"^(?:i|we|i'm|we're|i've|we've|my|our|i'll|we'll)\b")


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


def classify(
    seg: Segment, *, in_scope: bool, has_future_time: bool, markdown: bool = False
) -> ClauseIntent:
    """The intent of one segment.

    ``in_scope`` says the previous segment opened a conditional whose consequence
    this is; ``has_future_time`` says a time expression in it points ahead.
    """
    low = seg.low.strip(" .!?")
    opens = OPENS_SCOPE.search(low) is not None and _TOLD_ANYWAY.match(low) is None
    if is_chitchat(low):
        return ClauseIntent("none", 1.0)
    if is_social(low) or is_sign_off(low) or closes_dialogue(low) or refers_back(low):
        return ClauseIntent("none", 1.0)
    if claims_nothing(low):  # "I trust you are well", "Sent from my iPhone"
        return ClauseIntent("none", 1.0)
    if invites(low, after_a_clause=seg.joint != ""):  # "wanna come…", "…, if you fancy it"
        return ClauseIntent("none", 1.0, command=True)
    if in_scope:
        return ClauseIntent("hypothetical", 0.5, counterfactual=True, opens_scope=opens)
    if _CALL_ME.search(seg.text):
        return ClauseIntent("assertive", 0.9)  # "can you call me Bob?" states a name
    if seg.question or (
        seg.sentence_start and not markdown and (UNMARKED_Q.match(low) or wh_with_expletive(low))
    ):
        # "would it be possible to …?", "can help me check the clinic open or not"
        if asks_indirectly(low) or asks_courteously(low) or asks_without_you(low):
            return ClauseIntent("none", 0.5)
        return ClauseIntent(question_intent(low), 0.5, opens_scope=opens)
    bare = without_lead(low)  # "actually, make that 5 people", "note to self: renew ..."
    asked = seg.joint == "" and (_COMMAND.search(low) or _COMMAND.search(bare)) is not None
    asked = asked or asks_indirectly(low) or reminds_self(low) or wants_a_service(low)
    asked = asked or asks_without_you(bare)
    asked = asked or asked_with_please(low) or agrees_then_asks(low)
    asked = asked or asks_in_dialogue(low) or asks_in_dialogue(bare) or asks_courteously(low)
    # "No hurry at all, but could you…", "…, so can u…": the ask after a joint.
    after_joint = seg.joint in ("comma", "but", "and", "so") and _ASKED_AFTER.match(low)
    asked = asked and not (
        _COMMAND_WORD_AS_SUBJECT.match(low) or _COMMAND_WORD_AS_SUBJECT.match(bare)
    )
    if (asked or after_joint) and not (_NOT_COMMAND.search(low) or _NOT_COMMAND.search(bare)):
        if markdown:
            return ClauseIntent("planning", 0.9, command=True)
        return ClauseIntent("none", 1.0, command=True)
    if seg.joint == "so" and _PURPOSE.match(low):
        # "im taking friday off so we can leave early": what it is for, not a fact.
        return ClauseIntent("hypothetical", 0.5)
    if plan_undone(low):
        # "we were going to paint the kitchen but ran out of time": what happened.
        return ClauseIntent("historical", 0.9)
    if COUNTERFACTUAL.search(low):
        return ClauseIntent("hypothetical", 0.5, counterfactual=True, opens_scope=opens)
    if CONDITIONAL.search(low) and not IF_IDIOM.search(low):
        return ClauseIntent("hypothetical", 0.5, opens_scope=opens)
    if (
        _HABITUAL_WOULD.search(low)
        and _HABIT_FRAME.search(low)
        and not HEDGE.search(low)
        and not WISH.search(_HABITUAL_WOULD.sub(" ", low))
    ):
        return ClauseIntent("historical", 0.9, habitual=True)  # "every morning the owner would"
    # "tom said he'd drive", "she promised she'd call": the future of what was said, told
    # now; no wish of the speaker's ("he'd have come" stays what might have been).
    wishful = LISTENERS_WISH.sub(" ", INVITED.sub(" ", _REPORTED_WOULD.sub(" ", low)))
    if _PAST_FRAME.search(low):
        # "when i was in high school i wanted to be a vet": a wish then is a memory now.
        # "when we lived in the apartment we could never host anyone": what one could do
        # then is past ability, not a possibility now.
        wishful = _COULD.sub(" ", _WANTED.sub(" ", wishful))
    if WISH.search(wishful) or HEDGE.search(low) or may_hedge(low) or undecided(low):
        return ClauseIntent("hypothetical", 0.5, opens_scope=opens)
    if WHEN_PRESENT.search(low) and not FUTURE.search(low):
        return ClauseIntent("hypothetical", 0.5)
    if subjectless_plan(low):
        return ClauseIntent("planning", 0.9, future_time=has_future_time)
    confidence = 0.95 if _FIRST_PERSON.search(low) or markdown else 0.9
    if _LEANING.search(low):
        confidence = 0.85
    if _SOFT_HEDGE.search(low):
        confidence = 0.55
    if _REPORTED.search(low):
        confidence = min(confidence, 0.6)
    intent = tense_intent(low, has_future_time)
    if seg.joint == "or" and intent == "planning":
        # "we might drive, or we'll just fly", "let it rest or it won't rise": the other
        # way things may go, not a plan made.
        return ClauseIntent("hypothetical", 0.5, future_time=has_future_time)
    return ClauseIntent(intent, confidence, future_time=has_future_time)


_WANTED = gated(r"\bwanted\s+to\b")
_COULD = gated(r"\bcould(?:n't|nt)?\b(?!\s+(?:have|'ve)\b)")
_PAST_FRAME = gated(
    r"\b(?:back\s+)?when\s+(?:i|we)\s+(?:was|were|lived|had|worked|used\s+to|[a-z]+ed)\b|"
    r"\b(?:in|during|after)\s+college\b|\bas\s+(?:a|little)\s+(?:kid|kids|child|children|teen|"
    r"teenager|girl|boy)\b|\bgrowing\s+up\b|\bback\s+(?:then|in\s+the\s+day)\b|\byears\s+ago\b|"
    r"\bin\s+(?:high\s+school|middle\s+school|grade\s+school|(?:19|20)\d\d)\b"
)
"""A past frame: a wish said inside it is what the speaker wanted then."""
_REPORTED_WOULD = gated(
    r"\b(?:said|told\s+(?:me|us|him|her|them)|promised|swore|mentioned|texted|claimed)\s+"
    r"(?:that\s+)?(?:he|she|they|it|i|we)(?:'d|\s+would)\s+(?!have\b|'ve\b|rather\b|like\b|love\b)"
    r"(?=[a-z])"
)


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
    if OPENS_SCOPE.search(low) and not COUNTERFACTUAL.search(low):
        return "condition"
    if COUNTERFACTUAL.search(low):
        return "counterfactual"
    if CONDITIONAL.search(low) and not IF_IDIOM.search(low):
        return "condition"
    if low.endswith("?"):
        return "question"
    if HEDGE.search(low) or may_hedge(low) or re.search(r"\b(?:might|could)\b", low):
        return "possibility"
    return "wish"
