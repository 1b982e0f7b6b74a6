"""A day of the month without its ending, and which "next <weekday>" a trip leaves on.

"back on the 13", "till the 20", "home by the 5", "due the 10", "sunday the 6": a bare
number after "the" is a day where a word that takes a date (or a weekday) stands before
it and nothing a count is followed by comes after; "the 13 of us", "the 5 train", "room
on the 3", "till the 20s" are no days. "Next sunday ..., back on the 13th", typed on
Wednesday 2 December, leaves this coming Sunday (the 6th): next week's would leave the day
it is back.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from core.extraction.offline import extract_offline
from core.extraction.timeexpr import find_times

WEDNESDAY = datetime(2026, 12, 2, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("we're back on the 13", date(2026, 12, 13)),
        ("staying till the 20", date(2026, 12, 20)),
        ("we'll be home by the 5, promise", date(2026, 12, 5)),
        ("the rent is due the 10", date(2026, 12, 10)),
        ("we fly sunday the 6", date(2026, 12, 6)),
        ("leaving on the 7 with the kids", date(2026, 12, 7)),
        ("from the 6 to the 13", date(2026, 12, 6)),
        ("back on the 13th", date(2026, 12, 13)),
        # A word said after a day, never after a count: the day stands.
        ("we leave saturday the 5 actually", date(2026, 12, 5)),
        ("back on the 13 though", date(2026, 12, 13)),
        ("till the 20 anyway", date(2026, 12, 20)),
    ],
)
def test_a_bare_day_after_a_date_word_is_that_day(text: str, day: date) -> None:
    assert [t.day for t in find_times(text, WEDNESDAY)][:1] == [day]


@pytest.mark.parametrize(
    "text",
    [
        "the 13 of us are going",
        "we take the 5 train",
        "i have the 2 kids all week",
        "my room on the 3 is fine",
        "it took the 10 minutes",
        "she lived there till the 20s",
        "home by the 5 train",
        "see you on the 3 o'clock call",
        "the 13 of us actually",
        "my room on the 3 actually",
    ],
)
def test_a_count_or_a_name_after_the_is_no_day(text: str) -> None:
    assert find_times(text, WEDNESDAY) == []


def _days(text: str) -> tuple[object, object]:
    seen = {o.field: o for o in extract_offline(text, at=WEDNESDAY).observations}
    depart, back = seen.get("travel.depart_date"), seen.get("travel.return_date")
    return (
        depart and depart.candidate_value,
        back and (back.candidate_value, back.extraction_confidence),
    )


@pytest.mark.parametrize(
    ("text", "depart", "back"),
    [
        # Next week's Sunday would leave the day it is back: this coming one.
        (
            "salut! so next sunday we leave for tahoe with the kids, back on the 13th",
            "2026-12-06",
            "2026-12-13",
        ),
        ("next saturday we fly to denver, back on the 8", "2026-12-05", "2026-12-08"),
        ("we fly to denver next friday and come back on the 11th", "2026-12-04", "2026-12-11"),
        # Both readings leave before the return: next week's, as before.
        ("next sunday we leave for tahoe, back on the 20th", "2026-12-13", "2026-12-20"),
        ("next sunday we leave for tahoe, back on the 14th", "2026-12-13", "2026-12-14"),
        # No return said: "next sunday" stays next week's.
        ("next sunday we leave for tahoe", "2026-12-13", None),
    ],
)
def test_next_weekday_is_the_one_that_leaves_before_the_return(
    text: str, depart: str, back: str | None
) -> None:
    left, returned = _days(text)
    assert left == depart
    assert (returned and returned[0]) == back
    assert returned is None or returned[1] >= 0.9  # no slip asked: the days hold together
