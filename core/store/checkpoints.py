"""Where conversations are checkpointed: the same store as Canon's data.

``open_checkpointer(url)`` gives LangGraph's saver for the store a URL names:

    SQLite       AsyncSqliteSaver on the same file (its own connection, WAL, a busy timeout;
                 a checkpoint read or saved in one trip: ``sqlite_checkpoints``)
    PostgreSQL   AsyncPostgresSaver on the same database
    memory://    InMemorySaver (nothing survives the process, like the store itself)

The savers own their tables (``checkpoints``, ``writes`` / ``checkpoint_*``); Canon's
tables have other names. The serializer is restricted to the records the session state
holds (``core.agent.session.CHECKPOINT_TYPES``): a checkpoint naming any other class is
not turned back into one.

Every turn adds checkpoints; only a thread's latest one is needed to resume it, so
``keep_latest`` drops the rest (the bot runs it on its sweep, between turns).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite
import psycopg
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

from core.agent.session import CHECKPOINT_TYPES
from core.errors import StoreError
from core.store.factory import parse_store_url, redacted
from core.store.sqlite_checkpoints import OneHopSqliteSaver
from core.store.sqlite_connection import prepare_path

BUSY_TIMEOUT_MS = 5_000
"""The bot's store writes beside the checkpointer on one SQLite file: wait, don't fail."""


def checkpoint_serializer() -> JsonPlusSerializer:
    """LangGraph's serializer, allowed to revive only the session state's records."""
    return JsonPlusSerializer(allowed_msgpack_modules=CHECKPOINT_TYPES)


@asynccontextmanager
async def open_checkpointer(url: str) -> AsyncIterator[BaseCheckpointSaver[Any]]:
    """The saver for the store ``url`` names, set up and open until the block ends."""
    where = parse_store_url(url)
    serde = checkpoint_serializer()
    if where.backend == "memory":
        yield InMemorySaver(serde=serde)
        return
    if where.backend == "sqlite":
        try:
            if where.target != ":memory:":
                prepare_path(Path(where.target))  # 0600, like the store it sits in
            conn = await aiosqlite.connect(where.target, isolation_level=None)
            await conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            await conn.execute("PRAGMA journal_mode=WAL")
            # A checkpoint is the session's cache (its messages are rebuilt from the
            # conversation log, which is durable): its commit waits for no fsync. WAL keeps
            # it intact through a crash, and the store's next durable commit (same file,
            # same log) makes it durable too; a power cut may cost the last turn's summary.
            await conn.execute("PRAGMA synchronous=NORMAL")
            saver = OneHopSqliteSaver(conn, serde=serde)
            await saver.setup()
        except (aiosqlite.Error, OSError) as e:
            raise StoreError(f"cannot open checkpoints in {where.target}: {e}") from e
        try:
            yield saver
        finally:
            await conn.close()
        return
    try:
        async with AsyncPostgresSaver.from_conn_string(where.target, serde=serde) as pg:
            await pg.setup()
            yield pg
    except psycopg.OperationalError as e:
        raise StoreError(f"cannot open checkpoints in {redacted(where.target)}: {e}") from e


_OLDER = "SELECT MAX(checkpoint_id) FROM checkpoints WHERE thread_id = ? GROUP BY checkpoint_ns"
_PRUNE_SQLITE = (
    f"DELETE FROM writes WHERE thread_id = ? AND checkpoint_id NOT IN ({_OLDER})",
    f"DELETE FROM checkpoints WHERE thread_id = ? AND checkpoint_id NOT IN ({_OLDER})",
)


async def keep_latest(saver: BaseCheckpointSaver[Any], thread_ids: Sequence[str]) -> None:
    """Drop every checkpoint of these threads but the latest (the in-memory saver keeps all:
    it lives no longer than the process)."""
    if not thread_ids:
        return
    if isinstance(saver, AsyncPostgresSaver):
        try:
            await saver.aprune(list(thread_ids), strategy="keep_latest")
        except psycopg.Error as e:
            raise StoreError(f"cannot prune checkpoints: {e}") from e
        return
    if isinstance(saver, AsyncSqliteSaver):
        try:
            async with saver.lock:
                await saver.conn.execute("BEGIN IMMEDIATE")
                try:
                    for thread in thread_ids:
                        for sql in _PRUNE_SQLITE:
                            await saver.conn.execute(sql, (thread, thread))
                except BaseException:
                    await saver.conn.execute("ROLLBACK")
                    raise
                await saver.conn.execute("COMMIT")
        except aiosqlite.Error as e:
            raise StoreError(f"cannot prune checkpoints: {e}") from e
