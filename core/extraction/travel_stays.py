"""A stay told by its two ends: arriving somewhere on one day and leaving it on another.

"I arrive in Rome on Monday and leave on Friday", "landing in Denver Tuesday, flying out
Thursday", "we're arriving in Oslo on the 10th and leaving on the 14th": the leaving is
leaving the place one arrived in, so its day is the trip's last (the return), and a
weekday said after the arrival's is the first such day after it ("Friday" after a Monday
a week on is that week's Friday, not this one). Without an arrival first, a leaving day
is the departure ("tahoe next weekend, leaving friday"), which the callers read as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta

from core.extraction.timeref import TimeRef
from core.extraction.types import ExtractedObservation
from core.extraction.word_gates import gated

_ARRIVING = gated(r"\b(?:arriv(?:e|es|ing)|land(?:s|ing)?|get(?:ting)?\s+in(?:to)?)\b")
_LEAVING = gated(
    r"\b(?:leave|leaving|leaves|depart|departing|fly(?:ing)?\s+(?:out|home|back)|"
    r"head(?:ing)?\s+(?:out|home|back)|check(?:ing)?\s+out)\s+(?:on\s+)?$"
)
_LONGEST_STAY = 31
"""Days: a leaving day further than this from the arrival is not this stay's end."""


def _after(day: date, first: date) -> date | None:
    while day <= first:
        day += timedelta(days=7)  # a weekday said after the arrival's: the one after it
    return day if (day - first).days <= _LONGEST_STAY else None


def left_after_arriving(low: str, times: Sequence[TimeRef]) -> date | None:
    """In one clause, the day one leaves the place one arrives in first (module doc)."""
    days = [r for r in times if r.unit == "day" and not r.past]
    if len(days) < 2 or _ARRIVING.search(low, 0, days[0].start) is None:
        return None
    for ref in days[1:]:
        if _LEAVING.search(low, days[0].end, ref.start):
            return _after(ref.day, days[0].day)
    return None


def leaving_the_arrival(trip_day: ExtractedObservation, day: date) -> date | None:
    """The return, when the clause before planned an arrival (``trip_day``, its departure
    day observation) and this one leaves on ``day``; None when it planned no arrival."""
    if _ARRIVING.search(trip_day.evidence_text.lower()) is None:
        return None
    if not isinstance(trip_day.candidate_value, str):
        return None
    try:
        first = date.fromisoformat(trip_day.candidate_value)
    except ValueError:
        return None
    return _after(day, first)
