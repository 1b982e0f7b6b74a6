"""The ingest transaction on PostgreSQL in two round trips, with no BEGIN or COMMIT.

``decide_and_write`` used to wait for the server five to eight times per observation,
one wait after another: BEGIN, the reads, each write, the question queue, the
promotion, COMMIT. On loopback each wait is a wake-up of the server and of this
process, which on a busy machine costs more than the SQL. Here the whole transaction
runs in pipeline mode (``postgres_pipe.pipelined``) and waits twice, each time after
one write to the socket:

1. The entities' advisory locks and one statement (``DECIDING``) that reads the
   snapshots, the locked entities' open questions, the rollout's change counts and
   whether the policy log grew, sent together; the decision needs their answers.
   Only when the policy log grew are its new events read, in a third trip.
2. Every write, the promotion of the questions that now fit and a Sync, sent
   together; nothing in them waits for an answer, because which questions to show
   is worked out here from the queue read in step 1 (under the locks, so nobody
   else changed it) and the batch's own new and superseded questions, by the same
   rule (``rules.promotable``) the backend's ``promote`` applies after the fact.
   Should the writes lock an entity step 1 did not read, the promotion reads the
   queue again, as ``promote`` does.

*One transaction without BEGIN and COMMIT.* In the extended query protocol every
statement up to the next Sync runs in one transaction, which the Sync commits (or, if
a statement failed, rolls back); the Sync is sent only when the pipeline ends (the
reads' answers are fetched with a flush request, which ends nothing). So the
locks are held, and the writes are invisible to everyone else, until that Sync,
exactly as between an explicit BEGIN and COMMIT; each statement still reads a fresh
snapshot (READ COMMITTED), so the reads see every commit made before the locks were
granted. (Through psycopg's pipeline each statement cost a send and a wait of its own,
so the two statements BEGIN and COMMIT were a quarter of an observation's; since the
seventeenth round the statements go out together, see ``postgres_pipe``.) A failure on this side of the wire (an exception in
``decide``, a cancellation) would let the closing Sync commit what already ran, so
it first sends ROLLBACK (the server warns "there is no transaction in progress" and
rolls the implicit transaction back); a failed statement aborts it on the server.

The statements and their order are those of the unpipelined path: the server runs
them one after another in one transaction, so what they do is the same; only the
waiting is not.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from psycopg import AsyncConnection

from core.domain.review_items import ReviewItem
from core.domain.snapshot import FieldSnapshot
from core.domain.write_batch import WriteBatch
from core.store.postgres_pipe import pipelined
from core.store.postgres_records import review_from_row
from core.store.postgres_rows import PROMOTE
from core.store.postgres_tx import (
    Deciding,
    Rows,
    Tx,
    batch_entities,
    open_questions,
    promote,
    queue_writes,
    read_snapshots,
)
from core.store.protocol import Decide, RolloutReads, SeenEvents, T
from core.store.rules import OpenQuestion, promotable
from core.store.sql_policy_log import POLICY_COLUMNS, policy_event


async def decide_and_write(
    conn: AsyncConnection[Any],
    keys: Sequence[tuple[str, str]],
    event_ids: Sequence[str],
    since: datetime,
    decide: Decide[T],
    max_pending: int,
    rollout: RolloutReads | None = None,
) -> tuple[T, list[ReviewItem]]:
    """``PostgresStore.decide_and_write`` on a pooled connection (autocommit), in two
    round trips (``rollout``'s reads go out with the first): one transaction, from the
    first statement to the pipeline's closing Sync."""
    async with pipelined(conn) as tx:
        snaps, seen, queue = await read_for_decision(tx, keys, event_ids, since, rollout)
        batch, decided = decide(snaps, seen)
        shown = await queue_batch(tx, batch, max_pending, queue)
    # Leaving the pipeline sent the writes and a Sync, and waited for the answers:
    # the transaction is committed and the promoted questions are in.
    return decided, await shown.items()


class Queue:
    """The open questions of the entities a transaction locked before it read."""

    def __init__(self, entities: Sequence[str], rows: list[tuple[Any, ...]]) -> None:
        self.entities = set(entities)
        self.items = open_questions(rows)


async def read_for_decision(
    tx: Tx,
    keys: Sequence[tuple[str, str]],
    event_ids: Sequence[str],
    since: datetime,
    rollout: RolloutReads | None = None,
) -> tuple[dict[tuple[str, str], FieldSnapshot], SeenEvents, Queue]:
    """Lock the keys' entities and read their snapshots and question queues (and
    ``rollout``'s reads, answered there): one round trip, the reads one statement
    (``DECIDING``); a second trip only when the policy log has new events to read."""
    locks = tx.lock_reads(entity for entity, _ in keys)
    entities = sorted(tx.locked)
    deciding = Deciding(
        entities,
        None if rollout is None else rollout.after_seq,
        () if rollout is None else rollout.counts,
    )
    snaps, seen, _ = await read_snapshots(tx, keys, event_ids, since, locks, deciding=deciding)
    if rollout is not None:
        rollout.counted = deciding.counted
        rollout.events = []
        if deciding.logged:
            rows = await tx.fetch(
                f"SELECT {POLICY_COLUMNS} FROM policy_events WHERE seq > %s ORDER BY seq",
                (rollout.after_seq,),
            )
            rollout.events = [policy_event(r, r[2].astimezone(UTC)) for r in rows]
    return snaps, seen, Queue(entities, deciding.questions)


class Shown:
    """The questions a batch's commit shows: known once the pipeline has been answered."""

    def __init__(self, cursor: Rows | None = None, items: list[ReviewItem] | None = None):
        self._cursor = cursor
        self._items = items or []

    async def items(self) -> list[ReviewItem]:
        if self._cursor is None:
            return self._items
        rows = await self._cursor.fetchall()
        return sorted((review_from_row(r) for r in rows), key=lambda r: r.seq)


async def queue_batch(tx: Tx, batch: WriteBatch, max_pending: int, queue: Queue) -> Shown:
    """Queue the batch's writes and the promotion they make possible, waiting for nothing
    (unless the writes lock an entity whose queue was not read: then as ``promote``).

    Which questions to show is known before anything is written: when they are exactly
    the batch's new ones (the common case: one question, under the cap), they are
    written shown, in the writes' own statement, instead of queued and then promoted."""
    reviews = [a.review for a in batch.accepted if a.review is not None]
    if not (reviews or batch.superseded):
        await queue_writes(tx, batch)
        return Shown()
    if tx.locked | set(batch_entities(batch)) != queue.entities:
        await queue_writes(tx, batch)
        return Shown(items=await promote(tx, max_pending, batch.decided_at))
    closed = {item_id for item_id, _ in batch.superseded}
    # New questions are numbered after every open one: the sequence only grows, and
    # no other writer adds to these entities' queues while their locks are held.
    last = max((q.seq for q in queue.items), default=0)
    new = [
        OpenQuestion(r.id, last + n, r.entity_id, r.group_key, False)
        for n, r in enumerate(reviews, start=1)
    ]
    chosen = promotable([q for q in (*queue.items, *new) if q.id not in closed], max_pending)
    only_new = bool(chosen) and set(chosen) == {r.id for r in reviews}
    shown = await queue_writes(tx, batch, batch.decided_at if only_new else None)
    if shown is not None:
        return Shown(shown)
    if not chosen:
        return Shown()
    return Shown(await tx.returning(PROMOTE, (batch.decided_at, chosen)))
