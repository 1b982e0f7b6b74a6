"""A trip that leaves and comes back the same day, told through the bot on the day itself
(the Bot API double, the offline extractor, a clock the story moves on, a restart).

"day trip to seattle sunday" said on a Sunday morning leaves today, not next Sunday, and
comes back today; "back tonight" beside it is the same day, never a return a week before
the departure. At every step /state, "where am i", "what do you know about me" and the
context block tell one story.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

pytestmark = pytest.mark.timeout(120)

SUNDAY_MORNING = datetime(2026, 11, 29, 16, 0, tzinfo=UTC)
"""Sunday 29 November 2026, 8 am in Portland."""


async def _home_in_portland_on_sunday(tg: FakeTelegram, start_bot: StartBot) -> Story:
    story = Story(tg, now=SUNDAY_MORNING)
    await story.start(start_bot)
    story.says("i live in portland")
    await story.yes("Do you live in Portland?")
    return story


@pytest.mark.parametrize(
    ("said", "asked"),
    [
        ("day trip to seattle sunday!!", None),
        # "back tonite" is news (asked), the trip's way out a plan.
        ("headin up to seattle sunday, back tonite", "Are you back on Sunday, November 29?"),
    ],
)
async def test_a_trip_named_by_todays_weekday_leaves_and_comes_back_today(
    tg: FakeTelegram, start_bot: StartBot, said: str, asked: str | None
) -> None:
    story = await _home_in_portland_on_sunday(tg, start_bot)
    await story.hears(said, "plan")
    if asked is not None:
        await story.yes(asked)
    assert await story.held("travel.destination") == "Seattle"
    assert await story.held("travel.depart_date") == "2026-11-29"
    assert await story.held("travel.return_date") == "2026-11-29"
    told = await story.told()
    assert "December 6" not in told, "not next Sunday"
    assert "Seattle" in told
    block = await story.block()
    assert "Conflicts" not in block
    assert "travel.depart_date = 2026-11-29" in block

    await story.restart(start_bot)
    story.now = datetime(2026, 11, 29, 19, 30, tzinfo=UTC)  # 11:30 am
    await story.hears("made it to seattle!", "Seattle")
    assert await story.held("travel.location") == "Seattle"
    where = await story.hears("where am i", "In Seattle")
    assert "Portland" not in where.text.split("back")[0]
    assert "Conflicts" not in await story.block()

    story.now = datetime(2026, 11, 30, 6, 30, tzinfo=UTC)  # 10:30 pm, home again
    await story.hears("ok home now, long day", "home")
    if await story.held("travel.status") != "completed":
        await story.yes("Back home in Portland?")
    story.now = datetime(2026, 11, 30, 17, 0, tzinfo=UTC)  # Monday morning
    await story.restart(start_bot)
    told = await story.told()
    assert "In Portland" in told or "Home in Portland" in told
    assert "in Seattle" not in told.replace("trip to Seattle", "")
    assert "Conflicts" not in await story.block()
    assert not tg.open_prompts(ALICE)
