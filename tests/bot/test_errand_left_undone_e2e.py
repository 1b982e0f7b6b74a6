"""The founding story's errand, told when the trip begins: Alice plans Tahoe and the Amazon
return "before we go", says Yes to its day, and four days later writes from Tahoe. The
arrival's reply names the return as due before she left and asks whether it is still to
do, instead of only "your trip is under way" (the errand would be listed as overdue a day
later). Once she says it went back, it is no longer due, and the next arrival names none.
"""

from __future__ import annotations

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

from core.domain.policy import default_policy

pytestmark = pytest.mark.timeout(300)

LEFT_UNDONE = (
    "The Amazon return was due before you left (Sunday, November 29): still to do? "
    "Tell me when it's done."
)


async def test_the_arrival_names_the_errand_left_undone_until_it_is_done(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    story.says("going to tahoe sunday, need to return the amazon package before we go")
    await story.yes("Is the Amazon return due Sunday, November 29?")

    story.later(days=4)
    arrived = await story.hears("made it to tahoe!! drove up this morning w the kids", "Noted")
    assert "your trip is under way" in arrived.text, arrived.text
    assert LEFT_UNDONE in arrived.text, arrived.text
    assert await story.held("financial.amazon_return.status") == "due"

    # Sent back: asked (the wording leaves the resolver unsure), and on a Yes the return
    # awaits its refund, no longer due.
    story.says("dropped off the amazon package")
    await story.yes("Mark the Amazon return done?")
    assert await story.held("financial.amazon_return.status") == "pending"

    story.later(days=3)
    story.says("phew back home, kids asleep")
    await story.yes("Back home in Portland?")
    story.later(days=1)
    await story.hears("leavin for tahoe wed w the kids", "as planned")
    story.later(days=6)
    again = await story.hears("made it to tahoe!! drove up this morning", "Noted")
    assert "your trip is under way" in again.text, again.text
    assert "was due before you left" not in again.text, again.text
    assert await story.held("travel.status") == "in_progress"
    assert not tg.open_prompts(ALICE), [p.text for p in tg.open_prompts(ALICE)]


async def test_a_yes_that_sets_the_trip_under_way_names_the_errand_left_undone(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """While calibrating, an arrival before the plan's day is asked; the Yes that sets the
    trip under way names the errand due by the day the trip in fact began (Thursday)."""
    story = Story(tg)
    await story.start(start_bot, default_policy())
    story.says("i live in portland")
    await story.yes("Do you live in Portland?")
    story.says("going to tahoe sunday")
    await story.yes("Is all of this right?")
    story.says("need to return the amazon package thursday")
    await story.yes("Is the Amazon return due Thursday, November 26?")
    story.later(days=2)
    story.says("were already in tahoe, got in last nite")
    asked = await story.yes("Did you leave on Thursday, November 26?")
    assert "Is your trip under way?" in asked, asked
    told = await tg.reply_after(ALICE, 0, "was due before you left")
    assert told.text == (
        "The Amazon return was due before you left (Thursday, November 26): still to do? "
        "Tell me when it's done."
    )
    assert await story.held("travel.status") == "in_progress"


async def test_an_errand_said_done_on_the_way_is_asked_not_told_as_left_undone(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Found in the playground: "dropped the boots at the ups store on the way up lol.
    we're here now!" was answered "The Amazon return was due before you left: still to
    do? Tell me when it's done." and then "Mark the Amazon return done?", one after the
    other. The errand asked as done is not told as left undone; the question asks it."""
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    story.says("going to tahoe sunday, need to return the amazon package before we go")
    await story.yes("Is the Amazon return due Sunday, November 29?")

    story.later(days=4)
    seen = len(tg.bot_messages(ALICE))
    story.says("dropped off the amazon package on the way up lol. made it to tahoe!!")
    await story.yes("Mark the Amazon return done?")
    told = [m.text for m in tg.bot_messages(ALICE)[seen:]]
    assert any("your trip is under way" in t for t in told), told
    assert not any("was due before you left" in t for t in told), told
    assert await story.held("financial.amazon_return.status") == "pending"
    assert await story.held("travel.status") == "in_progress"


async def test_a_yes_that_sets_the_trip_under_way_leaves_out_an_errand_asked_as_done(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg)
    await story.start(start_bot, default_policy())
    story.says("i live in portland")
    await story.yes("Do you live in Portland?")
    story.says("going to tahoe sunday")
    await story.yes("Is all of this right?")
    story.says("need to return the amazon package thursday")
    await story.yes("Is the Amazon return due Thursday, November 26?")
    story.later(days=2)
    seen = len(tg.bot_messages(ALICE))
    story.says("were already in tahoe, got in last nite. dropped off the amazon package on the way")
    await story.yes("Did you leave on Thursday, November 26?")
    await story.yes("Mark the Amazon return done?")
    told = [m.text for m in tg.bot_messages(ALICE)[seen:]]
    assert not any("was due before you left" in t for t in told), told
    assert await story.held("travel.status") == "in_progress"
    assert await story.held("financial.amazon_return.status") == "pending"


async def test_an_errand_due_before_that_follows_the_trip_that_left_early(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Another voice: "before that only" is before the trip the same message plans, so the
    errand follows the trip when it leaves early and is named when she writes from there,
    not left due a day after she left."""
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    story.says(
        "me and hubby are going to goa day after tomorrow, "
        "need to return the myntra order before that only"
    )
    await story.yes("Is the Myntra return due Friday, November 27?")

    story.later(days=1)
    arrived = await story.hears("plan changed, we reached goa last night itself", "Noted")
    assert "your trip is under way" in arrived.text, arrived.text
    assert (
        "The Myntra return was due before you left (Wednesday, November 25): still to do?"
        in arrived.text
    ), arrived.text
    assert await story.held("financial.myntra_return.due_date") == "2026-11-25"
