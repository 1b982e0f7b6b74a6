"""What happens inside one PostgreSQL transaction: entity locks, snapshot reads, writes.

``Tx`` wraps the connection of a transaction the backend opened and remembers
which entities' advisory locks it holds. The steps here (the snapshots a
decision reads, a resolved batch written, a question settled, a commit folded
into current state, the per-entity pending cap, a bulk import) run inside such
a transaction and lock the entities they write before they read them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from datetime import datetime
from functools import lru_cache
from typing import Any, Protocol

from psycopg import AsyncConnection

from core.domain.json_text import loads
from core.domain.review_items import ReviewItem
from core.domain.rollout import ChangeCount
from core.domain.snapshot import FieldSnapshot, OpenItem, note_agreeing
from core.domain.source_types import canonical_source_type
from core.domain.state import CommittedFact, value_key
from core.domain.write_batch import CommitPlan, WriteBatch
from core.store.postgres_records import (
    array_text,
    batch_rows,
    commit_row,
    fact_from_row,
    letter_row,
    review_from_row,
    utc,
)
from core.store.postgres_rows import (
    COMMIT_AND_FOLD,
    COMMIT_FOLD_AND_SETTLE,
    CORROBORATE,
    DECIDING,
    DELETE_FACT,
    EVENTS_AT_ONCE,
    INSERT_COMMIT,
    INSERT_DEAD_LETTER,
    INSERT_EVENT,
    INSERT_REVIEW,
    OPEN_QUEUE,
    PROMOTE,
    ROWS_PER_INSERT,
    SNAPSHOT,
    event_writes,
    rows_at_once,
)
from core.store.protocol import SeenEvents
from core.store.rules import OpenQuestion, promotable
from core.store.sql_records import EVER, domain_field_range

Read = tuple[str, Sequence[Any] | dict[str, Any]]
"""One statement and its parameters."""


class Rows(Protocol):
    """The rows of a statement already sent (a cursor, or a pipelined statement's)."""

    async def fetchall(self) -> list[tuple[Any, ...]]: ...


@lru_cache(maxsize=4096)
def entity_lock_key(entity_id: str) -> int:
    """A stable signed 64-bit advisory lock key for the entity (the same in every process)."""
    return int.from_bytes(hashlib.sha256(entity_id.encode()).digest()[:8], "big", signed=True)


class Tx:
    """An open transaction and the entities whose write lock it holds.

    ``pipelined``: the connection is in pipeline mode for the whole transaction (the
    backend's ``pipelined_transaction``), so a statement is only queued until
    something needs an answer (a fetch, the commit): a write that returns
    nothing costs no round trip of its own. ``execute`` then cannot say how many
    rows changed (-1).
    """

    def __init__(self, conn: AsyncConnection[Any], *, pipelined: bool = False) -> None:
        self.conn = conn
        self.pipelined = pipelined
        self.locked: set[str] = set()

    async def lock(self, entities: Iterable[str]) -> None:
        """Hold the write lock of each entity until this transaction ends."""
        locks = self.lock_reads(entities)
        if len(locks) == 1:
            await self.execute(*locks[0])
        elif locks:
            await self.fetch_each(locks)

    def lock_reads(self, entities: Iterable[str]) -> list[Read]:
        """The statements that take the write locks of the entities not held yet, to run
        first (``fetch_each`` can send them ahead of its reads in the same round trip).

        Taken in key order, so two transactions locking overlapping sets never
        wait on each other in a circle.
        """
        wanted = sorted((entity_lock_key(e), e) for e in set(entities) - self.locked)
        self.locked.update(entity for _, entity in wanted)
        return [("SELECT pg_advisory_xact_lock(%s)", (key,)) for key, _ in wanted]

    async def execute(self, sql: str, args: Sequence[Any] | dict[str, Any] = ()) -> int:
        """Run one statement; how many rows it changed (-1 when ``pipelined``: not known yet)."""
        cur = await self.conn.execute(sql, args)
        return cur.rowcount

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        async with self.conn.cursor() as cur:
            await cur.executemany(sql, rows)

    async def insert_rows(self, insert: str, rows: Sequence[Sequence[Any]]) -> None:
        """``insert`` (one row's ``INSERT ... VALUES``) for each of ``rows``, in order, as
        few statements as ``rows_at_once`` allows: one for an ordinary batch."""
        for first in range(0, len(rows), ROWS_PER_INSERT):
            chunk = rows[first : first + ROWS_PER_INSERT]
            args = [x for row in chunk for x in row]
            await self.execute(rows_at_once(insert, len(chunk)), args)

    async def fetch(
        self, sql: str, args: Sequence[Any] | dict[str, Any] = ()
    ) -> list[tuple[Any, ...]]:
        cur = await self.conn.execute(sql, args)
        return await cur.fetchall()

    async def returning(self, sql: str, args: Sequence[Any] | dict[str, Any] = ()) -> Rows:
        """Run a statement whose rows are read later (on a pipelined transaction, once
        the server has answered it: a fetch or the commit)."""
        cur = self.conn.cursor()
        await cur.execute(sql, args)
        return cur

    async def fetch_each(self, reads: Sequence[Read]) -> list[list[tuple[Any, ...]]]:
        """The rows of each read, sent together in one round trip (a pipeline)."""
        if self.pipelined:
            # Already queued behind whatever came before (BEGIN, earlier writes): the
            # first fetch sends it all at once.
            return await self._queue_and_fetch(reads)
        async with self.conn.pipeline():
            return await self._queue_and_fetch(reads)

    async def _queue_and_fetch(self, reads: Sequence[Read]) -> list[list[tuple[Any, ...]]]:
        cursors = []
        for sql, args in reads:
            cur = self.conn.cursor()
            await cur.execute(sql, args)
            cursors.append(cur)
        return [await cur.fetchall() for cur in cursors]


async def apply_commit(tx: Tx, c: CommitPlan, *, settle_questions: bool) -> None:
    """Append the commit (next version, previous value as read under the lock) and fold
    it into current state; with ``settle_questions``, close the open questions it answers."""
    row = commit_row(c)
    if c.retract:
        await tx.execute(INSERT_COMMIT, row)
        await tx.execute(DELETE_FACT, (c.entity_id, c.field))
    elif settle_questions:
        await tx.execute(COMMIT_FOLD_AND_SETTLE, {**row, "vk": value_key(c.value)})
    else:
        await tx.execute(COMMIT_AND_FOLD, row)


async def promote(tx: Tx, max_pending: int, now: datetime) -> list[ReviewItem]:
    """Show the queued questions of the locked entities that fit under each one's cap.

    The cap is per entity: one person's flood of questions never holds back
    another's. Only entities this transaction holds are looked at: their queues
    are the only ones it changed, and no other writer can change them meanwhile.
    """
    entities = sorted(tx.locked)
    if not entities:
        return []
    rows = await tx.fetch(OPEN_QUEUE, (entities,))
    chosen = promotable(open_questions(rows), max_pending)
    if not chosen:
        return []
    promoted = await tx.fetch(PROMOTE, (now, chosen))
    return sorted((review_from_row(r) for r in promoted), key=lambda r: r.seq)


def open_questions(rows: list[tuple[Any, ...]]) -> list[OpenQuestion]:
    """``OPEN_QUEUE``'s rows as the pending cap reads them."""
    return [OpenQuestion(i, seq, e, g, status == "pending") for i, seq, e, g, status in rows]


class Deciding:
    """What an ingest reads besides the snapshots, in the snapshots' own statement
    (``DECIDING``): the open questions of ``queue`` (entities), whether the policy log
    has events after ``after`` (None: not asked), and the changes of ``counts``. The
    answers land in ``questions``, ``logged`` and ``counted``."""

    def __init__(
        self, queue: Sequence[str], after: int | None, counts: Sequence[ChangeCount]
    ) -> None:
        self.queue = list(queue)
        self.after = after
        self.counts = counts
        self.questions: list[tuple[Any, ...]] = []
        self.logged = False
        self.counted: list[int] = []
        self._counted: list[tuple[int, int]] = []

    def args(self) -> dict[str, Any]:
        ranges = [domain_field_range(q.domain) for q in self.counts]
        return {
            "queue": array_text(self.queue),
            "after": self.after,
            "ce": array_text(q.entity_id for q in self.counts),
            "clo": array_text(low for low, _ in ranges),
            "chi": array_text(high for _, high in ranges),
            "cs": array_text(q.since or EVER for q in self.counts),
            "cl": array_text(q.limit for q in self.counts),
        }

    def take(self, tag: str, r: tuple[Any, ...]) -> None:
        if tag == "queue":
            self.questions.append((r[3], r[4], r[1], r[5], r[6]))
        elif tag == "cnt":
            self._counted.append((int(r[3]), int(r[4])))
        else:  # "pol"
            self.logged = True

    def done(self) -> None:
        self.counted = [n for _, n in sorted(self._counted)]


async def read_snapshots(
    tx: Tx,
    keys: Sequence[tuple[str, str]],
    event_ids: Sequence[str],
    since: datetime,
    locks: Sequence[Read] = (),
    extra: Sequence[Read] = (),
    deciding: Deciding | None = None,
) -> tuple[dict[tuple[str, str], FieldSnapshot], SeenEvents, list[list[tuple[Any, ...]]]]:
    """The snapshots, read in one statement sent after the ``locks`` statements (in the
    same round trip: the server runs them in order, so the read waits for the locks);
    the rows of the ``extra`` reads, sent in the same trip, last; ``deciding``'s reads
    answered by the snapshots' statement itself."""
    unique = sorted(set(keys))
    args = {
        "e": array_text(e for e, _ in unique),
        "f": array_text(f for _, f in unique),
        "since": since,
        "ids": array_text(event_ids),
    }
    read: Read = (SNAPSHOT, args) if deciding is None else (DECIDING, args | deciding.args())
    results = await tx.fetch_each([*locks, read, *extra])
    facts: dict[tuple[str, str], CommittedFact] = {}
    versions: dict[tuple[str, str], int] = {}
    agreeing: dict[tuple[str, str], dict[str, dict[str, datetime]]] = {}
    open_items: dict[tuple[str, str], list[OpenItem]] = {}
    rejected: dict[tuple[str, str], set[tuple[str, str]]] = {}
    existing: SeenEvents = {}
    # Each kind's columns sit where SNAPSHOT puts them (postgres_rows).
    for r in results[len(locks)]:
        tag, key = r[0], (r[1], r[2])
        if tag == "fact":
            facts[key] = fact_from_row(r[1:])
        elif tag == "ver":
            versions[key] = int(r[4])
        elif tag == "agree":
            note_agreeing(
                agreeing.setdefault(key, {}), r[3], canonical_source_type(r[5]), utc(r[9])
            )
        elif tag == "open":
            open_items.setdefault(key, []).append(
                OpenItem(
                    r[3],
                    r[5],
                    loads(r[6]),
                    float(r[7]),
                    None if r[9] is None else utc(r[9]),
                    r[13],
                )
            )
        elif tag == "rej":
            rejected.setdefault(key, set()).add((r[3], r[5]))
        elif tag == "dup":
            if unique:  # as SQLite: with no keys, no event counts as seen either
                existing[r[3]] = (r[1], r[5])
        elif deciding is not None:
            deciding.take(tag, r)
    if deciding is not None:
        deciding.done()
    snaps = {
        key: FieldSnapshot.read(
            key,
            facts.get(key),
            agreeing.get(key, {}),
            open_items.get(key, []),
            rejected.get(key, set()),
            versions.get(key, 0),
        )
        for key in unique
    }
    return snaps, existing, results[len(locks) + 1 :]


async def write_batch(tx: Tx, batch: WriteBatch, max_pending: int) -> list[ReviewItem]:
    """Store a resolved batch in the order it was decided; the review items newly shown."""
    await queue_writes(tx, batch)
    if not (batch.superseded or any(a.review is not None for a in batch.accepted)):
        return []
    return await promote(tx, max_pending, batch.decided_at)


async def queue_writes(tx: Tx, batch: WriteBatch, shown_at: datetime | None = None) -> Rows | None:
    """Send a resolved batch's writes in the order it was decided (on a ``pipelined``
    transaction: queue them, none waits for an answer). ``shown_at``: write the batch's
    new questions shown at that time, if its writes fit one statement; then that
    statement's cursor, which returns them (None: they were written queued)."""
    await tx.lock(batch_entities(batch))
    shown: Rows | None = None
    events, reviews, review_rows = batch_rows(batch.accepted)
    corroborations = [
        (f.evidence_ts, f.confidence, f.valid_until, f.entity_id, f.field, f.version)
        for f in batch.corroborated
    ]
    if 0 < len(batch.accepted) <= EVENTS_AT_ONCE and all(a.commit is None for a in batch.accepted):
        # One observation, no commit: events, questions, corroborations in one statement
        # (a commit's fold may touch the fact corroborated after it: then one by one).
        at = () if shown_at is None or not reviews else (shown_at,)
        sql = event_writes(len(batch.accepted), len(reviews), len(corroborations), shown=bool(at))
        args = [
            *(x for row in corroborations for x in row),
            *(x for row in review_rows for x in (*row, *at)),
            *(x for row in events for x in row),
        ]
        if at:
            shown = await tx.returning(sql, args)
        else:
            await tx.execute(sql, args)
        review_rows, corroborations = [], []
    elif events:
        await tx.insert_rows(INSERT_EVENT, events)
    for a in batch.accepted:
        if a.commit is not None:
            await apply_commit(tx, a.commit, settle_questions=False)
    if review_rows:
        await tx.insert_rows(INSERT_REVIEW, review_rows)
    if batch.superseded:
        await tx.executemany(
            "UPDATE review_items SET status = 'superseded', answered_at = %s "
            "WHERE id = %s AND status IN ('queued', 'pending')",
            [(at, item_id) for item_id, at in batch.superseded],
        )
    if corroborations:
        await tx.executemany(CORROBORATE, corroborations)
    if batch.duplicates:
        await tx.executemany(
            "INSERT INTO duplicates (event_id, seen_at) VALUES (%s, %s)", list(batch.duplicates)
        )
    if batch.dead_letters:
        await tx.executemany(INSERT_DEAD_LETTER, [letter_row(d) for d in batch.dead_letters])
    return shown


def batch_entities(batch: WriteBatch) -> Iterable[str]:
    """The entities whose rows ``batch`` writes (their locks are taken first)."""
    yield from (a.entity_id for a in batch.accepted)
    yield from (f.entity_id for f in batch.corroborated)
