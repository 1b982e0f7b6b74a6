"""The LangGraph checkpointer that keeps workflows beside Canon's data, by store URL.

A SQLite store's file holds the checkpoint tables too (LangGraph's own ``checkpoints`` and
``writes``; a busy timeout lets the store's connection and this one take turns), a
PostgreSQL store's database likewise, and ``memory://`` keeps them in the process. The
serializer reads back only the session records it is told about (``CHECKPOINT_TYPES``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

from core.agent.session import CHECKPOINT_TYPES
from core.store.factory import parse_store_url


def checkpoint_serde() -> JsonPlusSerializer:
    """The serializer every workflow checkpointer should be built with."""
    return JsonPlusSerializer(allowed_msgpack_modules=CHECKPOINT_TYPES)


@asynccontextmanager
async def open_checkpointer(store_url: str) -> AsyncIterator[BaseCheckpointSaver[Any]]:
    """The checkpointer for the store ``store_url`` names, set up, closed on exit."""
    where = parse_store_url(store_url)
    serde = checkpoint_serde()
    if where.backend == "memory":
        yield InMemorySaver(serde=serde)
        return
    if where.backend == "postgresql":
        async with AsyncPostgresSaver.from_conn_string(where.target, serde=serde) as pg:
            await pg.setup()
            yield pg
        return
    async with aiosqlite.connect(where.target) as conn:
        await conn.execute("PRAGMA busy_timeout = 5000")
        saver = AsyncSqliteSaver(conn, serde=serde)
        await saver.setup()
        yield saver
