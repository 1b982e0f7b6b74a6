"""SQLite's migrations of the companion stores' tables: the conversation, sources and
senders, the workspace, the rollout's policy log, API tokens and the store's keys.

Apart from ``core.store.migrations.sqlite`` (the event log, state, the review queue
and dead letters: what the engine decides on) because these tables belong to the stores
beside it (``store.conversation``, ``store.source_states``, ``store.workspace``, ...),
each read and written by its own object. The order a new store applies them is still
``sqlite.FEATURES``; names and scripts are as shipped, never edited.
"""

from __future__ import annotations

from typing import Final

from core.store.migrations import Feature

CONVERSATION: Final[Feature] = (
    "conversation",
    (
        (
            "0003_conversation_log",
            """
            -- The bot's conversation, per chat: append-only, in the order it happened.
            CREATE TABLE conversation_messages (
                seq INTEGER PRIMARY KEY,
                id TEXT NOT NULL UNIQUE,
                chat_id INTEGER NOT NULL,
                message_id INTEGER,
                user_id INTEGER,
                role TEXT NOT NULL,
                text TEXT NOT NULL,
                at TEXT NOT NULL
            );
            CREATE INDEX conversation_by_chat ON conversation_messages (chat_id, seq);
            CREATE TRIGGER conversation_append_only_update BEFORE UPDATE ON conversation_messages
                BEGIN SELECT RAISE(ABORT, 'the conversation log is append-only'); END;
            CREATE TRIGGER conversation_append_only_delete BEFORE DELETE ON conversation_messages
                BEGIN SELECT RAISE(ABORT, 'the conversation log is append-only'); END;
            -- Which chat message shows which review item, who may answer it, and the
            -- opaque token its buttons carry.
            CREATE TABLE prompt_messages (
                item_id TEXT PRIMARY KEY,
                token TEXT NOT NULL UNIQUE,
                chat_id INTEGER NOT NULL,
                owner_user_id INTEGER NOT NULL,
                message_id INTEGER,
                shown_at TEXT NOT NULL,
                closed_at TEXT,
                outcome TEXT
            );
            CREATE INDEX prompt_messages_open ON prompt_messages (chat_id, closed_at);
            -- What the next plain message in a chat answers (an Edit's value).
            CREATE TABLE chat_modes (
                chat_id INTEGER PRIMARY KEY,
                mode TEXT NOT NULL,
                item_id TEXT NOT NULL,
                since TEXT NOT NULL
            );
        """,
        ),
        (
            "0019_chat_turns",
            """
            -- Whose turn a chat is in (a lease per chat, renewed while the turn runs),
            -- so several processes on one store handle one chat's updates in order.
            CREATE TABLE chat_turns (
                chat_id INTEGER PRIMARY KEY,
                holder TEXT NOT NULL,
                until REAL NOT NULL
            );
        """,
        ),
        (
            "0020_telegram_updates",
            """
            -- The Telegram updates a bot worker has taken on, so that an update delivered
            -- again (a webhook retry, to this worker or another) is handled once.
            CREATE TABLE telegram_updates (
                bot_id INTEGER NOT NULL,
                update_id INTEGER NOT NULL,
                claimed_at TEXT NOT NULL,
                PRIMARY KEY (bot_id, update_id)
            ) WITHOUT ROWID;
            CREATE INDEX telegram_updates_by_age ON telegram_updates (claimed_at);
        """,
        ),
        (
            "0022_chat_shown",
            """
            -- What the bot showed in each chat, as the chat keeps it: each message it
            -- sent (buttons as JSON [[label, data], ...]; a photo's image as base64, since
            -- a store's portable rows are text) and each later edit of one. Append-only:
            -- the rows in order rebuild the chat (the playground's page after a restart).
            CREATE TABLE chat_shown (
                seq INTEGER PRIMARY KEY,
                chat_id INTEGER NOT NULL,
                message_id INTEGER NOT NULL,
                kind TEXT NOT NULL,
                text TEXT NOT NULL,
                buttons TEXT NOT NULL,
                photo TEXT,
                at TEXT NOT NULL
            );
            CREATE INDEX chat_shown_by_chat ON chat_shown (chat_id, seq);
            CREATE TRIGGER chat_shown_append_only_update BEFORE UPDATE ON chat_shown
                BEGIN SELECT RAISE(ABORT, 'what a chat showed is append-only'); END;
            CREATE TRIGGER chat_shown_append_only_delete BEFORE DELETE ON chat_shown
                BEGIN SELECT RAISE(ABORT, 'what a chat showed is append-only'); END;
        """,
        ),
        (
            "0024_chat_mode_value",
            """
            -- A typed value waiting for the user's yes (a place Canon does not know).
            ALTER TABLE chat_modes ADD COLUMN value TEXT;
        """,
        ),
        (
            "0028_chat_mode_asked",
            """
            -- The message asking about a chat mode's waiting value ("use it anyway?"):
            -- its buttons are answered, and dropped, after a restart too.
            ALTER TABLE chat_modes ADD COLUMN asked INTEGER;
        """,
        ),
        (
            "0029_chat_shown_bounded",
            """
            -- What a chat showed is kept bounded (ConversationStore.prune_shown): the
            -- oldest records may go; none is ever changed.
            DROP TRIGGER chat_shown_append_only_delete;
        """,
        ),
        (
            "0025_chat_turn_lanes",
            """
            -- A chat has two leases (core.store.chat_turns): its order, held only for
            -- short sections, and its message lane, held by one message until its reply
            -- is out. Leases are transient: the rows of a running turn are dropped.
            DROP TABLE chat_turns;
            CREATE TABLE chat_turns (
                chat_id INTEGER NOT NULL,
                lane TEXT NOT NULL,
                holder TEXT NOT NULL,
                until REAL NOT NULL,
                PRIMARY KEY (chat_id, lane)
            ) WITHOUT ROWID;
        """,
        ),
        (
            "0023_job_ticks",
            """
            -- The runs of the bot's periodic jobs (sweeps, alerts, learning) a worker has
            -- taken on, so N workers on one store run each tick once, not N times.
            CREATE TABLE job_ticks (
                job TEXT NOT NULL,
                chat_id INTEGER NOT NULL,
                due TEXT NOT NULL,
                claimed_at TEXT NOT NULL,
                PRIMARY KEY (job, chat_id, due)
            ) WITHOUT ROWID;
            CREATE INDEX job_ticks_by_age ON job_ticks (claimed_at);
        """,
        ),
        (
            "0034_chat_mode_options",
            """
            -- The message offering an Edit's options as buttons: they are removed when
            -- the Edit ends (answered, cancelled, left or late), after a restart too.
            ALTER TABLE chat_modes ADD COLUMN options INTEGER;
        """,
        ),
    ),
)
"""The bot's conversation log, what its chats showed, prompt messages, chat modes and
chats' turns."""

