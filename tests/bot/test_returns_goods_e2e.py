"""A return remembers its goods, end to end through the bot: "need to send back the amazon
boots before we leave" makes the Amazon return due, and "dropped the boots at ups" later
is that return gone back (asked, as Canon chose the errand), never "Is Boots cancelled?";
of two returns due, the goods named say which, without asking which one. Restarts in the
middle, lower case and the chat's own asides, as the playground found it.
"""

from __future__ import annotations

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

pytestmark = pytest.mark.timeout(300)

AMAZON = "financial.amazon_return.status"
ZARA = "financial.zara_return.status"
TRIP = "ok so we're off to tahoe on saturday, need to send back the amazon boots before we leave"
MARK_AMAZON = "Mark the Amazon return done?"


async def first_lines(story: Story) -> list[str]:
    """Yes to each question Canon asks; their first lines."""
    return [q.split("\n")[0] for q in await story.yes_to_all()]


async def boots_due(start_bot: StartBot, tg: FakeTelegram) -> Story:
    """The trip and the Amazon boots to send back before it, each question answered Yes."""
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    await tg.reply_after(ALICE, story.says(TRIP), "")
    await story.yes_to_all()
    assert await story.held(AMAZON) == "due"
    return story


@pytest.mark.parametrize(
    "done",
    [
        "oh and i dropped the boots at ups on the way up",
        "dropped the amazon package at the ups store",
        "boots are back with amazon",
        "sent the boots back",
        "dropped the boots off at the post office this morning",
        "i sent the boots today finally",  # no "back": the goods are the errand's own
        "The amazon package I sent it yesterday",  # the goods first, then "it"
    ],
)
async def test_the_goods_named_mark_their_return_done(
    tg: FakeTelegram, start_bot: StartBot, done: str
) -> None:
    story = await boots_due(start_bot, tg)
    # "Pending" lists the questions and, apart, what is still to do: the return, until done.
    pending = (await story.hears("/pending", "")).text
    assert "\n\nStill to do:\n• the Amazon return, due" in pending, pending
    story.later(days=3)  # Saturday, on the way up
    await tg.reply_after(ALICE, story.says(done), "")
    await story.restart(start_bot)  # stopped while the question is open
    assert await first_lines(story) == [MARK_AMAZON]
    assert await story.held(AMAZON) == "pending"
    assert await story.held("project.boots.status") is None
    plate = (await story.hears("what's on my plate?", "")).text
    assert "the Amazon return is due" not in plate, plate
    pending = (await story.hears("what's pending?", "")).text
    assert "Amazon" not in pending, pending


@pytest.mark.parametrize(
    "said",
    [
        "gonna drop the boots at ups tomorrow",  # a plan
        "did you drop the boots at ups?",  # a question
        "she dropped the boots at ups",  # someone else's doing
        "haven't dropped the boots at ups yet",  # a denial
        "dropped the kids at school",  # other things, left somewhere else
        "dropped the boots at my mom's",  # left with family, not sent back
        "the amazon package I need to send it",  # the goods first, a plan
    ],
)
async def test_look_alikes_leave_the_return_due(
    tg: FakeTelegram, start_bot: StartBot, said: str
) -> None:
    story = await boots_due(start_bot, tg)
    story.later(hours=6)
    await tg.reply_after(ALICE, story.says(said), "")
    await story.restart(start_bot)
    asked = await story.yes_to_all()
    assert not any("Amazon" in q or "cancelled" in q for q in asked), asked
    assert await story.held(AMAZON) == "due"
    assert await story.held("project.boots.status") is None


@pytest.mark.parametrize(
    ("done", "asked", "held"),
    [
        ("sent the jacket back", "Mark the Zara return done?", {AMAZON: "due", ZARA: "pending"}),
        ("dropped the boots at ups", MARK_AMAZON, {AMAZON: "pending", ZARA: "due"}),
    ],
)
async def test_of_two_returns_the_goods_named_say_which(
    tg: FakeTelegram, start_bot: StartBot, done: str, asked: str, held: dict[str, str]
) -> None:
    story = await boots_due(start_bot, tg)
    await tg.reply_after(ALICE, story.says("also gotta return the zara jacket by friday"), "")
    await story.yes_to_all()
    assert await story.held(ZARA) == "due"
    story.later(days=1)
    await tg.reply_after(ALICE, story.says(done), "")
    await story.restart(start_bot)
    assert await first_lines(story) == [asked]  # no "Which one went back"
    for field, value in held.items():
        assert await story.held(field) == value, field


async def test_dropping_a_project_is_still_called_off(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """The control: a project dropped, with the boots still due, stays a project dropped."""
    story = await boots_due(start_bot, tg)
    await tg.reply_after(ALICE, story.says("dropped the side project"), "")
    asked = await story.yes_to_all()
    assert not any("Amazon" in q for q in asked), asked
    assert await story.held(AMAZON) == "due"
    assert await story.held("project.side_project.status") == "cancelled"
