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
    # Asked one after the other: the trip first (of one message's questions the trip's
    # word changes most), then the errand, due the day they leave.
    trip = await story.yes("Tahoe")
    assert "Do you leave on Sunday, November 29?" in trip
    await story.yes("Is the Amazon return due Sunday, November 29?")
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


@pytest.mark.parametrize(
    "said", ["actually the return is wrong", "no wait the return date is wrong"]
)
async def test_a_part_of_the_plan_called_wrong_asks_for_its_right_value(
    tg: FakeTelegram, start_bot: StartBot, said: str
) -> None:
    """ "the return is wrong" names a part of the trip held: Canon asks for the right
    return (an Edit, waiting across a restart) instead of "nothing changed", and the
    value typed is the return from then on, everywhere."""
    story = Story(tg)
    await story.start(start_bot)
    await story.hears("leaving for tahoe sunday, flying back on the 2nd", "plan")
    await story.hears(said, "What is the correct value for your return date?")
    await story.restart(start_bot)
    await story.hears("the 3rd", "Your return date is Thursday, December 3")
    assert await story.held("travel.return_date") == "2026-12-03"
    assert await story.held("travel.depart_date") == "2026-11-29"
    told = await story.told()
    assert "back Thursday, December 3" in told
    assert "December 2" not in told
    block = await story.block()
    assert "travel.return_date = 2026-12-03" in block
    assert "Conflicts" not in block


async def test_the_flight_home_is_the_3rd_not_the_2nd_asks_the_new_return(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg)
    await story.start(start_bot)
    await story.hears("leaving for tahoe sunday, flying back on the 2nd", "plan")
    story.says("the flight home is the 3rd not the 2nd")
    asked = await story.yes("Are you back on Thursday, December 3?")
    assert "until now: Wednesday, December 2" in asked
    assert await story.held("travel.return_date") == "2026-12-03"
    assert "December 2" not in await story.told()


async def test_news_that_something_is_off_is_no_correction(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Only a part Canon holds is corrected: "the wifi is off" is no /wrong."""
    story = Story(tg)
    await story.start(start_bot)
    await story.hears("leaving for tahoe sunday, flying back on the 2nd", "plan")
    story.says("ugh the wifi is off")
    await story.told()  # the replies to it and to these, in order
    assert not any("correct value" in m.text for m in tg.bot_messages(ALICE))
    assert await story.held("travel.return_date") == "2026-12-02"
