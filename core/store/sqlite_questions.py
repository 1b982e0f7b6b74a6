"""A batch's new questions, written once in the state the batch leaves them in.

A question an observation raises used to be inserted 'queued', then moved to
'pending' by ``promote`` in the same transaction (an UPDATE that rewrites the
row and its entry in every index keyed by status), and the moved row was read
back and parsed into the ``ReviewItem`` the caller is shown. Here the pending
cap (``rules.promotable``) is decided first, on the touched entities' open
questions and the new ones, so a question shown at once is inserted 'pending'
and its ``ReviewItem`` built from the record in hand; only older questions the
batch lets through are moved (and read back) as before. What is stored and
what is returned are the same as insert-then-promote.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

import aiosqlite

from core.domain.review_items import NewReviewItem, ReviewItem
from core.store.rules import OpenQuestion, promotable
from core.store.sqlite_rows import REVIEW_COLUMNS, dt, review_from_row, review_row, ts

INSERT_QUESTION = (
    "INSERT INTO review_items (id, kind, event_id, entity_id, field, candidate_json, "
    "current_json, value_key, confidence, reasons, source_key, created_at, group_key, "
    "shadow_decision, principal, status, promoted_at) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
"""``sqlite_rows.INSERT_REVIEW`` with the status (and when it was shown) given."""
OpenQuestions = Mapping[str, Sequence[OpenQuestion]]
"""Each entity's open (queued or pending) questions, as a transaction read them."""


async def write_questions(
    tx: aiosqlite.Connection,
    reviews: Sequence[NewReviewItem],
    superseded: Sequence[tuple[str, datetime]],
    max_pending: int,
    now: datetime,
    entities: Collection[str],
    known: OpenQuestions | None = None,
    rows: Sequence[tuple[Any, ...]] | None = None,
) -> list[ReviewItem]:
    """Insert ``reviews`` and close ``superseded`` (item id, when), then show what fits
    under each of ``entities``' caps (``sqlite_tx.promote``'s rule): the questions shown
    now, by seq. ``known``: open questions of entities as this transaction read them with
    its snapshots (None: none known); nothing since has opened or closed one (the batch's
    own are ``reviews`` and ``superseded``), so when it has every one of ``entities`` the
    read is skipped. ``rows``: ``reviews``' rows, when the caller has them already."""
    listed = sorted(entities)
    read = (
        [q for entity in listed for q in known[entity]]
        if known is not None and all(entity in known for entity in listed)
        else await _open_questions(tx, listed)
    )
    closed = {item_id for item_id, _ in superseded}
    # New rows take seqs above every row there is, in the order inserted: any numbers
    # above the open ones read here order the cap's choice the same way.
    after = max((q.seq for q in read), default=0) + 1
    open_now = [q for q in read if q.id not in closed]
    open_now += [
        OpenQuestion(q.id, after + i, q.entity_id, q.group_key, False)
        for i, q in enumerate(reviews)
        if q.id not in closed
    ]
    shown = set(promotable(open_now, max_pending))
    stamp = ts(now)
    promoted: list[ReviewItem] = []
    for i, q in enumerate(reviews):
        pending = q.id in shown
        row = review_row(q) if rows is None else rows[i]
        cur = await tx.execute(
            INSERT_QUESTION,
            (*row, "pending" if pending else "queued", stamp if pending else None),
        )
        if pending:
            assert cur.lastrowid is not None
            promoted.append(_shown(q, cur.lastrowid, stamp))
    if superseded:
        await tx.executemany(
            "UPDATE review_items SET status = 'superseded', answered_at = ? "
            "WHERE id = ? AND status IN ('queued', 'pending')",
            [(ts(at), item_id) for item_id, at in superseded],
        )
    new = {q.id for q in reviews}
    older = [item_id for item_id in shown if item_id not in new]
    if older:
        marks = ",".join("?" * len(older))
        moved = await tx.execute_fetchall(
            f"UPDATE review_items SET status = 'pending', promoted_at = ? WHERE id IN ({marks})"
            f" RETURNING {REVIEW_COLUMNS}",
            [stamp, *older],
        )
        promoted += (review_from_row(r) for r in moved)
    return sorted(promoted, key=lambda r: r.seq)


async def _open_questions(tx: aiosqlite.Connection, entities: Sequence[str]) -> list[OpenQuestion]:
    rows = await tx.execute_fetchall(
        "SELECT id, seq, entity_id, group_key, status FROM review_items "
        f"WHERE entity_id IN ({','.join('?' * len(entities))}) "
        "AND status IN ('queued', 'pending')",
        entities,
    )
    return [OpenQuestion(r[0], r[1], r[2], r[3], r[4] == "pending") for r in rows]


def _shown(q: NewReviewItem, seq: int, stamp: str) -> ReviewItem:
    """The ``ReviewItem`` a read of ``q``'s row (inserted 'pending' at ``stamp``) gives:
    times as stored (UTC, to the microsecond), the confidence as a REAL column reads back
    (a float)."""
    shown = q.stored(seq, "pending", dt(ts(q.created_at)), dt(stamp))
    # The resolver's confidence is a float already (then no copy is made); an int is not.
    if type(shown.confidence) is float:
        return shown
    return replace(shown, confidence=float(shown.confidence))
