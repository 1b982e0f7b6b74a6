"""A fact row reads back as the fact written: every column to its own field.

``sql_records.fact_from_row`` passes a row's columns to ``CommittedFact`` by position, so
each case here gives every field a value no other field of its type has: a column read
into the wrong field (two strings, two times swapped) would not compare equal.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from core.domain.state import CommittedFact
from core.store import sql_records
from core.store.postgres_records import utc
from core.store.sqlite_rows import fact_from_row, fact_row

AT = datetime(2026, 3, 1, 9, 30, 15, 123456, tzinfo=UTC)
FACT = CommittedFact(
    entity_id="user:primary",
    field="travel.location",
    value="Tahoe",
    version=7,
    source_type="calendar",
    source_ref="ics:trip-42",
    confidence=0.83,
    event_id="0190aaaa-bbbb-7ccc-8ddd-eeeeffff0001",
    evidence_ts=AT - timedelta(hours=3),
    committed_at=AT,
    resolution="auto_commit",
    valid_until=AT + timedelta(days=4),
    principal="user:primary:telegram",
)


@pytest.mark.parametrize(
    "fact",
    [
        FACT,
        replace(FACT, valid_until=None, principal=None, source_ref=None),
        replace(FACT, value=2150, field="financial.rent.amount", version=1),
        replace(FACT, value=None, resolution="user_confirm"),
        replace(FACT, value=True, confidence=1.0),
    ],
)
def test_a_fact_row_reads_back_as_the_fact(fact: CommittedFact) -> None:
    assert fact_from_row(fact_row(fact)) == fact


def test_each_backend_reads_its_times_through_its_own_reader() -> None:
    """PostgreSQL's rows hold datetimes (read through ``utc``), SQLite's text."""
    row = (
        *fact_row(FACT)[:8],
        FACT.evidence_ts,
        FACT.committed_at,
        FACT.resolution,
        FACT.valid_until,
        FACT.principal,
    )
    assert sql_records.fact_from_row(row, utc) == FACT


def test_a_deprecated_source_type_reads_as_its_canonical_name() -> None:
    row = list(fact_row(FACT))
    row[4] = "conversation"
    assert fact_from_row(row).source_type == "conversation_assertive"
