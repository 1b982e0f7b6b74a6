"""The PostgreSQL workspace store (``WorkspaceStore``): accepted inputs, zone hashes and
workspace events.

It behaves as ``sqlite_workspace`` and shares the main store's connection pool.
"""

from __future__ import annotations

import json
from datetime import datetime

from core.domain.workspace_records import AcceptedInput, WorkspaceEvent
from core.store.postgres_companions import PoolOwner
from core.store.postgres_records import utc


class PostgresWorkspaceStore:
    """``WorkspaceStore`` over a ``PostgresStore``'s pool."""

    def __init__(self, store: PoolOwner) -> None:
        self._store = store

    async def accepted_input(self, file: str, zone_id: str) -> AcceptedInput:
        rows = await self._store.fetch(
            "SELECT entries, bad, generations FROM workspace_inputs "
            "WHERE file = %s AND zone_id = %s",
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
        async with self._store.transaction() as tx:
            await tx.execute(
                "INSERT INTO workspace_inputs (file, zone_id, entries, bad, generations, "
                "updated_at) VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (file, zone_id) DO UPDATE "
                "SET entries = EXCLUDED.entries, bad = EXCLUDED.bad, "
                "generations = EXCLUDED.generations, updated_at = EXCLUDED.updated_at",
                (
                    file,
                    zone_id,
                    json.dumps({h: list(v) for h, v in sorted(accepted.entries.items())}),
                    json.dumps(sorted(accepted.bad)),
                    json.dumps(dict(sorted(accepted.generations.items()))),
                    at,
                ),
            )

    async def zone_hashes(self, file: str) -> dict[str, str]:
        rows = await self._store.fetch(
            "SELECT zone_id, content_hash FROM workspace_zones WHERE file = %s", (file,)
        )
        return {r[0]: r[1] for r in rows}

    async def save_zone_hash(
        self, file: str, zone_id: str, content_hash: str, at: datetime
    ) -> None:
        async with self._store.transaction() as tx:
            await tx.execute(
                "INSERT INTO workspace_zones (file, zone_id, content_hash, written_at) "
                "VALUES (%s, %s, %s, %s) ON CONFLICT (file, zone_id) DO UPDATE "
                "SET content_hash = EXCLUDED.content_hash, written_at = EXCLUDED.written_at",
                (file, zone_id, content_hash, at),
            )

    async def add_event(
        self, at: datetime, kind: str, file: str, zone_id: str | None, detail: str
    ) -> None:
        async with self._store.transaction() as tx:
            await tx.execute(
                "INSERT INTO workspace_events (at, kind, file, zone_id, detail) "
                "VALUES (%s, %s, %s, %s, %s)",
                (at, kind, file, zone_id, detail),
            )

    async def events(self, kinds: tuple[str, ...] | None = None) -> list[WorkspaceEvent]:
        sql = "SELECT seq, at, kind, file, zone_id, detail FROM workspace_events"
        args: list[object] = []
        if kinds:
            sql += " WHERE kind = ANY(%s::text[])"
            args.append(list(kinds))
        rows = await self._store.fetch(sql + " ORDER BY seq", args)
        return [WorkspaceEvent(r[0], utc(r[1]), r[2], r[3], r[4], r[5]) for r in rows]
