"""Setting out with no place ("we're gonna leave Friday morning"), whose day the next clause's
trip plan borrows as its departure ("... and drive down to San Diego"), or which dates the
trip the clause before planned ("tahoe next weekend, leaving friday").
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from core.extraction.clause import Candidate, Clause
from core.extraction.travel_stays import leaving_the_arrival
from core.extraction.types import ExtractedObservation
from core.extraction.word_gates import gated

SETTING_OUT_WORDS = (
    r"leave|leaving|leaves|depart|departs|departing|departure(?=\s*[:\u2013-])|set(?:ting)?\s+off|"
    r"head(?:s|ing)?\s+(?:out|off)|"
    r"fly(?:ing)?\s+out|take\s+off|taking\s+off|hit(?:ting)?\s+the\s+road"
)
"""The verbs of setting out (one list for every reader of a departure day)."""
_SETTING_OUT = gated(
    rf"\b(?:{SETTING_OUT_WORDS})\b|"
    # "flights booked for lisbon!!! we go the 13th": going, the day right after it, said by
    # the speaker (a plain "go" is anyone's errand: "the kids go to camp").
    r"\b(?:i|we|we're|were|i'm|im)\s+(?:go|going)(?=\s+(?:on\s+)?(?:the\s+\d|\d|mon|tue|wed|thu|"
    r"fri|sat|sun|tomorrow|tmrw|tonight))|"
    # "off tomorrow, home again monday", "we're off saturday": off on a day is setting out
    # when we are (a day off is said of oneself: "i'm off tomorrow" is no trip), or with no
    # subject at all, the way back said after it making it a trip.
    r"(?:^|\b(?:we're|were|we\s+are)\s+)off\b(?!\s+(?:sick|ill|work|school|duty|shift)\b)"
)
"""Setting out with no place: "we're gonna leave Friday morning", "heading out Sunday"."""


def departure_day(clause: Clause) -> date | None:
    """The day a planned clause sets out on, when it names no place ("we're gonna leave
    Friday morning and drive down to San Diego": the place is in the next clause)."""
    if clause.intent != "planning":
        return None
    m = _SETTING_OUT.search(clause.low)
    if m is None:
        return None
    days = [t.day for t in clause.times if t.start >= m.end() and not t.past]
    return days[0] if days and days[0] >= clause.at.date() else None


def sets_out_before(clause: Clause, end: int) -> bool:
    """Whether the clause sets out, with its day, before ``end`` ("flying out thursday, home
    again on the 8th": the way home that follows ends the same trip, so it is no coming home
    of its own)."""
    if clause.intent != "planning":
        return False
    m = _SETTING_OUT.search(clause.low, 0, end)
    return m is not None and any(m.end() <= t.start < end and not t.past for t in clause.times)


def lend_departure(found: list[Candidate], day: date) -> list[Candidate]:
    """``found`` with the day the previous clause set out on as the departure of the trip
    this clause plans (or the way back it plans), when it gives none of its own."""
    # "We are departing on 3rd April and returning on 17th April": the way back alone, its
    # place unsaid, is the same trip's too.
    dest = next(
        (
            c
            for c in found
            if (c.field == "travel.destination" and c.intent == "planning")
            or (c.field == "travel.return_date" and c.intent in ("planning", None))
        ),
        None,
    )
    if dest is None or any(c.field == "travel.depart_date" for c in found):
        return found
    lent = Candidate(
        "travel.depart_date", day.isoformat(), dest.confidence, "planning", dest.valid_until
    )
    return [*found, lent]


def redate_departure(
    observations: list[ExtractedObservation], day: date
) -> list[ExtractedObservation]:
    """``observations`` with the trip just planned leaving on ``day``, the day a clause
    after it sets out on, a little before the trip's first day ("we're going to tahoe next
    weekend, leaving friday": Friday, not the weekend's Saturday). A day after it is
    leaving the place ("going to denver on the 10th, leaving the 12th"): unchanged, as
    when no trip was planned."""
    plans = [
        i
        for i, o in enumerate(observations)
        if o.field == "travel.depart_date" and o.intent == "planning"
    ]
    if not plans:
        # "…before the tahoe trip, leaving sunday": the trip named with no day of its own
        # leaves on the day the clause after it sets out on.
        return _lend(observations, "travel.depart_date", day)
    at = plans[-1]
    back = leaving_the_arrival(observations[at], day)
    if back is not None:
        # "I arrive in Rome on Monday and leave on Friday": the Friday after, the way back
        return lend_return(observations, back)
    if not leaves_first(observations[at].candidate_value, day):
        return observations
    moved = replace(observations[at], candidate_value=day.isoformat())
    return [*observations[:at], moved, *observations[at + 1 :]]


def leaves_first(first: object, day: date) -> bool:
    """Whether setting out on ``day`` starts a trip whose first day is ``first`` (an ISO
    date): the day before or a few days before it, never after."""
    if not isinstance(first, str):
        return False
    try:
        return 0 < (date.fromisoformat(first) - day).days <= 3
    except ValueError:
        return False


_FILLER = gated(r"[\s\-–:,.;!()]|\b(?:from|to|till|til|until|through|thru|the|of|and|back)\b")


def bare_days(clause: Clause) -> tuple[date, date | None] | None:
    """The days of a clause that is nothing but days ("5th to the 12th of April", "3/20 -
    3/29", "fri to sun"), which date the trip the clause before it planned ("trip to Kyoto
    is booked - 5th to the 12th of April"): the first day and the last, if any."""
    refs = [t for t in clause.times if not t.past and t.unit == "day"]
    if not refs or any(t.past for t in clause.times):
        return None
    rest = clause.low
    for t in sorted(clause.times, key=lambda t: -t.start):
        rest = rest[: t.start] + " " + rest[t.end :]
    if _FILLER.sub("", rest):
        return None
    return refs[0].day, (refs[-1].day if len(refs) > 1 else None)


def lend_days(
    observations: list[ExtractedObservation],
    planned: list[ExtractedObservation],
    first: date,
    last: date | None,
) -> list[ExtractedObservation]:
    """``observations`` with the trip ``planned`` (the clause before's observations) leaving
    on ``first`` and back on ``last``, where it has no such day of its own; unchanged when
    that clause planned no trip ("will be out of town - mon-sat", "Lisbon trip booked, 10th
    to 17th")."""
    trip = next(
        (
            o
            for o in reversed(planned)
            if o.intent == "planning" and o.field in ("travel.destination", "travel.status")
        ),
        None,
    )
    if trip is None:
        return observations
    said = {o.field for o in planned}
    lent = [
        replace(trip, field=field, candidate_value=day.isoformat())
        for field, day in (("travel.depart_date", first), ("travel.return_date", last))
        if day is not None and field not in said
    ]
    return [*observations, *lent]


def lend_return(observations: list[ExtractedObservation], day: date) -> list[ExtractedObservation]:
    """``observations`` with the trip just planned coming back on ``day``, said in the
    clause that sets out ("…before the tahoe trip, leaving sunday, back the following
    sat"), when the trip has no return day of its own."""
    if any(o.field == "travel.return_date" for o in observations):
        return observations
    return _lend(observations, "travel.return_date", day)


def _lend(
    observations: list[ExtractedObservation], field: str, day: date
) -> list[ExtractedObservation]:
    """``observations`` with ``field`` of the last trip planned in them set to ``day``,
    worded as its destination is; unchanged when no trip was planned."""
    trips = [o for o in observations if o.field == "travel.destination" and o.intent == "planning"]
    if not trips:
        return observations
    return [*observations, replace(trips[-1], field=field, candidate_value=day.isoformat())]


_OPENER = gated(r"^\W*(?:(?:ok|okay|k|so|right|alright|aight|well|and|then|yeah|yes)\b\W*)*")
"""The words a texter opens with before the day ("ok sunday, …", "right, saturday, …")."""


_GIVEN_UP = gated(
    r"(?:\s+now)?\s*[,-]?\s*(?:instead\s+of|rather\s+than|(?:and\s+|but\s+)?not)\s+(?:on\s+)?"
    r"(?:[a-z]+day|mon|tues?|wed|thu|thurs|fri|sat|sun|tomorrow|tmrw|the\s+\d{1,2}(?:st|nd|rd|th)?)"
    r"(?:\s+(?:any\s*more|anymore|now))?\W*$"
)
"""The day a new one replaces, after it: "tonight instead of sunday", "fri not sat"."""


def day_said_first(clause: Clause) -> date | None:
    """The one day ahead a clause says and nothing else, after an opener ("ok sunday" in
    "ok sunday, we are driving up to tahoe"), or with the day it replaces after it
    ("tonight instead of sunday" after "leaving for tahoe early -"): the day the trip in
    the clause beside it sets out on. None for a day gone by, two days or any other word."""
    days = [t for t in clause.times if t.unit == "day"]
    if not days or days[0].past:
        return None
    t = days[0]
    given_up = _GIVEN_UP.match(clause.low, t.end)
    # One day, or two when the second is the one given up; nothing coarser beside them.
    if len(days) > (2 if given_up else 1) or len(clause.times) != len(days):
        return None
    if _OPENER.sub("", clause.low[: t.start]) or (
        given_up is None and _FILLER.sub("", clause.low[t.end :])
    ):
        return None
    return t.day if t.day >= clause.at.date() else None
