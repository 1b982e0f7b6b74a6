"""When something was said, in words that hold when shown (``said_when``): a table of
moments seen from one ``now`` on the user's clock, and the question's why line rendered
from the ``now`` it is shown at (``reason_line``), never the moment it was first asked."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.domain.phrasing_reasons import reason_line
from core.domain.said_when import said_when

LA = "America/Los_Angeles"
NOW = datetime(2026, 12, 3, 18, 0, tzinfo=UTC)
"""Thursday 3 December 2026, 10 am in Los Angeles."""


@pytest.mark.parametrize(
    ("ago", "said"),
    [
        (timedelta(seconds=30), "just now"),
        (timedelta(minutes=20), "20 minutes ago"),
        (timedelta(minutes=75), "an hour ago"),
        (timedelta(hours=3), "this morning"),  # 7 am
        (timedelta(hours=13), "yesterday evening"),  # Wednesday 9 pm
        (timedelta(hours=20), "yesterday afternoon"),  # Wednesday 2 pm
        (timedelta(hours=26), "yesterday morning"),  # Wednesday 8 am
        (timedelta(days=2), "on Tuesday"),
        (timedelta(days=5), "on Saturday"),
        (timedelta(days=9), "on Tuesday, November 24"),
    ],
)
def test_a_moment_is_said_from_now_on_the_users_clock(ago: timedelta, said: str) -> None:
    assert said_when(NOW - ago, NOW, LA) == said


def test_the_users_clock_decides_what_yesterday_is() -> None:
    # 11 pm Wednesday in Los Angeles is Thursday in UTC: still yesterday evening for her.
    then = datetime(2026, 12, 3, 7, 0, tzinfo=UTC)
    assert said_when(then, NOW, LA) == "yesterday evening"
    assert said_when(then, NOW, "UTC") == "this morning"


def test_the_why_line_is_rendered_from_the_now_it_is_shown_at() -> None:
    asked = datetime(2026, 12, 3, 4, 30, tzinfo=UTC)  # Wednesday 8:30 pm in Los Angeles
    source = "conversation_assertive:tg:1:2"
    assert reason_line(source, (), asked, asked, LA).startswith("you said it just now")
    assert reason_line(source, (), asked, NOW, LA).startswith("you said it yesterday evening")
    assert reason_line(source, (), asked, NOW + timedelta(days=2), LA).startswith(
        "you said it on Wednesday"
    )
    assert reason_line(source, (), asked).startswith("you said it")


@given(st.integers(min_value=0, max_value=60 * 24 * 60))
def test_it_never_says_just_now_of_a_moment_minutes_old(minutes: int) -> None:
    said = said_when(NOW - timedelta(minutes=minutes), NOW, LA)
    assert (said == "just now") == (minutes < 2), (minutes, said)
