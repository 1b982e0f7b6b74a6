"""Who is who in the bot tests, and how a running bot is stopped."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from fakes.telegram_api import FakeTelegram

from bot.app import BotRunner

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
