"""A trip whose return falls on the day it leaves without the words saying so ("leave
sunday, back the 6th" when Sunday is the 6th) is asked: two names for one day are a slip
as often as a day trip. A day trip said so keeps its return as surely as its departure.
Said on Tuesday 1 December 2026, in Portland (Sunday is the 6th)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from core.extraction.day_trips import UNSURE_SAME_DAY
from core.extraction.offline import extract_offline

TUESDAY = datetime(2026, 12, 1, 9, 0, tzinfo=ZoneInfo("America/Los_Angeles"))


def _return(text: str) -> tuple[object, float, float]:
    """The return's day, its confidence and the departure's."""
    said = {o.field: o for o in extract_offline(text, at=TUESDAY).observations}
    back, leave = said["travel.return_date"], said["travel.depart_date"]
    return back.candidate_value, back.extraction_confidence, leave.extraction_confidence


@pytest.mark.parametrize(
    "text",
    [
        "we leave for tahoe sunday, back the 6th",
        "so were going to tahoe sunday w the kids. back on the 6th",
        "heading to tahoe the 6th, back sunday",
        "we drive to seattle sunday and come back the 6th",
    ],
)
def test_a_return_on_the_day_of_leaving_by_another_name_is_asked(text: str) -> None:
    day, sure, leaving = _return(text)
    assert day == "2026-12-06"
    assert sure <= UNSURE_SAME_DAY < leaving


@pytest.mark.parametrize(
    "text",
    [
        "day trip to seattle sunday",
        "leaving for seattle sunday, back sunday night",
        "day trip to seattle on the 6th",
        "driving to portland sunday for the day",
        # Another day: nothing to ask.
        "going to tahoe sunday, back the 8th",
    ],
)
def test_a_day_trip_said_so_or_another_day_keeps_its_return(text: str) -> None:
    _day, sure, _leaving = _return(text)
    assert sure > UNSURE_SAME_DAY
