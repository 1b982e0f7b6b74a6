"""Reaching a PostgreSQL server: the URL told without its password, the pool opened.

Apart from ``core.store.postgres`` because it is how a store gets its connections, not
what it does with them: the first connection made directly (so an unreachable server
fails at once with libpq's reason), the schema migrated on it, then the pool and how
each of its connections is set up. Beyond the migrations, nothing here touches a row.
"""

from __future__ import annotations

from typing import Any

import psycopg
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import AsyncConnectionPool

from core.errors import StoreError
from core.store.postgres_migrations import migrate
from core.store.postgres_records import first_line

CONNECT_TIMEOUT_S = 10
UNREADABLE_URL = "postgresql (unreadable URL)"


def describe(url: str) -> str:
    """Where the store is, for messages: host, port and database, never the password."""
    try:
        parts = conninfo_to_dict(url)
    except psycopg.Error:
        return UNREADABLE_URL
    host = parts.get("host") or "localhost"
    port = parts.get("port") or "5432"
    return f"postgresql://{host}:{port}/{parts.get('dbname') or ''}"


async def open_pool(url: str, where: str, max_connections: int) -> AsyncConnectionPool:
    """Connect and migrate, then open the pool; on any failure nothing stays open.

    ``where`` is ``describe(url)``, the only form of the URL a message may quote. The
    first connection is made directly, so an unreachable server fails at once with
    libpq's reason (a pool would keep retrying until its timeout).
    """
    if where == UNREADABLE_URL:
        # Not the library's message: it quotes the URL, password and all.
        raise StoreError(f"cannot open store {where}: not a postgresql://host/database URL")
    try:
        conn = await psycopg.AsyncConnection.connect(
            url, autocommit=True, connect_timeout=CONNECT_TIMEOUT_S
        )
    except psycopg.Error as e:
        raise StoreError(f"cannot open store {where}: {first_line(e)}") from e
    async with conn:
        await migrate(conn)
    pool = AsyncConnectionPool(
        url,
        min_size=1,
        max_size=max_connections,
        open=False,
        kwargs={
            "autocommit": True,
            "connect_timeout": CONNECT_TIMEOUT_S,
            # A read is prepared (and its generic plan made) the first time a
            # connection runs it, not parsed and planned on each of its first five
            # runs: every worker's pool starts fresh backends, so two workers pay
            # that warm-up twice (plans a turn 0.57 -> 0.28, see "perf25d").
            "prepare_threshold": 0,
        },
        configure=_configure,
    )
    try:
        await pool.open(wait=True, timeout=CONNECT_TIMEOUT_S)
    except BaseException as e:
        await pool.close()
        if isinstance(e, psycopg.Error):
            raise StoreError(f"cannot open store {where}: {first_line(e)}") from e
        raise
    return pool


async def _configure(conn: psycopg.AsyncConnection[Any]) -> None:
    """Each pooled connection plans a prepared statement once (its generic plan), not
    again on every execution. Left to itself the server re-plans every statement with an
    array parameter (the snapshot read, a queue, a promotion): its generic plan counts
    ten elements where the custom plan sees the one or two given, so it looks dearer,
    while planning it again costs far more than it saves (the snapshot read's plan about
    1 ms each time, 0.9 ms of the server's ~4 ms of CPU an API turn). Every statement here
    is an indexed lookup that a generic plan serves as well."""
    await conn.execute("SET plan_cache_mode = force_generic_plan")
