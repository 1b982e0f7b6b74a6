"""A batch's new questions written as they will stand: shown at once where they fit.

``promote`` runs after a batch's writes: it reads the touched entities' open
questions and updates those that fit under the pending cap to 'pending', reading
each one back. A batch that raises questions (most chat messages do) paid for
that with an UPDATE of rows it had just inserted, and the read of them back.

Here the touched entities' queue is read before the questions are written (in the
same transaction, under the same write lock, so nothing else changes it), and
which questions to show is worked out by the same rule (``rules.promotable``)
over that queue, less the questions the batch supersedes, and the new ones
numbered after it (the sequence only grows). A new question that fits is
inserted 'pending' with its ``promoted_at``; an older queued one that now fits
is updated as ``promote`` would. The rows, and the items returned, are those of
inserting everything 'queued' and promoting afterwards; the items of the new
questions are read from the very texts written, as a read back would give them.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any

import aiosqlite

from core.domain.records import NewReviewItem, ReviewItem
from core.store.rules import OpenQuestion, promotable
from core.store.sqlite_rows import REVIEW_COLUMNS, review_from_row, review_row, ts

INSERT_REVIEW_AS = (
    "INSERT INTO review_items (id, kind, event_id, entity_id, field, candidate_json, "
    "current_json, value_key, confidence, reasons, source_key, status, created_at, "
    "promoted_at, group_key, shadow_decision, principal) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq"
)
OPEN_QUEUE = (
    "SELECT id, seq, entity_id, group_key, status FROM review_items "
    "WHERE entity_id IN ({marks}) AND status IN ('queued', 'pending')"
)


async def open_queue(tx: aiosqlite.Connection, entities: Collection[str]) -> list[OpenQuestion]:
    """The open (queued or pending) questions of ``entities``, as the pending cap reads them."""
    listed = sorted(entities)
    rows = await tx.execute_fetchall(OPEN_QUEUE.format(marks=",".join("?" * len(listed))), listed)
    return [OpenQuestion(r[0], r[1], r[2], r[3], r[4] == "pending") for r in rows]


def fitting(
    queue: Sequence[OpenQuestion],
    reviews: Sequence[NewReviewItem],
    closed: Collection[str],
    max_pending: int,
) -> list[str]:
    """Ids of the questions to show once ``reviews`` join ``queue`` and ``closed`` leave it."""
    last = max((q.seq for q in queue), default=0)
    new = [
        OpenQuestion(r.id, last + n, r.entity_id, r.group_key, False)
        for n, r in enumerate(reviews, start=1)
    ]
    return promotable([q for q in (*queue, *new) if q.id not in closed], max_pending)


async def insert_reviews(
    tx: aiosqlite.Connection,
    reviews: Sequence[NewReviewItem],
    shown: Collection[str],
    now: datetime,
) -> list[ReviewItem]:
    """Insert ``reviews`` in order, those in ``shown`` as 'pending' since ``now``; the items
    of those shown, as reading their rows back gives them."""
    promoted_at = ts(now)
    items: list[ReviewItem] = []
    for review in reviews:
        row = review_row(review)
        pending = review.id in shown
        status, at = ("pending", promoted_at) if pending else ("queued", None)
        cursor = await tx.execute(INSERT_REVIEW_AS, (*row[:11], status, row[11], at, *row[12:]))
        stored = await cursor.fetchone()
        assert stored is not None  # RETURNING answers every insert
        seq = stored[0]
        if pending:
            items.append(review_from_row(_stored(row, seq, at)))
    return items


def _stored(row: tuple[Any, ...], seq: int, promoted_at: str | None) -> tuple[Any, ...]:
    """``review_row``'s values as a pending row of them reads back (``REVIEW_COLUMNS``):
    the confidence column is REAL, so an integer comes back a float."""
    (item_id, kind, event_id, entity_id, field, candidate, current, _key, confidence) = row[:9]
    reasons, source_key, created_at, group_key, shadow, principal = row[9:]
    if isinstance(confidence, int):
        confidence = float(confidence)
    return (
        item_id,
        seq,
        kind,
        event_id,
        entity_id,
        field,
        candidate,
        current,
        confidence,
        reasons,
        source_key,
        "pending",
        created_at,
        promoted_at,
        None,
        None,
        group_key,
        shadow,
        principal,
    )


async def promote_ids(
    tx: aiosqlite.Connection, ids: Sequence[str], now: datetime
) -> list[ReviewItem]:
    """Show the queued questions ``ids`` (as ``promote`` does), read back."""
    if not ids:
        return []
    rows = await tx.execute_fetchall(
        f"UPDATE review_items SET status = 'pending', promoted_at = ? "
        f"WHERE id IN ({','.join('?' * len(ids))}) RETURNING {REVIEW_COLUMNS}",
        [ts(now), *ids],
    )
    return [review_from_row(r) for r in rows]
