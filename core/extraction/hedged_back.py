"""A way back said after a hedged trip is hedged with it: "i think we might go to tahoe
thursday, back sunday" is one maybe, never a maybe and a plan to be back on Sunday.

Read clause by clause, the elliptic "back sunday" has no hedge of its own and came out a
plan: Canon then asked "Are you back on Sunday?" of a trip it did not hold (the
thirty-third round's errands33 found it). A day back that only continues the clause
before it ("back sunday", "and back on the 6th", "home again monday") takes the intent
of the hedged trip it continues; one with its own subject and verb ("we're definitely
back sunday either way") keeps its own.
"""

from __future__ import annotations

import re
from dataclasses import replace

from core.extraction.types import ExtractedObservation
from core.extraction.word_gates import gated

_ELLIPTIC_BACK = gated(
    r"^\W*(?:(?:and|then|but|,)\s+)*(?:(?:come|coming|get|getting|be)\s+)?"
    r"(?:back|home(?:\s+again)?|returning)\b",
    re.I,
)
"""A clause that is only the way back, with no subject of its own: "back sunday",
"and come back on the 6th", "home again monday"."""

_HEDGE = gated(
    r"\b(?:maybe|mayb|might|perhaps|possibly|thinking\s+(?:about|of|abt)|considering|"
    r"not\s+sure|if)\b",
    re.I,
)
"""A hedge in the words before the way back: "maybe tahoe this weekend, back sunday night"
(a trip said with no verb, which the rules read as nothing)."""

_TRIP = frozenset({"travel.destination", "travel.depart_date", "travel.status"})


def back_as_hedged(
    obs: tuple[ExtractedObservation, ...], text: str
) -> tuple[ExtractedObservation, ...]:
    """``obs`` (of ``text``) with a planned day back that only continues a hedged trip made
    hedged: a trip read as a maybe, or, with no trip read at all, words before it that
    hedge ("maybe tahoe this weekend, back sunday night")."""
    if any(o.field in _TRIP and o.intent in ("planning", "assertive") for o in obs):
        return obs  # a trip planned too: the day back may be its
    hedged = any(o.field in _TRIP and o.intent == "hypothetical" for o in obs)
    low = text.lower()

    def continues_a_maybe(o: ExtractedObservation) -> bool:
        if not _ELLIPTIC_BACK.match(o.evidence_text):
            return False
        if hedged:
            return True
        start = low.find(o.evidence_text.lower())
        return (
            start > 0
            and not any(x.field in _TRIP for x in obs)
            and bool(_HEDGE.search(low[:start]))
        )

    return tuple(
        replace(o, intent="hypothetical")
        if o.field == "travel.return_date" and o.intent == "planning" and continues_a_maybe(o)
        else o
        for o in obs
    )
