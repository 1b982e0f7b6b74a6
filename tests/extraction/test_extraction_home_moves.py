"""A new home said the way people say it after a move.

"just moved into our new place in austin", "now living in denver", and "now in Leeds"
after "we moved house" name the home city, not a trip; a stay for work this week, someone
else's move, a meeting moved and an arrival keep their own readings.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.extraction.offline import extract_offline

AT = datetime(2026, 11, 28, 15, 0, tzinfo=UTC)


def _claims(text: str) -> dict[str, object]:
    found = extract_offline(text, at=AT).observations
    return {o.field: o.candidate_value for o in found if o.intent in ("assertive", "planning")}


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("now living in denver", "Denver"),
        ("living in denver now", "Denver"),
        ("just moved into our new place in austin", "Austin"),
        ("we moved house, now in Leeds", "Leeds"),
        ("we've moved flat, now in Leeds", "Leeds"),
        ("we moved! now living in denver", "Denver"),
    ],
)
def test_the_new_home(text: str, city: str) -> None:
    got = _claims(text)
    assert got.get("profile.home_city") == city
    assert "travel.location" not in got


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("we moved the meeting, now in denver", "travel.location"),
        ("landed, now in denver", "travel.location"),
    ],
)
def test_being_somewhere_after_other_news_is_where_one_is(text: str, field: str) -> None:
    got = _claims(text)
    assert got.get(field) == "Denver"
    assert "profile.home_city" not in got


@pytest.mark.parametrize(
    "text",
    [
        "now living in denver for work this week",
        "my sister just moved into a new place in austin",
        "living in denver was great",
    ],
)
def test_a_stay_a_story_or_someone_else_is_no_new_home(text: str) -> None:
    assert "profile.home_city" not in _claims(text)
