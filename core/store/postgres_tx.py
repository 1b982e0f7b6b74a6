"""One PostgreSQL write transaction: its entity locks and the rules it applies in Python.

``Tx`` wraps the connection of a transaction the backend opened and remembers
which entities' advisory locks it holds. The writes here (a commit folded into
current state, the per-entity pending cap, a bulk import) assume the locks of
the entities they touch are held (``Tx.lock``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from psycopg import AsyncConnection

from core.state import CommittedFact, value_key
from core.store.postgres_rows import (
    DELETE_FACT,
    INSERT_COMMIT,
    REVIEW_COLUMNS,
    UPSERT_FACT,
    commit_row,
    dumps,
    fact_row,
    review_from_row,
)
from core.store.postgres_rules import OpenQuestion, promotable, settles_open_questions
from core.store.records import CommitPlan, ReviewItem


def entity_lock_key(entity_id: str) -> int:
    """A stable signed 64-bit advisory lock key for the entity (the same in every process)."""
    return int.from_bytes(hashlib.sha256(entity_id.encode()).digest()[:8], "big", signed=True)


class Tx:
    """An open transaction and the entities whose write lock it holds."""

    def __init__(self, conn: AsyncConnection[Any]) -> None:
        self.conn = conn
        self.locked: set[str] = set()

    async def lock(self, entities: Iterable[str]) -> None:
        """Hold the write lock of each entity until this transaction ends."""
        for sql, args in self.lock_reads(entities):
            await self.conn.execute(sql, args)

    def lock_reads(self, entities: Iterable[str]) -> list[tuple[str, tuple[int]]]:
        """The statements that take the write locks of the entities not held yet, to run
        first (``fetch_each`` can send them ahead of its reads in the same round trip).

        Taken in key order, so two transactions locking overlapping sets never
        wait on each other in a circle.
        """
        held = {(entity_lock_key(e), e) for e in self.locked}
        wanted = sorted({(entity_lock_key(e), e) for e in entities} - held)
        self.locked.update(entity for _, entity in wanted)
        return [("SELECT pg_advisory_xact_lock(%s)", (key,)) for key, _ in wanted]

    async def execute(self, sql: str, args: Sequence[Any] | dict[str, Any] = ()) -> int:
        """Run one statement; how many rows it changed."""
        cur = await self.conn.execute(sql, args)
        return cur.rowcount

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        async with self.conn.cursor() as cur:
            await cur.executemany(sql, rows)

    async def fetch(
        self, sql: str, args: Sequence[Any] | dict[str, Any] = ()
    ) -> list[tuple[Any, ...]]:
        cur = await self.conn.execute(sql, args)
        return await cur.fetchall()

    async def fetch_each(
        self, reads: Sequence[tuple[str, Sequence[Any]]]
    ) -> list[list[tuple[Any, ...]]]:
        """The rows of each read, sent together in one round trip (a pipeline)."""
        async with self.conn.pipeline():
            cursors = []
            for sql, args in reads:
                cur = self.conn.cursor()
                await cur.execute(sql, args)
                cursors.append(cur)
            return [await cur.fetchall() for cur in cursors]


async def apply_commit(tx: Tx, c: CommitPlan, *, settle_questions: bool) -> None:
    """Append the commit (next version, previous value as read under the lock) and fold
    it into current state; with ``settle_questions``, close the open questions it answers."""
    [(version,)] = await tx.fetch(INSERT_COMMIT, commit_row(c))
    if c.retract:
        await tx.execute(DELETE_FACT, (c.entity_id, c.field))
    else:
        await tx.execute(UPSERT_FACT, fact_row(c, version))
    if settle_questions and settles_open_questions(c):
        await tx.execute(
            "UPDATE review_items SET status = 'superseded', answered_at = %s WHERE entity_id = %s "
            "AND field = %s AND value_key = %s AND status IN ('queued', 'pending')",
            (c.committed_at, c.entity_id, c.field, value_key(c.value)),
        )


async def promote(tx: Tx, max_pending: int, now: datetime) -> list[ReviewItem]:
    """Show the queued questions of the locked entities that fit under each one's cap.

    The cap is per entity: one person's flood of questions never holds back
    another's. Only entities this transaction holds are looked at: their queues
    are the only ones it changed, and no other writer can change them meanwhile.
    """
    entities = sorted(tx.locked)
    if not entities:
        return []
    rows = await tx.fetch(
        "SELECT entity_id, id, seq, status, group_key FROM review_items "
        "WHERE entity_id = ANY(%s::text[]) AND status IN ('queued', 'pending')",
        (entities,),
    )
    by_entity: dict[str, list[OpenQuestion]] = {}
    for entity, *item in rows:
        by_entity.setdefault(entity, []).append(OpenQuestion(*item))
    chosen = [i for items in by_entity.values() for i in promotable(items, max_pending)]
    if not chosen:
        return []
    promoted = await tx.fetch(
        "UPDATE review_items SET status = 'pending', promoted_at = %s "
        f"WHERE id = ANY(%s::text[]) RETURNING {REVIEW_COLUMNS}",
        (now, chosen),
    )
    return sorted((review_from_row(r) for r in promoted), key=lambda r: r.seq)


async def import_facts(tx: Tx, facts: list[CommittedFact]) -> None:
    """Committed facts as 'import' commits, folded into current state."""
    await tx.lock(f.entity_id for f in facts)
    await tx.executemany(
        "INSERT INTO commits (entity_id, field, version, old_json, new_json, retracted, "
        "source_type, source_ref, confidence, event_id, evidence_ts, committed_at, "
        "resolution, valid_until, audit_line) "
        "VALUES (%s, %s, %s, 'null', %s, false, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
        [
            (
                f.entity_id,
                f.field,
                f.version,
                dumps(f.value),
                f.source_type,
                f.source_ref,
                f.confidence,
                f.event_id,
                f.evidence_ts,
                f.committed_at,
                f.resolution,
                f.valid_until,
                f"{f.committed_at:%Y-%m-%d %H:%M}: {f.field} imported",
            )
            for f in facts
        ],
    )
    await tx.executemany(
        UPSERT_FACT,
        [
            (
                f.entity_id,
                f.field,
                dumps(f.value),
                f.version,
                f.source_type,
                f.source_ref,
                f.confidence,
                f.event_id,
                f.evidence_ts,
                f.committed_at,
                f.resolution,
                f.valid_until,
            )
            for f in facts
        ],
    )
