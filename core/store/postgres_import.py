"""Bulk-loading committed facts into a PostgreSQL store (``PostgresStore.import_facts``)."""

from __future__ import annotations

from core.domain.state import CommittedFact
from core.store.postgres_records import dumps
from core.store.postgres_rows import UPSERT_FACT
from core.store.postgres_tx import Tx


async def import_facts(tx: Tx, facts: list[CommittedFact]) -> None:
    """Committed facts as 'import' commits, folded into current state."""
    await tx.lock(f.entity_id for f in facts)
    await tx.executemany(
        "INSERT INTO commits (entity_id, field, version, old_json, new_json, retracted, "
        "source_type, source_ref, confidence, event_id, evidence_ts, committed_at, "
        "resolution, valid_until, audit_line, principal) "
        "VALUES (%s, %s, %s, 'null', %s, false, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
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
                f.evidence_ts,
                f.committed_at,
                f.resolution,
                f.valid_until,
                f"{f.committed_at:%Y-%m-%d %H:%M}: {f.field} imported",
                f.principal,
            )
            for f in facts
        ],
    )
    await tx.executemany(
        UPSERT_FACT,
        [
            (
                f.entity_id,
                f.field,
                dumps(f.value),
                f.version,
                f.source_type,
                f.source_ref,
                f.confidence,
                f.event_id,
                f.evidence_ts,
                f.committed_at,
                f.resolution,
                f.valid_until,
                f.principal,
            )
            for f in facts
        ],
    )
