"""The errand beside the trip, as people say it, through the bot (the strict Bot API
double, the offline extractor, a clock the story moves on): said again back home, an
errand is told as a person tells it, never by its field's name."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import ALICE, StartBot
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


async def test_an_errand_for_when_we_get_back_is_kept_for_the_day_back(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """ "remind me to return the amazon thing when we get back" got "I can't do that
    myself" and nothing was kept; now it is asked for the day the trip comes back, and
    the founding story ends right: the return after the trip, not before it."""
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears("were going to tahoe sat, back monday", "")
    await story.yes_to_all()
    assert await story.held("travel.return_date") == "2026-12-07"
    asked = await story.hears("remind me to return the amazon thing when we get back", "Amazon")
    assert "can't do that myself" not in asked.text, asked.text
    assert "Monday, December 7" in asked.text, asked.text
    await story.yes_to_all()
    assert await story.held("financial.amazon_return.status") == "due"
    assert await story.held("financial.amazon_return.due_date") == "2026-12-07"
    due = await story.hears("whats due", "Amazon")
    assert "Monday, December 7" in due.text, due.text
    assert "Saturday, December 5" not in due.text, due.text


@pytest.mark.parametrize(
    "said",
    [
        "do i need to return the amazon thing when we get back?",
        "my sister has to return her zara dress when they get back",
        "returned the amazon thing when we got back last time",
    ],
)
async def test_look_alikes_of_an_errand_for_the_way_back_keep_nothing(
    tg: FakeTelegram, start_bot: StartBot, said: str
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears("were going to tahoe sat, back monday", "")
    await story.yes_to_all()
    await story.hears(said)
    await story.quiet()
    assert not [p for p in tg.open_prompts(ALICE) if "December 7" in p.text]
    assert await story.held("financial.amazon_return.due_date") is None
    assert await story.held("financial.zara_return.due_date") is None