SOURCES: Final[Feature] = (
    "sources",
    (
        (
            "0005_sources",
            """
            -- One row per configured signal source: its sync cursor, freshness and health.
            CREATE TABLE source_state (
                name TEXT PRIMARY KEY,
                kind TEXT NOT NULL,
                cursor TEXT NOT NULL,
                last_attempt TEXT,
                last_success TEXT,
                last_error TEXT,
                failures INTEGER NOT NULL,
                weight REAL NOT NULL,
                signals_total INTEGER NOT NULL
            ) WITHOUT ROWID;
        """,
        ),
        (
            "0007_mail_senders",
            """
            -- Who sent each untrusted mail that raised a question (by its source ref),
            -- so confirming that question can make the sender trusted.
            CREATE TABLE mail_sender_refs (
                ref TEXT PRIMARY KEY,
                address TEXT NOT NULL
            ) WITHOUT ROWID;
            -- Senders the user vouched for: their receipts are transaction evidence.
            CREATE TABLE trusted_mail_senders (
                address TEXT PRIMARY KEY,
                learned_at TEXT NOT NULL,
                via_ref TEXT NOT NULL
            ) WITHOUT ROWID;
        """,
        ),
    ),
)
"""Source cursors and health; who sent which mail, and trusted senders."""

WORKSPACE: Final[Feature] = (
    "workspace",
    (
        (
            "0004_workspace",
            """
            -- The STATE-INPUT entries last accepted per file and zone (JSON maps keyed
            -- by line hash), so a re-read only ingests what changed.
            CREATE TABLE workspace_inputs (
                file TEXT NOT NULL,
                zone_id TEXT NOT NULL,
                entries TEXT NOT NULL,
                bad TEXT NOT NULL,
                generations TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                PRIMARY KEY (file, zone_id)
            ) WITHOUT ROWID;
            -- The hash of what Canon last wrote into each projected zone: anything
            -- else found there later is drift.
            CREATE TABLE workspace_zones (
                file TEXT NOT NULL,
                zone_id TEXT NOT NULL,
                content_hash TEXT NOT NULL,
                written_at TEXT NOT NULL,
                PRIMARY KEY (file, zone_id)
            ) WITHOUT ROWID;
            -- Drift reverted, legacy-mode writes, backups: what the projection did besides writing.
            CREATE TABLE workspace_events (
                seq INTEGER PRIMARY KEY,
                at TEXT NOT NULL,
                kind TEXT NOT NULL,
                file TEXT NOT NULL,
                zone_id TEXT,
                detail TEXT NOT NULL
            );
        """,
        ),
    ),
)
"""What the workspace projection remembers between passes."""

