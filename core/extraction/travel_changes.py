"""Changes to a trip said in passing: a day moved, or a cancellation not yet decided.

"flight got pushed to tues" moves the departure; "our flight home was moved to Sunday"
the return. "prob gonna skip the trip" weighs a cancellation that "we're skipping the
trip" makes: the first is a possibility, the second a fact.
"""

from __future__ import annotations

import re

from core.extraction.clause import Candidate, Clause

_MOVED_TO = re.compile(
    r"\b(?:my\s+|our\s+|the\s+)?(?P<what>flight|trip|departure)(?P<home>\s+(?:home|back))?\s+"
    r"(?:got\s+|was\s+|has\s+been\s+|is\s+(?:now\s+)?|'s\s+(?:been\s+)?)?(?:pushed|moved|"
    r"rescheduled|bumped|changed|postponed)\s+(?:back\s+)?(?:to|til|till|until)\s+"
)


def moved_to(clause: Clause) -> list[Candidate]:
    """ "flight got pushed to tues", "our flight home was moved to Sunday": the trip's
    day, moved; the flight home moves the return, any other the departure."""
    m = _MOVED_TO.search(clause.low)
    if m is None or clause.intent in ("hypothetical", "historical", "none"):
        return []
    days = [t for t in clause.times if t.end > m.end() and not t.past and not t.coarse]
    if not days or days[0].day < clause.at.date():
        return []
    field = "travel.return_date" if m.group("home") else "travel.depart_date"
    return [Candidate(field, days[0].day.isoformat(), 0.85, "planning")]


_WEIGHED = re.compile(r"\b(?:probably|prob|likely|i\s+think|i\s+guess|i\s+suppose)\b")


def still_weighed(clause: Clause) -> bool:
    """A planned cancellation said with a hedge ("probably", "i think"): not made yet."""
    return clause.intent == "planning" and _WEIGHED.search(clause.low) is not None
