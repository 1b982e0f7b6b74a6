"""Canon's records as the PostgreSQL backend's rows and back, and the values in them.

Apart from ``core.store.postgres_rows`` (the SQL text) because these are Python values,
not statements: JSON is stored as text written by the SQLite backend's serialiser
(``dumps``), timestamps as ``timestamptz`` and read back in UTC, arrays sent as one text
value; and a driver's error told on one line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

from core.domain.dead_letters import DeadLetter
from core.domain.event_log import AuditLine, EventRecord, HistoryEntry
from core.domain.review_items import NewReviewItem, ReviewItem
from core.domain.state import CommittedFact
from core.domain.write_batch import Accepted, CommitPlan
from core.store import sql_records
from core.store.sql_records import dumps

__all__ = ["dumps"]


def first_line(error: Exception) -> str:
    """A library error's message on one line (libpq adds detail lines)."""
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def utc(value: datetime) -> datetime:
    return value.astimezone(UTC)


def array_text(items: Iterable[object]) -> str:
    """``items`` in PostgreSQL's array input form ('{"a","b\\"c"}'), each element quoted
    with its backslashes and quotes escaped (None: NULL), for a parameter the statement
    casts (``%s::text[]``, ``::int[]``, ``::timestamptz[]``). Sent as one text value:
    psycopg's list dumper inspects every list's elements to choose a type and tests each
    element with a regular expression, in Python, a tenth of the client's work on an
    ingest's read (nine arrays in one statement). A loop, not a generator, and the two
    replacements only when there is something to escape: half the time of one an ingest
    (nine calls, most of one element or none)."""
    quoted = []
    for x in items:
        if x is None:
            quoted.append("NULL")
            continue
        text = str(x)
        if '"' in text or "\\" in text:
            text = text.replace("\\", "\\\\").replace('"', '\\"')
        quoted.append('"' + text + '"')
    return "{" + ",".join(quoted) + "}"


def opt_utc(value: datetime | None) -> datetime | None:
    return None if value is None else value.astimezone(UTC)


def event_row(a: Accepted) -> tuple[Any, ...]:
    return sql_records.event_row(a, _as_is)


def event_args(a: Accepted) -> dict[str, Any]:
    """``event_row(a)`` as ``ANSWER_AND_COMMIT``'s named parameters."""
    return {f"ev{i}": v for i, v in enumerate(event_row(a))}


def commit_row(c: CommitPlan) -> dict[str, Any]:
    return {
        "e": c.entity_id,
        "f": c.field,
        "new": "null" if c.retract else dumps(c.value),
        "retracted": c.retract,
        "st": c.source_type,
        "sr": c.source_ref,
        "conf": c.confidence,
        "eid": c.event_id,
        "ets": c.evidence_ts,
        "cat": c.committed_at,
        "res": c.resolution,
        "vu": c.valid_until,
        "line": c.audit_line,
        "pr": c.principal,
    }


def review_row(r: NewReviewItem) -> tuple[Any, ...]:
    return sql_records.review_row(r, _as_is)


def batch_rows(
    accepted: Sequence[Accepted],
) -> tuple[list[tuple[Any, ...]], list[NewReviewItem], list[tuple[Any, ...]]]:
    return sql_records.batch_rows(accepted, _as_is)


def letter_row(d: DeadLetter) -> tuple[Any, ...]:
    return sql_records.letter_row(d, _as_is)


def _as_is(value: datetime) -> datetime:
    return value  # psycopg stores an aware datetime as timestamptz


def fact_from_row(r: Any) -> CommittedFact:
    return sql_records.fact_from_row(r, utc)


def review_from_row(r: Any) -> ReviewItem:
    return sql_records.review_from_row(r, utc)


def event_from_row(r: Any) -> EventRecord:
    return sql_records.event_from_row(r, utc)


def history_from_row(r: Any) -> HistoryEntry:
    return sql_records.history_from_row(r, utc)


def audit_from_row(r: Any) -> AuditLine:
    return AuditLine(r[0], utc(r[1]), r[2], r[3], r[4])


def letter_from_row(r: Any) -> DeadLetter:
    return sql_records.letter_from_row(r, utc)
