"""The bot's periodic jobs, each tick run by one worker of the store, not by every one.

Every bot process (long polling alone, or N webhook workers behind one URL) has a job
queue running the same jobs: the sweep that shows due questions, the dead letters' retry
and their alerts, the rollback rules and their alerts, the daily learning, the sources'
polling. Run by N workers on one store, each tick would run N times: N polls of the same
mailbox, N rule checks racing to raise the same alert. So a tick is claimed first in the
store (``ConversationStore.claim_tick``) under the interval it falls in, counted from the
epoch, which every worker computes alike; the first worker to claim it runs it and the
others skip it. The intervals are counted on the wall clock, not the conversation's clock:
the job queue runs on the wall clock, and a test's frozen clock must not freeze the jobs.

A job about chats (the sweep) is claimed per chat instead (``schedule_per_chat``): every
worker runs each tick, and each chat's part of it runs on the first worker to claim that
chat, so a chat held up (its model writing a long reply) delays no other chat's.

A worker's first run of each job, when it starts, is not claimed: a process that starts
catches up on its own (questions shown again, letters due while it was down), as a
single bot does after a restart. Everything a job does is ordered per chat in the store
(``ChatOrder``) and each alert is marked delivered under the owner's turn, so a
catch-up beside another worker's tick still sends each question and alert once.
"""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

from core.store.companion_protocols import ConversationStore

Job = Callable[[], Awaitable[None]]
"""A job's work for one tick."""
ChatClaim = Callable[[int], Awaitable[bool]]
"""Claims one chat's part of a tick: True if this worker is the first to."""
ChatJob = Callable[[ChatClaim | None], Awaitable[None]]
"""A per-chat job's work for one tick, each chat's part run only if claimed (None: all,
unclaimed, as a worker's catch-up)."""

STORE_WIDE = 0
"""The chat id of a tick that concerns the whole store, not one chat."""


def tick_due(now: datetime, every_s: float) -> datetime:
    """The start of the ``every_s``-long interval, counted from the epoch, that ``now`` is in."""
    started = math.floor(now.timestamp() / every_s) * every_s
    return datetime.fromtimestamp(started, UTC)


class Ticks:
    """Claims each tick of the bot's jobs in the store before it runs."""

    def __init__(self, store: ConversationStore, wall_clock: Callable[[], datetime]) -> None:
        self._store = store
        self._wall_clock = wall_clock

    async def run(self, job: str, every_s: float, work: Job) -> bool:
        """Run ``work`` if this worker is the first to claim the current tick of ``job``."""
        now = self._wall_clock()
        if not await self._store.claim_tick(job, STORE_WIDE, tick_due(now, every_s), now):
            return False
        await work()
        return True

    async def run_per_chat(self, job: str, every_s: float, work: ChatJob) -> None:
        """Run ``work`` for the current tick of ``job``, each chat's part claimed apart."""
        due = tick_due(self._wall_clock(), every_s)

        async def claim(chat_id: int) -> bool:
            return await self._store.claim_tick(job, chat_id, due, self._wall_clock())

        await work(claim)

    def schedule_per_chat(
        self, jobs: Any, job: str, every_s: float, first_s: float, work: ChatJob
    ) -> None:
        """As ``schedule``, but each tick's chats are claimed one by one (``run_per_chat``)."""

        async def catch_up(_context: Any) -> None:
            await work(None)

        async def tick(_context: Any) -> None:
            await self.run_per_chat(job, every_s, work)

        jobs.run_once(catch_up, when=first_s, name=f"{job} (catch-up)")
        jobs.run_repeating(tick, interval=every_s, first=first_s + every_s, name=job)

    def schedule(self, jobs: Any, job: str, every_s: float, first_s: float, work: Job) -> None:
        """On a python-telegram-bot ``JobQueue``: ``work`` once after ``first_s`` (this
        worker's catch-up), then every ``every_s`` when this worker claims the tick."""

        async def catch_up(_context: Any) -> None:
            await work()

        async def tick(_context: Any) -> None:
            await self.run(job, every_s, work)

        jobs.run_once(catch_up, when=first_s, name=f"{job} (catch-up)")
        jobs.run_repeating(tick, interval=every_s, first=first_s + every_s, name=job)
