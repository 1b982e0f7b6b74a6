"""Time expressions resolve against the message time, in the message's timezone."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from core.extraction.offline import extract_offline
from core.extraction.timeexpr import find_times

PST = timezone(timedelta(hours=-8))
WED = datetime(2026, 3, 4, 9, 0, tzinfo=PST)  # Wednesday 4 March 2026
SUN = datetime(2026, 11, 22, 7, 0, tzinfo=PST)  # Sunday 22 November 2026


def first_day(text: str, at: datetime = WED, *, future: bool = True) -> date:
    refs = find_times(text.lower(), at, future=future)
    assert refs, f"no time found in {text!r}"
    return refs[0].day


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("today", date(2026, 3, 4)),
        ("tonight", date(2026, 3, 4)),
        ("tomorrow", date(2026, 3, 5)),
        ("the day after tomorrow", date(2026, 3, 6)),
        ("yesterday", date(2026, 3, 3)),
        ("Friday", date(2026, 3, 6)),
        ("on Sunday", date(2026, 3, 8)),
        ("Wednesday", date(2026, 3, 11)),  # the same weekday means next week's
        ("this Wednesday", date(2026, 3, 4)),
        ("next Tuesday", date(2026, 3, 10)),
        ("next Friday", date(2026, 3, 13)),
        ("last Tuesday", date(2026, 3, 3)),
        ("this weekend", date(2026, 3, 7)),
        ("next weekend", date(2026, 3, 14)),
        ("next week", date(2026, 3, 9)),
        ("next month", date(2026, 4, 1)),
        ("in two weeks", date(2026, 3, 18)),
        ("in 3 days", date(2026, 3, 7)),
        ("in a couple of weeks", date(2026, 3, 18)),
        ("in a month", date(2026, 4, 4)),
        ("March 3rd", date(2027, 3, 3)),  # already past this year: next year's
        ("March 12th", date(2026, 3, 12)),
        ("12 March", date(2026, 3, 12)),
        ("on the 14th", date(2026, 3, 14)),
        ("on the 3rd", date(2026, 4, 3)),  # the 3rd of this month is gone
        ("3/21", date(2026, 3, 21)),
        ("2026-07-01", date(2026, 7, 1)),
        ("Labor Day", date(2026, 9, 7)),
        ("Thanksgiving", date(2026, 11, 26)),
        ("in May", date(2026, 5, 1)),
        # When a change starts: "starting june", "as of june", "beginning of june".
        ("starting June", date(2026, 6, 1)),
        ("as of june", date(2026, 6, 1)),
        ("beginning of June", date(2026, 6, 1)),
        ("starting jan", date(2027, 1, 1)),
    ],
)
def test_relative_dates_from_a_wednesday(text: str, expected: date) -> None:
    assert first_day(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("next week", date(2026, 11, 23)),
        ("tomorrow", date(2026, 11, 23)),
        ("Sunday", date(2026, 11, 29)),
        ("this weekend", date(2026, 11, 22)),  # said on Sunday: today
        ("on the 31st", date(2026, 12, 31)),  # November has no 31st
        ("January 5", date(2027, 1, 5)),  # year rollover
        ("in two weeks", date(2026, 12, 6)),  # month rollover
        ("Christmas", date(2026, 12, 25)),
        ("New Year's", date(2027, 1, 1)),
    ],
)
def test_rollover_from_a_sunday_in_november(text: str, expected: date) -> None:
    assert first_day(text, SUN) == expected


def test_the_31st_skips_months_without_one() -> None:
    feb = datetime(2027, 2, 10, 12, tzinfo=PST)
    assert first_day("on the 31st", feb) == date(2027, 3, 31)


def test_past_context_resolves_backwards() -> None:
    assert first_day("March 12", future=False) == date(2025, 3, 12)
    assert first_day("Friday", future=False) == date(2026, 2, 27)


def test_ranges_and_clock_times() -> None:
    (ref,) = find_times("may 3-7", WED)
    assert (ref.day, ref.end_day) == (date(2026, 5, 3), date(2026, 5, 7))
    (ref,) = find_times("sunday 7-8 am", WED)
    assert ref.clock == time(7, 0)
    (ref,) = find_times("friday at 4", WED)
    assert ref.clock == time(16, 0)  # "at 4" for an activity is the afternoon
    (ref,) = find_times("tomorrow at 6am", WED)
    assert ref.iso(WED) == "2026-03-05T06:00:00-08:00"
    (ref,) = find_times("fri 3/13", WED)
    assert ref.day == date(2026, 3, 13)  # the explicit date wins over the weekday


def test_calendar_day_is_taken_in_the_message_timezone() -> None:
    # 23:30 in Los Angeles is already the next day in UTC; "tomorrow" is still the 5th.
    late = datetime(2026, 3, 4, 23, 30, tzinfo=ZoneInfo("America/Los_Angeles"))
    assert first_day("tomorrow", late) == date(2026, 3, 5)
    assert first_day("tomorrow", late.astimezone(UTC)) == date(2026, 3, 6)
    tokyo = datetime(2026, 3, 5, 1, 0, tzinfo=ZoneInfo("Asia/Tokyo"))
    ex = extract_offline("Piano lesson is Friday at 4", at=tokyo)
    schedule = {o.field: o.candidate_value for o in ex.observations}
    assert schedule["family.piano_lesson.schedule"] == "2026-03-06T16:00:00+09:00"


def test_naive_message_time_is_refused() -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        find_times("tomorrow", datetime(2026, 3, 4, 9))
    with pytest.raises(ValueError, match="timezone-aware"):
        extract_offline("We're in Tahoe", at=datetime(2026, 3, 4, 9))


def test_trip_dates_and_expiry() -> None:
    ex = extract_offline("I'll be in Toronto from May 3 to May 7", at=WED)
    got = {o.field: o for o in ex.observations}
    assert got["travel.depart_date"].candidate_value == "2026-05-03"
    assert got["travel.return_date"].candidate_value == "2026-05-07"
    # A plan expires at the end of its return day.
    assert got["travel.destination"].valid_until == datetime(2026, 5, 8, tzinfo=PST)
    ex = extract_offline("Leaving for Tahoe Sunday morning", at=WED)
    got = {o.field: o for o in ex.observations}
    assert got["travel.depart_date"].candidate_value == "2026-03-08"
    # Without a return date, a few days after departure.
    assert got["travel.status"].valid_until == datetime(2026, 3, 12, tzinfo=PST)
    ex = extract_offline("Going to Vegas for a week starting Saturday", at=WED)
    got = {o.field: o.candidate_value for o in ex.observations}
    assert got["travel.return_date"] == "2026-03-14"


@pytest.mark.parametrize(
    "text", ["got in last night", "back on the 12th", "friday through sunday", "no dates here"]
)
def test_a_texts_dates_read_again_are_the_first_reading_and_each_callers_own(text: str) -> None:
    """The dates are kept per text, day and direction: a second reading (later the same
    day) is the first's, and a caller that changes its list changes nobody else's."""
    first = find_times(text, WED, future=False)
    kept = list(first)
    first.clear()
    assert find_times(text, WED + timedelta(hours=3), future=False) == kept
    assert find_times(text, WED, future=True) == find_times(text, WED, future=True)


def test_the_same_instant_on_another_day_is_read_on_that_day() -> None:
    """Only ``at``'s own day counts: Wednesday 9 am in Portland is Thursday in Tokyo."""
    tokyo = WED.astimezone(ZoneInfo("Asia/Tokyo"))
    assert first_day("got in last night", WED, future=False) == date(2026, 3, 3)
    assert first_day("got in last night", tokyo, future=False) == date(2026, 3, 4)
    assert first_day("got in last night", WED, future=False) == date(2026, 3, 3)
