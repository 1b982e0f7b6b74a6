"""Weekdays, numbered days and everyday phrases across one week, month and year ends.

Each case is a sentence a user might send, the day it was sent, and the date it names.
The week is Monday 23 to Sunday 29 November 2026; weeks run Monday to Sunday.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from core.extraction.offline import extract_offline
from core.extraction.timeexpr import find_times

LA = ZoneInfo("America/Los_Angeles")
MON, TUE, WED, THU, FRI, SAT, SUN = (datetime(2026, 11, 23 + i, 19, 0, tzinfo=LA) for i in range(7))
NOV28, DEC5, NOV21 = date(2026, 11, 28), date(2026, 12, 5), date(2026, 11, 21)

# Message day -> what "saturday", "this saturday", "next saturday", "last saturday" name.
SATURDAYS = {
    MON: (NOV28, NOV28, DEC5, NOV21),
    TUE: (NOV28, NOV28, DEC5, NOV21),
    WED: (NOV28, NOV28, DEC5, NOV21),
    THU: (NOV28, NOV28, DEC5, NOV21),
    FRI: (NOV28, NOV28, DEC5, NOV21),
    # On the Saturday: "this saturday" is today, a bare "saturday" next week's.
    SAT: (DEC5, NOV28, DEC5, NOV21),
    # On the Sunday the week is over: this, next and bare Saturday are all six days on.
    SUN: (DEC5, DEC5, DEC5, NOV28),
}
SENTENCES = (
    "can you do saturday?",
    "let's grab brunch this saturday",
    "the movers come next saturday",
    "we had people over last saturday",
)
WEEKDAY_CASES = [
    (sentence, at, expected)
    for at, days in SATURDAYS.items()
    for sentence, expected in zip(SENTENCES, days, strict=True)
]


@pytest.mark.parametrize(
    ("text", "at", "expected"),
    WEEKDAY_CASES,
    ids=[f"{c[1]:%a} {c[0]}" for c in WEEKDAY_CASES],
)
def test_saturday_on_every_day_of_the_week(text: str, at: datetime, expected: date) -> None:
    (ref,) = find_times(text, at)
    assert ref.day == expected
    assert ref.past is text.startswith("we had")


@pytest.mark.parametrize("at", list(SATURDAYS), ids=lambda a: f"{a:%a}")
def test_next_saturday_is_always_the_saturday_of_next_week(at: datetime) -> None:
    (saturday,) = find_times("next saturday", at)
    (week,) = find_times("next week", at)
    (weekend,) = find_times("next weekend", at)
    assert week.first_day <= saturday.day <= week.end_day
    assert weekend.day == saturday.day


def test_next_monday_said_on_a_friday_is_in_three_days() -> None:
    (ref,) = find_times("see you next monday", FRI)
    assert ref.day == date(2026, 11, 30)


NUMBERED = [
    # Said on Monday 23 November 2026.
    ("my cousin visited on the 6th of this month", date(2026, 11, 6), True),
    ("the plumber comes the 26th of this month", date(2026, 11, 26), False),
    ("payday is the 6th of next month", date(2026, 12, 6), False),
    ("we signed the lease the 6th of last month", date(2026, 10, 6), True),
    ("can we meet on the 6th?", date(2026, 12, 6), False),
    ("how about the sixth", date(2026, 12, 6), False),
    ("the party is on the twenty-first", date(2026, 12, 21), False),
    ("her recital is the 6th of december", date(2026, 12, 6), False),
    ("flight lands dec 6th", date(2026, 12, 6), False),
    ("the wedding is march sixth", date(2027, 3, 6), False),
    ("the sixth of march is booked", date(2027, 3, 6), False),
    ("we close on the 6th of march", date(2027, 3, 6), False),
    ("due the first of next month", date(2026, 12, 1), False),
    ("rent goes out on the first", date(2026, 12, 1), False),
]


@pytest.mark.parametrize(("text", "expected", "past"), NUMBERED, ids=[c[0] for c in NUMBERED])
def test_numbered_days(text: str, expected: date, past: bool) -> None:
    refs = find_times(text, MON)
    assert [(r.day, r.past) for r in refs] == [(expected, past)]


@pytest.mark.parametrize(
    "text",
    [
        "my son is in the sixth grade",
        "it was the first time we met",
        "you may first want to call",
        "the second thing is the price",
        "she finished third",
    ],
)
def test_ordinal_words_that_are_no_date(text: str) -> None:
    assert find_times(text, MON) == []


NYE = datetime(2026, 12, 31, 20, 0, tzinfo=LA)  # Thursday, the year's last day
FEB27 = datetime(2027, 2, 27, 9, 0, tzinfo=LA)  # Saturday near a short month's end
EVERYDAY = [
    ("we're around this weekend", MON, "2026-11-28/2026-11-29"),
    ("we're around next weekend", MON, "2026-12-05/2026-12-06"),
    ("next weekend we drive up", NYE, "2027-01-09/2027-01-10"),
    ("this weekend is packed", FEB27, "2027-02-27/2027-02-28"),
    ("results in two weeks", NYE, "2027-01-14"),
    ("invoices by the end of the month", FEB27, "2027-02-28"),
    ("report due end of next week", FRI, "2026-12-06"),
    ("report due end of next week", NYE, "2027-01-10"),
    ("dinner tonight?", NYE, "2026-12-31"),
    ("the day after tomorrow works", NYE, "2027-01-02"),
    ("the day after tomorrow works", FEB27, "2027-03-01"),
    ("movers come a week from friday", MON, "2026-12-04"),
    ("movers come a week from friday", NYE, "2027-01-08"),
    ("the 6th of next month", NYE, "2027-01-06"),
    ("this year went fast", NYE, "2026"),
    ("this month has been quiet", FEB27, "2027-02"),
]


@pytest.mark.parametrize(("text", "at", "expected"), EVERYDAY, ids=[c[0] for c in EVERYDAY])
def test_everyday_phrases_across_month_and_year_ends(
    text: str, at: datetime, expected: str
) -> None:
    assert find_times(text, at)[0].span_iso() == expected


def test_this_year_is_now_neither_a_plan_nor_the_past() -> None:
    (ref,) = find_times("we moved this year", MON, future=False)
    assert ref.day == MON.date()
    assert not ref.past
    got = {o.field: o for o in extract_offline("We moved to Denver this year", at=MON).observations}
    assert got["profile.home_city"].candidate_value == "Denver"
    assert got["profile.home_city"].intent == "assertive"
    plan = extract_offline("I'm flying to Paris this year", at=MON).observations
    assert "travel.depart_date" not in {o.field for o in plan}


@pytest.mark.parametrize(
    ("text", "local", "utc"),
    [
        ("tomorrow", date(2026, 11, 24), date(2026, 11, 25)),
        ("tonight", date(2026, 11, 23), date(2026, 11, 24)),
        ("this saturday", date(2026, 11, 28), date(2026, 11, 28)),
        ("next saturday", date(2026, 12, 5), date(2026, 12, 5)),
        ("the day after tomorrow", date(2026, 11, 25), date(2026, 11, 26)),
    ],
)
def test_the_users_local_day_counts_late_in_the_evening(text: str, local: date, utc: date) -> None:
    # 22:30 on Monday in Los Angeles is already Tuesday 06:30 in UTC.
    late = datetime(2026, 11, 23, 22, 30, tzinfo=LA)
    assert find_times(text, late)[0].day == local
    assert find_times(text, late.astimezone(UTC))[0].day == utc


def test_one_week_later_everything_moves_by_seven_days() -> None:
    for text in ("saturday", "next saturday", "the day after tomorrow", "next weekend"):
        now, later = find_times(text, MON)[0].day, find_times(text, MON + timedelta(7))[0].day
        assert later - now == timedelta(7), text


# A weekday said in the past on that very weekday is today ("left tues instead", typed on a
# Tuesday, means today: a week ago is "last tuesday"); on any other day, the one before.
PAST_TUESDAYS = [
    ("left tues instead", TUE, date(2026, 11, 24)),
    ("we drove up tuesday", TUE, date(2026, 11, 24)),
    ("got here on tuesday after all", TUE, date(2026, 11, 24)),
    ("left tues instead", WED, date(2026, 11, 24)),
    ("left tues instead", MON, date(2026, 11, 17)),
    # "last tuesday" on a Tuesday is the week before.
    ("we left last tuesday", TUE, date(2026, 11, 17)),
]


@pytest.mark.parametrize(("text", "at", "expected"), PAST_TUESDAYS)
def test_a_weekday_in_the_past_said_that_day_is_today(
    text: str, at: datetime, expected: date
) -> None:
    (ref,) = find_times(text, at, future=False)
    assert ref.day == expected


@pytest.mark.parametrize(
    "text", ["left tues instead", "actually we left tuesday", "we left on tuesday after all"]
)
def test_a_departure_said_on_its_weekday_is_today(text: str) -> None:
    said = {o.field: o.candidate_value for o in extract_offline(text, at=TUE).observations}
    assert said.get("travel.depart_date") == "2026-11-24", said


@pytest.mark.parametrize(
    ("text", "at", "expected"),
    [
        # "Thursday this week" is that day of this calendar week, not the week (read as
        # today: "practice moved to thursday this week" asked "moved to Monday?").
        ("soccer practice moved to thursday this week", MON, date(2026, 11, 26)),
        ("soccer practice moved to thursday this week", THU, date(2026, 11, 26)),
        ("bins are tuesday this week cos of the bank holiday", MON, date(2026, 11, 24)),
        ("bins are tuesday this week cos of the bank holiday", WED, date(2026, 11, 24)),
        ("saturday this week works", FRI, date(2026, 11, 28)),
    ],
)
def test_a_weekday_this_week_is_that_day(text: str, at: datetime, expected: date) -> None:
    (ref,) = find_times(text, at)
    assert ref.day == expected
