"""The parse's say on a clause's intent, after the word-level checks.

``intent.classify`` reads cue words: it knows "if", "wish", "used to" and a list
of past verbs. The parse knows the grammar of every verb, so it settles what
cue words cannot:

- A past verb no list names ("we sat by the lake", "she fell", "I broke down
  when I heard...") is the past. Only the verbs whose result is still true
  ("moved", "landed", "got back", "was cancelled") say something about now.
- "Going to" is the future only with a verb ("going to fly"); "going to the
  beach" is a movement, and "my will" is a noun, not a plan.
- "Honeymoon", "first", "in college", "for five years" date a story only when
  the verb is in the past: "we're on our honeymoon in Bali" and "I've worked
  there for five years" are about now.
- A modal of possibility or a clause under "if" never states a fact.

The parse only refines a clause the word checks read as a fact, a plan or the
past; it never makes a fact out of a possibility, a question or chat.
"""

from __future__ import annotations

import re
from dataclasses import replace

from core.extraction.intent import (
    FAR_PAST,
    FUTURE,
    PRESENT_OVERRIDE,
    RESULT_PAST,
    STATIVE_PAST,
    ClauseIntent,
)
from core.extraction.linguistics.reading import ClauseReading
from core.extraction.types import MessageIntent

RESULT_VERBS = frozenset(
    [
        *[
            "move",
            "relocate",
            "arrive",
            "land",
            "return",
            "reach",
            "settle",
            "transfer",
            "check",
            "get",
            "come",
            "make",
        ],
        *[
            "join",
            "quit",
            "leave",
            "start",
            "begin",
            "retire",
            "resign",
            "switch",
            "pivot",
            "become",
        ],
        *[
            "cancel",
            "postpone",
            "reschedule",
            "push",
            "delay",
            "drop",
            "scrap",
            "shelve",
            "kill",
            "abandon",
        ],
        *["finish", "complete", "wrap", "close", "end", "ship", "launch", "release", "deliver"],
        *["pay", "refund", "buy", "purchase", "order", "sell", "rent", "lease", "book", "reserve"],
        *["hire", "promote", "fire", "lay", "accept", "approve", "sign", "decide"],
        *["marry", "divorce", "engage", "adopt"],
        *["diagnose", "admit", "discharge", "hospitalize", "test"],
        *[
            "lose",
            "win",
            "receive",
            "break",
            "die",
            "send",
            "hit",
            "achieve",
            "miss",
            "fail",
            "pass",
        ],
    ]
)
"""Verbs whose result holds after the event: a past "moved to Austin" says where
the speaker lives now. "break" counts for "broke my leg", not "broke down"."""
_NOT_RESULT = frozenset({"break down", "get over", "come up", "make up", "get along"})
_PHRASAL_RESULT = frozenset(
    {
        "call off",
        "go back",
        "go home",
        "go live",
        "fly back",
        "fly home",
        "drive back",
        "head home",
        "head back",
    }
)
_RECENT = re.compile(
    r"\b(?:just|finally|today|tonight|this\s+(?:morning|afternoon|evening)|an?\s+hour\s+ago|"
    r"minutes\s+ago|earlier\s+today|safely)\b"
)
_MOTION = frozenset({"fly", "drive", "go", "head", "travel", "walk", "sail", "ride", "take"})
"""A past trip ("we drove to Florida") is about now only when it is recent."""
_AUX_FUTURE = re.compile(r"\b(?:will|won't|shall)\b|'ll\b|\b(?:going\s+to|gonna|about\s+to)\b")
_EXPERIENCE = re.compile(r"\b(?:'ve|have|has)\s+(?:never\s+)?(?:been\s+to|visited)\b")
_HABIT_PAST = re.compile(r"\bused\s+to\b|\bgrew\s+up\b")
_POSSIBILITY = frozenset({"could", "might", "may", "would", "should"})


def _result_holds(reading: ClauseReading, low: str) -> bool:
    return any(_verb_result(v, low) for v in (reading.verb, *reading.also))


def _verb_result(verb: str, low: str) -> bool:
    if verb in _NOT_RESULT:
        return False
    if verb in _PHRASAL_RESULT or (verb == "go" and RESULT_PAST.search(low)):
        return True  # "went vegan", "went home", "called off"
    lemma = verb.split(" ")[0]
    if lemma in _MOTION:
        return _RECENT.search(low) is not None
    return lemma in RESULT_VERBS


def refine(ci: ClauseIntent, reading: ClauseReading | None, low: str) -> ClauseIntent:
    """``ci`` as the clause's grammar corrects it; unchanged without a reading."""
    if reading is None or ci.intent not in ("assertive", "planning", "historical"):
        return ci
    if reading.conditional or (
        reading.modal in _POSSIBILITY and reading.subject in ("speaker", "we", "none")
    ):
        return ClauseIntent("hypothetical", min(ci.confidence, 0.5), opens_scope=ci.opens_scope)
    present_cue = PRESENT_OVERRIDE.search(low) is not None
    # "We didn't go after all" reports a plan that did not happen: about now.
    if (
        ci.intent == "assertive"
        and reading.tense == "past"
        and not present_cue
        and not reading.negation_anywhere
        and not _result_holds(reading, low)
    ):
        return _as(ci, "historical")
    if ci.intent == "planning" and reading.tense != "future":
        cue = FUTURE.search(low)
        aux_only = cue is not None and all(
            _AUX_FUTURE.fullmatch(m.group()) for m in FUTURE.finditer(low)
        )
        if aux_only and not ci.future_time:
            if reading.tense == "past" and not _result_holds(reading, low):
                return _as(ci, "historical")
            if reading.tense == "present":
                return _as(ci, "assertive")
    if ci.intent == "historical" and reading.tense == "present" and not reading.modal:
        lexical_only = FAR_PAST.search(low) is not None and STATIVE_PAST.search(low) is None
        if (
            lexical_only
            and not _HABIT_PAST.search(low)
            and not _EXPERIENCE.search(low)
            and (reading.perfect or not re.search(r"\b(?:ago|19\d\d|20\d\d)\b", low))
        ):
            return _as(ci, "planning" if _AUX_FUTURE.search(low) else "assertive")
    return ci


def _as(ci: ClauseIntent, intent: MessageIntent) -> ClauseIntent:
    return replace(ci, intent=intent)
