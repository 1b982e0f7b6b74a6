"""A weekday with its date ("sun 6th", "tues 17th"): the date that falls on that weekday;
and "back home on friday", which gave nothing where "back home friday" was the way home.

"back home sun 6th", said on Sunday 29 November 2026, was read as "back home" now (a trip
over): "sun" was not a day at all ("sun" and "wed" and "sat" are words of their own, so
alone they stay words). Before its date it is the day, and of the two nearest dates with
that number, the one that falls on the weekday named: "Sun 22nd" that Sunday is the 22nd
just gone (a Sunday), not December's (a Tuesday). Every row is written for this module.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from extraction_fixtures import facts_said

from core.extraction.timeexpr import find_times

SUNDAY = datetime(2026, 11, 29, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "day", "past"),
    [
        ("back home sun 6th", "2026-12-06", False),
        ("flight wed 9th", "2026-12-09", False),
        ("party sat 5th!!", "2026-12-05", False),
        ("back home Sun 22nd", "2026-11-22", True),
        ("since tues 17th", "2026-11-17", True),
        ("dentist tues 1st", "2026-12-01", False),
    ],
)
def test_a_weekday_with_its_date_is_the_date_on_that_weekday(
    text: str, day: str, past: bool
) -> None:
    (ref,) = find_times(text.lower(), SUNDAY)
    assert ref.day.isoformat() == day
    assert ref.past is past


@pytest.mark.parametrize("text", ["sat on the sofa all day", "in the sun", "we sat 5th place"])
def test_the_short_words_alone_are_no_days(text: str) -> None:
    assert find_times(text, SUNDAY) == []


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("back home sun 6th", "travel.return_date", "2026-12-06"),
        ("flying out wed 2nd, back sun 6th", "travel.return_date", "2026-12-06"),
        ("back home Sun 22nd", "travel.status", "completed"),
        # "back home" then "on" and its day, as "home on the 12th" already was.
        ("back home on friday", "travel.return_date", "2026-12-04"),
        ("we'll be back home on the 6th", "travel.return_date", "2026-12-06"),
        ("Back home on Wed 2nd, can't wait", "travel.return_date", "2026-12-02"),
    ],
)
def test_a_way_home_with_a_named_date(text: str, field: str, value: str) -> None:
    said = facts_said(text, SUNDAY)
    assert said.get(field) == value, said
    if value != "completed":
        assert "travel.status" not in said or said["travel.status"] != "completed"
