"""A speaker's aside between commas inside a clause ("My brother Tom, by the way, just
moved to Austin") leaves the clause its own subject: Tom's move is not the writer's, where
the aside cut the subject off and "just moved to Austin" read as the writer's new home.
Before a subject of its own ("…, by the way, I'm in Denver") the aside changes nothing."""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said


@pytest.mark.parametrize(
    "text",
    [
        "My brother Tom, by the way, just moved to Austin and starts his new job on Monday.",
        "my brother tom, btw, just moved to austin",
        "Tom, as you know, moved to Austin last month.",
        "my sister, incidentally, just moved to boston",
        "Our neighbour, fyi, has moved to Leeds.",
    ],
)
def test_someone_elses_move_with_an_aside_is_not_the_writers(text: str) -> None:
    got = facts_said(text)
    assert "profile.home_city" not in got, got
    assert "travel.location" not in got, got


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # The writer's own, the aside before or inside their clause: still theirs.
        ("I, by the way, just moved to Austin.", "profile.home_city", "Austin"),
        ("oh, by the way, I'm in Denver now", "travel.location", "Denver"),
        ("We're in Tahoe, by the way, since Sunday.", "travel.location", "Tahoe"),
    ],
)
def test_the_writers_own_news_around_an_aside_stays(text: str, field: str, value: str) -> None:
    assert facts_said(text).get(field) == value, facts_said(text)
