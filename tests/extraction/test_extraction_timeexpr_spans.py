"""Spans and relative days in everyday sentences, each resolved against a fixed message time.

Expected values are what ``TimeRef.span_iso`` prints: "2026" for a year, "2026-03" for a
month, "start/end" for a week or weekend, a single ISO date otherwise.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest

from core.extraction.offline import extract_offline
from core.extraction.timeexpr import find_times

EST = timezone(timedelta(hours=-5))
WED = datetime(2026, 3, 4, 18, 30, tzinfo=EST)  # Wednesday
FRI = datetime(2026, 3, 6, 8, 0, tzinfo=EST)  # Friday
SUN = datetime(2026, 11, 22, 21, 0, tzinfo=EST)  # Sunday, end of a Monday-based week
JAN31 = datetime(2026, 1, 31, 12, 0, tzinfo=EST)  # Saturday, month end
LEAP = datetime(2028, 2, 29, 9, 0, tzinfo=EST)  # Tuesday, leap day
NYE = datetime(2026, 12, 31, 23, 0, tzinfo=EST)  # Thursday, year end

CASES = [
    # Years and months are whole spans; one under way stands for today.
    ("we're planning a trip to japan this year.", WED, "2026"),
    ("last year was rough, honestly", WED, "2025"),
    ("maybe next year we'll redo the kitchen", WED, "2027"),
    ("i'm swamped this month, sorry!", WED, "2026-03"),
    ("we adopted a cat last month", WED, "2026-02"),
    ("next month, the lease is up", WED, "2026-04"),
    ("so this year has been a lot", LEAP, "2028"),
    ("next year is the big one", LEAP, "2029"),
    ("what a month this month has been", LEAP, "2028-02"),
    ("happy new year! this year will be calmer", NYE, "2026"),
    ("next year i'm learning spanish", NYE, "2027"),
    ("next month we start the renovation", NYE, "2027-01"),
    ("they're moving next month", JAN31, "2026-02"),
    # A numbered day of a named month.
    ("the dentist is on the 6th of this month", WED, "2026-03-06"),
    ("rent is due the 6th of next month!", WED, "2026-04-06"),
    ("the 2nd of this month was my birthday", WED, "2026-03-02"),
    ("the 6th of this month, remember?", SUN, "2026-11-06"),
    ("we land the 6th of next month", NYE, "2027-01-06"),
    ("her party is the 29th of next month", LEAP, "2028-03-29"),
    # A bare "the 6th": the next one on or after the message day.
    ("the recital is the 6th", WED, "2026-03-06"),
    ("dinner on the 6th?", SUN, "2026-12-06"),
    ("the 6th works for me", JAN31, "2026-02-06"),
    ("let's say the 6th", NYE, "2027-01-06"),
    # Weekdays: "next Saturday" is next week's, "this Saturday" / "Saturday" the coming one.
    ("dinner next saturday?", WED, "2026-03-14"),
    ("this saturday works", WED, "2026-03-07"),
    ("ok, saturday then.", WED, "2026-03-07"),
    ("next saturday, my place", FRI, "2026-03-14"),
    ("this saturday? that's tomorrow", FRI, "2026-03-07"),
    ("see you next saturday", SUN, "2026-11-28"),
    ("how about next saturday", JAN31, "2026-02-07"),
    ("the game is next saturday", LEAP, "2028-03-11"),
    ("brunch next saturday", NYE, "2027-01-09"),
    ("brunch this saturday", NYE, "2027-01-02"),
    # Weekends and weeks.
    ("we're off to the lake this weekend", WED, "2026-03-07/2026-03-08"),
    ("i'm free this weekend", JAN31, "2026-01-31/2026-02-01"),
    ("this weekend's been lazy", SUN, "2026-11-22/2026-11-22"),
    ("no plans this weekend", NYE, "2027-01-02/2027-01-03"),
    ("i start the new job next week", NYE, "2027-01-04/2027-01-10"),
    # Counting forward.
    ("see you in two weeks", WED, "2026-03-18"),
    ("in two weeks it's my turn", NYE, "2027-01-14"),
    ("two weeks from today, the results come in", WED, "2026-03-18"),
    ("the move is a week from friday.", WED, "2026-03-13"),
    ("a week from friday works", LEAP, "2028-03-10"),
    ("in a month it'll all be over", JAN31, "2026-02-28"),
    ("in a month we'll know", LEAP, "2028-03-29"),
    # Ends of spans.
    ("bills pile up by the end of the month", WED, "2026-03-31"),
    ("i'll know by end of next month", JAN31, "2026-02-28"),
    ("at the end of the month it resets", LEAP, "2028-02-29"),
    ("wrap it up by the end of the year", NYE, "2026-12-31"),
    ("done by the end of the week, i promise", SUN, "2026-11-22"),
]


@pytest.mark.parametrize(
    ("text", "at", "expected"), CASES, ids=[f"{c[0]} @ {c[1].date()}" for c in CASES]
)
def test_expression_resolves_against_the_message_time(
    text: str, at: datetime, expected: str
) -> None:
    refs = find_times(text, at)
    assert refs, f"no time found in {text!r}"
    assert refs[0].span_iso() == expected


@pytest.mark.parametrize(
    ("text", "at", "first", "last"),
    [
        ("this year", WED, date(2026, 1, 1), date(2026, 12, 31)),
        ("this month", WED, date(2026, 3, 1), date(2026, 3, 31)),
        ("this week", WED, date(2026, 3, 2), date(2026, 3, 8)),
        ("this week", SUN, date(2026, 11, 16), date(2026, 11, 22)),
        ("this year", NYE, date(2026, 1, 1), date(2026, 12, 31)),
        ("this month", LEAP, date(2028, 2, 1), date(2028, 2, 29)),
    ],
)
def test_a_span_under_way_names_today_and_keeps_its_bounds(
    text: str, at: datetime, first: date, last: date
) -> None:
    # The issue: "this year" resolves to today, not to 1 January; the span stays known.
    (ref,) = find_times(text, at)
    assert ref.day == at.date()
    assert (ref.first_day, ref.end_day) == (first, last)
    assert not ref.past
    assert ref.begun_span(at.date())


def test_a_day_that_does_not_exist_in_the_named_month_is_no_date() -> None:
    assert find_times("the 31st of next month", JAN31) == []


@pytest.mark.parametrize(
    ("text", "past"),
    [
        ("last year", True),
        ("last month", True),
        ("the 2nd of this month", True),
        ("next year", False),
    ],
)
def test_backward_spans_are_marked_past(text: str, past: bool) -> None:
    assert find_times(text, WED)[0].past is past


@pytest.mark.parametrize("span", ["this week", "this month", "this year"])
def test_a_span_under_way_is_not_pinned_as_a_departure_or_due_day(span: str) -> None:
    # "this year" used to resolve to today and so became a departure dated today.
    trip = {o.field for o in extract_offline(f"I'm going to Japan {span}", at=WED).observations}
    assert "travel.depart_date" not in trip
    assert "travel.destination" in trip
    rent = {o.field for o in extract_offline(f"Rent is due {span}", at=WED).observations}
    assert "financial.rent.due_date" not in rent


def test_a_span_still_ahead_starts_a_plan_on_its_first_day() -> None:
    trip = extract_offline("We're flying to Lisbon next month", at=WED).observations
    assert {o.field: o.candidate_value for o in trip}["travel.depart_date"] == "2026-04-01"
    dated = extract_offline("Rent is due the 6th of next month", at=WED).observations
    assert {o.field: o.candidate_value for o in dated}["financial.rent.due_date"] == "2026-04-06"
