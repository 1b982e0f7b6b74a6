"""One-statement durable writes that arrive together share one commit.

A durable commit waits for the disk (an fsync: a quarter of a millisecond on a quiet
disk, several on a busy one), and the connection's one thread waits with it, so every
read queued behind it waits too. With many chats at once, each turn's conversation-log
writes (the user's message, the reply) would pay one fsync each, one after another.
``GroupCommit`` commits the statements queued while the previous commit ran in one
transaction (one round trip to the connection's thread, one fsync): each statement is
still atomic and durable before its caller goes on, in the order the calls came in, and
its caller gets its own rowcount and lastrowid. If the shared transaction fails for
anything but the disk or the lock refusing (a constraint, say), each statement of it is
run again alone, so one caller's error is never another's.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import aiosqlite

from core.errors import StoreError
from core.store.sqlite_connection import storage_refused
from core.store.sqlite_direct import run_in_one_hop
from core.store.statement_batches import Params, Statement, StatementBatches

Written = tuple[int, int | None]
"""A statement's rowcount and lastrowid."""


class GroupCommit:
    """Durable one-statement writes on one connection, committed in groups."""

    def __init__(
        self, db: Callable[[], aiosqlite.Connection], path: str, tx_lock: asyncio.Lock
    ) -> None:
        self._db = db
        self._path = path
        # A failure of the disk or the lock fails every statement alike; any other (a
        # constraint, say) is one statement's, found by running each alone.
        self._batches = StatementBatches(
            self._run, tx_lock, retry_alone=lambda e: not isinstance(e, StoreError)
        )

    async def execute(self, sql: str, params: Params = ()) -> Written:
        """Run ``sql`` in a durable transaction (perhaps shared); once it is committed,
        its rowcount and lastrowid."""
        return await self._batches.execute(sql, params)

    async def drain(self) -> None:
        """Wait until every queued statement is committed (or failed)."""
        await self._batches.drain()

    async def _run(self, statements: list[Statement]) -> list[Written]:
        async def body(tx: aiosqlite.Connection) -> list[Written]:
            written: list[Written] = []
            for sql, params in statements:
                cur = await tx.execute(sql, params)
                written.append((cur.rowcount, cur.lastrowid))
            return written

        return await run_in_one_hop(self._db(), self._path, body, storage_refused)
