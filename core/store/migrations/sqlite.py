"""Named SQLite migrations, grouped by feature, each applied once in its own transaction.

A store records the names it has applied (``schema_migrations``), so a name
that has shipped never changes and a shipped script is never edited: add a new
migration to its feature's group, with the next free number. Features are
applied in the order below (later ones may refer to earlier tables), each
feature's migrations in their order.
"""

from __future__ import annotations

from typing import Final

from core.store.migrations import Feature, Migration, flatten
from core.store.migrations.sqlite_companions import (
    API_TOKENS,
    CONVERSATION,
    KEYS,
    ROLLOUT,
    SOURCES,
    WORKSPACE,
)

EVENTS: Final[Feature] = (
    "events",
    (
        (
            "0001_event_log_state_and_review_queue",
            """
            -- The append-only log: every accepted observation with the decision taken on it.
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
            -- Every commit, with its audit line; committed state is the fold of these rows.
            CREATE TABLE commits (
                seq INTEGER PRIMARY KEY,
                entity_id TEXT NOT NULL,
                field TEXT NOT NULL,
                version INTEGER NOT NULL,
                old_json TEXT NOT NULL,
                new_json TEXT NOT NULL,
                retracted INTEGER NOT NULL,
                source_type TEXT NOT NULL,
                source_ref TEXT,
                confidence REAL NOT NULL,
                event_id TEXT NOT NULL,
                evidence_ts TEXT NOT NULL,
                committed_at TEXT NOT NULL,
                resolution TEXT NOT NULL,
                valid_until TEXT,
                audit_line TEXT NOT NULL,
                UNIQUE (entity_id, field, version)
            );
            CREATE TRIGGER commits_append_only_update BEFORE UPDATE ON commits
                BEGIN SELECT RAISE(ABORT, 'commit history is append-only'); END;
            -- Current state, kept equal to the fold of commits by the triggers below
            -- (corroboration may refresh evidence_ts and confidence in place).
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
            CREATE TRIGGER commits_fold_value AFTER INSERT ON commits WHEN NEW.retracted = 0
            BEGIN
                INSERT OR REPLACE INTO facts VALUES (
                    NEW.entity_id, NEW.field, NEW.new_json, NEW.version, NEW.source_type,
                    NEW.source_ref, NEW.confidence, NEW.event_id, NEW.evidence_ts,
                    NEW.committed_at, NEW.resolution, NEW.valid_until);
            END;
            CREATE TRIGGER commits_fold_retraction AFTER INSERT ON commits WHEN NEW.retracted = 1
            BEGIN
                DELETE FROM facts WHERE entity_id = NEW.entity_id AND field = NEW.field;
            END;
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
            "0006_source_type_conversation_assertive",
            """
            -- The design's name for a first-person chat statement is conversation_assertive;
            -- rows written as 'conversation' are renamed where rows may change. The
            -- append-only events and commits keep what was written; the store
            -- normalises their source types as it reads them (core/source_types.py).
            UPDATE facts SET source_type = 'conversation_assertive'
             WHERE source_type = 'conversation';
            UPDATE review_items SET source_key = 'conversation_assertive' || substr(source_key, 13)
             WHERE source_key = 'conversation' OR source_key LIKE 'conversation:%';
            UPDATE OR REPLACE rejections
               SET source_key = 'conversation_assertive' || substr(source_key, 13)
             WHERE source_key = 'conversation' OR source_key LIKE 'conversation:%';
        """,
        ),
        (
            "0009_review_groups",
            """
            -- Review items raised by the same input (one entity, one message) about
            -- related fields share a group: asked as one question, counted once
            -- against the pending cap, answered together. NULL: a question alone.
            ALTER TABLE review_items ADD COLUMN group_key TEXT;
            CREATE INDEX review_items_by_group ON review_items (group_key, status);
        """,
        ),
        (
            "0010_facts_folded_in_python",
            """
            -- Commits are folded into facts by the store's Python write path
            -- (core/store/rules.py), the same on every backend, in the same
            -- transaction as the commit; the triggers that did it go.
            DROP TRIGGER IF EXISTS commits_fold_value;
            DROP TRIGGER IF EXISTS commits_fold_retraction;
        """,
        ),
        (
            "0011_open_review_items_by_entity",
            """
            -- One user's open questions without walking every entity's answered ones
            -- (review_items_by_field puts the field before the status).
            CREATE INDEX review_items_open_by_entity ON review_items (entity_id, status, seq);
        """,
        ),
        (
            "0015_principals",
            """
            -- Who made each write (core/domain/principals.py): the user, an agent's token,
            -- a signal source, Canon itself. NULL on rows written before principals
            -- existed: their source type still says what they are.
            ALTER TABLE events ADD COLUMN principal TEXT;
            ALTER TABLE commits ADD COLUMN principal TEXT;
            ALTER TABLE facts ADD COLUMN principal TEXT;
            ALTER TABLE review_items ADD COLUMN principal TEXT;
        """,
        ),
        (
            "0030_review_items_without_by_field",
            """
            -- A field's open questions are found through review_items_open_by_entity
            -- (entity, then status: a person has a few open questions, filtered by field),
            -- so review_items_by_field only cost every question an index entry to write
            -- and to move when it is shown or answered: one WAL page in ten of a message.
            DROP INDEX IF EXISTS review_items_by_field;
        """,
        ),
        (
            "0031_review_items_without_by_group",
            """
            -- A group is one entity's (one input's related fields), so its open items are
            -- read through review_items_open_by_entity (entity, then status) and filtered
            -- by group key; review_items_by_group (a long key in random order) cost every
            -- question an entry to write, 1.7 of a chat message's 11.1 WAL pages.
            DROP INDEX IF EXISTS review_items_by_group;
        """,
        ),
        (
            "0032_events_by_field_without_time",
            """
            -- No read ranges over events_by_field's last column: the snapshot's agreeing
            -- events and events_for probe (entity, field[, value key]), and the value key
            -- before event_ts kept it from bounding the time. Without it each event's entry
            -- is about 45 bytes, not 70, in an index written at random places: 0.4 of a
            -- chat message's WAL pages fewer (events_for sorts the few it finds).
            DROP INDEX events_by_field;
            CREATE INDEX events_by_field ON events (entity_id, field, value_key);
        """,
        ),
        (
            "0033_review_items_by_status",
            """
            -- One index for the questions' reads instead of two: status first, then the
            -- entity. An entity's open questions are two probes (queued, pending), every
            -- open or pending question (the chats' next question) one range, an entity's
            -- questions of any status one probe a status (sql_records.ANY_STATUS); the few
            -- rows found are sorted by seq. Each question was an entry in both
            -- review_items_open and review_items_open_by_entity: 0.9 of a chat message's
            -- WAL pages.
            DROP INDEX review_items_open;
            DROP INDEX review_items_open_by_entity;
            CREATE INDEX review_items_by_status ON review_items (status, entity_id, seq);
        """,
        ),
    ),
)
"""The event log, committed state (commits folded into facts) and the review queue."""

DEAD_LETTERS: Final[Feature] = (
    "dead_letters",
    (
        (
            "0002_dead_letters_and_alerts",
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
        (
            "0008_alert_delivery",
            """
            -- When an alert reached its owner (in Telegram); NULL while it is still open.
            ALTER TABLE alerts ADD COLUMN delivered_at TEXT;
        """,
        ),
        (
            "0027_dead_letter_principals",
            """
            -- Whose input each dead letter was (core/domain/principals.py): its payload is
            -- shown to that principal only. NULL on letters kept before principals.
            ALTER TABLE dead_letters ADD COLUMN principal TEXT;
        """,
        ),
    ),
)
"""Dead letters and the alerts they (and failing sources) raise."""

FEATURES: Final[tuple[Feature, ...]] = (
    EVENTS,
    DEAD_LETTERS,
    CONVERSATION,
    SOURCES,
    WORKSPACE,
    ROLLOUT,
    API_TOKENS,
    KEYS,
)
MIGRATIONS: Final[tuple[Migration, ...]] = flatten(FEATURES)
"""Every migration, in the order a new store applies them."""
