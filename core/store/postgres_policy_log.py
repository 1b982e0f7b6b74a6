"""The policy-change log in PostgreSQL (rows shared with SQLite: ``sql_policy_log``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC

from core.domain.rollout import PolicyEvent
from core.store.postgres_companions import PoolOwner
from core.store.sql_policy_log import INSERT_COLUMNS, POLICY_COLUMNS, insert_values, policy_event


class PostgresPolicyLog:
    """``PolicyLog`` over a ``PostgresStore``'s pool."""

    def __init__(self, store: PoolOwner) -> None:
        self._store = store

    async def append_policy_events(self, events: Sequence[PolicyEvent]) -> list[PolicyEvent]:
        appended: list[PolicyEvent] = []
        async with self._store.transaction() as tx:
            for event in events:
                rows = await tx.fetch(
                    f"INSERT INTO policy_events ({INSERT_COLUMNS}) "
                    "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s) "
                    "ON CONFLICT (event_id) DO NOTHING RETURNING seq",
                    insert_values(event, event.at),
                )
                if rows:
                    at = event.at.astimezone(UTC)
                    appended.append(replace(event, seq=int(rows[0][0]), at=at))
        return appended

    async def policy_events(self, after_seq: int = 0) -> list[PolicyEvent]:
        rows = await self._store.fetch(
            f"SELECT {POLICY_COLUMNS} FROM policy_events WHERE seq > %s ORDER BY seq", (after_seq,)
        )
        return [policy_event(r, r[2].astimezone(UTC)) for r in rows]
