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

R = TypeVar("R")
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


class OneHopSqliteSaver(AsyncSqliteSaver):
    """``AsyncSqliteSaver`` whose reads and saves of a checkpoint are one trip each."""

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
        await self.setup()
        thread = str(config["configurable"]["thread_id"])
        ns = config["configurable"].get("checkpoint_ns", "")
        wanted = get_checkpoint_id(config)
        writes_sql = pending_writes_sql(self._has_task_path)

        def read(db: sqlite3.Connection) -> tuple[Any, list[Any]] | None:
            if wanted:
                row = db.execute(_ONE, (thread, ns, wanted)).fetchone()
            else:
                row = db.execute(_LATEST, (thread, ns)).fetchone()
            if row is None:
                return None
            return row, db.execute(writes_sql, (thread, ns, str(row[1]))).fetchall()

        async with self.lock:
            found = await self._on_thread(read)
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
        await self.setup()
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

        def put(db: sqlite3.Connection) -> None:
            db.execute(_PUT, row).close()
            db.commit()

        async with self.lock:
            await self._on_thread(put)
        return {
            "configurable": {
                "thread_id": thread_id,
                "checkpoint_ns": ns,
                "checkpoint_id": checkpoint["id"],
            }
        }
