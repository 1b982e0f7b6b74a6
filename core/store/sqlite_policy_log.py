"""The policy-change log in SQLite (rows shared with PostgreSQL: ``sql_policy_log``)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import replace

import aiosqlite

from core.domain.rollout import PolicyEvent
from core.errors import StoreError
from core.store.sql_policy_log import INSERT_COLUMNS, POLICY_COLUMNS, insert_values, policy_event
from core.store.sqlite_rows import SQLiteConnection, dt, ts


class SQLitePolicyLog:
    """``PolicyLog`` beside an open ``SQLiteStore`` (same file, same connection)."""

    def __init__(self, store: SQLiteConnection) -> None:
        self._store = store

    async def append_policy_events(self, events: Sequence[PolicyEvent]) -> list[PolicyEvent]:
        appended: list[PolicyEvent] = []
        try:
            async with self._store.transaction() as tx:
                for event in events:
                    cur = await tx.execute(
                        f"INSERT OR IGNORE INTO policy_events ({INSERT_COLUMNS}) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        insert_values(event, ts(event.at)),
                    )
                    if cur.rowcount:
                        at = dt(ts(event.at))
                        appended.append(replace(event, seq=int(cur.lastrowid or 0), at=at))
        except sqlite3.Error as e:
            raise StoreError(f"cannot append to the policy log: {e}") from e
        return appended

    async def policy_events(self, after_seq: int = 0) -> list[PolicyEvent]:
        return await read_policy_events(self._store.db, after_seq)


async def read_policy_events(db: aiosqlite.Connection, after_seq: int) -> list[PolicyEvent]:
    """The log's events after ``after_seq``, in order, read on ``db`` (or a transaction's)."""
    rows = await db.execute_fetchall(
        f"SELECT {POLICY_COLUMNS} FROM policy_events WHERE seq > ? ORDER BY seq", (after_seq,)
    )
    return [policy_event(r, dt(r[2])) for r in rows]
