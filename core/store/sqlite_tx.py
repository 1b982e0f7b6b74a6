"""What happens inside one SQLite transaction: writes and settling.

The steps here (a resolved batch written, commits folded into current state, a question
settled, the per-entity pending cap, a bulk import) run on the connection of a
transaction ``core.store.sqlite.SQLiteStore`` opened (or, on the ingest path, the
``DirectConnection`` of ``sqlite_direct``). What a decision reads before them is
``core.store.sqlite_snapshots``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from datetime import datetime
from typing import Any

import aiosqlite

from core.domain.dead_letters import DeadLetter
from core.domain.review_items import OPEN_STATUSES, ReviewItem
from core.domain.state import CommittedFact
from core.domain.write_batch import CommitPlan, WriteBatch
from core.errors import AlreadyAnswered, NotFound
from core.store.protocol import DecideSettlement
from core.store.rules import OpenQuestion, fold_commits, promotable, settled_by_commit
from core.store.sql_records import (
    dumps,
)
from core.store.sqlite_questions import OpenQuestions, write_questions
from core.store.sqlite_reads import read_fact, read_review_rows
from core.store.sqlite_rows import (
    FOLD_SQL,
    INSERT_COMMIT,
    INSERT_DEAD_LETTER,
    INSERT_EVENT,
    INSERT_REVIEW,
    REVIEW_COLUMNS,
    UPSERT_FACT,
    SQLiteConnection,
    batch_rows,
    commit_row,
    event_row,
    fact_from_row,
    fact_row,
    letter_row,
    review_from_row,
    review_row,
    ts,
)


async def write_batch(
    tx: aiosqlite.Connection,
    batch: WriteBatch,
    max_pending: int,
    before: Mapping[tuple[str, str], tuple[CommittedFact | None, int]] | None = None,
    questions: OpenQuestions | None = None,
) -> list[ReviewItem]:
    """Store ``batch``; ``before``: its fields' facts and last versions as read in
    this transaction before it was decided (None: read them here); ``questions``: its
    entities' open questions as read then (None: read them here)."""
    events, reviews, review_rows = batch_rows(batch.accepted)
    if events:
        await tx.executemany(INSERT_EVENT, events)
    commits = [a.commit for a in batch.accepted if a.commit is not None]
    if commits:
        await write_commits(tx, commits, before)
    shown: list[ReviewItem] = []
    if reviews or batch.superseded:
        # A question is superseded by an observation about its own field.
        touched = {a.entity_id for a in batch.accepted} | {r.entity_id for r in reviews}
        shown = await write_questions(
            tx,
            reviews,
            batch.superseded,
            max_pending,
            batch.decided_at,
            touched,
            questions,
            review_rows,
        )
    if batch.corroborated:
        await tx.executemany(
            "UPDATE facts SET evidence_ts = ?, confidence = ?, valid_until = ? "
            "WHERE entity_id = ? AND field = ? AND version = ?",
            [
                (
                    ts(f.evidence_ts),
                    f.confidence,
                    None if f.valid_until is None else ts(f.valid_until),
                    f.entity_id,
                    f.field,
                    f.version,
                )
                for f in batch.corroborated
            ],
        )
    if batch.duplicates:
        await tx.executemany(
            "INSERT INTO duplicates (event_id, seen_at) VALUES (?, ?)",
            [(eid, ts(at)) for eid, at in batch.duplicates],
        )
    if batch.dead_letters:
        await tx.executemany(INSERT_DEAD_LETTER, [letter_row(d) for d in batch.dead_letters])
    return shown


async def write_commits(
    tx: aiosqlite.Connection,
    plans: Sequence[CommitPlan],
    before: Mapping[tuple[str, str], tuple[CommittedFact | None, int]] | None = None,
) -> None:
    """Log ``plans`` as commits and fold them into ``facts`` (rules.fold_commits),
    onto ``before`` (each field's fact and last version, read in this transaction)
    where it has every field, else onto what is read here."""
    keys = sorted({(c.entity_id, c.field) for c in plans})
    facts: dict[tuple[str, str], CommittedFact | None] = {}
    versions: dict[tuple[str, str], int] = {}
    if before is not None and all(key in before for key in keys):
        for key in keys:
            facts[key], versions[key] = before[key]
    else:
        values = ",".join("(?, ?)" for _ in keys)
        rows = await tx.execute_fetchall(
            FOLD_SQL.format(values=values), [x for key in keys for x in key]
        )
        for r in rows:
            key = (r[0], r[1])
            versions[key] = 0 if r[2] is None else int(r[2])
            facts[key] = None if r[3] is None else fact_from_row((r[0], r[1], *r[3:14]))
    fold = fold_commits(plans, facts, versions)
    await tx.executemany(INSERT_COMMIT, [commit_row(c) for c in fold.commits])
    kept = [f for f in fold.facts.values() if f is not None]
    if kept:
        await tx.executemany(UPSERT_FACT, [fact_row(f) for f in kept])
    gone = [key for key, f in fold.facts.items() if f is None]
    if gone:
        await tx.executemany("DELETE FROM facts WHERE entity_id = ? AND field = ?", gone)


