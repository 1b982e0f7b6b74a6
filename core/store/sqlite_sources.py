"""Source freshness and health in SQLite: one row per configured source.

The poller reads a source's cursor (Google syncToken, IMAP UIDVALIDITY and
last UID), and after a pass records either a success (new cursor, fresh
``last_success``) or a failure (error text, a lower weight). Nothing here
decides anything; the weight rules live in ``core.sources.health``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from core.domain.source_state import SourceState
from core.store.sqlite_rows import SQLiteConnection

_TS_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"


def _ts(value: datetime | None) -> str | None:
    return None if value is None else value.astimezone(UTC).strftime(_TS_FORMAT)


def _dt(text: str | None) -> datetime | None:
    return None if text is None else datetime.strptime(text, _TS_FORMAT).replace(tzinfo=UTC)


class SQLiteSourceStates:
    """``SourceStateStore`` beside an open ``SQLiteStore`` (same file, same connection)."""

    def __init__(self, store: SQLiteConnection) -> None:
        self._store = store

    async def source_states(self) -> list[SourceState]:
        rows = await self._store.db.execute_fetchall(
            f"SELECT {_COLUMNS} FROM source_state ORDER BY name"
        )
        return [_row(r) for r in rows]

    async def source_state(self, name: str) -> SourceState | None:
        rows = list(
            await self._store.db.execute_fetchall(
                f"SELECT {_COLUMNS} FROM source_state WHERE name = ?", (name,)
            )
        )
        return _row(rows[0]) if rows else None

    async def save_source_state(self, state: SourceState) -> None:
        # Never inside another task's transaction on the shared connection.
        await self._store.execute_write(_SAVE, _params(state))

    async def change_source_state(
        self, name: str, kind: str, change: Callable[[SourceState], SourceState]
    ) -> SourceState:
        # BEGIN IMMEDIATE: the file's write lock from the read on, so another process's
        # change waits for this one and reads what it wrote.
        async with self._store.transaction() as db:
            rows = list(
                await db.execute_fetchall(
                    f"SELECT {_COLUMNS} FROM source_state WHERE name = ?", (name,)
                )
            )
            old = _row(rows[0]) if rows else SourceState(name, kind)
            new = change(old)
            if new != old:
                await db.execute(_SAVE, _params(new))
        return new


class SQLiteMailSenders:
    """``MailSenderStore`` beside an open ``SQLiteStore``."""

    def __init__(self, store: SQLiteConnection) -> None:
        self._store = store

    async def note_mail_sender(self, ref: str, address: str) -> None:
        await self._store.execute_write(
            "INSERT OR IGNORE INTO mail_sender_refs (ref, address) VALUES (?, ?)", (ref, address)
        )

    async def mail_sender(self, ref: str) -> str | None:
        rows = list(
            await self._store.db.execute_fetchall(
                "SELECT address FROM mail_sender_refs WHERE ref = ?", (ref,)
            )
        )
        return str(rows[0][0]) if rows else None

    async def trust_sender(self, address: str, at: datetime, via_ref: str) -> None:
        await self._store.execute_write(
            "INSERT OR IGNORE INTO trusted_mail_senders (address, learned_at, via_ref) "
            "VALUES (?, ?, ?)",
            (address, _ts(at), via_ref),
        )

    async def trusted_senders(self) -> frozenset[str]:
        rows = await self._store.db.execute_fetchall("SELECT address FROM trusted_mail_senders")
        return frozenset(str(r[0]) for r in rows)


_COLUMNS = (
    "name, kind, cursor, last_attempt, last_success, last_error, failures, weight, signals_total"
)


_SAVE = f"INSERT OR REPLACE INTO source_state ({_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?)"


def _params(state: SourceState) -> tuple[Any, ...]:
    return (
        state.name,
        state.kind,
        json.dumps(state.cursor, sort_keys=True),
        _ts(state.last_attempt),
        _ts(state.last_success),
        state.last_error,
        state.failures,
        state.weight,
        state.signals_total,
    )


def _row(r: Any) -> SourceState:
    return SourceState(
        name=r[0],
        kind=r[1],
        cursor=json.loads(r[2]),
        last_attempt=_dt(r[3]),
        last_success=_dt(r[4]),
        last_error=r[5],
        failures=int(r[6]),
        weight=float(r[7]),
        signals_total=int(r[8]),
    )
