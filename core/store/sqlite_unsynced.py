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

Params = Sequence[Any] | dict[str, Any]
_Queued = tuple[str, Params, "asyncio.Future[list[Any]]"]


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
        self._tx_lock = tx_lock
        self._queued: list[_Queued] = []
        self._sender: asyncio.Task[None] | None = None

    async def execute(self, sql: str, params: Params = ()) -> list[Any]:
        """Run ``sql`` in its own transaction, committed without waiting for the disk;
        the rows it returns."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[list[Any]] = loop.create_future()
        self._queued.append((sql, params, done))
        sender = self._sender
        if sender is None or sender.done() or sender.get_loop() is not loop:
            self._sender = loop.create_task(self._send_queued())
        return await done

    async def _send_queued(self) -> None:
        while self._queued:
            group, self._queued = self._queued, []
            try:
                async with self._tx_lock:
                    results = await run_unsynced_many(
                        self._db(),
                        self._path,
                        [(sql, params) for sql, params, _ in group],
                        self._synchronous,
                    )
            except asyncio.CancelledError:
                for _, _, done in [*group, *self._queued]:
                    done.cancel()
                self._queued = []
                raise
            except Exception as e:
                for _, _, done in group:
                    if not done.done():
                        done.set_exception(e)
                continue
            for (_, _, done), result in zip(group, results, strict=True):
                if done.done():
                    continue
                if isinstance(result, BaseException):
                    done.set_exception(result)
                else:
                    done.set_result(result)
