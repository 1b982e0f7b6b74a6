"""Errands and a trip whose day has passed, through the bot (the strict Bot API double,
the offline extractor, a clock the story moves on): the question whether an errand keeps
a called-off trip's day reads in the context block as that question, and its No is one
clear reply (``core.engine.errand_trip_off``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import ALICE, StartBot
from context_parser import parse_block
from fakes.telegram_api import FakeTelegram
from story_chat import Story

pytestmark = pytest.mark.timeout(300)

TUESDAY_MORNING = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
"""Tuesday 1 December 2026, 9 am in Portland: the trip leaves Saturday the 5th."""
DUE = "financial.amazon_return.due_date"
BEFORE = "going to tahoe saturday, need to return the amazon package before we go"


async def _called_off(story: Story, start_bot: StartBot) -> None:
    await story.at_home_in_portland(start_bot)
    await story.hears(BEFORE, "")
    await story.yes_to_all()
    story.later(hours=2)
    await story.hears("trip's off", "")
    await story.yes("Is your trip to Tahoe off?")
    await story.quiet()


async def test_the_block_says_whether_to_keep_the_day_is_asked(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await _called_off(story, start_bot)
    block = await story.block()
    assert "(committed) vs" not in block, block
    assert (
        "Asked whether to keep what is held (it stands until the user answers):\n"
        "- user:primary financial.amazon_return.due_date: keep 2026-12-05? "
        "(its day came from a trip since called off)"
    ) in block, block
    (asked,) = parse_block(block).questions
    assert (asked.field, asked.current, asked.keep) == (DUE, asked.candidate, True)
    assert asked.candidate.value == "2026-12-05"


async def test_no_to_keeping_the_day_is_one_reply(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await _called_off(story, start_bot)
    prompt = await tg.prompt(ALICE, "keep Saturday, December 5 as its day?")
    before = len(tg.bot_messages(ALICE))
    await tg.tap(ALICE, prompt, "No")
    await tg.settled(prompt)
    await story.quiet()
    said = [m.text for m in tg.bot_messages(ALICE)[before:]]
    assert prompt.text.endswith("❌ No: it stays to do, with no day"), prompt.text
    assert not [s for s in said if s.startswith("So I also")], said
