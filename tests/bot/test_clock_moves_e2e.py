"""The clock moves; what Canon says must stay true (issue 24). Stories told through the
bot on an explicit clock, each asked again after the day its words end."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import StartBot
from fakes.telegram_api import FakeTelegram
from storykit import Story

pytestmark = pytest.mark.timeout(120)

MONDAY = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
"""Monday 30 November 2026, 10:00 in Portland."""


async def test_the_acknowledgement_says_today_and_yesterday_where_they_are(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg, now=MONDAY)
    await story.start(start_bot)
    story.says("i live in portland")
    await story.yes("Do you live in Portland?")
    await story.hears("planing a trip to tahoe next weekend", "plan")
    noted = await story.hears("were already in tahoe, got in last nite", "Noted")
    assert noted.text.endswith("you left yesterday."), noted.text
    story.later(hours=6)
    noted = await story.hears("we got back home today", "Noted")
    assert "back today" in noted.text, noted.text
    assert "Monday, November 30" not in noted.text


async def test_a_stay_confirmed_by_yes_ends_when_its_words_said(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg, now=datetime(2026, 11, 28, 18, 0, tzinfo=UTC))  # Saturday
    await story.start(start_bot)
    story.says("i live in portland")
    await story.yes("Do you live in Portland?")
    story.says("kids r at their dads till sunday")
    await story.yes("Are your kids away today?")
    fact = await story.engine.store.fact("user:primary", "family.kids.status")
    assert fact is not None and fact.valid_until is not None, "the end the words gave"
    assert "Your kids are away" in (await story.hears("what do you know about me", "Here")).text
    story.now = MONDAY
    told = await story.told()
    assert "kids are away" not in told.lower(), told
    block = await story.block()
    assert "kids.status = away" not in block.split("Expired")[0], block
