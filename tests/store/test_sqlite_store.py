"""The SQLite backend against the storage and companion contracts, on a file and in memory."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from canon_testing import NOW, make_observation
from companion_contract import CompanionContract
from contract import StoreContract
from errand_contract import ErrandFollowsTripContract

from core.domain.policy import default_policy, load_policy
from core.engine.engine import Engine
from core.store.migrations.sqlite import FEATURES, MIGRATIONS
from core.store.sqlite import SQLiteStore


class TestSQLiteFile(StoreContract, CompanionContract, ErrandFollowsTripContract):
    @pytest.fixture
    async def backend(
        self, tmp_path: Path, migrated_store_file: Path
    ) -> AsyncIterator[SQLiteStore]:
        # A copy of the session's migrated file: these tests are of the open store (the
        # migrations have tests of their own below).
        shutil.copyfile(migrated_store_file, tmp_path / "contract.db")
        store = SQLiteStore(tmp_path / "contract.db")
        await store.open()
        yield store
        await store.close()

    @pytest.fixture
    async def same_data(self, backend: SQLiteStore, tmp_path: Path) -> AsyncIterator[SQLiteStore]:
        store = SQLiteStore(tmp_path / "contract.db")
        await store.open()
        yield store
        await store.close()


class TestSQLiteMemory(StoreContract, CompanionContract, ErrandFollowsTripContract):
    @pytest.fixture
    async def backend(self) -> AsyncIterator[SQLiteStore]:
        store = SQLiteStore(":memory:")
        await store.open()
        yield store
        await store.close()


async def test_migrations_are_named_applied_once_and_recorded(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    for _ in range(2):
        store = SQLiteStore(path)
        await store.open()
        assert await store.applied_migrations() == sorted(name for name, _ in MIGRATIONS)
        await store.close()


async def test_a_secret_key_outlives_the_process_and_is_shared_by_every_one(
    tmp_path: Path,
) -> None:
    path = tmp_path / "keys.db"
    one, two = SQLiteStore(path), SQLiteStore(path)
    await one.open()
    await two.open()
    kept = await one.secret_key("message-ids", b"\x01" * 32)
    assert await two.secret_key("message-ids", b"\x02" * 32) == kept
    await one.close()
    await two.close()
    again = SQLiteStore(path)
    await again.open()
    assert await again.secret_key("message-ids", b"\x03" * 32) == kept
    await again.close()


async def test_the_store_runs_in_wal_mode(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "wal.db")
    await store.open()
    await store.close()
    with sqlite3.connect(tmp_path / "wal.db") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_the_event_log_refuses_updates_and_deletes(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "log.db")
    await store.open()
    await Engine(store, default_policy()).ingest(make_observation(), now=NOW)
    await store.close()
    with sqlite3.connect(tmp_path / "log.db") as db:
        for sql in ("UPDATE events SET decision = 'x'", "DELETE FROM events"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                db.execute(sql)


async def test_facts_are_the_fold_of_commits(tmp_path: Path) -> None:
    """Rebuilding state from the commit log gives exactly the facts table."""
    store = SQLiteStore(tmp_path / "fold.db")
    await store.open()
    engine = Engine(store, default_policy())
    for value in ("Tahoe", "Reno", "Tahoe"):
        await engine.ingest(
            make_observation("travel.location", value, source="manual_markdown"), now=NOW
        )
    await store.close()
    with sqlite3.connect(tmp_path / "fold.db") as db:
        folded: dict[tuple[str, str], str | None] = {}
        for entity, field, new, retracted in db.execute(
            "SELECT entity_id, field, new_json, retracted FROM commits ORDER BY seq"
        ):
            folded[(entity, field)] = None if retracted else new
        facts = {
            (e, f): v for e, f, v in db.execute("SELECT entity_id, field, value_json FROM facts")
        }
    assert {k: v for k, v in folded.items() if v is not None} == facts


async def test_an_unopened_store_says_so(tmp_path: Path) -> None:
    from core.errors import StoreError

    with pytest.raises(StoreError, match="not open"):
        await SQLiteStore(tmp_path / "x.db").facts()


async def test_an_unreadable_path_is_a_clear_error(tmp_path: Path) -> None:
    from core.errors import StoreError

    (tmp_path / "dir.db").mkdir()
    with pytest.raises(StoreError, match="cannot open store"):
        await SQLiteStore(tmp_path / "dir.db").open()


SHIPPED_ORDER = (
    "0001_event_log_state_and_review_queue",
    "0002_dead_letters_and_alerts",
    "0005_sources",
    "0004_workspace",
    "0003_conversation_log",
    "0006_source_type_conversation_assertive",
    "0007_mail_senders",
    "0008_alert_delivery",
    "0009_review_groups",
)
"""The migrations as users' stores recorded them before they were grouped by feature."""


