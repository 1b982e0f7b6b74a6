"""Shapes of a trip that name no going: waking up somewhere ("woke up in Luang Prabang to
monks chanting") puts the writer there today; a holiday's name before its place with a
day ahead ("spring break in miami next week", "honeymoon in Bali in June") is the trip
planned there; a visit said with only its end ("visiting my in-laws in Pune till the
18th") is one under way.

Both are read only where their tense allows: a waking with a day before today is a story,
and a holiday with no day ahead may be one being remembered.
"""

from __future__ import annotations

from core.extraction.clause import Candidate, Clause
from core.extraction.travel_trips import place_near, planned_trip, trip_under_way
from core.extraction.woke_up import WOKE_UP
from core.extraction.word_gates import gated

_HOLIDAY_IN = gated(
    r"\b(?:spring\s+break|reading\s+week|half\s+term|vacation|vacay|holiday|hols|honeymoon|"
    r"babymoon|getaway|study\s+abroad|exchange|placement|(?:long\s+|girls'?\s+|lads'?\s+|bachelor(?:ette)?\s+|hen\s+|stag\s+)?"
    r"weekend|ski\s+trip|road\s+trip|trip|week|fortnight|birthday\s+trip)\s+(?:away\s+)?in\s+"
)
"""A holiday named before its place ("spring break in miami", "a long weekend in Rome")."""


def woke_there(clause: Clause) -> list[Candidate]:
    """Where the writer woke up today, as where they are now."""
    m = WOKE_UP.search(clause.low)
    if m is None or any(t.past and t.day < clause.at.date() for t in clause.times):
        return []  # "woke up in Rome on Sunday": a story
    place = place_near(clause, m.end())
    if place is None:
        return []
    return [
        Candidate(c.field, c.value, c.confidence * 0.9, "assertive")
        for c in trip_under_way(clause, place)
    ]


_STARTS = gated(r"\b(?:starts|begins|kicks\s+off)\b")
"""A holiday that "starts Saturday": its start is the plan, whatever tense the rest reads."""


def holiday_ahead(clause: Clause) -> list[Candidate]:
    """A holiday named with its place and a day ahead, said as a plan ("honeymoon in Bali in
    June"), or said to start on that day ("our honeymoon in Bali starts Saturday")."""
    starts = clause.intent in ("assertive", "historical") and _STARTS.search(clause.low)
    if clause.intent != "planning" and not starts:
        return []
    m = _HOLIDAY_IN.search(clause.low)
    if m is None or not any(not t.past and t.day > clause.at.date() for t in clause.times):
        return []
    place = place_near(clause, m.end())
    if place is None:
        return []
    trip = planned_trip(clause, place)
    if starts:
        return [Candidate(c.field, c.value, c.confidence, "planning", c.valid_until) for c in trip]
    return trip


_VISITING_LEAD = gated(
    r"^(?:(?:i'm|im|i\s+am|we're|we\s+are|currently|still|now|just)\s+)*visiting\b"
)
_TILL = frozenset({"till", "til", "until"})


def visiting_till(clause: Clause) -> bool:
    """ "Visiting my in-laws in Pune till the 18th": a visit said with only its end is
    one under way (one ahead says when it starts)."""
    return (
        _VISITING_LEAD.match(clause.low) is not None
        and bool(clause.times)
        and all(t.prep in _TILL for t in clause.times)
    )
