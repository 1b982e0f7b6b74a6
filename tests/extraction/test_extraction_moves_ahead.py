"""A move still ahead is a plan of its own (``profile.move_city``, ``profile.move_date``),
never the home city now; a move made is the home city; a move called off forgets the plan;
someone else's move, or a move at work, is none of these (``core.extraction.move_ahead``).
Said on Wednesday 25 November 2026."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.extraction.offline import extract_offline

WEDNESDAY = datetime(2026, 11, 25, 18, 0, tzinfo=UTC)


def _read(text: str) -> dict[str, tuple[object, str]]:
    seen = extract_offline(text, at=WEDNESDAY).observations
    return {o.field: (o.candidate_value, o.intent) for o in seen}


@pytest.mark.parametrize(
    ("text", "city", "when"),
    [
        ("we're moving to denver next month", "Denver", "2026-12"),
        ("were moving to denver next month!!", "Denver", "2026-12"),
        ("closing on the new house in boise on the 15th", "Boise", "2026-12-15"),
        ("relocating to austin in january", "Austin", "2027-01"),
        ("were moving to denver on dec 12th", "Denver", "2026-12-12"),
        ("we'll move back to ohio in march", "Ohio", "2027-03"),
        ("we're moving to denver!!", "Denver", None),
    ],
)
def test_a_move_ahead_is_a_plan_with_its_day_and_no_home_yet(
    text: str, city: str, when: str | None
) -> None:
    read = _read(text)
    assert read["profile.move_city"] == (city, "planning")
    assert read.get("profile.move_date") == (None if when is None else (when, "planning"))
    assert "profile.home_city" not in read
    assert not any(f.startswith("travel.") for f in read)


@pytest.mark.parametrize(
    "text",
    ["the move fell through", "ugh our move is off", "we're not moving after all"],
)
def test_a_move_called_off_forgets_the_plan(text: str) -> None:
    read = _read(text)
    assert read["profile.move_city"] == (None, "retract")
    assert read["profile.move_date"] == (None, "retract")


@pytest.mark.parametrize(
    "text",
    [
        "my sister is moving to denver next month",
        "moving to the new office on monday",
        "we're moving to denver for the summer",
    ],
)
def test_someone_elses_move_or_a_move_at_work_is_no_move_of_ours(text: str) -> None:
    read = _read(text)
    assert not any(f.startswith("profile.") for f in read)


def test_a_move_made_is_the_home_city() -> None:
    read = _read("so we moved to denver!! closed on the house last week")
    assert read["profile.home_city"][0] == "Denver"
    assert "profile.move_city" not in read
