"""A family member away till a day, through the real chat: "Mike is in chicago till
thursday" was kept as "Mike is away" in /state, the day he is back lost. Now /state says
"Mike is away until Thursday, December 3"; away with no day says no day, and once the day
has gone by the line is no longer one of how things are."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

pytestmark = pytest.mark.timeout(150)

TUESDAY_MORNING = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
"""Tuesday 1 December 2026, 9 am in Portland."""


@pytest.mark.parametrize(
    ("said", "shown"),
    [
        ("Mike is in chicago till thursday", "Mike is away until Thursday, December 3"),
        ("my husband is on a business trip until friday", "until Friday, December 4"),
    ],
)
async def test_a_member_away_till_a_day_keeps_the_day(
    tg: FakeTelegram, start_bot: StartBot, said: str, shown: str
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears(said, "")
    await story.yes_to_all()
    state = await story.hears("/state", "Family")
    assert shown in state.text, state.text
    story.later(days=4)
    later = await story.hears("/state", "Family")
    assert shown not in later.text, "a day gone by is no longer how things are"


async def test_away_with_no_day_says_no_day(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears("mike is away", "")
    await story.yes_to_all()
    state = await story.hears("/state", "Family")
    assert "Mike is away —" in state.text, state.text
    assert "until" not in state.text, state.text
