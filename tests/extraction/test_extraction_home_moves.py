"""A new home said the way people say it after a move.

"just moved into our new place in austin", "now living in denver", and "now in Leeds"
after "we moved house" name the home city, not a trip; a stay for work this week, someone
else's move, a meeting moved and an arrival keep their own readings.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said


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
    got = facts_said(text)
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
    got = facts_said(text)
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
    assert "profile.home_city" not in facts_said(text)
