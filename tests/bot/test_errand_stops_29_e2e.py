"""Errands in town during the founding story, end to end through the bot (the Bot API
double, the offline extractor, a clock the story moves on, a restart after each message):
Alice plans Tahoe for Sunday with the Amazon return due before it, then spends Thursday
and Friday in her own area ("at costco in burbank, need anything?", "stuck at the dmv",
"at st marys now", "at the kids school for pickup"). None of it is a trip: nothing is asked,
the trip stays planned, the errand stays due the day it leaves, and neither /state, "where
am i", "what do you know about me" nor the context block puts her anywhere. Then she gets
to Tahoe, and that is where she is.
"""

from __future__ import annotations

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

pytestmark = pytest.mark.timeout(300)

DUE = "financial.amazon_return.due_date"
PLAN = "going to tahoe sunday, need to return the amazon package before we go"

ERRANDS: list[tuple[float, str]] = [
    (1, "at costco in burbank"),
    (0.05, "at costco in burbank, need anything?"),
    (0.05, "we're at ikea in burbank w the kids"),
    (0.05, "at target rn"),
    (0.05, "stuck at the dmv in van nuys, this line is insane"),
    (0.9, "at st marys now"),
    (0.05, "at the kids school for pickup, running late"),
]
TOWNS = ("Burbank", "Van Nuys", "St. Marys", "Target")


async def test_errands_in_town_are_no_trip_and_the_trip_still_comes(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    await tg.reply_after(ALICE, story.says(PLAN), "")
    await story.yes("Is the Amazon return due Sunday, November 29?")
    for days, said in ERRANDS:
        story.later(days=days)
        await tg.reply_after(ALICE, story.says(said), "")
        await story.restart(start_bot)
        assert not tg.open_prompts(ALICE), (said, [p.text for p in tg.open_prompts(ALICE)])
        assert await story.held("travel.status") == "planning", said
        assert await story.held("travel.location") is None, said
        assert await story.held("travel.destination") == "Tahoe", said
        assert await story.held(DUE) == "2026-11-29", said
        assert await story.held("profile.employer") is None, said
        told, block = await story.told(), await story.block()
        for town in TOWNS:
            assert town not in told, f"{said}:\n{told}"
            assert town not in block, f"{said}:\n{block}"
        assert "in_progress" not in block, f"{said}:\n{block}"
    story.later(days=2)
    await tg.reply_after(ALICE, story.says("finally in tahoe, drove up today"), "")
    await story.restart(start_bot)
    assert await story.held("travel.location") == "Tahoe"
    assert await story.held("travel.status") == "in_progress"
    assert "In Tahoe" in await story.told()
