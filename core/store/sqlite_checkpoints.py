"""LangGraph's SQLite saver, reading and writing a checkpoint in one trip each.

``AsyncSqliteSaver`` runs every step of a call on aiosqlite's thread as its own trip:
reading the latest checkpoint of a thread was six (open a cursor, the checkpoint, its
row, the pending writes, their rows, close) and saving one three (the insert, a commit,
closing the cursor), each a hand-over between the event loop and that thread. A turn of
the assistant reads its session once and saves it once. ``OneHopSqliteSaver`` sends
each as one function (as ``core.store.sqlite_direct`` does for the store): the same
statements in the same order, under the saver's lock; the rows are turned back into a
checkpoint on the event loop, as before. Every other call is the library's own.

LangGraph also asks on every run whether the saver's ``put_writes`` takes ``task_path``,
by ``inspect.signature`` of the bound method (a few per cent of a short run's CPU): the
signature is worked out once, when the class is made.

Many chats at once (issue 25's ``concurrent_chats``: a hundred turns whose model calls
end together) each read and save their own thread, and the saver's lock let one trip go
at a time: a hundred saves were a hundred trips one after another, each waiting for the
event loop and the thread to take the interpreter in turn (up to 0.2 s for the last
save, all of it in the turn's wait). Reads and saves that arrive while a trip is on its
way now go together on the next one (``core.store.statement_batches``, as the store's
writes do): the reads in their order, the saves in one transaction (one commit), each
caller given its own checkpoint or its own error.
"""

from __future__ import annotations

import inspect
import json
import sqlite3
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar, cast

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import (
    ChannelVersions,
    Checkpoint,
    CheckpointMetadata,
    CheckpointTuple,
    get_checkpoint_id,
    get_checkpoint_metadata,
)
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver
from langgraph.checkpoint.sqlite.utils import load_pending_writes, pending_writes_sql

from core.store.statement_batches import Params, Statement, StatementBatches

R = TypeVar("R")
Found = tuple[Any, list[Any]] | None
"""A checkpoint's row and its pending writes' rows, or None: what one read finds."""
_LATEST = (
    "SELECT thread_id, checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata "
    "FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = ? "
    "ORDER BY checkpoint_id DESC LIMIT 1"
)
_ONE = (
    "SELECT thread_id, checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata "
    "FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ?"
)
_PUT = (
    "INSERT OR REPLACE INTO checkpoints (thread_id, checkpoint_ns, checkpoint_id, "
    "parent_checkpoint_id, type, checkpoint, metadata) VALUES (?, ?, ?, ?, ?, ?, ?)"
)


def _is_sqlite_error(error: Exception) -> bool:
    return isinstance(error, sqlite3.Error)


