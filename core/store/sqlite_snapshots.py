"""What a decision reads in one SQLite statement: the snapshots of its fields, the events
already logged, the open questions of its entities and the rollout's reads.

Apart from ``core.store.sqlite_tx`` (the writes) because it only reads: one statement
whose rows come back tagged ("fact", "ver", "agree", "open", "rej", "dup", "cnt",
"pol") and are sorted here into the snapshots the resolver decides on. It runs on the
transaction's connection, before the writes it decides.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from functools import lru_cache
from typing import Any

import aiosqlite

from core.domain.json_text import loads
from core.domain.snapshot import FieldSnapshot, OpenItem, note_agreeing
from core.domain.source_types import canonical_source_type
from core.domain.state import CommittedFact
from core.store.protocol import RolloutReads, SeenEvents
from core.store.rules import OpenQuestion
from core.store.sql_records import (
    CHANGE_COUNTS_PER_READ,
    change_count_args,
    change_counts_text,
)
from core.store.sqlite_policy_log import read_policy_events
from core.store.sqlite_questions import OpenQuestions
from core.store.sqlite_reads import read_change_counts
from core.store.sqlite_rows import (
    ROLLOUT_SQL,
    dt,
    fact_from_row,
    snapshot_sql,
    ts,
)


async def read_snapshots(
    db: aiosqlite.Connection,
    keys: Sequence[tuple[str, str]],
    event_ids: Sequence[str],
    since: datetime,
    rollout: RolloutReads | None = None,
) -> tuple[dict[tuple[str, str], FieldSnapshot], SeenEvents, OpenQuestions]:
    """The snapshots of ``keys``, which of ``event_ids`` are logged, and the open questions
    of the keys' entities (on any field: what the pending cap weighs when the batch asks
    more), in one statement; ``rollout``'s reads answered too: its change counts as tagged
    rows of the same statement, and the policy log read only when that statement found
    events after ``rollout.after_seq`` (a rollout change: rare), so an ingest's reads are
    one statement, not three."""
    unique = sorted(set(keys))
    entities = sorted({entity for entity, _ in unique})
    folded = rollout is not None and len(rollout.counts) <= CHANGE_COUNTS_PER_READ
    if not unique or not folded:
        if rollout is not None:
            rollout.events = await read_policy_events(db, rollout.after_seq)
            rollout.counted = await read_change_counts(db, rollout.counts)
        if not unique:
            return {}, {}, {}
    counts = len(rollout.counts) if folded and rollout is not None else None
    sql = _snapshot_sql(len(unique), len(entities), len(event_ids), counts)
    args: list[Any] = [x for pair in unique for x in pair]
    if len(unique) == 1:  # its entity and field are ?1 and ?2 throughout (``snapshot_sql``)
        args += [ts(since), *event_ids]
    else:  # the entities: an open branch a status
        args += [ts(since), *entities, *entities, *event_ids]
    if folded:
        assert rollout is not None
        args.append(rollout.after_seq)
        if rollout.counts:
            args += change_count_args(rollout.counts, ts)
    rows = await db.execute_fetchall(sql, args)
    facts: dict[tuple[str, str], CommittedFact] = {}
    agreeing: dict[tuple[str, str], dict[str, dict[str, datetime]]] = {}
    open_items: dict[tuple[str, str], list[OpenItem]] = {}
    rejected: dict[tuple[str, str], set[tuple[str, str]]] = {}
    versions: dict[tuple[str, str], int] = {}
    existing: SeenEvents = {}
    counts_read: list[tuple[int, int]] = []
    questions: dict[str, list[OpenQuestion]] = {entity: [] for entity in entities}
    logged = False
    for row in rows:
        tag, key = row[0], (row[1], row[2])
        if tag == "dup":
            existing[row[3]] = (row[1], row[4])
        elif tag == "fact":
            facts[key] = fact_from_row(row[1:14])  # the fact's 13 columns, in order
            if row[14] is not None:  # the field's last version, read beside its fact
                versions[key] = int(row[14])
        elif tag == "ver":
            versions[key] = int(row[3])
        elif tag == "agree":
            note_agreeing(
                agreeing.setdefault(key, {}), row[3], canonical_source_type(row[4]), dt(row[5])
            )
        elif tag == "open":
            # Every open question of the entity; those on a read field are its open items.
            questions[row[1]].append(
                OpenQuestion(row[3], row[8], row[1], row[9], row[10] == "pending")
            )
            if row[11]:
                open_items.setdefault(key, []).append(
                    OpenItem(
                        row[3],
                        row[4],
                        loads(row[5]),
                        float(row[6]),
                        None if row[7] is None else dt(row[7]),
                        row[12],
                    )
                )
        elif tag == "rej":
            rejected.setdefault(key, set()).add((row[3], row[4]))
        elif tag == "cnt":
            counts_read.append((row[3], int(row[4])))
        elif tag == "pol":
            logged = True
    if folded:
        assert rollout is not None
        rollout.counted = [n for _, n in sorted(counts_read)]
        rollout.events = await read_policy_events(db, rollout.after_seq) if logged else []
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
    return snaps, existing, questions


_NULLS = ", ".join(["NULL"] * 10)
"""The snapshot row's columns a change count leaves empty (it fills the tag, the
query's index and its count)."""


@lru_cache(maxsize=256)
def _snapshot_sql(keys: int, entities: int, ids: int, counts: int | None) -> str:
    """``read_snapshots``' statement for ``keys`` keys of ``entities`` entities, ``ids``
    event ids and (unless None) the rollout's reads with ``counts`` change counts: built
    once per shape, so the same text object comes back (its hash kept, found at once in
    the connection's statement cache) instead of 2 kB formatted anew for every observation."""
    sql = snapshot_sql(keys, entities, ids)
    if counts is None:
        return sql
    sql += ROLLOUT_SQL
    if counts:
        text = change_counts_text(counts, "?")
        sql += f"UNION ALL SELECT 'cnt', NULL, NULL, c.*, {_NULLS} FROM ({text}) AS c\n"
    return sql
