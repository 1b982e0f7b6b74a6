"""What the workspace projection remembers between passes, in SQLite.

- the STATE-INPUT entries last accepted per (file, zone), so re-reading an
  unchanged file ingests nothing and a deleted line becomes a retraction;
- the hash of what Canon last wrote into each projected zone (drift check);
- workspace events: drift reverted, legacy-mode writes, backups taken.

Each write is a single statement, run through ``SQLiteStore.execute_write`` so
it never lands inside another task's transaction on the shared connection.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from typing import Any

from core.domain.workspace_records import AcceptedInput, WorkspaceEvent
from core.errors import StoreError
from core.store.sqlite_rows import SQLiteConnection

_TS_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"


def _ts(value: datetime) -> str:
    return value.astimezone(UTC).strftime(_TS_FORMAT)


def _dt(text: str) -> datetime:
    return datetime.strptime(text, _TS_FORMAT).replace(tzinfo=UTC)


class SQLiteWorkspaceStore:
    """``WorkspaceStore`` over an open SQLite connection (``SQLiteStore.db``)."""

    def __init__(self, store: SQLiteConnection) -> None:
        self._store = store

    async def accepted_input(self, file: str, zone_id: str) -> AcceptedInput:
        rows = await self._fetch(
            "SELECT entries, bad, generations FROM workspace_inputs WHERE file = ? AND zone_id = ?",
            (file, zone_id),
        )
        if not rows:
            return AcceptedInput()
        entries, bad, generations = (json.loads(x) for x in rows[0])
        return AcceptedInput(
            {h: (v[0], v[1], v[2]) for h, v in entries.items()},
            frozenset(bad),
            {h: int(n) for h, n in generations.items()},
        )

    async def save_accepted_input(
        self, file: str, zone_id: str, accepted: AcceptedInput, at: datetime
    ) -> None:
        await self._exec(
            "INSERT OR REPLACE INTO workspace_inputs VALUES (?, ?, ?, ?, ?, ?)",
            (
                file,
                zone_id,
                json.dumps({h: list(v) for h, v in sorted(accepted.entries.items())}),
                json.dumps(sorted(accepted.bad)),
                json.dumps(dict(sorted(accepted.generations.items()))),
                _ts(at),
            ),
        )

    async def zone_hashes(self, file: str) -> dict[str, str]:
        rows = await self._fetch(
            "SELECT zone_id, content_hash FROM workspace_zones WHERE file = ?", (file,)
        )
        return {r[0]: r[1] for r in rows}

    async def save_zone_hash(
        self, file: str, zone_id: str, content_hash: str, at: datetime
    ) -> None:
        await self._exec(
            "INSERT OR REPLACE INTO workspace_zones VALUES (?, ?, ?, ?)",
            (file, zone_id, content_hash, _ts(at)),
        )

    async def add_event(
        self, at: datetime, kind: str, file: str, zone_id: str | None, detail: str
    ) -> None:
        await self._exec(
            "INSERT INTO workspace_events (at, kind, file, zone_id, detail) VALUES (?, ?, ?, ?, ?)",
            (_ts(at), kind, file, zone_id, detail),
        )

    async def events(self, kinds: tuple[str, ...] | None = None) -> list[WorkspaceEvent]:
        sql = "SELECT seq, at, kind, file, zone_id, detail FROM workspace_events"
        args: tuple[str, ...] = ()
        if kinds:
            sql += f" WHERE kind IN ({','.join('?' * len(kinds))})"
            args = kinds
        rows = await self._fetch(sql + " ORDER BY seq", args)
        return [WorkspaceEvent(r[0], _dt(r[1]), r[2], r[3], r[4], r[5]) for r in rows]

    async def _fetch(self, sql: str, args: tuple[str, ...]) -> list[tuple[Any, ...]]:
        try:
            return [tuple(r) for r in await self._store.db.execute_fetchall(sql, args)]
        except sqlite3.Error as e:
            raise StoreError(f"workspace store read failed: {e}") from e

    async def _exec(self, sql: str, args: tuple[str | None, ...]) -> None:
        try:
            await self._store.execute_write(sql, args)
        except sqlite3.Error as e:
            raise StoreError(f"workspace store write failed: {e}") from e
