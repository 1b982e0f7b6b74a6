"""An illness told in the past, then how the person is now with no subject of its own:
"mum had a migraine all weekend, better today", "the kids were sick all week, back at school
today", "leo threw up all night, seems ok this morning". The present clause is about the one
who was ill and wins: they are well (or home) now, and the message is news about now.
"""

from __future__ import annotations

from core.extraction.clause import Candidate
from core.extraction.types import ExtractedObservation
from core.extraction.word_gates import gated

_BETTER_NOW = gated(
    r"^(?:(?:but|and|now|finally|thankfully|luckily|much|way|loads|all|seems?|looks?|"
    r"feeling|feels?|doing)\s+)*"
    r"(?P<state>better|brighter|fine|ok|okay|good|recovered|recovering|improving|on\s+the\s+mend|"
    r"over\s+the\s+worst|on\s+the\s+up|picking\s+up|right\s+as\s+rain|"
    r"back\s+(?:at|to|in)\s+(?:school|work|nursery|daycare|class)|"
    r"(?P<home>home|back\s+home|out\s+of\s+(?:hospital|the\s+hospital)))\b"
)


def ill_member(said: list[ExtractedObservation]) -> str | None:
    """The family member a clause's observations say is ill (any intent), if one."""
    ill = [
        o.field
        for o in said
        if o.domain == "family" and o.field.endswith(".status") and o.candidate_value == "sick"
    ]
    return ill[0] if len(ill) == 1 else None


def better_now(low: str, field: str) -> Candidate | None:
    """How the one who was ill is now, from a clause with no subject ("better today")."""
    m = _BETTER_NOW.match(low.strip())
    if m is None:
        return None
    return Candidate(field, "home" if m.group("home") else "well", 0.8, "assertive")
