"""Who is who in the bot tests, and how a running bot is stopped."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from budgets import budget
from fakes.telegram_api import FakeTelegram

from bot.app import BotRunner
from core.agent.session import SessionState
from core.conversation.assistant import AssistantGraph
from core.conversation.turn_context import thread_id

ALICE = 111
"""The first allowed user: user:primary."""
BOB = 222
"""The second allowed user: user:bob (by the entity map)."""
STRANGER = 999

StartBot = Callable[..., Awaitable[BotRunner]]


async def stop_bot(tg: FakeTelegram, runner: BotRunner) -> None:
    """Stop a runner, answering its last long poll at once."""
    stopping = asyncio.ensure_future(runner.stop())
    while not stopping.done():
        tg.wake()
        await asyncio.sleep(0.02)
    await stopping


async def quiet(tg: FakeTelegram, runner: BotRunner, chat_id: int = ALICE) -> None:
    """Wait until the bot took every update the users sent, handled each (its replies and
    the questions after them sent) and nothing of ``chat_id`` runs in it (``BotRunner.idle``):
    what a test waits for before it reads that nothing more was said, or which question
    follows a reply. An event, not a pause: it holds however slow the machine is."""
    await tg.taken()
    await asyncio.wait_for(runner.idle(chat_id), budget(10))


def graph_of(runner: BotRunner) -> AssistantGraph:
    """The running bot's assistant (its turn graph and checkpoints)."""
    assert runner.chat is not None
    graph = runner.chat.responder
    assert isinstance(graph, AssistantGraph)
    return graph


async def session_of(
    runner: BotRunner, entity: str = "user:primary", chat: int = ALICE
) -> SessionState:
    """The checkpointed session of ``entity`` in ``chat`` (Alice's own chat by default)."""
    state = await graph_of(runner).session(thread_id("chat", entity, chat))
    assert state is not None
    return state