ROLLOUT: Final[Feature] = (
    "rollout",
    (
        (
            "0012_policy_events",
            """
            -- The policy-change log: stages, thresholds, reliabilities, the learning switch
            -- and incidents, each with its reason and who made it (core/domain/rollout.py).
            CREATE TABLE policy_events (
                seq INTEGER PRIMARY KEY,
                event_id TEXT NOT NULL UNIQUE,
                at TEXT NOT NULL,
                kind TEXT NOT NULL,
                domain TEXT,
                key TEXT NOT NULL,
                old TEXT NOT NULL,
                new TEXT NOT NULL,
                reason TEXT NOT NULL,
                actor TEXT NOT NULL
            );
            -- State changes per domain (calibration, confirmation runs) without the imports.
            CREATE INDEX commits_changes ON commits (field, committed_at)
                WHERE resolution != 'import';
        """,
        ),
        (
            "0013_review_shadow_decision",
            """
            -- What the resolver would have done when the rollout made it ask instead
            -- (auto_commit | tentative_reject): the answer grades it (human agreement).
            ALTER TABLE review_items ADD COLUMN shadow_decision TEXT;
        """,
        ),
        (
            "0016_rollout_per_entity",
            """
            -- The entity a policy event is for; NULL (every event logged before): all entities.
            ALTER TABLE policy_events ADD COLUMN entity TEXT;
            -- Calibration and confirmation runs count one entity's changes in a domain.
            DROP INDEX commits_changes;
            CREATE INDEX commits_entity_changes ON commits (entity_id, field, committed_at)
                WHERE resolution != 'import';
        """,
        ),
    ),
)
"""How much autonomy each domain has earned: the policy-change log."""

API_TOKENS: Final[Feature] = (
    "api_tokens",
    (
        (
            "0014_api_tokens",
            """
            -- Bearer tokens of the HTTP API: the SHA-256 of each secret, never the secret.
            CREATE TABLE api_tokens (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                entity_id TEXT NOT NULL,
                secret_sha256 TEXT NOT NULL UNIQUE,
                created_at TEXT NOT NULL,
                revoked_at TEXT
            ) WITHOUT ROWID;
        """,
        ),
        (
            "0017_api_token_roles",
            """
            -- What a token's bearer is (user | delegate | agent | signals): a token made
            -- before roles existed is an agent token. source_types: a signals token's
            -- allowed source types (JSON array). reach: the shared entities it may touch
            -- (JSON array); NULL is the household's, as before roles.
            ALTER TABLE api_tokens ADD COLUMN role TEXT NOT NULL DEFAULT 'agent';
            ALTER TABLE api_tokens ADD COLUMN source_types TEXT NOT NULL DEFAULT '[]';
            ALTER TABLE api_tokens ADD COLUMN reach TEXT;
        """,
        ),
        (
            "0021_api_rate_buckets",
            """
            -- Each token's rate-limit bucket, shared by every canon serve worker on the store:
            -- the requests left, when they were last counted (seconds since the epoch), and
            -- whether the last request counted was let through.
            CREATE TABLE api_rate_buckets (
                token_id TEXT PRIMARY KEY,
                tokens REAL NOT NULL,
                counted_at REAL NOT NULL,
                granted INTEGER NOT NULL
            ) WITHOUT ROWID;
        """,
        ),
    ),
)
"""Who may use the HTTP API, for which entities, and in what role."""

KEYS: Final[Feature] = (
    "keys",
    (
        (
            "0018_store_keys",
            """
            -- Secret keys the store makes once (core.domain.ids.keyed_id): message-derived
            -- event ids are keyed with one, so no other principal can compute them.
            CREATE TABLE store_keys (
                name TEXT PRIMARY KEY,
                key_hex TEXT NOT NULL
            ) WITHOUT ROWID;
        """,
        ),
    ),
)
"""The store's own secrets."""
