"""Statements that arrive together go to the connection's thread together.

The queue both SQLite write paths share (``GroupCommit``: durable writes in one
transaction; ``UnsyncedGroup``: unsynced writes, each its own): a statement is queued,
and the statements queued while the previous batch ran are sent as the next one, under
the store's transaction lock, in the order the calls came in. Each caller gets its own
result, or its own error.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from contextlib import suppress
from typing import Any, Generic, TypeVar

Params = Sequence[Any] | dict[str, Any]
Statement = tuple[str, Params]
R = TypeVar("R")


def _never(_: Exception) -> bool:
    return False


class StatementBatches(Generic[R]):
    """Queued one-statement writes, sent in batches by ``send``.

    ``send`` runs a batch and returns each statement's result, or the exception that
    statement alone raised. When it raises for the whole batch, the batch's callers all
    get that error, unless ``retry_alone(error)``: then each statement is sent again on
    its own, so one caller's error is never another's."""

    def __init__(
        self,
        send: Callable[[list[Statement]], Awaitable[Sequence[R | BaseException]]],
        tx_lock: asyncio.Lock,
        retry_alone: Callable[[Exception], bool] = _never,
    ) -> None:
        self._send = send
        self._tx_lock = tx_lock
        self._retry_alone = retry_alone
        self._queued: list[tuple[str, Params, asyncio.Future[R]]] = []
        self._sender: asyncio.Task[None] | None = None

    async def execute(self, sql: str, params: Params = ()) -> R:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[R] = loop.create_future()
        self._queued.append((sql, params, done))
        sender = self._sender
        if sender is None or sender.done() or sender.get_loop() is not loop:
            self._sender = loop.create_task(self._send_queued())
        return await done

    async def drain(self) -> None:
        """Wait until every queued statement is sent (or failed)."""
        sender = self._sender
        if sender is not None and not sender.done():
            with suppress(Exception):
                await asyncio.shield(sender)

    async def _send_queued(self) -> None:
        while self._queued:
            group, self._queued = self._queued, []
            try:
                async with self._tx_lock:
                    results = await self._send([(sql, params) for sql, params, _ in group])
            except asyncio.CancelledError:
                for _, _, done in [*group, *self._queued]:
                    done.cancel()
                self._queued = []
                raise
            except Exception as e:
                if len(group) > 1 and self._retry_alone(e):
                    await self._one_by_one(group)
                    continue
                for _, _, done in group:
                    if not done.done():
                        done.set_exception(e)
                continue
            for (_, _, done), result in zip(group, results, strict=True):
                _settle(done, result)

    async def _one_by_one(self, group: list[tuple[str, Params, asyncio.Future[R]]]) -> None:
        for sql, params, done in group:
            try:
                async with self._tx_lock:
                    (result,) = await self._send([(sql, params)])
            except Exception as e:
                if not done.done():
                    done.set_exception(e)
            else:
                _settle(done, result)


def _settle(done: asyncio.Future[R], result: R | BaseException) -> None:
    if done.done():
        return
    if isinstance(result, BaseException):
        done.set_exception(result)
    else:
        done.set_result(result)
