"""What the stories of ``tests/bot/test_told_stories_e2e.py`` read as, message by message:
both days of a trip said in one breath, a stay away and until when, a job left for another."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.extraction.offline import extract_offline

WEDNESDAY = datetime(2026, 11, 25, 18, 0, tzinfo=UTC)
SATURDAY = datetime(2026, 11, 28, 18, 0, tzinfo=UTC)
MONDAY_MIDNIGHT = "2026-11-30T00:00:00+00:00"


def _read(text: str, at: datetime) -> dict[str, tuple[object, str, str | None]]:
    """field -> (value, intent, valid_until) of what ``text`` says at ``at`` (a retraction
    beside a new value of the same field would show as a clash: there must be none)."""
    seen = extract_offline(text, at=at).observations
    assert len({o.field for o in seen}) == len(seen), seen
    return {
        o.field: (o.candidate_value, o.intent, o.valid_until and o.valid_until.isoformat())
        for o in seen
    }


@pytest.mark.parametrize(
    ("text", "depart", "back"),
    [
        ("leaving for tahoe sunday, flying back on the 2nd", "2026-11-29", "2026-12-02"),
        ("flying out sunday back on the 2nd", "2026-11-29", "2026-12-02"),
        ("flying out sunday, back on the 2nd", "2026-11-29", "2026-12-02"),
        ("we fly out on the 4th, back on the 9th", "2026-12-04", "2026-12-09"),
        ("we leave sunday and come back on the 2nd", "2026-11-29", "2026-12-02"),
        ("leaving for tahoe sunday, back the 5th", "2026-11-29", "2026-12-05"),
        # Leaving and home again, no place said: a trip planned both ways, never one over
        # (it once dated nothing: tests/extraction/test_extraction_way_home_days.py).
        ("we leave sunday, home the sat after", "2026-11-29", "2026-12-05"),
    ],
)
def test_setting_out_and_coming_back_date_one_planned_trip(
    text: str, depart: str, back: str
) -> None:
    read = _read(text, WEDNESDAY)
    assert read["travel.status"][:2] == ("planning", "planning")
    assert read["travel.depart_date"][0] == depart
    assert read["travel.return_date"][0] == back


@pytest.mark.parametrize("text", ["flying out sunday", "flying back from maui on the 22nd"])
def test_one_way_alone_plans_no_trip_with_two_days(text: str) -> None:
    read = _read(text, WEDNESDAY)
    assert not ("travel.depart_date" in read and "travel.return_date" in read)


@pytest.mark.parametrize(
    ("text", "at", "expected"),
    [
        # Ahead: a plan kept with its first day, ending with the weekend; nobody away now.
        (
            "the kids are at their dad's this weekend",
            WEDNESDAY,
            {"family.kids_away.schedule": ("2026-11-28", "planning", MONDAY_MIDNIGHT)},
        ),
        (
            "the kids are staying with their dad this weekend",
            WEDNESDAY,
            {"family.kids_away.schedule": ("2026-11-28", "planning", MONDAY_MIDNIGHT)},
        ),
        # Now: away, until the end of the day the words give.
        (
            "the kids are at their dad's this weekend",
            SATURDAY,
            {"family.kids.status": ("away", "assertive", MONDAY_MIDNIGHT)},
        ),
        (
            "kids r at their dads till sunday",
            WEDNESDAY,
            {"family.kids.status": ("away", "assertive", MONDAY_MIDNIGHT)},
        ),
        # No end said: away, with no end made up.
        ("emma is at grandma's", WEDNESDAY, {"family.emma.status": ("away", "assertive", None)}),
    ],
)
def test_a_stay_away_says_until_when(
    text: str, at: datetime, expected: dict[str, tuple[object, str, str | None]]
) -> None:
    assert _read(text, at) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("quit acme, starting at google monday", "Google"),
        ("i quit acme, and im starting at google monday", "Google"),
        ("i quit acme and start at google monday", "Google"),
        ("quit acme", None),
        ("quit acme, gonna take a break", None),
    ],
)
def test_a_job_left_for_another_is_the_new_employer(text: str, expected: str | None) -> None:
    value, intent, _ = _read(text, WEDNESDAY)["profile.employer"]
    assert (value, intent) == (expected, "assertive" if expected else "retract")


SUNDAY_MORNING = datetime(2026, 11, 29, 16, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "at", "depart", "back"),
    [
        # Said on the Sunday: today, and back today (``core.extraction.day_trips``).
        ("day trip to seattle sunday", SUNDAY_MORNING, "2026-11-29", "2026-11-29"),
        ("day trip to seattle on sunday!", SUNDAY_MORNING, "2026-11-29", "2026-11-29"),
        ("heading to seattle sunday, back tonight", SUNDAY_MORNING, "2026-11-29", "2026-11-29"),
        ("going to seattle sunday back tonight", SUNDAY_MORNING, "2026-11-29", "2026-11-29"),
        # "next sunday" is next week's, a day trip still: back the day it leaves.
        ("day trip to seattle next sunday", SUNDAY_MORNING, "2026-12-06", "2026-12-06"),
        # Said on Wednesday: the coming Sunday, back the same day.
        ("day trip to seattle sunday", WEDNESDAY, "2026-11-29", "2026-11-29"),
    ],
)
def test_a_same_day_trip_leaves_and_comes_back_on_one_day(
    text: str, at: datetime, depart: str, back: str
) -> None:
    read = _read(text, at)
    assert read["travel.depart_date"][0] == depart
    assert read["travel.return_date"][0] == back


@pytest.mark.parametrize(
    ("text", "depart", "back"),
    [
        # Said on the Sunday: a departure on the weekday named today is today's, whatever
        # the trip (a day trip said the same way leaves today too).
        ("heading to seattle sunday", "2026-11-29", None),
        ("leavin for seattle sunday", "2026-11-29", None),
        ("flying to seattle on sunday, back wednesday", "2026-11-29", "2026-12-02"),
        # Next week's is said so.
        ("heading to seattle next sunday", "2026-12-06", None),
    ],
)
def test_a_departure_on_the_weekday_naming_today_leaves_today(
    text: str, depart: str, back: str | None
) -> None:
    """ "heading to seattle sunday" said on a Sunday left next Sunday while "day trip to
    seattle sunday" left today: one reading for both, the one a person means (story23)."""
    read = _read(text, SUNDAY_MORNING)
    assert read["travel.depart_date"][0] == depart
    assert read.get("travel.return_date", (None, "", None))[0] == back


