"""The PostgreSQL backend's reads (``core.store.postgres.PostgresStore`` is built on them):
facts, questions, events, commits and the audit, read by statements run on their own.

Every read runs outside any transaction (autocommit): it sees everything committed before
it, in this process or another. The writes, and the pool the reads run on, are the store's.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from core.domain.event_log import AuditLine, EventRecord, HistoryEntry, LogWindow, payload_end
from core.domain.review_items import CONSISTENCY_SOURCE, ReviewItem, ReviewStatus
from core.domain.rollout import ChangeCount
from core.domain.state import CommittedFact, Scalar, value_key
from core.store import sql_records
from core.store.group_reads import QuestionAndGroup
from core.store.postgres_records import (
    audit_from_row,
    event_from_row,
    fact_from_row,
    history_from_row,
    review_from_row,
)
from core.store.postgres_rows import EVENT_COLUMNS, FACT_COLUMNS, HISTORY_COLUMNS, REVIEW_COLUMNS
from core.store.postgres_tx import Read
from core.store.protocol import ContextRows
from core.store.sql_records import ANY_STATUS


class PostgresReads(ABC):
    """The ``Store`` reads, run by ``fetch``."""

    @abstractmethod
    async def fetch(
        self, sql: str, args: Sequence[Any] | Mapping[str, Any] = ()
    ) -> list[tuple[Any, ...]]: ...

    @abstractmethod
    async def fetch_each(self, reads: Sequence[Read]) -> list[list[tuple[Any, ...]]]:
        """The rows of each read, sent together on one connection (one round trip)."""

    async def facts(self, entity_id: str | None = None) -> list[CommittedFact]:
        return [fact_from_row(r) for r in await self.fetch(*_facts_of(entity_id))]

    async def fact(self, entity_id: str, field: str) -> CommittedFact | None:
        rows = await self.fetch(
            f"SELECT {FACT_COLUMNS} FROM facts WHERE entity_id = %s AND field = %s",
            (entity_id, field),
        )
        return fact_from_row(rows[0]) if rows else None

    async def review_item(self, item_id: str) -> ReviewItem | None:
        rows = await self.fetch(
            f"SELECT {REVIEW_COLUMNS} FROM review_items WHERE id = %s", (item_id,)
        )
        return review_from_row(rows[0]) if rows else None

    async def question_and_group(self, item_id: str) -> QuestionAndGroup | None:
        # One statement: the API reads the item (whose token reaches it?) and a Yes or No
        # then answers its group; the group's read was a second trip.
        # The end each one's words gave comes with it (a Yes keeps it): a read an item.
        rows = await self.fetch(QUESTION_AND_GROUP, {"id": item_id})
        if not rows or rows[0][0] != 0:
            return None
        read = [(review_from_row(r[1:_KEY_AT]), r[_KEY_AT], r[_KEY_AT + 1]) for r in rows]
        ends = {
            item.event_id: end
            for item, key, until in read
            if item.event_id is not None
            and item.candidate_value is not None
            and key == value_key(item.candidate_value)
            and (end := payload_end({"valid_until": until})) is not None
        }
        item, *members = (item for item, _, _ in read)
        return QuestionAndGroup(item, members, ends)

    async def review_items(self, statuses: Sequence[ReviewStatus]) -> list[ReviewItem]:
        rows = await self.fetch(
            f"SELECT {REVIEW_COLUMNS} FROM review_items WHERE status = ANY(%s::text[]) ORDER BY seq",
            (list(statuses),),
        )
        return [review_from_row(r) for r in rows]

    async def open_review_items(
        self,
        entities: Sequence[str] | None = None,
        *,
        other_than: Sequence[str] = (),
        group_key: str | None = None,
        pending_only: bool = False,
    ) -> list[ReviewItem]:
        read = _open_items(entities, other_than, group_key, pending_only)
        return [review_from_row(r) for r in await self.fetch(*read)]

    async def review_items_from(self, entity_id: str, source_prefix: str) -> list[ReviewItem]:
        rows = await self.fetch(*_items_from(entity_id, source_prefix))
        return [review_from_row(r) for r in rows]

    async def context_rows(self, entities: Sequence[str], source_prefix: str) -> ContextRows:
        # One statement (CONTEXT_ROWS) reads what the reads apart would: a context block
        # was three trips, each a pooled connection taken and a wait, then one pipeline of
        # a statement per entity and kind (each a send and psycopg's own work).
        args = {"e": list(entities), "u": list(dict.fromkeys(entities)), "p": source_prefix}
        found: dict[str, list[tuple[Any, ...]]] = {"fact": [], "from": [], "open": []}
        sql = (
            CONSISTENCY_CONTEXT_ROWS
            if source_prefix.startswith(CONSISTENCY_SOURCE)
            else CONTEXT_ROWS
        )
        for r in await self.fetch(sql, args):
            found[r[0]].append(r)
        return ContextRows(
            [fact_from_row(r[_FACT_AT:_REVIEW_AT]) for r in found["fact"]],
            [review_from_row(r[_REVIEW_AT:]) for r in found["from"]],
            [review_from_row(r[_REVIEW_AT:]) for r in found["open"]],
        )

    async def facts_and_open_items(
        self, entity_id: str
    ) -> tuple[list[CommittedFact], list[ReviewItem]]:
        # One statement, not two: the reads of a message's intake (a trip to the server
        # each, and the server's wake-up) on every message of a user with no time zone.
        rows = await self.fetch(FACTS_AND_OPEN_ITEMS, {"e": entity_id})
        facts = [fact_from_row(r[_FACT_AT:_REVIEW_AT]) for r in rows if r[0] == "fact"]
        return facts, [review_from_row(r[_REVIEW_AT:]) for r in rows if r[0] == "open"]

    async def facts_and_items_from(
        self, entity_id: str, source_prefix: str
    ) -> tuple[list[CommittedFact], list[ReviewItem]]:
        # One statement, not two sent at once: two pooled connections taken, two
        # statements for the server, after every commit to a trip, home or time zone.
        sql = (
            CONSISTENCY_FACTS_AND_ITEMS_FROM
            if source_prefix.startswith(CONSISTENCY_SOURCE)
            else FACTS_AND_ITEMS_FROM
        )
        rows = await self.fetch(sql, {"e": entity_id, "p": source_prefix})
        facts = [fact_from_row(r[_FACT_AT:_REVIEW_AT]) for r in rows if r[0] == "fact"]
        return facts, [review_from_row(r[_REVIEW_AT:]) for r in rows if r[0] == "from"]

    async def events_for(
        self, entity_id: str, field: str, value: Scalar | None = None
    ) -> list[EventRecord]:
        sql = f"SELECT {EVENT_COLUMNS} FROM events WHERE entity_id = %s AND field = %s"
        args: list[Any] = [entity_id, field]
        if value is not None:
            sql += " AND value_key = %s"
            args.append(value_key(value))
        rows = await self.fetch(sql + " ORDER BY event_ts, seq", args)
        return [event_from_row(r) for r in rows]

    async def history(self, entity_id: str | None, field: str | None) -> list[HistoryEntry]:
        clauses, args = [], []
        if entity_id is not None:
            clauses.append("entity_id = %s")
            args.append(entity_id)
        if field is not None:
            clauses.append("field = %s")
            args.append(field)
        where = f" WHERE {' AND '.join(clauses)}" if clauses else ""
        rows = await self.fetch(f"SELECT {HISTORY_COLUMNS} FROM commits{where} ORDER BY seq", args)
        return [history_from_row(r) for r in rows]

    async def audit(self, limit: int | None = None) -> list[AuditLine]:
        sql = "SELECT seq, committed_at, entity_id, field, audit_line FROM commits ORDER BY seq"
        if limit is not None:
            sql = f"SELECT * FROM ({sql} DESC LIMIT {int(limit)}) AS last ORDER BY seq"
        return [audit_from_row(r) for r in await self.fetch(sql)]

    async def count_events(self) -> int:
        rows = await self.fetch("SELECT count(*) FROM events")
        return int(rows[0][0])

    async def count_changes(self, queries: Sequence[ChangeCount]) -> list[int]:
        counts: list[int] = []
        for chunk in sql_records.chunks(queries, sql_records.CHANGE_COUNTS_PER_READ):
            sql, args = sql_records.change_counts(chunk, "%s", lambda at: at)
            counts.extend(int(r[1]) for r in sorted(await self.fetch(sql, args)))
        return counts

    async def log_since(self, since: datetime) -> LogWindow:
        rows = await self.fetch(
            f"SELECT {EVENT_COLUMNS} FROM events WHERE ingested_at >= %s ORDER BY seq", [since]
        )
        duplicates = await self.fetch(
            "SELECT event_id, seen_at FROM duplicates WHERE seen_at >= %s ORDER BY seq", [since]
        )
        return LogWindow(
            tuple(event_from_row(r) for r in rows), tuple((r[0], r[1]) for r in duplicates)
        )


_FACT_AT = 3
_REVIEW_AT = _FACT_AT + len(FACT_COLUMNS.split(","))
_NO_FACT = ", ".join(["NULL"] * (_REVIEW_AT - _FACT_AT))
_NO_ITEM = ", ".join(["NULL"] * len(REVIEW_COLUMNS.split(",")))


def _from_source(entity: str, source_prefix: str) -> str:
    """The condition of an entity's questions from a source, any status. Canon's own
    conflict questions are found through their partial index (``review_items_consistency``,
    migration 0028: its literal condition must be in the statement for the plan to use it),
    not by reading every question the entity was ever asked and keeping the few whose key
    starts so (a person's answered questions pile up; the context block reads these on
    every request). ``source_prefix`` is still applied, so the rows are the same."""
    if source_prefix.startswith(CONSISTENCY_SOURCE):
        return (
            f"starts_with(source_key, '{CONSISTENCY_SOURCE}') AND entity_id = {entity} "
            "AND starts_with(source_key, %(p)s)"
        )
    return f"{ANY_STATUS} AND entity_id = {entity} AND starts_with(source_key, %(p)s)"


def _context_rows(source_prefix: str) -> str:
    return (
        "WITH e AS (SELECT * FROM unnest(%(e)s::text[]) WITH ORDINALITY AS e (entity_id, n)) "
        f"SELECT 'fact', e.n, NULL::bigint, x.*, {_NO_ITEM} FROM e CROSS JOIN LATERAL "
        f"(SELECT {FACT_COLUMNS} FROM facts WHERE entity_id = e.entity_id OFFSET 0) x "
        f"UNION ALL SELECT 'from', e.n, x.seq, {_NO_FACT}, x.* FROM e CROSS JOIN LATERAL "
        f"(SELECT {REVIEW_COLUMNS} FROM review_items "
        f"WHERE {_from_source('e.entity_id', source_prefix)} OFFSET 0) x "
        f"UNION ALL SELECT 'open', 0, x.seq, {_NO_FACT}, x.* "
        "FROM unnest(%(u)s::text[]) AS u (entity_id) CROSS JOIN LATERAL "
        f"(SELECT {REVIEW_COLUMNS} FROM review_items WHERE status IN ('pending', 'queued') "
        "AND entity_id = u.entity_id OFFSET 0) x "
        "ORDER BY 1, 2, 5, 3"
    )


CONTEXT_ROWS = _context_rows("")
CONSISTENCY_CONTEXT_ROWS = _context_rows(CONSISTENCY_SOURCE)
"""``context_rows`` in one statement, each row tagged with what it is: the facts of each
entity (``_facts_of``: an entity's by field, the entities in the order given), the
questions from a source of each (``_items_from``: by seq), then the open questions of
them all (``_open_items``: by seq); a fact's columns first, a question's after them, the
other kind's NULL. Ordered by the tag, the entity's place, a fact's field, a question's
seq."""

FACTS_AND_OPEN_ITEMS = (
    f"SELECT 'fact', NULL::bigint, NULL::bigint, x.*, {_NO_ITEM} FROM "
    f"(SELECT {FACT_COLUMNS} FROM facts WHERE entity_id = %(e)s) x "
    f"UNION ALL SELECT 'open', 0, x.seq, {_NO_FACT}, x.* FROM (SELECT {REVIEW_COLUMNS} "
    "FROM review_items WHERE entity_id = %(e)s AND status IN ('pending', 'queued')) x "
    "ORDER BY 1, 3, 5"
)
"""``facts_and_open_items`` in one statement, in ``CONTEXT_ROWS``' shape: the facts of the
entity by field, then its open questions by seq."""


def _facts_and_items_from(source_prefix: str) -> str:
    return (
        f"SELECT 'fact', NULL::bigint, NULL::bigint, x.*, {_NO_ITEM} FROM "
        f"(SELECT {FACT_COLUMNS} FROM facts WHERE entity_id = %(e)s) x "
        f"UNION ALL SELECT 'from', 0, x.seq, {_NO_FACT}, x.* FROM (SELECT {REVIEW_COLUMNS} "
        f"FROM review_items WHERE {_from_source('%(e)s', source_prefix)}) x "
        "ORDER BY 1, 3, 5"
    )


FACTS_AND_ITEMS_FROM = _facts_and_items_from("")
CONSISTENCY_FACTS_AND_ITEMS_FROM = _facts_and_items_from(CONSISTENCY_SOURCE)
"""``facts_and_items_from`` in one statement, in ``CONTEXT_ROWS``' shape: the facts of the
entity by field, then its questions from the source (answered ones too) by seq."""


def _facts_of(entity_id: str | None) -> Read:
    where, args = ("", ()) if entity_id is None else (" WHERE entity_id = %s", (entity_id,))
    return f"SELECT {FACT_COLUMNS} FROM facts{where} ORDER BY entity_id, field", args


def _items_from(entity_id: str, source_prefix: str) -> Read:
    # starts_with, not LIKE: a prefix with '%' or '_' in it means just those characters.
    return (
        f"SELECT {REVIEW_COLUMNS} FROM review_items "
        f"WHERE {_from_source('%(e)s', source_prefix)} ORDER BY seq",
        {"e": entity_id, "p": source_prefix},
    )


_OPEN = "status IN ('pending', 'queued')"
QUESTION_AND_GROUP = (
    f"SELECT q.*, e.value_key, e.until FROM (SELECT 0 AS part, {REVIEW_COLUMNS} "
    "FROM review_items WHERE id = %(id)s "
    f"UNION ALL SELECT 1, {REVIEW_COLUMNS} FROM review_items WHERE {_OPEN} AND id <> %(id)s "
    "AND (entity_id, group_key) = "
    f"(SELECT entity_id, group_key FROM review_items WHERE id = %(id)s AND {_OPEN})) q "
    "LEFT JOIN LATERAL (SELECT value_key, payload::json -> 'valid_until' AS until FROM events "
    "WHERE event_id = q.event_id AND entity_id = q.entity_id AND field = q.field) e ON true "
    "ORDER BY q.part, q.seq"
)
"""The item (part 0) and, while it is open, the other open items of its group (part 1):
found by its entity (a group is one entity's; review_items_by_status), then its key;
each with the value key and the end (``valid_until``) of the event that raised it, by
the event's unique id (``events_for``'s event of that id, as ``question_ends`` reads it)."""
_KEY_AT = 1 + len(REVIEW_COLUMNS.split(","))


def _open_items(
    entities: Sequence[str] | None,
    other_than: Sequence[str] = (),
    group_key: str | None = None,
    pending_only: bool = False,
) -> Read:
    where = ["status = 'pending'" if pending_only else "status IN ('pending', 'queued')"]
    args: list[Any] = []
    if entities is not None:
        # One index probe per entity, as postgres_rows.OPEN_QUEUE (and why).
        where.append("entity_id = e.entity_id")
        args.append(list(dict.fromkeys(entities)))
    if other_than:
        where.append("NOT (entity_id = ANY(%s::text[]))")
        args.append(list(other_than))
    if group_key is not None:
        where.append("group_key = %s")
        args.append(group_key)
    sql = f"SELECT {REVIEW_COLUMNS} FROM review_items WHERE {' AND '.join(where)}"
    if entities is not None:
        sql = (
            "SELECT x.* FROM unnest(%s::text[]) AS e (entity_id) "
            f"CROSS JOIN LATERAL ({sql} OFFSET 0) x"
        )
    return f"{sql} ORDER BY seq", args
