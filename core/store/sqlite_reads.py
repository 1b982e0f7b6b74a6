"""The SQLite backend's reads (``core.store.sqlite.SQLiteStore`` is built on them).

Every read runs on the store's connection outside any transaction: it sees what
was committed before it, in this process or another.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import aiosqlite

from core.domain.alerts import Alert
from core.domain.dead_letters import DeadLetter
from core.domain.event_log import AuditLine, EventRecord, HistoryEntry, LogWindow
from core.domain.review_items import ReviewItem, ReviewStatus
from core.domain.rollout import ChangeCount
from core.domain.state import CommittedFact, Scalar, value_key
from core.store import sql_records
from core.store.protocol import ContextRows
from core.store.sql_records import ANY_STATUS
from core.store.sqlite_rows import (
    EVENT_COLUMNS,
    FACT_COLUMNS,
    REVIEW_COLUMNS,
    dt,
    event_from_row,
    fact_from_row,
    review_from_row,
    ts,
)


class SQLiteReads(ABC):
    """The ``Store`` reads over an open SQLite connection."""

    @property
    @abstractmethod
    def db(self) -> aiosqlite.Connection: ...

    async def facts(self, entity_id: str | None = None) -> list[CommittedFact]:
        sql = f"SELECT {FACT_COLUMNS} FROM facts"
        args: tuple[Any, ...] = ()
        if entity_id is not None:
            sql += " WHERE entity_id = ?"
            args = (entity_id,)
        sql += " ORDER BY entity_id, field"
        return [fact_from_row(row) for row in await self.db.execute_fetchall(sql, args)]

    async def fact(self, entity_id: str, field: str) -> CommittedFact | None:
        return await read_fact(self.db, entity_id, field)

    async def review_item(self, item_id: str) -> ReviewItem | None:
        rows = await read_review_rows(
            self.db, f"SELECT {REVIEW_COLUMNS} FROM review_items WHERE id = ?", [item_id]
        )
        return rows[0] if rows else None

    async def review_items(self, statuses: Sequence[ReviewStatus]) -> list[ReviewItem]:
        marks = ",".join("?" * len(statuses))
        return await read_review_rows(
            self.db,
            f"SELECT {REVIEW_COLUMNS} FROM review_items WHERE status IN ({marks}) ORDER BY seq",
            list(statuses),
        )

    async def open_review_items(
        self,
        entities: Sequence[str] | None = None,
        *,
        other_than: Sequence[str] = (),
        group_key: str | None = None,
        pending_only: bool = False,
    ) -> list[ReviewItem]:
        where = ["status = 'pending'" if pending_only else "status IN ('pending', 'queued')"]
        args: list[Any] = []
        if entities is not None:  # SQLite reads "IN ()" as false: no entities, no items
            where.append(f"entity_id IN ({','.join('?' * len(entities))})")
            args += entities
        if other_than:
            where.append(f"entity_id NOT IN ({','.join('?' * len(other_than))})")
            args += other_than
        if group_key is not None:
            where.append("group_key = ?")
            args.append(group_key)
        return await read_review_rows(
            self.db,
            f"SELECT {REVIEW_COLUMNS} FROM review_items WHERE {' AND '.join(where)} ORDER BY seq",
            args,
        )

    async def review_items_from(self, entity_id: str, source_prefix: str) -> list[ReviewItem]:
        # substr, not LIKE: a prefix with '%' or '_' in it means just those characters.
        return await read_review_rows(
            self.db,
            f"SELECT {REVIEW_COLUMNS} FROM review_items WHERE {ANY_STATUS} AND entity_id = ? "
            "AND substr(source_key, 1, length(?)) = ? ORDER BY seq",
            [entity_id, source_prefix, source_prefix],
        )

    async def context_rows(self, entities: Sequence[str], source_prefix: str) -> ContextRows:
        facts = [f for e in entities for f in await self.facts(e)]
        items_from = [r for e in entities for r in await self.review_items_from(e, source_prefix)]
        return ContextRows(facts, items_from, await self.open_review_items(entities))

    async def facts_and_open_items(
        self, entity_id: str
    ) -> tuple[list[CommittedFact], list[ReviewItem]]:
        rows = await self.db.execute_fetchall(FACTS_AND_OPEN_ITEMS, (entity_id, entity_id))
        facts = [fact_from_row(r[_FACT_AT:_REVIEW_AT]) for r in rows if r[0] == "fact"]
        return facts, [review_from_row(r[_REVIEW_AT:]) for r in rows if r[0] == "open"]

    async def facts_and_items_from(
        self, entity_id: str, source_prefix: str
    ) -> tuple[list[CommittedFact], list[ReviewItem]]:
        rows = await self.db.execute_fetchall(
            FACTS_AND_ITEMS_FROM, (entity_id, entity_id, source_prefix, source_prefix)
        )
        facts = [fact_from_row(r[_FACT_AT:_REVIEW_AT]) for r in rows if r[0] == "fact"]
        return facts, [review_from_row(r[_REVIEW_AT:]) for r in rows if r[0] == "from"]

    async def events_for(
        self, entity_id: str, field: str, value: Scalar | None = None
    ) -> list[EventRecord]:
        sql = f"SELECT {EVENT_COLUMNS} FROM events WHERE entity_id = ? AND field = ?"
        args: list[Any] = [entity_id, field]
        if value is not None:
            sql += " AND value_key = ?"
            args.append(value_key(value))
        sql += " ORDER BY event_ts, seq"
        async with self.db.execute(sql, args) as cur:
            return [event_from_row(row) for row in await cur.fetchall()]

    async def history(self, entity_id: str | None, field: str | None) -> list[HistoryEntry]:
        clauses, args = [], []
        if entity_id is not None:
            clauses.append("entity_id = ?")
            args.append(entity_id)
        if field is not None:
            clauses.append("field = ?")
            args.append(field)
        where = f" WHERE {' AND '.join(clauses)}" if clauses else ""
        rows = await self.db.execute_fetchall(
            "SELECT seq, entity_id, field, version, old_json, new_json, retracted, event_id, "
            "confidence, resolution, committed_at, principal, source_ref "
            f"FROM commits{where} ORDER BY seq",
            args,
        )
        return [sql_records.history_from_row(r, dt) for r in rows]

    async def audit(self, limit: int | None = None) -> list[AuditLine]:
        sql = "SELECT seq, committed_at, entity_id, field, audit_line FROM commits ORDER BY seq"
        if limit is not None:
            sql = f"SELECT * FROM ({sql} DESC LIMIT {int(limit)}) ORDER BY seq"
        rows = await self.db.execute_fetchall(sql)
        return [AuditLine(r[0], dt(r[1]), r[2], r[3], r[4]) for r in rows]

    async def count_events(self) -> int:
        async with self.db.execute("SELECT count(*) FROM events") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def count_changes(self, queries: Sequence[ChangeCount]) -> list[int]:
        return await read_change_counts(self.db, queries)

    async def log_since(self, since: datetime) -> LogWindow:
        at = ts(since)
        async with self.db.execute(
            f"SELECT {EVENT_COLUMNS} FROM events WHERE ingested_at >= ? ORDER BY seq", (at,)
        ) as cur:
            events = tuple(event_from_row(row) for row in await cur.fetchall())
        async with self.db.execute(
            "SELECT event_id, seen_at FROM duplicates WHERE seen_at >= ? ORDER BY seq", (at,)
        ) as cur:
            duplicates = tuple((r[0], dt(r[1])) for r in await cur.fetchall())
        return LogWindow(events, duplicates)

    async def dead_letters(self, statuses: Sequence[str] | None = None) -> list[DeadLetter]:
        sql = (
            "SELECT id, event_id, prompt_id, schema, payload, errors, domain, first_seen, "
            "last_attempt, retry_count, next_retry_at, status, principal FROM dead_letters"
        )
        args: list[Any] = []
        if statuses:
            sql += f" WHERE status IN ({','.join('?' * len(statuses))})"
            args.extend(statuses)
        async with self.db.execute(sql + " ORDER BY seq", args) as cur:
            return [sql_records.letter_from_row(r, dt) for r in await cur.fetchall()]

    async def open_alerts(self) -> list[Alert]:
        async with self.db.execute(
            "SELECT seq, created_at, kind, domain, message FROM alerts "
            "WHERE delivered_at IS NULL ORDER BY seq"
        ) as cur:
            return [Alert(r[0], dt(r[1]), r[2], r[3], r[4]) for r in await cur.fetchall()]

    async def alerts(self) -> list[tuple[datetime, str, str | None, str]]:
        async with self.db.execute(
            "SELECT created_at, kind, domain, message FROM alerts ORDER BY seq"
        ) as cur:
            return [(dt(r[0]), r[1], r[2], r[3]) for r in await cur.fetchall()]


async def read_change_counts(db: aiosqlite.Connection, queries: Sequence[ChangeCount]) -> list[int]:
    """``count_changes`` read on ``db`` (or a transaction's)."""
    counts: list[int] = []
    # One statement per chunk (SQLite caps a statement's parameters), each part
    # the partial index commits_entity_changes' own predicate, so SQLite uses it.
    for chunk in sql_records.chunks(queries, sql_records.CHANGE_COUNTS_PER_READ):
        sql, args = sql_records.change_counts(chunk, "?", ts)
        rows = await db.execute_fetchall(sql, args)
        counts.extend(int(r[1]) for r in sorted(rows))
    return counts


async def read_fact(db: aiosqlite.Connection, entity_id: str, field: str) -> CommittedFact | None:
    rows = list(
        await db.execute_fetchall(
            f"SELECT {FACT_COLUMNS} FROM facts WHERE entity_id = ? AND field = ?",
            (entity_id, field),
        )
    )
    return fact_from_row(rows[0]) if rows else None


async def read_review_rows(
    db: aiosqlite.Connection, sql: str, args: Sequence[Any]
) -> list[ReviewItem]:
    return [review_from_row(row) for row in await db.execute_fetchall(sql, tuple(args))]


_FACT_AT = 2
_REVIEW_AT = _FACT_AT + len(FACT_COLUMNS.split(","))
FACTS_AND_OPEN_ITEMS = (
    f"SELECT 'fact', NULL, {FACT_COLUMNS}, {', '.join(['NULL'] * len(REVIEW_COLUMNS.split(',')))} "
    "FROM facts WHERE entity_id = ? "
    f"UNION ALL SELECT 'open', seq, {', '.join(['NULL'] * (_REVIEW_AT - _FACT_AT))}, "
    f"{REVIEW_COLUMNS} FROM review_items WHERE entity_id = ? AND status IN ('pending', 'queued') "
    "ORDER BY 1, 2, 4"
)
"""``facts_and_open_items`` in one statement: the speaker's facts (by field), then its
open questions (by seq), each row tagged with what it is; a fact's columns first, a
question's after them, the other kind's NULL."""

FACTS_AND_ITEMS_FROM = (
    f"SELECT 'fact', NULL, {FACT_COLUMNS}, {', '.join(['NULL'] * len(REVIEW_COLUMNS.split(',')))} "
    "FROM facts WHERE entity_id = ? "
    f"UNION ALL SELECT 'from', seq, {', '.join(['NULL'] * (_REVIEW_AT - _FACT_AT))}, "
    f"{REVIEW_COLUMNS} FROM review_items WHERE {ANY_STATUS} AND entity_id = ? "
    "AND substr(source_key, 1, length(?)) = ? ORDER BY 1, 2, 4"
)
"""``facts_and_items_from`` in one statement, as ``FACTS_AND_OPEN_ITEMS``: the facts (by
field), then the questions from the source, answered ones too (by seq)."""
