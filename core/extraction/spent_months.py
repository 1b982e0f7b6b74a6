"""A month or a season spent somewhere, said before it comes: "spending July in Brittany",
"we're spending the summer in Maine". The present tense plans it; only the month it is
now ("spending november in lisbon", said in November) is a stay under way.

A named month is the trip's days, its first to its last; a season names no days, so only
where the trip goes is said.
"""

from __future__ import annotations

import calendar
from datetime import date

from core.extraction.clause import Candidate, Clause
from core.extraction.timewords import MONTHS
from core.extraction.travel_trips import end_of_day, place_confidence, place_near, trip_under_way
from core.extraction.word_gates import gated

_MONTH = "|".join(sorted((m for m in MONTHS if len(m) > 3 or m == "may"), key=len, reverse=True))
SPENT = gated(
    rf"\bspend(?:ing)?\s+(?:(?:all\s+of|the\s+whole\s+of|most\s+of|all)\s+)?(?:(?:the|next|this)\s+)?"
    rf"(?P<when>{_MONTH}|summer|winter|spring|fall|autumn)\s+(?:(?:up|down|out|over)\s+)?(?:in|at)\s+"
)
"""Spending a month or a season in a place ("spending July in Brittany")."""
_SEASON_MONTHS = {
    "spring": (3, 4, 5),
    "summer": (6, 7, 8),
    "fall": (9, 10, 11),
    "autumn": (9, 10, 11),
    "winter": (12, 1, 2),
}


def month_spent_ahead(clause: Clause) -> list[Candidate] | None:
    """The trip a month or season spent somewhere plans, when that month or season is still
    ahead, or the stay it is when it is now; None when the clause spends none in a place."""
    m = SPENT.search(clause.low)
    if m is None or clause.intent not in ("assertive", "planning"):
        return None
    today = clause.at.date()
    when = m.group("when")
    months = _SEASON_MONTHS.get(when) or (MONTHS[when],)
    if today.month in months and " next " not in m.group():  # "next july", said in July
        place = place_near(clause, m.end())
        if place is None:
            return None
        return [
            Candidate(c.field, c.value, c.confidence, "assertive")
            for c in trip_under_way(clause, place)
        ]
    # The next time the month (or the season's first month) comes round.
    year = today.year + (
        months[0] <= today.month if today.month in months else months[0] < today.month
    )
    first = date(year, months[0], 1)
    end_year = year + (months[-1] < months[0])
    last = date(end_year, months[-1], calendar.monthrange(end_year, months[-1])[1])
    place = place_near(clause, m.end())
    if place is None:
        return None
    conf = place_confidence(place)
    until = end_of_day(last, clause.at)
    out = [
        Candidate("travel.destination", place.name, conf, "planning", until),
        Candidate("travel.status", "planning", conf, "planning", until),
    ]
    if when not in _SEASON_MONTHS:  # a season's days are its own to tell
        out += [
            Candidate("travel.depart_date", first.isoformat(), conf, "planning", until),
            Candidate("travel.return_date", last.isoformat(), conf, "planning", until),
        ]
    return out