async def apply_commit(tx: aiosqlite.Connection, c: CommitPlan) -> None:
    await write_commits(tx, [c])
    open_items = await tx.execute_fetchall(
        "SELECT id, value_key, principal FROM review_items WHERE entity_id = ? AND field = ? "
        "AND status IN ('queued', 'pending')",
        (c.entity_id, c.field),
    )
    settled = settled_by_commit(c, [(r[0], r[1], r[2]) for r in open_items])
    if settled:
        await tx.executemany(
            "UPDATE review_items SET status = 'superseded', answered_at = ? WHERE id = ?",
            [(ts(c.committed_at), item_id) for item_id in settled],
        )


async def promote(
    tx: aiosqlite.Connection,
    max_pending: int,
    now: datetime,
    entities: Collection[str],
) -> list[ReviewItem]:
    """Show the queued items of ``entities`` that fit under each one's cap
    (rules.promotable).

    The cap is per entity, so only the entities whose queue this write changed
    can have a question to show; reading just theirs keeps a write's cost from
    growing with every other user's open questions (as PostgreSQL does).
    """
    if not entities:
        return []
    listed = sorted(entities)
    rows = await tx.execute_fetchall(
        "SELECT id, seq, entity_id, group_key, status FROM review_items "
        f"WHERE entity_id IN ({','.join('?' * len(listed))}) "
        "AND status IN ('queued', 'pending')",
        listed,
    )
    ids = promotable(
        (OpenQuestion(r[0], r[1], r[2], r[3], r[4] == "pending") for r in rows), max_pending
    )
    if not ids:
        return []
    marks = ",".join("?" * len(ids))
    promoted = await tx.execute_fetchall(
        f"UPDATE review_items SET status = 'pending', promoted_at = ? WHERE id IN ({marks})"
        f" RETURNING {REVIEW_COLUMNS}",
        [ts(now), *ids],
    )
    return sorted((review_from_row(r) for r in promoted), key=lambda r: r.seq)


async def settle_one(
    tx: aiosqlite.Connection, item_id: str, decide: DecideSettlement
) -> tuple[datetime, ReviewItem]:
    """Read the open item and its field's fact, ``decide`` and apply the settlement; when it
    was answered and the item as settled (its row as the UPDATE left it: nothing after it
    in the transaction touches a settled item, only open ones)."""
    items = await read_review_rows(
        tx, f"SELECT {REVIEW_COLUMNS} FROM review_items WHERE id = ?", [item_id]
    )
    if not items:
        raise NotFound(f"no review item {item_id}")
    item = items[0]
    if item.status not in OPEN_STATUSES:
        raise AlreadyAnswered(f"review item {item_id} is already {item.status}")
    fact = await read_fact(tx, item.entity_id, item.field)
    settled = decide(item, fact)
    (row,) = await tx.execute_fetchall(
        "UPDATE review_items SET status = ?, answer = ?, answered_at = ? WHERE id = ?"
        f" RETURNING {REVIEW_COLUMNS}",
        (settled.status, dumps(settled.answer), ts(settled.answered_at), item_id),
    )
    event = settled.confirmation_event
    if event is not None:
        await tx.execute(INSERT_EVENT, event_row(event))
        if event.commit is not None:
            await apply_commit(tx, event.commit)
    if settled.rejection is not None:
        await tx.execute(
            "INSERT OR IGNORE INTO rejections VALUES (?, ?, ?, ?, ?)",
            (item.entity_id, item.field, *settled.rejection, ts(settled.answered_at)),
        )
    if settled.dead_letter is not None:
        await store_dead_letter(tx, settled.dead_letter)
    if settled.follow_up is not None:
        await tx.execute(INSERT_REVIEW, review_row(settled.follow_up))
    return settled.answered_at, review_from_row(row)


async def store_dead_letter(tx: aiosqlite.Connection, letter: DeadLetter) -> None:
    cur = await tx.execute(
        "UPDATE dead_letters SET event_id = ?, prompt_id = ?, schema = ?, payload = ?, "
        "errors = ?, domain = ?, first_seen = ?, last_attempt = ?, retry_count = ?, "
        "next_retry_at = ?, status = ?, principal = ? WHERE id = ?",
        (*letter_row(letter)[1:], letter.id),
    )
    if cur.rowcount == 0:
        raise NotFound(f"no dead letter {letter.id}")


async def import_facts(
    store: SQLiteConnection, facts: list[CommittedFact], progress: Any = None, batch: int = 5000
) -> None:
    """Bulk-load committed facts as 'import' commits, batch by batch."""
    for start in range(0, len(facts), batch):
        chunk = facts[start : start + batch]
        async with store.transaction() as tx:
            await tx.executemany(
                "INSERT INTO commits (entity_id, field, version, old_json, new_json, retracted, "
                "source_type, source_ref, confidence, event_id, evidence_ts, committed_at, "
                "resolution, valid_until, audit_line, principal) "
                "VALUES (?, ?, ?, 'null', ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                        ts(f.evidence_ts),
                        ts(f.committed_at),
                        f.resolution,
                        None if f.valid_until is None else ts(f.valid_until),
                        f"{f.committed_at:%Y-%m-%d %H:%M}: {f.field} imported",
                        f.principal,
                    )
                    for f in chunk
                ],
            )
            await tx.executemany(UPSERT_FACT, [fact_row(f) for f in chunk])
        if progress is not None:
            progress(start + len(chunk))
