"""The PostgreSQL source states and mail senders (``SourceStateStore``, ``MailSenderStore``):
each source's cursor and health, and the mail senders noted and trusted.

They behave as ``sqlite_sources`` and share the main store's connection pool.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from typing import Any

from core.domain.source_state import SourceState
from core.store.postgres_companions import PoolOwner
from core.store.postgres_records import opt_utc

_SOURCE_COLUMNS = (
    "name, kind, cursor, last_attempt, last_success, last_error, failures, weight, signals_total"
)


class PostgresSourceStates:
    """``SourceStateStore`` over a ``PostgresStore``'s pool."""

    def __init__(self, store: PoolOwner) -> None:
        self._store = store

    async def source_states(self) -> list[SourceState]:
        rows = await self._store.fetch(f"SELECT {_SOURCE_COLUMNS} FROM source_state ORDER BY name")
        return [_source_state(r) for r in rows]

    async def source_state(self, name: str) -> SourceState | None:
        rows = await self._store.fetch(
            f"SELECT {_SOURCE_COLUMNS} FROM source_state WHERE name = %s", (name,)
        )
        return _source_state(rows[0]) if rows else None

    async def save_source_state(self, state: SourceState) -> None:
        async with self._store.transaction() as tx:
            await tx.execute(_SAVE, _params(state))

    async def change_source_state(
        self, name: str, kind: str, change: Callable[[SourceState], SourceState]
    ) -> SourceState:
        async with self._store.transaction() as tx:
            # The row made first if there is none, then locked (FOR UPDATE): another
            # writer's change waits for this transaction and reads what it wrote.
            await tx.execute(
                f"INSERT INTO source_state ({_SOURCE_COLUMNS}) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (name) DO NOTHING",
                _params(SourceState(name, kind)),
            )
            rows = await tx.fetch(
                f"SELECT {_SOURCE_COLUMNS} FROM source_state WHERE name = %s FOR UPDATE", (name,)
            )
            old = _source_state(rows[0])
            new = change(old)
            if new != old:
                await tx.execute(_SAVE, _params(new))
        return new


_SAVE = (
    f"INSERT INTO source_state ({_SOURCE_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) "
    "ON CONFLICT (name) DO UPDATE SET "
    + ", ".join(f"{c} = EXCLUDED.{c}" for c in _SOURCE_COLUMNS.split(", ")[1:])
)


def _params(state: SourceState) -> tuple[Any, ...]:
    return (
        state.name,
        state.kind,
        json.dumps(state.cursor, sort_keys=True),
        state.last_attempt,
        state.last_success,
        state.last_error,
        state.failures,
        state.weight,
        state.signals_total,
    )


def _source_state(r: Any) -> SourceState:
    return SourceState(
        name=r[0],
        kind=r[1],
        cursor=json.loads(r[2]),
        last_attempt=opt_utc(r[3]),
        last_success=opt_utc(r[4]),
        last_error=r[5],
        failures=int(r[6]),
        weight=float(r[7]),
        signals_total=int(r[8]),
    )


class PostgresMailSenders:
    """``MailSenderStore`` over a ``PostgresStore``'s pool."""

    def __init__(self, store: PoolOwner) -> None:
        self._store = store

    async def note_mail_sender(self, ref: str, address: str) -> None:
        async with self._store.transaction() as tx:
            await tx.execute(
                "INSERT INTO mail_sender_refs (ref, address) VALUES (%s, %s) "
                "ON CONFLICT DO NOTHING",
                (ref, address),
            )

    async def mail_sender(self, ref: str) -> str | None:
        rows = await self._store.fetch(
            "SELECT address FROM mail_sender_refs WHERE ref = %s", (ref,)
        )
        return str(rows[0][0]) if rows else None

    async def trust_sender(self, address: str, at: datetime, via_ref: str) -> None:
        async with self._store.transaction() as tx:
            await tx.execute(
                "INSERT INTO trusted_mail_senders (address, learned_at, via_ref) "
                "VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
                (address, at, via_ref),
            )

    async def trusted_senders(self) -> frozenset[str]:
        rows = await self._store.fetch("SELECT address FROM trusted_mail_senders")
        return frozenset(str(r[0]) for r in rows)
