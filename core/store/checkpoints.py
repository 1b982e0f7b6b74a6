"""Where conversations are checkpointed: the same store as Canon's data.

``open_checkpointer(url)`` gives LangGraph's saver for the store a URL names:

    SQLite       AsyncSqliteSaver on the same file (its own connection, WAL, a busy timeout)
    PostgreSQL   AsyncPostgresSaver on the same database
    memory://    InMemorySaver (nothing survives the process, like the store itself)

The savers own their tables (``checkpoints``, ``writes`` / ``checkpoint_*``); Canon's
tables have other names. The serializer is restricted to the records the session state
holds (``core.agent.session.CHECKPOINT_TYPES``): a checkpoint naming any other class is
not turned back into one.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
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
            conn = await aiosqlite.connect(where.target, isolation_level=None)
            await conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            await conn.execute("PRAGMA journal_mode=WAL")
            saver = AsyncSqliteSaver(conn, serde=serde)
            await saver.setup()
        except aiosqlite.Error as e:
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
