"""Named SQLite migrations, each applied once, inside its own transaction."""

from __future__ import annotations

from typing import Final

MIGRATIONS: Final[tuple[tuple[str, str], ...]] = (
    (
        "0001_event_log_and_state",
        """
        CREATE TABLE events (
            seq INTEGER PRIMARY KEY,
            event_id TEXT NOT NULL UNIQUE,
            entity_id TEXT NOT NULL,
            field TEXT NOT NULL,
            domain TEXT NOT NULL,
            intent TEXT NOT NULL,
            value_json TEXT NOT NULL,
            value_key TEXT NOT NULL,
            source_type TEXT NOT NULL,
            source_ref TEXT,
            event_ts TEXT NOT NULL,
            ingested_at TEXT NOT NULL,
            payload TEXT NOT NULL,
            decision TEXT NOT NULL,
            confidence REAL NOT NULL,
            margin REAL NOT NULL,
            reasons TEXT NOT NULL,
            patch TEXT NOT NULL
        );
        CREATE INDEX events_by_field ON events (entity_id, field, value_key, event_ts);
        CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
            BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
        CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
            BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
        CREATE TABLE duplicates (
            seq INTEGER PRIMARY KEY,
            event_id TEXT NOT NULL,
            seen_at TEXT NOT NULL
        );
        CREATE TABLE facts (
            entity_id TEXT NOT NULL,
            field TEXT NOT NULL,
            value_json TEXT NOT NULL,
            version INTEGER NOT NULL,
            source_type TEXT NOT NULL,
            source_ref TEXT,
            confidence REAL NOT NULL,
            event_id TEXT NOT NULL,
            evidence_ts TEXT NOT NULL,
            committed_at TEXT NOT NULL,
            resolution TEXT NOT NULL,
            valid_until TEXT,
            PRIMARY KEY (entity_id, field)
        ) WITHOUT ROWID;
        CREATE TABLE fact_history (
            seq INTEGER PRIMARY KEY,
            entity_id TEXT NOT NULL,
            field TEXT NOT NULL,
            version INTEGER NOT NULL,
            old_json TEXT NOT NULL,
            new_json TEXT NOT NULL,
            retracted INTEGER NOT NULL,
            event_id TEXT NOT NULL,
            confidence REAL NOT NULL,
            resolution TEXT NOT NULL,
            committed_at TEXT NOT NULL
        );
        CREATE INDEX fact_history_by_field ON fact_history (entity_id, field, seq);
        CREATE TABLE audit_log (
            seq INTEGER PRIMARY KEY,
            at TEXT NOT NULL,
            entity_id TEXT NOT NULL,
            field TEXT NOT NULL,
            line TEXT NOT NULL
        );
        """,
    ),
    (
        "0002_review_queue",
        """
        CREATE TABLE review_items (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL,
            event_id TEXT,
            entity_id TEXT NOT NULL,
            field TEXT NOT NULL,
            candidate_json TEXT NOT NULL,
            current_json TEXT NOT NULL,
            value_key TEXT NOT NULL,
            confidence REAL NOT NULL,
            reasons TEXT NOT NULL,
            source_key TEXT NOT NULL,
            status TEXT NOT NULL,
            created_at TEXT NOT NULL,
            promoted_at TEXT,
            answered_at TEXT,
            answer TEXT
        );
        CREATE INDEX review_items_open ON review_items (status, seq);
        CREATE INDEX review_items_by_field ON review_items (entity_id, field, status);
        CREATE TABLE rejections (
            entity_id TEXT NOT NULL,
            field TEXT NOT NULL,
            value_key TEXT NOT NULL,
            source_key TEXT NOT NULL,
            rejected_at TEXT NOT NULL,
            PRIMARY KEY (entity_id, field, value_key, source_key)
        ) WITHOUT ROWID;
        """,
    ),
    (
        "0003_dead_letters_and_alerts",
        """
        CREATE TABLE dead_letters (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            event_id TEXT,
            prompt_id TEXT,
            schema TEXT NOT NULL,
            payload TEXT NOT NULL,
            errors TEXT NOT NULL,
            domain TEXT,
            first_seen TEXT NOT NULL,
            last_attempt TEXT NOT NULL,
            retry_count INTEGER NOT NULL,
            next_retry_at TEXT,
            status TEXT NOT NULL
        );
        CREATE INDEX dead_letters_due ON dead_letters (status, next_retry_at);
        CREATE TABLE alerts (
            seq INTEGER PRIMARY KEY,
            created_at TEXT NOT NULL,
            kind TEXT NOT NULL,
            domain TEXT,
            message TEXT NOT NULL
        );
        """,
    ),
)
