"""A day told relative to the day said before it: "the following sunday", "a week later".

Sent on Saturday 28 November 2026. "The following X" and "N days later" count from the
date the sentence gave first (the departure), not from today; with no earlier date,
"the following friday" is the next Friday and "a week later" names nothing (later than
what?).
"""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from core.extraction.offline import extract_offline
from core.extraction.timeexpr import find_times

AT = datetime(2026, 11, 28, 9, 0, tzinfo=ZoneInfo("America/Los_Angeles"))

TRIPS = [
    # (message, departure, return)
    ("heading to tahoe sunday, back the following saturday", "2026-11-29", "2026-12-05"),
    ("heading to tahoe sunday, back the following sat", "2026-11-29", "2026-12-05"),
    ("we leave for denver next friday, back the following sunday", "2026-12-04", "2026-12-06"),
    ("flying to boston on the 3rd, back a week later", "2026-12-03", "2026-12-10"),
    ("flying to denver tuesday, back two days later", "2026-12-01", "2026-12-03"),
    ("Driving to Bend on December 10th and coming back 3 days later", "2026-12-10", "2026-12-13"),
]


@pytest.mark.parametrize(("text", "depart", "ret"), TRIPS)
def test_a_return_told_after_the_departure(text: str, depart: str, ret: str) -> None:
    got = {o.field: o.candidate_value for o in extract_offline(text, at=AT).observations}
    assert got["travel.depart_date"] == depart
    assert got["travel.return_date"] == ret


DAYS = [
    # (text, the days found in order)
    ("from monday to the following friday", [date(2026, 11, 30), date(2026, 12, 4)]),
    ("the 10th, then the following tuesday", [date(2026, 12, 10), date(2026, 12, 15)]),
    ("the following friday", [date(2026, 12, 4)]),  # nothing before: the next Friday
    ("we fly to boston the next friday", [date(2026, 12, 4)]),
    ("a week later we flew home", []),  # later than what?
    ("two days later it snowed", []),
    ("the last friday", [date(2026, 11, 27)]),  # "the" is no opener for "last"
]


@pytest.mark.parametrize(("text", "days"), DAYS)
def test_days_counted_from_the_one_before(text: str, days: list[date]) -> None:
    assert [ref.day for ref in find_times(text, AT, future=True)] == days
