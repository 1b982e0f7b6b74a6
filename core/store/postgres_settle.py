"""Settling review items on PostgreSQL (``PostgresStore.settle_group``) in three round trips.

An answer's transaction used to wait for the server once per statement: BEGIN, the
items' owners, the lock, the item, its field's fact, the answer, the confirming event,
the commit and its fold, the questions the commit settles, the queue, the promotion and
COMMIT, some twelve waits with the entity's lock held across all of them (and, in the
process, the engine's lock on the entity), each one a wake-up of the server and of this process.
Here the transaction runs in pipeline mode, as an ingest's does (``postgres_ingest``),
and waits only where what comes next needs an answer:

1. one statement that reads the items' owners and takes their locks as it
   reads them (``LOCK_ITEM_OWNERS``), then the first item with its field's fact
   (``ITEM_AND_FACT``), read under them (the server runs them in order);
   and the locked entities' open questions (``OWNERS_QUEUE``), read under them too;
2. the answer's writes (the item's UPDATE, its confirming event, the commit, its fold into
   facts and the closing of the other open questions it answers, ``rules.settled_by_commit``
   applied by the server, all in one statement: ``ANSWER_AND_COMMIT``), the promotion of
   the questions that now fit and the Sync that commits it all, answered when the
   pipeline ends (no BEGIN or COMMIT: every statement up to the Sync is one
   transaction, see ``postgres_ingest``).

Which questions now fit is worked out here, before the writes are sent, from the queue
read in step 1 and what the settlement does to it (``SettledQueue``): the item's new
status, the questions its commit closes (those of its field proposing the value
committed, as ``ANSWER_AND_COMMIT``'s settlement picks them), the follow-up it asks. The
locks are held from step 1 on, so nobody else changed the queue meanwhile. Should a
settlement write to an entity whose queue was not read (a confirming event of another
entity), the queue is read again after the writes, as before, in a round trip of its own.

(Until issue 25's ninth round there were five: the owners were read on their own
first, then locked by one statement each; the item and its fact were two statements;
and the questions a commit answers were read, then closed by id. Until the sixteenth,
four: the queue was read after the writes.)

The statements and their order are those of the unpipelined path: the server runs
them one after another in one transaction, so what they do is the same; only the
waiting is not. A group of several items reads each further item and its fact after the
writes of the one before (which may have committed to its field or closed it), then
takes step 2 for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from psycopg import AsyncConnection

from core.domain.dead_letters import DeadLetter
from core.domain.review_items import OPEN_STATUSES, NewReviewItem
from core.domain.settlements import GroupSettled, Settlement
from core.domain.state import value_key
from core.errors import AlreadyAnswered, NotFound
from core.store.postgres_ingest import Shown
from core.store.postgres_pipe import pipelined
from core.store.postgres_records import (
    commit_row,
    dumps,
    event_args,
    event_row,
    fact_from_row,
    letter_row,
    review_from_row,
    review_row,
)
from core.store.postgres_rows import (
    ANSWER_AND_COMMIT,
    FACT_COLUMNS,
    INSERT_EVENT,
    INSERT_REVIEW,
    LOCK_ITEM_OWNERS,
    OPEN_QUEUE,
    OWNERS_QUEUE,
    PROMOTE,
    REVIEW_COLUMNS,
    UPDATE_DEAD_LETTER,
)
from core.store.postgres_tx import Read, Rows, Tx, apply_commit, open_questions
from core.store.protocol import DecideSettlement
from core.store.rules import OpenQuestion, promotable


def _prefixed(table: str, columns: str) -> str:
    return ", ".join(f"{table}.{c.strip()}" for c in columns.split(","))


_ITEM_WIDTH = len(REVIEW_COLUMNS.split(","))
ANSWER = (
    "UPDATE review_items SET status = %(status)s, answer = %(answer)s, "
    f"answered_at = %(answered_at)s WHERE id = %(item)s RETURNING {REVIEW_COLUMNS}"
)
ITEM_AND_FACT = (
    f"SELECT {_prefixed('r', REVIEW_COLUMNS)}, {_prefixed('f', FACT_COLUMNS)} "
    "FROM review_items r LEFT JOIN facts f ON f.entity_id = r.entity_id AND f.field = r.field "
    "WHERE r.id = %s"
)
"""The item and the fact of its field (none: NULLs) in one row; were two statements."""


async def settle_group(
    conn: AsyncConnection[Any],
    item_ids: Sequence[str],
    decide: DecideSettlement,
    max_pending: int,
) -> GroupSettled:
    """``PostgresStore.settle_group`` on a pooled connection: each item read under its
    entity's lock, ``decide``d and settled, then the queued questions that now fit shown;
    all in one transaction. The settled rows come back from their UPDATEs (``RETURNING``),
    answered with the rest when the pipeline ends: nothing after an item's UPDATE in the
    transaction touches a settled item (a commit supersedes and a promotion shows open
    ones only), so they are what reading them back after the commit would return."""
    # No BEGIN or COMMIT: the pipeline's statements are one transaction until its closing
    # Sync, as an ingest's are (``postgres_ingest``); a failure here rolls it back first.
    async with pipelined(conn) as tx:
        # An item's entity never changes: read it, lock it, then read the item.
        ids = list(item_ids)
        locks: list[Read] = [(LOCK_ITEM_OWNERS, (ids,)), (OWNERS_QUEUE, (ids,))]
        queue = SettledQueue()
        answered_at: datetime | None = None
        settled: list[Rows] = []
        for item_id in item_ids:
            answered_at, row = await settle_one(tx, item_id, decide, queue, locks)
            settled.append(row)
            locks = []
        shown = (
            Shown() if answered_at is None else await promote(tx, max_pending, answered_at, queue)
        )
    items = [review_from_row(row) for cursor in settled for row in await cursor.fetchall()]
    return GroupSettled(items, await shown.items())


async def settle_one(
    tx: Tx,
    item_id: str,
    decide: DecideSettlement,
    queue: SettledQueue,
    locks: Sequence[Read] = (),
) -> tuple[datetime, Rows]:
    """Take ``locks`` (``LOCK_ITEM_OWNERS``: the entities it returns are held; then
    ``OWNERS_QUEUE``: their open questions, which ``queue`` keeps), read the open item and
    its field's fact, ``decide`` and queue the settlement's writes (the item's entity's
    lock is held), telling ``queue`` what they do to it; when it was answered, and the
    cursor of its settled row (answered when the pipeline is)."""
    read = await tx.fetch_each([*locks, (ITEM_AND_FACT, (item_id,))])
    if locks:
        owners = {str(r[0]) for r in read[0]}
        tx.locked.update(owners)
        queue.read(owners, read[1])
    rows = read[len(locks)]
    if not rows:
        raise NotFound(f"no review item {item_id}")
    item = review_from_row(rows[0][:_ITEM_WIDTH])
    if item.status not in OPEN_STATUSES:
        raise AlreadyAnswered(f"review item {item_id} is already {item.status}")
    fact = rows[0][_ITEM_WIDTH:]
    settled = decide(item, None if fact[0] is None else fact_from_row(fact))
    answer = {
        "status": settled.status,
        "answer": dumps(settled.answer),
        "answered_at": settled.answered_at,
        "item": item_id,
    }
    event = settled.confirmation_event
    commit = None if event is None else event.commit
    if event is not None and commit is not None and not commit.retract:
        await tx.lock([event.entity_id])  # held already when it is the item's entity
        args = {**answer, **event_args(event), **commit_row(commit), "vk": value_key(commit.value)}
        row = await tx.returning(ANSWER_AND_COMMIT, args)
    else:
        row = await tx.returning(ANSWER, answer)
        if event is not None:
            await tx.lock([event.entity_id])
            await tx.execute(INSERT_EVENT, event_row(event))
            if commit is not None:
                await apply_commit(tx, commit, settle_questions=True)
    if settled.rejection is not None:
        await tx.execute(
            "INSERT INTO rejections VALUES (%s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
            (item.entity_id, item.field, *settled.rejection, settled.answered_at),
        )
    if settled.dead_letter is not None:
        await store_dead_letter(tx, settled.dead_letter)
    if settled.follow_up is not None:
        await tx.execute(INSERT_REVIEW, review_row(settled.follow_up))
    queue.settle(item_id, settled)
    return settled.answered_at, row


class SettledQueue:
    """The open questions of the entities a settlement locked first (``OWNERS_QUEUE``'s
    rows, given to ``read``), as its writes leave them: ``settle`` is told each
    settlement as its writes are queued. ``items`` is None while nothing was read, or
    once a write reached an entity whose queue was not read (then it must be read)."""

    def __init__(self) -> None:
        self.entities: set[str] = set()
        self._open: dict[str, tuple[OpenQuestion, str, str]] | None = None
        self._last = 0

    def read(self, entities: set[str], rows: list[tuple[Any, ...]]) -> None:
        self.entities = set(entities)
        self._open = {
            r[0]: (OpenQuestion(r[0], r[1], r[2], r[3], r[4] == "pending"), r[5], r[6])
            for r in rows
        }
        self._last = max((r[1] for r in rows), default=0)

    @property
    def items(self) -> list[OpenQuestion] | None:
        return None if self._open is None else [q for q, _, _ in self._open.values()]

    def settle(self, item_id: str, settled: Settlement) -> None:
        open_ = self._open
        if open_ is None:
            return
        item = open_.pop(item_id, None)
        if item is not None and settled.status in OPEN_STATUSES:
            question, field, key = item
            pending = OpenQuestion(
                question.id, question.seq, question.entity_id, question.group_key, True
            )
            open_[item_id] = (pending if settled.status == "pending" else question, field, key)
        event = settled.confirmation_event
        if event is not None and event.entity_id not in self.entities:
            self._open = None
            return
        commit = None if event is None else event.commit
        if commit is not None and commit.entity_id not in self.entities:
            self._open = None
            return
        if commit is not None and not commit.retract:
            # ANSWER_AND_COMMIT's (and COMMIT_FOLD_AND_SETTLE's) settlement of the field.
            closed = (commit.entity_id, commit.field, value_key(commit.value))
            for other, (q, field, key) in list(open_.items()):
                if other != item_id and (q.entity_id, field, key) == closed:
                    del open_[other]
        if settled.follow_up is not None:
            self._ask(settled.follow_up)

    def _ask(self, item: NewReviewItem) -> None:
        if self._open is None or item.entity_id not in self.entities:
            self._open = None
            return
        # Numbered after every open one: the sequence only grows, and nobody else adds
        # to these entities' queues while their locks are held.
        self._last += 1
        question = OpenQuestion(item.id, self._last, item.entity_id, item.group_key, False)
        self._open[item.id] = (question, item.field, value_key(item.candidate_value))


async def promote(
    tx: Tx, max_pending: int, now: datetime, queue: SettledQueue | None = None
) -> Shown:
    """``postgres_tx.promote`` whose promotion goes out with COMMIT, unanswered until the
    pipeline ends; the queue is ``queue``'s, as the settlements left it, or else read
    first, under the locks, as there."""
    entities = sorted(tx.locked)
    if not entities:
        return Shown()
    known = None if queue is None or not tx.locked <= queue.entities else queue.items
    if known is None:
        known = open_questions(await tx.fetch(OPEN_QUEUE, (entities,)))
    chosen = promotable(known, max_pending)
    if not chosen:
        return Shown()
    return Shown(await tx.returning(PROMOTE, (now, chosen)))


async def store_dead_letter(tx: Tx, letter: DeadLetter) -> None:
    """Overwrite the stored letter with ``letter`` (NotFound for an unknown id). Whether
    a row changed is read back (RETURNING): a pipelined statement's count is not known."""
    found = await tx.fetch(
        f"{UPDATE_DEAD_LETTER} RETURNING id", (*letter_row(letter)[1:], letter.id)
    )
    if not found:
        raise NotFound(f"no dead letter {letter.id}")
