"""The speaker away from home with no place named ("we're away skiing til sunday"): a trip
under way or planned, with its days when the clause gives them.
"""

from __future__ import annotations

from datetime import date

from core.extraction.clause import Candidate, Clause
from core.extraction.timeexpr import find_times
from core.extraction.travel_departures import departure_day
from core.extraction.travel_objects import is_habit
from core.extraction.travel_trips import (
    NOT_LEAVING_UNTIL,
    place_near,
    planned_trip,
    trip_dates,
    trip_under_way,
)
from core.extraction.word_gates import gated

_SELF_AWAY = gated(
    r"(?:^\s*(?:(?:will|shall|gonna)\s+be\s+)?|\b(?:i'm|im|i\s+am|we're|we\s+are|were|i'll\s+be|we'll\s+be|(?:i|we)\s+(?:will|shall)\s+be|"
    r"(?:gonna|going\s+to)\s+be)\s+)(?:(?:still|currently|all|both|also|out\s+of\s+town\s+and)\s+)*"
    # "out of town thurs-sun", "I will be out station from 10th" (Indian English): away too.
    # "out of the country from 10th to 24th", "I'm travelling from the 2nd to the 9th"
    # "I will be abroad from 20 March", "we're overseas till the 9th": away in another country.
    r"(?:away|gone|out\s+of\s+town|out\s+of\s+the\s+country|out\s*(?:of\s+)?station|travell?ing|abroad|"
    r"overseas|offshore|out\s+of\s+state|"
    # "I'm out from Thursday, back on the 16th": out, with the days it lasts
    r"out(?=\s+(?:from|until|till|til|thru|through)\s))\b"
    # "away from my desk" is no trip; "away from the 9th", "away from home" are.
    r"(?!\s+(?:from(?!\s+(?:(?:the\s+)?\d|home\b|(?:mon|tue|wed|thu|fri|sat|sun|tomorrow|next|"
    r"this)))|with\s+(?:it|that))\b)"
)
"""The speaker away from home ("we're away skiing til sunday", "gonna be away tues-thurs
next week for work", "away til Monday", "out of town thurs-sun"): a trip under way or planned, its place
unsaid. "away from my desk" is no trip."""

_DAY_OF_TRIP = gated(
    r"^(?:(?:it's|its|it\s+is|so|and|now|today's)\s+)?(?:day|night|week)\s+(?:\d+|one|two|three|four|five|"
    r"six|seven|eight|nine|ten|eleven|twelve|\w+teen|twenty(?:[\s-]\w+)?)(?:\s+of\s+(?:\d+|[a-z]+))?"
    r"\s+(?:of|on)\s+(?:the|our|my)\s+(?:[\w'-]+\s+){0,2}?(?:trip|road\s*trip|holiday|vacation|"
    r"honeymoon|tour|cruise|journey|trek|camino|hike|getaway|adventure)\b"
)
"""A diary's count of the days of a trip under way, its place unsaid: "day 4 of the road trip",
"night 2 on our cruise" (a trip ahead is never counted in days gone by)."""


_UNNAMED_GETAWAY = gated(
    r"\b(?:driving|drive|flying|fly|heading|head|going|go|leaving\s+for|leave\s+for|off\s+to|"
    r"road\s+tripping)\s+(?:up\s+|down\s+|out\s+|over\s+|back\s+)?(?:to\s+)?"
    r"(?:the|our|my)\s+(?:lake(?:\s+house)?|cabin|coast|beach\s+house|shore|mountains|cottage|"
    r"native\s+place|home\s*town|village|family\s+farm|ranch|chalet)\b"
)
"""A getaway planned to a place left unnamed: "we're driving to the lake on saturday",
"going to my native place on 20th". Its days are the trip's (a getaway undated, or a habit,
"love going to the lake on sundays", says no trip)."""


_NOT_BEFORE = gated(r"\b(?:not|never|no\s+longer)\b|n't\b|\b(?:wont|cant|dont|isnt|arent)\b")
"""A getaway said not to happen: "not going to the lake today, too cold"."""


def away_from_home(clause: Clause) -> list[Candidate]:
    """A trip with no place named: its status, and its days when the clause gives them."""
    late = NOT_LEAVING_UNTIL.search(clause.low)
    if late is not None and clause.intent in ("assertive", "planning"):
        days = [t.day for t in clause.times if t.end > late.end() and not t.past]
        if days:
            return _planned(days[0], None)
    m = _SELF_AWAY.search(clause.low)
    getaway = _UNNAMED_GETAWAY.search(clause.low) if m is None else None
    if (
        clause.intent == "planning"
        and getaway
        and not _NOT_BEFORE.search(clause.low, 0, getaway.start())
    ):
        depart, ret = trip_dates(clause)
        if depart is not None and not is_habit(clause.low):
            return _planned(depart, ret)
    if m is None and (out_and_back := _out_and_back(clause)) is not None:
        return _planned(*out_and_back)
    if m is None and clause.intent in ("assertive", "none") and _DAY_OF_TRIP.match(clause.low):
        # (a clause read as a story keeps its reading: the count is then a memory's)
        return [Candidate("travel.status", "in_progress", 0.85, "assertive")]
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
        return _planned(depart, ret)
    ahead = _days_said_before(clause) if m.start() == 0 and not clause.times else None
    if ahead is not None:
        # "on leave from 9th to 13th March, travelling to my native place": the travelling
        # is the leave's, on its days ahead, not a trip under way now.
        return _planned(*ahead)
    out = [Candidate("travel.status", "in_progress", 0.85)]
    if ret is not None:
        out.append(Candidate("travel.return_date", ret.isoformat(), 0.85))
    return out


def _out_and_back(clause: Clause) -> tuple[date, date] | None:
    """The days of a trip told by setting out and coming back, its place unsaid ("flying
    out sunday back on the 2nd", "we leave friday, home on the 9th"): a trip planned,
    dated both ways (setting out alone says no trip: its place may be in the next clause)."""
    leaving = departure_day(clause)
    if leaving is None or is_habit(clause.low):
        return None
    depart, ret = trip_dates(clause)
    if depart != leaving or ret is None or ret <= depart:
        return None
    return depart, ret


_SENTENCE_END = gated(r"[.!?\n]")
_RANGE_END = frozenset({"to", "till", "til", "until", "through", "thru"})


def _days_said_before(clause: Clause) -> tuple[date, date | None] | None:
    """The days ahead said earlier in the same sentence, before a clause that leaves out
    its subject and its days: (first day, last day of a range or None)."""
    if clause.start_in_message <= 0 or not clause.message:
        return None
    before = _SENTENCE_END.split(clause.message[: clause.start_in_message])[-1]
    today = clause.at.date()
    refs = [t for t in find_times(before, clause.at) if not t.past and t.day > today]
    if not refs:
        return None
    last = next((t.day for t in refs[1:] if t.prep in _RANGE_END), None)
    return refs[0].day, last


def _planned(depart: date | None, ret: date | None) -> list[Candidate]:
    out = [Candidate("travel.status", "planning", 0.85, "planning")]
    if depart is not None:
        out.append(Candidate("travel.depart_date", depart.isoformat(), 0.85, "planning"))
    if ret is not None:
        out.append(Candidate("travel.return_date", ret.isoformat(), 0.85, "planning"))
    return out
