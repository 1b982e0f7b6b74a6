"""Applying PostgreSQL's migrations (``core.store.migrations.postgresql``): each once,
in its own transaction, under an advisory lock so that several processes starting
on a fresh database at the same moment apply it exactly once.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import psycopg

from core.errors import MigrationError
from core.store.migrations.postgresql import MIGRATIONS
from core.store.postgres_records import first_line

MIGRATION_LOCK = (0x63616E6F, 1)
"""The advisory lock (two-int key space, apart from the entities') held while migrating."""


async def migrate(conn: psycopg.AsyncConnection[Any]) -> None:
    """Apply pending migrations, safely beside other processes doing the same.

    Each runs in its own transaction holding the migration lock and is applied
    only if it is still missing once the lock is held: of several first runs on
    a fresh database, one applies it and the others find it done.
    """
    for name, script in MIGRATIONS:
        try:
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock(%s, %s)", MIGRATION_LOCK)
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations "
                    "(name text PRIMARY KEY, applied_at timestamptz NOT NULL)"
                )
                cur = await conn.execute("SELECT 1 FROM schema_migrations WHERE name = %s", (name,))
                if await cur.fetchone():
                    continue
                await conn.execute(script.encode())
                await conn.execute(
                    "INSERT INTO schema_migrations VALUES (%s, %s)", (name, datetime.now(UTC))
                )
        except psycopg.Error as e:
            raise MigrationError(
                f"migration {name} failed and was rolled back: {first_line(e)}"
            ) from e
