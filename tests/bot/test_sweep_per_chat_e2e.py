"""The sweep (each chat's next question, shown periodically) is claimed per chat: a chat
held up delays no other chat's question, and of two workers on one store each chat's part
of a tick runs on one of them. Each chat's order is still kept by the store."""

from __future__ import annotations

import asyncio

import pytest
from canon_testing import NOW, make_observation
from chatkit import ALICE, BOB, StartBot
from fakes.telegram_api import FakeTelegram

from bot.app import SWEEP_SECONDS, BotRunner

pytestmark = pytest.mark.timeout(60)


async def _asked_bob(runner: BotRunner) -> None:
    """A calendar says Bob is in Tahoe: a question for Bob, shown by the next sweep."""
    assert runner.chat is not None
    said = make_observation("travel.location", "Tahoe", source="calendar", entity="user:bob")
    out = await runner.chat.engine.ingest(said, now=NOW)
    assert out.review_item_id is not None


async def test_a_chat_held_up_does_not_delay_another_chats_question(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot(clock=lambda: NOW)
    await tg.say(BOB, "/start", expect="I keep your assistant's beliefs true")
    await tg.say(ALICE, "/start", expect="I keep your assistant's beliefs true")
    await _asked_bob(runner)
    assert runner.chat is not None
    async with runner.chat.order.section(ALICE):  # Alice's chat is busy
        sweeping = asyncio.ensure_future(runner.ticks.run_per_chat("sweep", 1, runner.sweep_tick))
        await tg.prompt(BOB, "Tahoe")  # shown while Alice's chat is still held
        assert not sweeping.done(), "Alice's part waits for her chat"
    await sweeping
    assert len(tg.open_prompts(BOB)) == 1


async def test_each_chats_part_of_a_tick_runs_once(tg: FakeTelegram, start_bot: StartBot) -> None:
    runner = await start_bot(clock=lambda: NOW)
    await tg.say(BOB, "/start", expect="I keep your assistant's beliefs true")
    await _asked_bob(runner)
    claimed: list[int] = []

    async def counted(chat_id: int) -> bool:
        claimed.append(chat_id)
        return True

    # Two runs of one tick (as two workers would): the store gives each chat to one.
    await asyncio.gather(
        runner.ticks.run_per_chat("sweep", SWEEP_SECONDS, runner.sweep_tick),
        runner.ticks.run_per_chat("sweep", SWEEP_SECONDS, runner.sweep_tick),
    )
    await tg.prompt(BOB, "Tahoe")
    prompts = [m for m in tg.bot_messages(BOB) if m.buttons]
    assert len(prompts) == 1, "the question was shown once"
    assert runner.chat is not None
    await runner.chat.sweep(counted)  # a worker's catch-up: every chat, unclaimed
    assert sorted(claimed) == sorted([ALICE, BOB])