def test_every_shipped_migration_keeps_its_name_and_script() -> None:
    by_name = dict(MIGRATIONS)
    assert set(SHIPPED_ORDER) <= set(by_name)
    assert len(by_name) == len(MIGRATIONS), "names are unique"
    assert {name for _, migrations in FEATURES for name, _ in migrations} == set(by_name)


async def test_a_store_migrated_before_the_regrouping_opens_and_folds_in_python(
    tmp_path: Path,
) -> None:
    """A store built by the old list (fold triggers and all) is migrated once more, not twice,
    keeps its state, and from then on its commits are folded by the Python write path."""
    path = tmp_path / "old.db"
    scripts = dict(MIGRATIONS)
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT)")
        for name in SHIPPED_ORDER:
            db.executescript(scripts[name])
            db.execute("INSERT INTO schema_migrations VALUES (?, 'then')", (name,))
        # A commit written by the old code: the trigger folds it into facts.
        db.execute(
            "INSERT INTO commits (entity_id, field, version, old_json, new_json, retracted,"
            " source_type, source_ref, confidence, event_id, evidence_ts, committed_at,"
            " resolution, audit_line) VALUES ('user:primary', 'travel.location', 1, 'null',"
            " '\"Tahoe\"', 0, 'calendar', 'r', 0.9, 'e1', ?, ?, 'auto_commit', 'x')",
            ("2026-02-19T14:00:00.000000Z", "2026-02-19T14:00:00.000000Z"),
        )
    for _ in range(2):
        store = SQLiteStore(path)
        await store.open()
        assert await store.applied_migrations() == sorted(scripts)
        await store.close()
    store = SQLiteStore(path)
    await store.open()
    try:
        [before] = await store.facts()
        assert (before.value, before.version) == ("Tahoe", 1)
        engine = Engine(store, default_policy())
        await engine.ingest(
            make_observation("travel.location", "Reno", source="manual_markdown"), now=NOW
        )
        after = await store.fact("user:primary", "travel.location")
        assert after is not None
        assert (after.value, after.version) == ("Reno", 2)
        [_, entry] = await store.history("user:primary", "travel.location")
        assert (entry.old_value, entry.new_value) == ("Tahoe", "Reno")
    finally:
        await store.close()
    with sqlite3.connect(path) as db:
        triggers = {
            r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        }
    assert not {"commits_fold_value", "commits_fold_retraction"} & triggers
    assert {"events_append_only_update", "commits_append_only_update"} <= triggers


async def test_a_token_made_before_roles_is_an_agent_token_with_its_old_reach(
    tmp_path: Path,
) -> None:
    """A store whose api_tokens table predates roles keeps its tokens: each becomes an
    ``agent`` token reaching its own entity and the household's (reach None), as before."""
    path = tmp_path / "old.db"
    before_roles = [(n, s) for n, s in MIGRATIONS if n != "0017_api_token_roles"]
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT)")
        for name, script in before_roles:
            db.executescript(script)
            db.execute("INSERT INTO schema_migrations VALUES (?, 'then')", (name,))
        db.execute(
            "INSERT INTO api_tokens VALUES ('t-1', 'laptop', 'user:alice', ?, ?, NULL)",
            ("a" * 64, "2026-02-19T14:00:00.000000Z"),
        )
    store = SQLiteStore(path)
    await store.open()
    try:
        [token] = await store.api_tokens.tokens()
    finally:
        await store.close()
    assert (token.id, token.entity_id, token.name) == ("t-1", "user:alice", "laptop")
    assert (token.role, token.source_types, token.reach) == ("agent", (), None)


async def test_a_question_raised_by_an_ingest_is_capped_on_the_open_questions_its_snapshot_read(
    tmp_path: Path,
) -> None:
    """The ingest's snapshot read brings the open questions of the batch's entities (on
    every field), so a question the batch raises is capped without reading them again,
    whether the entity has none open or some; and the cap holds either way."""
    store = SQLiteStore(tmp_path / "asked.db")
    await store.open()
    reads: list[str] = []
    try:
        engine = Engine(store, load_policy(overrides={"max_pending": 1}))
        await store.db.set_trace_callback(
            lambda sql: (
                reads.append(sql)
                if sql.startswith("SELECT id, seq, entity_id, group_key")
                else None
            )
        )

        async def ask(entity: str, field: str) -> str:
            said = make_observation(field, "shipped", entity=entity, source="calendar")
            out = await engine.ingest(said, now=NOW)
            assert out.decision == "ask_user"
            assert out.review_item_id is not None
            (item,) = [
                i
                for i in await store.review_items(["pending", "queued"])
                if i.id == out.review_item_id
            ]
            return item.status

        assert await ask("user:alice", "project.p0.status") == "pending"
        assert await ask("user:alice", "project.p1.status") == "queued"  # over her cap
        assert await ask("user:alice", "project.p2.status") == "queued"
        assert await ask("user:bob", "project.p0.status") == "pending"  # his own cap
        assert reads == []  # the snapshot read had them all
    finally:
        await store.close()
