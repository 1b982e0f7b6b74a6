"""One-statement unsynced writes that arrive together share one round trip.

A chat's lease (``core.store.chat_turns``) is taken and released with one unsynced
statement each, four of each a message; with many chats at once those statements queued
one by one behind the store's transaction lock, each its own trip to the connection's
thread. ``UnsyncedGroup`` runs the statements queued while the previous group ran in one
trip (``sqlite_direct.run_unsynced_many``): each is still its own transaction, run in the
order the calls came in, committed before its caller goes on, and its caller gets its
own rows, or its own error.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

import aiosqlite

from core.store.sqlite_direct import run_unsynced_many
from core.store.statement_batches import Params, Statement, StatementBatches


class UnsyncedGroup:
    """Unsynced one-statement writes on one connection, sent in groups."""

    def __init__(
        self,
        db: Callable[[], aiosqlite.Connection],
        path: str,
        synchronous: str,
        tx_lock: asyncio.Lock,
    ) -> None:
        self._db = db
        self._path = path
        self._synchronous = synchronous
        self._batches: StatementBatches[list[Any]] = StatementBatches(self._run, tx_lock)

    async def execute(self, sql: str, params: Params = ()) -> list[Any]:
        """Run ``sql`` in its own transaction, committed without waiting for the disk;
        the rows it returns."""
        return await self._batches.execute(sql, params)

    async def _run(self, statements: list[Statement]) -> Sequence[list[Any] | BaseException]:
        return await run_unsynced_many(self._db(), self._path, statements, self._synchronous)
