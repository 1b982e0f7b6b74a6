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
from collections.abc import Callable, Sequence
from contextlib import suppress
from typing import Any

import aiosqlite

from core.errors import StoreError
from core.store.sqlite_connection import storage_refused
from core.store.sqlite_direct import run_in_one_hop

Params = Sequence[Any] | dict[str, Any]
Written = tuple[int, int | None]
"""A statement's rowcount and lastrowid."""
_Queued = tuple[str, Params, "asyncio.Future[Written]"]


class GroupCommit:
    """Durable one-statement writes on one connection, committed in groups."""

    def __init__(
        self, db: Callable[[], aiosqlite.Connection], path: str, tx_lock: asyncio.Lock
    ) -> None:
        self._db = db
        self._path = path
        self._tx_lock = tx_lock
        self._queued: list[_Queued] = []
        self._committer: asyncio.Task[None] | None = None

    async def execute(self, sql: str, params: Params = ()) -> Written:
        """Run ``sql`` in a durable transaction (perhaps shared); once it is committed,
        its rowcount and lastrowid."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[Written] = loop.create_future()
        self._queued.append((sql, params, done))
        committer = self._committer
        if committer is None or committer.done() or committer.get_loop() is not loop:
            self._committer = loop.create_task(self._commit_queued())
        return await done

    async def drain(self) -> None:
        """Wait until every queued statement is committed (or failed)."""
        committer = self._committer
        if committer is not None and not committer.done():
            with suppress(Exception):
                await asyncio.shield(committer)

    async def _commit_queued(self) -> None:
        while self._queued:
            group, self._queued = self._queued, []
            try:
                async with self._tx_lock:
                    written = await self._run([(sql, params) for sql, params, _ in group])
            except asyncio.CancelledError:
                for _, _, done in [*group, *self._queued]:
                    done.cancel()
                self._queued = []
                raise
            except Exception as e:
                if len(group) > 1 and not isinstance(e, StoreError):
                    await self._one_by_one(group)
                    continue
                for _, _, done in group:
                    if not done.done():
                        done.set_exception(e)
                continue
            for (_, _, done), result in zip(group, written, strict=True):
                if not done.done():
                    done.set_result(result)

    async def _one_by_one(self, group: list[_Queued]) -> None:
        for sql, params, done in group:
            try:
                async with self._tx_lock:
                    (result,) = await self._run([(sql, params)])
            except Exception as e:
                if not done.done():
                    done.set_exception(e)
            else:
                if not done.done():
                    done.set_result(result)

    async def _run(self, statements: list[tuple[str, Params]]) -> list[Written]:
        async def body(tx: aiosqlite.Connection) -> list[Written]:
            written: list[Written] = []
            for sql, params in statements:
                cur = await tx.execute(sql, params)
                written.append((cur.rowcount, cur.lastrowid))
            return written

        return await run_in_one_hop(self._db(), self._path, body, storage_refused)
