"""The speaker away from home with no place named ("we're away skiing til sunday"): a trip
under way or planned, with its days when the clause gives them.
"""

from __future__ import annotations

import re

from core.extraction.clause import Candidate, Clause
from core.extraction.travel_trips import place_near, planned_trip, trip_dates, trip_under_way

_SELF_AWAY = re.compile(
    r"(?:^|\b(?:i'm|im|i\s+am|we're|we\s+are|were|i'll\s+be|we'll\s+be|(?:i|we)\s+will\s+be|"
    r"(?:gonna|going\s+to)\s+be))\s+(?:(?:still|currently|all|both|also|out\s+of\s+town\s+and)\s+)*"
    r"away\b(?!\s+(?:from|with\s+(?:it|that))\b)"
)
"""The speaker away from home ("we're away skiing til sunday", "gonna be away tues-thurs
next week for work", "away til Monday"): a trip under way or planned, its place unsaid.
"away from my desk" is no trip."""


def away_from_home(clause: Clause) -> list[Candidate]:
    """A trip with no place named: its status, and its days when the clause gives them."""
    m = _SELF_AWAY.search(clause.low)
    if clause.intent not in ("assertive", "planning") or m is None:
        return []
    place = place_near(clause, m.end())
    if place is not None:  # "we're away in Denver til Friday"
        return (
            planned_trip(clause, place)
            if clause.intent == "planning"
            else trip_under_way(clause, place)
        )
    depart, ret = trip_dates(clause)
    if clause.intent == "planning":
        out = [Candidate("travel.status", "planning", 0.85, "planning")]
        if depart is not None:
            out.append(Candidate("travel.depart_date", depart.isoformat(), 0.85, "planning"))
        if ret is not None:
            out.append(Candidate("travel.return_date", ret.isoformat(), 0.85, "planning"))
        return out
    out = [Candidate("travel.status", "in_progress", 0.85)]
    if ret is not None:
        out.append(Candidate("travel.return_date", ret.isoformat(), 0.85))
    return out
