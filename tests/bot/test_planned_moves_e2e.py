"""A move still ahead, told through the bot as people type it (the Bot API double, the
offline extractor, a clock the story moves on, restarts where they matter).

A planned move is a plan with its day: home stays where it is until then, and every
reader says the same (/state, "where am i", "what do you know about me", the context
block). When the day comes Canon asks once, "Have you moved to Denver?", rather than
switching by itself; Yes makes Denver home and ends the plan, No keeps home as it was.
Calling the move off ends the plan.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

pytestmark = pytest.mark.timeout(120)


async def _plan_kept(story: Story, said: str) -> None:
    """``said`` plans the move: taken as a plan, or asked and confirmed as one."""
    reply = await story.hears(said, "")
    if story.tg.open_prompts(ALICE) or "?" in reply.text:
        await story.yes("moving to")


async def _sweep(story: Story) -> None:
    """The bot's sweep comes round (every few seconds in service): what the day brings."""
    assert story.runner is not None
    await story.runner.sweep_tick()


async def test_moving_to_denver_next_month_is_a_plan_and_home_moves_when_it_is_made(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    await _plan_kept(story, "were moving to denver next month!!")
    assert await story.held("profile.home_city") == "Portland"
    assert await story.held("profile.move_city") == "Denver"
    assert await story.held("profile.move_date") == "2026-12"
    told = await story.told()
    assert "moving to Denver in December" in told
    assert "You live in Portland" in told
    assert "in Denver" not in told.replace("moving to Denver in December", "")
    block = await story.block()
    assert "profile.home_city = Portland" in block
    assert "profile.move_city = Denver" in block

    await story.restart(start_bot)
    # In December, its day not known: asked from the month's first day (someone who
    # moved on the 3rd must not wait four weeks), and No there is "not yet".
    story.now = datetime(2026, 12, 3, 18, 0, tzinfo=UTC)
    await _sweep(story)
    early = await story.tap("Have you moved to Denver?", "No")
    assert "is planned in December; No keeps it planned" in early
    assert await story.held("profile.move_city") == "Denver"
    assert await story.held("profile.home_city") == "Portland"
    story.now = datetime(2026, 12, 10, 18, 0, tzinfo=UTC)
    await _sweep(story)
    assert not tg.open_prompts(ALICE), "not yet, said once: not asked again before the end"
    assert "moving to Denver in December" in await story.told()
    story.now = datetime(2026, 12, 31, 18, 0, tzinfo=UTC)  # December's last day
    await story.restart(start_bot)
    sent = story.tg.bot_messages(ALICE)[-1].message_id
    asked = await story.yes("Have you moved to Denver?")
    assert "Your move from Portland to Denver was planned in December" in asked
    # The plan goes with the move, as part of the same Yes (no second question).
    await tg.reply_after(ALICE, sent, "So I also forgot your planned move (Denver)")
    assert await story.held("profile.home_city") == "Denver"
    assert await story.held("profile.move_city") is None
    assert await story.held("profile.move_date") is None
    told = await story.told()
    assert "You live in Denver" in told
    assert "moving" not in told
    assert "Portland" not in told
    await _sweep(story)
    assert not tg.open_prompts(ALICE), "asked once"
    assert "Conflicts" not in await story.block()


async def test_closing_on_the_house_in_boise_on_the_15th_asks_on_the_15th_and_no_keeps_home(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    await _plan_kept(story, "closing on the new house in boise on the 15th")
    assert await story.held("profile.move_date") == "2026-12-15"
    about = await story.hears("what do you know about me", "Here's what I know")
    assert "moving to Boise on Tuesday, December 15" in about.text
    story.now = datetime(2026, 12, 14, 18, 0, tzinfo=UTC)
    await _sweep(story)
    assert not tg.open_prompts(ALICE), "not before the day"
    story.now = datetime(2026, 12, 15, 18, 0, tzinfo=UTC)
    await _sweep(story)
    await story.tap("Have you moved to Boise?", "No")
    assert await story.held("profile.home_city") == "Portland"
    await story.restart(start_bot)
    await _sweep(story)
    assert not tg.open_prompts(ALICE), "asked once, not again after a restart"
    where = await story.hears("where am i", "")
    assert "Boise" not in where.text


async def test_relocating_to_austin_then_the_move_fell_through_ends_the_plan(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    await _plan_kept(story, "relocating to austin in january")
    about = await story.hears("what do you know about me", "Here's what I know")
    assert "moving to Austin in January" in about.text
    story.later(days=2)
    story.says("ugh the move fell through")
    await story.yes("Is your move to Austin off?")
    assert await story.held("profile.move_city") is None
    assert await story.held("profile.move_date") is None
    told = await story.told()
    assert "Austin" not in told
    assert "You live in Portland" in told
    story.now = datetime(2027, 1, 31, 18, 0, tzinfo=UTC)
    await story.restart(start_bot)
    await _sweep(story)
    assert not tg.open_prompts(ALICE)


async def test_no_to_have_you_moved_ends_the_plan_so_no_past_day_is_told_as_ahead(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """No to "Have you moved to Denver?" on December's last day: the move did not happen
    as planned, so the plan ends with that No; in January nothing says "moving to Denver
    in December" (a day gone by told as ahead), and home is still Portland."""
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    await _plan_kept(story, "were moving to denver next month!!")
    story.now = datetime(2026, 12, 31, 18, 0, tzinfo=UTC)
    await _sweep(story)
    sent = story.tg.bot_messages(ALICE)[-1].message_id
    await story.tap("Have you moved to Denver?", "No")
    await tg.reply_after(ALICE, sent, "So I also forgot your planned move (Denver)")
    assert await story.held("profile.move_city") is None
    assert await story.held("profile.move_date") is None
    story.now = datetime(2027, 1, 5, 18, 0, tzinfo=UTC)
    await story.restart(start_bot)
    await _sweep(story)
    assert not tg.open_prompts(ALICE), "nothing left to ask"
    told = await story.told()
    assert "Denver" not in told, told
    assert "You live in Portland" in told
    block = await story.block()
    assert "move_" not in block, block
    assert "Conflicts" not in block
