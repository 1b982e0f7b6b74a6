"""SQL text and row mappings of the SQLite backend (kept apart from its control flow)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any, Protocol

import aiosqlite

from core.domain.dead_letters import DeadLetter
from core.domain.event_log import EventRecord
from core.domain.review_items import NewReviewItem, ReviewItem
from core.domain.state import CommittedFact
from core.domain.write_batch import Accepted
from core.store import sql_records
from core.store.rules import FoldedCommit
from core.store.sql_records import dumps

_TS_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"


class SQLiteConnection(Protocol):
    """What the SQLite companions and the copier need of ``core.store.sqlite.SQLiteStore``
    (which creates them, so they cannot import it): its connection and transactions."""

    @property
    def db(self) -> aiosqlite.Connection: ...

    def transaction(self) -> AbstractAsyncContextManager[aiosqlite.Connection]: ...

    async def execute_write(
        self, sql: str, params: Sequence[Any] | dict[str, Any] = ()
    ) -> None: ...

    async def execute_durable(
        self, sql: str, params: Sequence[Any] | dict[str, Any] = ()
    ) -> tuple[int, int | None]: ...

    async def execute_unsynced(
        self, sql: str, params: Sequence[Any] | dict[str, Any] = ()
    ) -> list[Any]: ...


@lru_cache(maxsize=1024)
def ts(value: datetime) -> str:
    # Fixed width UTC text (_TS_FORMAT), so string order is time order in every
    # query; isoformat writes the same text several times faster than strftime.
    # Kept per instant: one transaction stamps the same few (its decision time, the
    # corroboration window's start, "ever") on every row it writes and reads.
    return value.astimezone(UTC).isoformat(timespec="microseconds")[:-6] + "Z"


def dt(text: str) -> datetime:
    # Every stored timestamp was written by ``ts``; fromisoformat reads that form
    # (trailing 'Z' included) several times faster than strptime, and gives it the UTC
    # zone itself: ``astimezone`` only for text some other writer stamped otherwise.
    when = datetime.fromisoformat(text)
    return when if when.tzinfo is UTC else when.astimezone(UTC)


def opt_dt(text: str | None) -> datetime | None:
    return None if text is None else dt(text)


def split_statements(script: str) -> list[str]:
    statements, buffer = [], ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        statements.append(buffer.strip())
    return statements


SNAPSHOT_SQL = """{keys}
SELECT 'fact', f.entity_id, f.field, value_json, version, source_type, source_ref, confidence,
       event_id, evidence_ts, committed_at, resolution, valid_until, principal,
       (SELECT max(v.version) FROM commits v WHERE v.entity_id = f.entity_id AND v.field = f.field)
  FROM facts f{join} WHERE {f}
UNION ALL
SELECT 'ver', c.entity_id, c.field, max(version), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
       NULL, NULL
  FROM commits c{join} WHERE {c} AND NOT EXISTS (SELECT 1 FROM facts v WHERE {v})
 GROUP BY c.entity_id, c.field
UNION ALL
SELECT 'agree', e.entity_id, e.field, value_key, source_type, event_ts, NULL, NULL, NULL, NULL,
       NULL, NULL, NULL, NULL, NULL
  FROM events e{join} WHERE {e}
   AND e.event_ts >= {since} AND e.intent IN ('assertive', 'planning')
   AND (instr(e.payload, '"needs_confirmation"') = 0
        OR json_extract(e.payload, '$.needs_confirmation') IS NULL)
UNION ALL
{open_pending}
UNION ALL
{open_queued}
UNION ALL
SELECT 'rej', j.entity_id, j.field, value_key, source_key, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
       NULL, NULL, NULL
  FROM rejections j{join} WHERE {j}
