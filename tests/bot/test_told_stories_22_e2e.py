"""Stories of the twenty-second round told through the bot as people type them (the Bot
API double, the offline extractor, a clock the story moves on, restarts where they
matter): an errand and the trip it is due before in one message, and a correction that
names a part of a plan already held. Each is judged as a whole: /state, "where am i",
"what do you know about me" and the context block must be able to be true together."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

pytestmark = pytest.mark.timeout(120)


@pytest.mark.parametrize(
    "said",
    [
        "return the amazon package before tahoe, leaving sunday",
        "return the amazon package b4 tahoe, leavin sunday",
    ],
)
async def test_the_errand_and_the_trip_it_is_due_before_in_one_message(
    tg: FakeTelegram, start_bot: StartBot, said: str
) -> None:
    """Both are kept: the trip to Tahoe as a plan leaving Sunday, the errand due before it
    (by the day they leave), and neither says the user is in Tahoe."""
    story = Story(tg)
    await story.start(start_bot)
    story.says("i live in portland")
    await story.yes("Do you live in Portland?")
    story.says(said)
    # Asked one after the other: the errand, then the trip (leaving the day it is due).
    await story.yes("Is the Amazon return due Sunday, November 29?")
    trip = await story.yes("Tahoe")
    assert "Do you leave on Sunday, November 29?" in trip
    assert not tg.open_prompts(ALICE)
    assert await story.held("travel.destination") == "Tahoe"
    assert await story.held("travel.status") == "planning"
    assert await story.held("travel.depart_date") == "2026-11-29"
    assert await story.held("financial.amazon_return.status") == "due"
    assert await story.held("financial.amazon_return.due_date") == "2026-11-29"
    told = await story.told()
    assert "trip to Tahoe planned" in told
    assert "leaving Sunday, November 29" in told
    assert "Amazon return" in told
    assert "in tahoe" not in told.lower()

    await story.restart(start_bot)
    story.now = datetime(2026, 11, 28, 18, 0, tzinfo=UTC)  # Saturday, the day before
    told = await story.told()
    assert "in tahoe" not in told.lower()
    assert "Tomorrow" in (await story.hears("what's on my plate?", "Coming up")).text
    block = await story.block()
    assert "travel.destination = Tahoe" in block
    assert "financial.amazon_return.due_date = 2026-11-29" in block
    assert "Conflicts" not in block
