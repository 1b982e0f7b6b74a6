"""The errand beside the trip, as people say it, through the bot (the strict Bot API
double, the offline extractor, a clock the story moves on): said again back home, an
errand is told as a person tells it, never by its field's name."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

pytestmark = pytest.mark.timeout(200)

TUESDAY_MORNING = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
"""Tuesday 1 December 2026, 9 am in Portland."""


async def test_an_errand_said_again_back_home_is_said_as_a_person_says_it(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears("gotta return the amazon boots", "Amazon")
    await story.yes_to_all()
    assert await story.held("financial.amazon_return.status") == "due"
    story.later(days=1)
    again = await story.hears("gotta return the amazon boots", "Amazon")
    assert "the Amazon return is still to do" in again.text, again.text
    assert "status" not in again.text, again.text