@pytest.mark.parametrize(
    "text",
    [
        "return the amazon package before tahoe, leaving sunday",
        "return the amazon package b4 tahoe, leavin sunday",
    ],
)
def test_an_errand_typed_as_a_to_do_keeps_the_trip_it_is_due_before(text: str) -> None:
    read = _read(text, WEDNESDAY)
    assert read["travel.destination"][:2] == ("Tahoe", "planning")
    assert read["travel.depart_date"][0] == "2026-11-29"
    assert read["financial.amazon_return.status"][:2] == ("due", "planning")
    assert read["financial.amazon_return.due_date"][0] == "2026-11-29"


@pytest.mark.parametrize(
    ("text", "went", "where"),
    [
        # A place reached, then "back in" another: a trip there that is over (story23).
        ("flew to denver last night, back in portland this morning", "Denver", "Portland"),
        ("flew 2 denver last nite n back in portland this morning", "Denver", "Portland"),
        ("flew to denver yesterday, now back in portland", "Denver", "Portland"),
        ("in denver till yesterday, back in portland now", "Denver", "Portland"),
        # "and back home" after a journey to a named place is a clause of its own.
        ("flew to denver last night and back home this morning", None, None),
        ("drove to eugene yesterday and back home now", None, None),
    ],
)
def test_there_and_back_in_one_line_is_a_trip_that_is_over(
    text: str, went: str | None, where: str | None
) -> None:
    read = _read(text, WEDNESDAY)
    assert read["travel.status"][0] == "completed"
    assert read.get("travel.destination", (None, "", None))[0] == went
    assert read.get("travel.location", (None, "", None))[0] == where


@pytest.mark.parametrize(
    "text", ["went to the store and back home now", "went to the gym and back home now"]
)
def test_an_errand_and_back_home_is_no_trip(text: str) -> None:
    assert "travel.status" not in _read(text, WEDNESDAY)


def test_a_return_counted_from_a_departure_named_today_moves_with_it() -> None:
    """ "on sunday, back the following wed" said on the Sunday: the departure is today, and
    the return counted from it is the Wednesday after today, not after next Sunday."""
    read = _read("driving to seattle on sunday, back the following wed", SUNDAY_MORNING)
    assert read["travel.depart_date"][0] == "2026-11-29"
    assert read["travel.return_date"][0] == "2026-12-02"