class OneHopSqliteSaver(AsyncSqliteSaver):
    """``AsyncSqliteSaver`` whose reads and saves of a checkpoint are one trip each, and
    one trip for all that arrive together."""

    def __init__(self, conn: Any, *, serde: Any = None) -> None:
        super().__init__(conn, serde=serde)
        self._reads: StatementBatches[Found] = StatementBatches(self._read_all, self.lock)
        self._saves: StatementBatches[None] = StatementBatches(
            self._save_all, self.lock, retry_alone=_is_sqlite_error
        )

    async def _ready(self) -> None:
        # ``setup`` takes the saver's lock even once it is done: twice a turn, for nothing.
        if not self.is_setup:
            await self.setup()

    async def _on_thread(self, work: Callable[[sqlite3.Connection], R]) -> R:
        # aiosqlite runs ``work`` on its thread, where its sqlite3 connection lives; neither
        # the call nor the property is public API (as in ``core.store.sqlite_direct``).
        conn = self.conn

        def run() -> R:
            return work(conn._conn)

        on_thread = cast(Callable[[Callable[[], R]], Awaitable[R]], conn._execute)
        return await on_thread(run)

    def put_writes(
        self,
        config: RunnableConfig,
        writes: Sequence[tuple[str, Any]],
        task_id: str,
        task_path: str = "",
    ) -> None:
        super().put_writes(config, writes, task_id, task_path)

    put_writes.__signature__ = inspect.signature(put_writes)  # type: ignore[attr-defined]

    async def aget_tuple(self, config: RunnableConfig) -> CheckpointTuple | None:
        await self._ready()
        thread = str(config["configurable"]["thread_id"])
        ns = config["configurable"].get("checkpoint_ns", "")
        wanted = get_checkpoint_id(config)
        if wanted:
            found = await self._reads.execute(_ONE, (thread, ns, wanted))
        else:
            found = await self._reads.execute(_LATEST, (thread, ns))
        if found is None:
            return None
        (thread_id, checkpoint_id, parent_id, type_, checkpoint, metadata), writes = found
        if not wanted:
            config = {
                "configurable": {
                    "thread_id": thread_id,
                    "checkpoint_ns": ns,
                    "checkpoint_id": checkpoint_id,
                }
            }
        parent: RunnableConfig | None = None
        if parent_id:
            parent = {
                "configurable": {
                    "thread_id": thread_id,
                    "checkpoint_ns": ns,
                    "checkpoint_id": parent_id,
                }
            }
        return CheckpointTuple(
            config,
            self.serde.loads_typed((type_, checkpoint)),
            cast("CheckpointMetadata", json.loads(metadata) if metadata is not None else {}),
            parent,
            load_pending_writes(writes, self.serde),
        )

    async def aput(
        self,
        config: RunnableConfig,
        checkpoint: Checkpoint,
        metadata: CheckpointMetadata,
        new_versions: ChannelVersions,
    ) -> RunnableConfig:
        await self._ready()
        thread_id = config["configurable"]["thread_id"]
        ns = config["configurable"]["checkpoint_ns"]
        type_, serialized = self.serde.dumps_typed(checkpoint)
        serialized_metadata = json.dumps(
            get_checkpoint_metadata(config, metadata), ensure_ascii=False
        ).encode("utf-8", "ignore")
        row = (
            str(thread_id),
            ns,
            checkpoint["id"],
            config["configurable"].get("checkpoint_id"),
            type_,
            serialized,
            serialized_metadata,
        )

        await self._saves.execute(_PUT, row)
        return {
            "configurable": {
                "thread_id": thread_id,
                "checkpoint_ns": ns,
                "checkpoint_id": checkpoint["id"],
            }
        }

    async def _read_all(self, reads: list[Statement]) -> list[Found | BaseException]:
        """Each read's rows, in one trip (under the saver's lock: ``StatementBatches``)."""
        writes_sql = pending_writes_sql(self._has_task_path)

        def read_all(db: sqlite3.Connection) -> list[Found | BaseException]:
            out: list[Found | BaseException] = []
            for sql, params in reads:
                try:
                    out.append(_read(db, sql, params, writes_sql))
                except sqlite3.Error as e:  # this caller's error, not the others'
                    out.append(e)
            return out

        return await self._on_thread(read_all)

    async def _save_all(self, saves: list[Statement]) -> list[None]:
        """Every save in one transaction and one trip; a failure fails the batch (each is
        then sent again alone, so one save's error is never another's)."""

        def save_all(db: sqlite3.Connection) -> list[None]:
            if len(saves) == 1:  # autocommit: the statement is its own transaction
                db.execute(saves[0][0], saves[0][1]).close()
                return [None]
            db.execute("BEGIN IMMEDIATE")
            try:
                for sql, params in saves:
                    db.execute(sql, params).close()
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
            return [None] * len(saves)

        return await self._on_thread(save_all)


def _read(db: sqlite3.Connection, sql: str, params: Params, writes_sql: str) -> Found:
    row = db.execute(sql, params).fetchone()
    if row is None:
        return None
    thread, ns = params[0], params[1]  # type: ignore[index]
    return row, db.execute(writes_sql, (thread, ns, str(row[1]))).fetchall()