UNION ALL
{seen}
"""
"""Everything a decision reads of its keys, as tagged rows (``snapshot_sql`` fills it in).
Several keys are a ``keys`` table each branch joins; one key (an observation alone, most
messages' batches) is named in every branch (?1, ?2; the window's start ?3, then the ids
and the rollout's arguments) instead: SQLite materialises the table on every execution,
and the versions' GROUP BY over one key needs no temporary b-tree: about 40 K
instructions an execution of ~270 K (perf26b). Both give the same rows in the same order.
A field's last version rides on its fact's row (the 15th column); a 'ver' row of its own
comes only for a field without a fact (retracted): a row fewer for almost every key, each
of whose columns Python's sqlite3 reads with the GIL given up and taken back (perf29a)."""
_OPEN_SQL = """SELECT 'open', r.entity_id, r.field, r.id, r.value_key, r.candidate_json, r.confidence,
       CASE WHEN {on_key} THEN (SELECT event_ts FROM events e WHERE e.event_id = r.event_id) END,
       r.seq, r.group_key, r.status, {on_key}, r.principal, NULL, NULL
  FROM review_items r{join}
 WHERE r.entity_id {entities} AND r.status = '{status}'"""
"""The open questions of the keys' entities in one status (each flagged whether it is on a
key's field): the snapshot reads them a status at a time, pending first (the order
``status IN ('queued', 'pending')`` gave), as two equality probes of
``review_items_by_status`` (status, entity, seq): an IN list of statuses there made SQLite
build a temporary index of the list on every execution, about a tenth of the statement's
instructions (perf26b)."""
_ON_KEYS = {
    "on_key": "k.field IS NOT NULL",
    "join": " LEFT JOIN keys k ON r.entity_id = k.entity_id AND r.field = k.field",
}
_ON_ONE_KEY = {"on_key": "r.field = ?2", "join": "", "entities": "= ?1"}


_SEEN_SQL = """SELECT 'dup', entity_id, NULL, event_id, principal, NULL, NULL, NULL, NULL, NULL,
       NULL, NULL, NULL, NULL, NULL
  FROM events WHERE event_id {match}"""
SEEN_PROBES = 8
"""Up to this many event ids are looked up one equality probe each (a branch an id): an
IN list of several, like the statuses above, is driven from a temporary index built at
every execution (a trip word's six ids: about 3 % of the statement). More (a group
commit's) stay one IN list, well under SQLite's 500 terms of a compound select."""


def snapshot_sql(keys: int, entities: int, ids: int) -> str:
    """The snapshot statement for ``keys`` keys of ``entities`` entities and ``ids`` event
    ids. Its arguments: for one key, the key's entity and field, the window's start, the
    ids; for more, the keys' pairs, the window's start, the entities twice (an open branch
    a status), the ids."""
    if 0 < ids <= SEEN_PROBES:
        seen = "\nUNION ALL\n".join([_SEEN_SQL.format(match="= ?")] * ids)
    else:
        seen = _SEEN_SQL.format(match=f"IN ({','.join('?' * ids) or 'NULL'})")
    if keys == 1:
        on_key = {a: f"{a}.entity_id = ?1 AND {a}.field = ?2" for a in "fcejv"}
        table = {"keys": "", "join": "", "since": "?3"}
        questions = _ON_ONE_KEY
    else:
        on_key = {a: f"{a}.entity_id = k.entity_id AND {a}.field = k.field" for a in "fcejv"}
        values = ",".join("(?, ?)" for _ in range(keys))
        table = {
            "keys": f"\nWITH keys (entity_id, field) AS (VALUES {values})",
            "join": " JOIN keys k ON 1",
            "since": "?",
        }
        questions = {**_ON_KEYS, "entities": f"IN ({','.join('?' * entities)})"}
    return SNAPSHOT_SQL.format(
        **table,
        **on_key,
        seen=seen,
        open_pending=_OPEN_SQL.format(status="pending", **questions),
        open_queued=_OPEN_SQL.format(status="queued", **questions),
    )


ROLLOUT_SQL = """UNION ALL
SELECT 'pol', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
       NULL
 WHERE EXISTS (SELECT 1 FROM policy_events WHERE seq > ?)
"""
"""Appended to ``SNAPSHOT_SQL`` on the ingest path: one row if the policy log has events
after the rollout's last folded one (then read whole, apart)."""
# The fields' facts and last versions, one row per key, for folding commits
# (core/store/rules.py): key, last version (NULL: never committed), the fact's columns.
FOLD_SQL = """
WITH keys (entity_id, field) AS (VALUES {values})
SELECT k.entity_id, k.field,
       (SELECT max(version) FROM commits c WHERE c.entity_id = k.entity_id AND c.field = k.field),
       f.value_json, f.version, f.source_type, f.source_ref, f.confidence, f.event_id,
       f.evidence_ts, f.committed_at, f.resolution, f.valid_until, f.principal
  FROM keys k LEFT JOIN facts f ON f.entity_id = k.entity_id AND f.field = k.field
"""
INSERT_EVENT = (
    "INSERT INTO events (event_id, entity_id, field, domain, intent, value_json, value_key, "
    "source_type, source_ref, event_ts, ingested_at, payload, decision, confidence, margin, "
    "reasons, patch, principal) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
# Version and previous value come from rules.fold_commits, as does the facts row.
INSERT_COMMIT = (
    "INSERT INTO commits (entity_id, field, version, old_json, new_json, retracted, "
    "source_type, source_ref, confidence, event_id, evidence_ts, committed_at, resolution, "
    "valid_until, audit_line, principal) VALUES (:e, :f, :v, :old, "
    ":new, :retracted, :st, :sr, :conf, :eid, :ets, :cat, :res, :vu, :line, :pr)"
)
UPSERT_FACT = (
    "INSERT OR REPLACE INTO facts (entity_id, field, value_json, version, source_type, "
    "source_ref, confidence, event_id, evidence_ts, committed_at, resolution, valid_until, "
    "principal) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
INSERT_REVIEW = (
    "INSERT INTO review_items (id, kind, event_id, entity_id, field, candidate_json, "
    "current_json, value_key, confidence, reasons, source_key, status, created_at, group_key, "
    "shadow_decision, principal) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?, ?)"
)
INSERT_DEAD_LETTER = (
    "INSERT INTO dead_letters (id, event_id, prompt_id, schema, payload, errors, domain, "
    "first_seen, last_attempt, retry_count, next_retry_at, status, principal) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def event_row(a: Accepted) -> tuple[Any, ...]:
    return sql_records.event_row(a, ts)


def commit_row(folded: FoldedCommit) -> dict[str, Any]:
    c = folded.plan
    return {
        "e": c.entity_id,
        "f": c.field,
        "v": folded.version,
        "old": dumps(folded.old_value),
        "new": "null" if c.retract else dumps(c.value),
        "retracted": int(c.retract),
        "st": c.source_type,
        "sr": c.source_ref,
        "conf": c.confidence,
        "eid": c.event_id,
        "ets": ts(c.evidence_ts),
        "cat": ts(c.committed_at),
        "res": c.resolution,
        "vu": None if c.valid_until is None else ts(c.valid_until),
        "line": c.audit_line,
        "pr": c.principal,
    }


def fact_row(f: CommittedFact) -> tuple[Any, ...]:
    return (
        f.entity_id,
        f.field,
        dumps(f.value),
        f.version,
        f.source_type,
        f.source_ref,
        f.confidence,
        f.event_id,
        ts(f.evidence_ts),
        ts(f.committed_at),
        f.resolution,
        None if f.valid_until is None else ts(f.valid_until),
        f.principal,
    )


def review_row(r: NewReviewItem) -> tuple[Any, ...]:
    return sql_records.review_row(r, ts)


def batch_rows(
    accepted: Sequence[Accepted],
) -> tuple[list[tuple[Any, ...]], list[NewReviewItem], list[tuple[Any, ...]]]:
    return sql_records.batch_rows(accepted, ts)


FACT_COLUMNS = (
    "entity_id, field, value_json, version, source_type, source_ref, confidence, event_id, "
    "evidence_ts, committed_at, resolution, valid_until, principal"
)
REVIEW_COLUMNS = (
    "id, seq, kind, event_id, entity_id, field, candidate_json, current_json, confidence, reasons, "
    "source_key, status, created_at, promoted_at, answered_at, answer, group_key, "
    "shadow_decision, principal"
)
EVENT_COLUMNS = (
    "seq, event_id, entity_id, field, intent, value_json, source_type, source_ref, event_ts, "
    "ingested_at, decision, confidence, margin, reasons, payload, principal"
)


def fact_from_row(r: Any) -> CommittedFact:
    return sql_records.fact_from_row(r, dt)


def review_from_row(r: Any) -> ReviewItem:
    return sql_records.review_from_row(r, dt)


def event_from_row(r: Any) -> EventRecord:
    return sql_records.event_from_row(r, dt)


def letter_row(d: DeadLetter) -> tuple[Any, ...]:
    return sql_records.letter_row(d, ts)
