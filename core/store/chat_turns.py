"""A chat's leases as a store keeps them: one holder per chat and lane, across processes.

``ConversationStore.chat_turn(chat_id, lane)`` is what lets several bot or API processes
on one store handle one chat as a single process would (``core.conversation.chat_order``
orders a chat inside a process first). A chat has two lanes: ``order``, held only for the
short sections that read or write what the chat waits for (no model call, extraction or
network under it), and ``messages``, held by one message from its extraction until its
reply is out, so that the chat's next message waits for it and nothing else does.
The SQL stores keep a lease row per chat and lane (``chat_turns``: the chat, the lane, a
random holder id, until when): a holder inserts its row, or takes over one whose lease
ran out (a process that died holding it), waits while another holder's lease is live,
renews its own every ``RENEW_S`` while it holds it and deletes it at the end. A lease
rather than a lock held by a connection: a connection held per waiting chat would empty
the pool the holder itself needs. The in-memory store (one process by definition) keeps
an ``asyncio.Lock`` per chat and lane.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable
from contextlib import asynccontextmanager, suppress
from typing import Literal

from core.errors import StoreError

log = logging.getLogger(__name__)
Lane = Literal["order", "messages"]
"""``order``: a chat's short sections; ``messages``: one message of the chat at a time."""
LEASE_S = 60.0
"""How long a turn's lease lasts unless renewed: a dead process holds a chat this long."""
RENEW_S = 15.0
"""How often a running turn renews its lease."""
FIRST_WAIT_S = 0.002
LONGEST_WAIT_S = 0.05
"""A waiting turn looks again after 2 ms, doubling up to 50 ms."""

Take = Callable[[str], Awaitable[bool]]
"""Insert the chat's row for this holder, or take over an expired one; True if held."""
Keep = Callable[[str], Awaitable[None]]
"""Renew (or release) the chat's row, if this holder still has it."""


@asynccontextmanager
async def leased(
    take: Take, renew: Keep, release: Keep, waiting: asyncio.Event | None = None
) -> AsyncIterator[None]:
    """Hold a chat's lease row for the block (see the module's docstring); ``waiting`` is
    set when another holder has it and this one waits."""
    holder = secrets.token_hex(8)
    wait = FIRST_WAIT_S
    while not await take(holder):
        if waiting is not None:
            waiting.set()
        await asyncio.sleep(wait)
        wait = min(wait * 2, LONGEST_WAIT_S)
    # Most holds are far shorter than RENEW_S: a timer (no task) starts the renewing
    # task only for a hold that lasts that long.
    renewing: list[asyncio.Task[None]] = []
    timer = asyncio.get_running_loop().call_later(
        RENEW_S, lambda: renewing.append(asyncio.ensure_future(_renew(renew, holder)))
    )
    try:
        yield
    finally:
        timer.cancel()
        for task in renewing:
            task.cancel()
            with suppress(asyncio.CancelledError):
                await task
        await release(holder)


async def _renew(renew: Keep, holder: str) -> None:
    while True:
        try:
            await renew(holder)
        except StoreError as e:  # the next renewal may get through; the turn goes on
            log.warning("could not renew a chat's turn: %s", e)
        await asyncio.sleep(RENEW_S)


class ChatLocks:
    """One ``asyncio.Lock`` per key (a chat, or a chat and a lane), gone when nobody
    holds or waits for it."""

    def __init__(self) -> None:
        self._locks: dict[Hashable, tuple[asyncio.Lock, int]] = {}

    def held(self, chat_id: Hashable) -> bool:
        """Whether someone holds ``chat_id``'s lock now (for instrumented checks)."""
        entry = self._locks.get(chat_id)
        return entry is not None and entry[0].locked()

    @asynccontextmanager
    async def hold(
        self, chat_id: Hashable, waiting: asyncio.Event | None = None
    ) -> AsyncIterator[None]:
        """Hold ``chat_id``'s lock for the block; ``waiting`` is set when another holds
        it and this one waits."""
        lock, wanted = self._locks.get(chat_id, (asyncio.Lock(), 0))
        self._locks[chat_id] = (lock, wanted + 1)
        if waiting is not None and lock.locked():
            waiting.set()
        try:
            async with lock:
                yield
        finally:
            lock, wanted = self._locks[chat_id]
            if wanted == 1:
                del self._locks[chat_id]
            else:
                self._locks[chat_id] = (lock, wanted - 1)
