"""The PostgreSQL backend against the storage contract, on a fresh database per test.

The cluster is the session's throwaway one (tests/services/postgres.py).
"""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import psycopg
import pytest
from canon_testing import NOW, calibrated_policy, make_observation
from companion_contract import CompanionContract
from contract import StoreContract
from errand_contract import ErrandFollowsTripContract
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from services.postgres import PostgresCluster

from core.domain.policy import default_policy
from core.domain.state import CommittedFact
from core.engine.engine import Engine
from core.errors import MigrationError, StoreError
from core.store import ReviewItem, postgres_ingest, postgres_migrations
from core.store.postgres import PostgresStore
from core.store.postgres_ingest import queue_batch
from core.store.postgres_migrations import MIGRATIONS
from core.store.postgres_records import array_text
from core.store.postgres_rows import LOCK_ITEM_OWNERS, LOCK_KEY
from core.store.postgres_tx import entity_lock_key
from core.store.sqlite import SQLiteStore


class TestPostgres(StoreContract, CompanionContract, ErrandFollowsTripContract):
    @pytest.fixture
    async def backend(self, migrated_postgres_url: str) -> AsyncIterator[PostgresStore]:
        store = PostgresStore(migrated_postgres_url)
        await store.open()
        yield store
        await store.close()

    @pytest.fixture
    async def same_data(
        self, backend: PostgresStore, migrated_postgres_url: str
    ) -> AsyncIterator[PostgresStore]:
        store = PostgresStore(migrated_postgres_url)
        await store.open()
        yield store
        await store.close()


async def test_migrations_are_named_applied_once_and_recorded(postgres_url: str) -> None:
    for _ in range(2):
        store = PostgresStore(postgres_url)
        await store.open()
        assert await store.applied_migrations() == sorted(name for name, _ in MIGRATIONS)
        await store.close()


async def test_a_failing_migration_is_rolled_back_and_named(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = ("0099_broken", "CREATE TABLE half_done (x int); SELECT * FROM no_such_table;")
    monkeypatch.setattr(postgres_migrations, "MIGRATIONS", (*MIGRATIONS, broken))
    with pytest.raises(MigrationError, match="migration 0099_broken failed and was rolled back"):
        await PostgresStore(postgres_url).open()
    with psycopg.connect(postgres_url) as db:
        applied = [r[0] for r in db.execute("SELECT name FROM schema_migrations ORDER BY name")]
        assert db.execute("SELECT to_regclass('half_done')").fetchone() == (None,)
    assert applied == sorted(name for name, _ in MIGRATIONS)


def test_concurrent_first_runs_migrate_a_fresh_database_once(postgres_url: str) -> None:
    """Several processes opening one fresh database at once: each migration applies once."""
    opener = (
        "import asyncio, sys\n"
        "from core.store.postgres import PostgresStore\n"
        "async def main():\n"
        "    store = PostgresStore(sys.argv[1])\n"
        "    await store.open()\n"
        "    await store.close()\n"
        "asyncio.run(main())\n"
    )
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", opener, postgres_url], stderr=subprocess.PIPE, text=True
        )
        for _ in range(6)
    ]
    for proc in procs:
        _, stderr = proc.communicate(timeout=120)
        assert proc.returncode == 0, stderr
    with psycopg.connect(postgres_url) as db:
        applied = [r[0] for r in db.execute("SELECT name FROM schema_migrations ORDER BY name")]
    assert applied == sorted(name for name, _ in MIGRATIONS)


@pytest.mark.parametrize(
    ("statement", "refusal"),
    [
        ("UPDATE events SET decision = 'x'", "the event log is append-only"),
        ("DELETE FROM events", "the event log is append-only"),
        ("TRUNCATE events", "the event log is append-only"),
        ("UPDATE commits SET audit_line = 'x'", "commit history is append-only"),
        ("UPDATE conversation_messages SET text = 'x'", "the conversation log is append-only"),
        ("DELETE FROM conversation_messages", "the conversation log is append-only"),
    ],
)
async def test_the_logs_refuse_to_be_rewritten(
    postgres_url: str, statement: str, refusal: str
) -> None:
    store = PostgresStore(postgres_url)
    await store.open()
    try:
        await Engine(store, default_policy()).ingest(
            make_observation("travel.location", "Tahoe"), now=NOW
        )
        await store.conversation.append_message(7, "user", "hello", NOW)
    finally:
        await store.close()
    with psycopg.connect(postgres_url) as db, pytest.raises(psycopg.IntegrityError, match=refusal):
        db.execute(statement)


async def test_facts_are_the_fold_of_commits(postgres_url: str) -> None:
    """Rebuilding state from the commit log gives exactly the facts table."""
    store = PostgresStore(postgres_url)
    await store.open()
    try:
        engine = Engine(store, calibrated_policy())
        for value in ("Tahoe", "Reno", "Tahoe"):
            await engine.ingest(
                make_observation("travel.location", value, source="manual_markdown"), now=NOW
            )
        await engine.ingest(make_observation("travel.status", "in_progress"), now=NOW)
        later = NOW + timedelta(hours=80)
        await engine.ingest(
            make_observation(
                "travel.status", None, intent="retract", source="manual_markdown", at=later
            ),
            now=later,
        )
    finally:
        await store.close()
    with psycopg.connect(postgres_url) as db:
        folded: dict[tuple[str, str], tuple[str, int] | None] = {}
        for entity, field, version, new, retracted in db.execute(
            "SELECT entity_id, field, version, new_json, retracted FROM commits ORDER BY seq"
        ):
            folded[(entity, field)] = None if retracted else (new, version)
        facts = {
            (e, f): (v, n)
            for e, f, v, n in db.execute("SELECT entity_id, field, value_json, version FROM facts")
        }
    assert {k: v for k, v in folded.items() if v is not None} == facts
    assert folded[("user:primary", "travel.status")] is None


async def test_an_unopened_store_says_so(postgres_url: str) -> None:
    with pytest.raises(StoreError, match="not open"):
        await PostgresStore(postgres_url).facts()


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize(
    ("url", "where"),
    [
        (
            "postgresql://canon:s3cret@127.0.0.1:{closed_port}/canon",
            "postgresql://127.0.0.1:{closed_port}/canon",
        ),
        (
            "postgresql://postgres:s3cret@{host}:{port}/no_such_database",
            "postgresql://{host}:{port}/no_such_database",
        ),
        ("postgresql://canon:s3cret@[not-a-host", "postgresql (unreadable URL)"),
    ],
    ids=["server down", "unknown database", "unreadable URL"],
)
async def test_a_store_that_cannot_open_says_where_in_one_line_without_the_password(
    postgres_cluster: PostgresCluster, url: str, where: str
) -> None:
    values = {
        "closed_port": _closed_port(),
        "host": postgres_cluster.host,
        "port": postgres_cluster.port,
    }
    store = PostgresStore(url.format(**values))
    with pytest.raises(StoreError) as refused:
        await store.open()
    message = str(refused.value)
    assert message.startswith(f"cannot open store {where.format(**values)}: ")
    assert "\n" not in message
    assert "s3cret" not in message
    with pytest.raises(StoreError, match="not open"):
        await store.facts()


async def test_a_bulk_import_of_many_entities_is_state_in_order(postgres_url: str) -> None:
    """More entities than one import transaction locks at once: every fact arrives, in order."""
    facts = [
        CommittedFact(
            f"user:u{i // 2}",
            field,
            f"{field}-{i}",
            1,
            "manual_markdown",
            "seed",
            0.9,
            f"import-{i}",
            NOW,
            NOW,
            "import",
        )
        for i, field in zip(
            range(1300), ["travel.location", "profile.home_city"] * 650, strict=True
        )
    ]
    store = PostgresStore(postgres_url)
    await store.open()
    seen: list[int] = []
    try:
        await store.import_facts(facts, progress=seen.append)
        assert sorted(await store.facts(), key=lambda f: f.event_id) == sorted(
            facts, key=lambda f: f.event_id
        )
        assert [h.event_id for h in await store.history(None, None)] == [f.event_id for f in facts]
    finally:
        await store.close()
    assert seen[-1] == len(facts)
    assert seen == sorted(seen)
    assert len(seen) > 1


async def test_a_pooled_connection_prepares_a_read_the_first_time_it_runs_it(
    migrated_postgres_url: str,
) -> None:
    """A fresh backend plans a read once, at its first run, not on each of its first five
    (psycopg's default): with two workers' pools a turn's reads meet fresh backends twice
    as often, and each plan costs the server more than the read it plans."""
    store = PostgresStore(migrated_postgres_url, max_connections=1)
    await store.open()
    try:
        read = "SELECT count(*) FROM facts WHERE entity_id = %s"
        assert await store.fetch(read, ["user:primary"]) == [(0,)]
        prepared = await store.fetch(
            "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = %s",
            ["SELECT count(*) FROM facts WHERE entity_id = $1"],
        )
    finally:
        await store.close()
    assert prepared == [(1, 0)]


OWNERS = ["user:alice", "family:smith", "team:acme", "user:bob", "user:carol.k"]
ENTITIES = [*OWNERS, "user:zoë", "user:名前", "user:a b", ""]


def test_the_lock_key_in_sql_is_the_one_python_takes(postgres_url: str) -> None:
    """A settlement takes its owners' locks in SQL, an ingest in Python: the same key for
    every entity, or the two would not exclude each other."""
    with psycopg.connect(postgres_url) as db:
        for entity in ENTITIES:
            (key,) = db.execute(f"SELECT {LOCK_KEY.format('%s')}", (entity,)).fetchone() or ()
            assert key == entity_lock_key(entity), entity


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.none()
        | st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"))
    )
)
def test_an_array_sent_as_text_reads_back_as_the_list(
    postgres_url: str, items: list[str | None]
) -> None:
    """The ingest's read sends its arrays as text (``array_text``): any text, quotes,
    backslashes, braces, commas, spaces, the word NULL and the empty string included,
    comes back as the same list, and None as NULL."""
    with psycopg.connect(postgres_url) as db:
        (back,) = db.execute("SELECT %s::text[]", (array_text(items),)).fetchone() or ()
        assert back == items


async def test_the_owners_of_items_are_locked_as_they_are_read(postgres_url: str) -> None:
    """``LOCK_ITEM_OWNERS`` holds each owner's transaction lock (the one ``Tx.lock`` takes)
    and names each owner once, in the order of their keys."""
    store = PostgresStore(postgres_url)
    await store.open()
    try:
        eng = Engine(store, calibrated_policy())
        asked = []
        for entity in (*OWNERS, OWNERS[0]):
            obs = make_observation("profile.diet", f"vegan {len(asked)}", entity=entity)
            out = await eng.ingest(obs, now=NOW)
            assert out.review_item_id is not None
            asked.append(out.review_item_id)
    finally:
        await store.close()
    with psycopg.connect(postgres_url) as db:
        owners = db.execute(LOCK_ITEM_OWNERS, (asked,)).fetchall()
        held = db.execute(
            "SELECT (classid::bigint << 32) | objid::bigint FROM pg_locks "
            "WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND objsubid = 1"
        ).fetchall()
    keys = [entity_lock_key(entity) for entity, _ in owners]
    assert keys == sorted(entity_lock_key(e) for e in OWNERS)
    assert sorted(k for (k,) in held) == keys


class _Interrupted(Exception):
    """A failure on this side of the wire after the writes went out (a cancellation, a bug)."""


async def test_an_ingest_interrupted_after_its_writes_went_out_keeps_none_of_them(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The ingest's transaction has no BEGIN: the pipeline's closing Sync commits it, so
    # a failure after the writes were sent must roll them back before that Sync.
    async def writes_then_failure(*args: object) -> None:
        await queue_batch(*args)  # type: ignore[arg-type]
        raise _Interrupted

    store = PostgresStore(postgres_url)
    await store.open()
    try:
        engine = Engine(store, default_policy())
        monkeypatch.setattr(postgres_ingest, "queue_batch", writes_then_failure)
        with pytest.raises(_Interrupted):
            await engine.ingest(make_observation("travel.location", "Tahoe"), now=NOW)
        assert await store.count_events() == 0
        monkeypatch.undo()
        # Nothing was left open: the entity's lock is free, the next ingest lands.
        out = await engine.ingest(make_observation("travel.location", "Reno"), now=NOW)
        assert out.decision != "duplicate"
        assert await store.count_events() == 1
    finally:
        await store.close()


async def test_questions_shown_as_they_are_asked_read_as_promoted_ones_on_sqlite(
    postgres_url: str, tmp_path: Path
) -> None:
    """On PostgreSQL a question shown at once is written shown in the writes' statement;
    SQLite writes it queued, then promotes it. The questions, the outcomes and what they
    show come out the same, past the per-entity cap too (a question that stays queued)."""
    policy = replace(default_policy(), max_pending=2)
    said = [
        make_observation(
            "financial.rent.amount", amount, entity=entity, at=NOW + timedelta(minutes=n)
        )
        for n, (entity, amount) in enumerate(
            [("user:a", 2100), ("user:a", 2200), ("user:a", 2300), ("user:b", 2100)]
        )
    ]

    async def run(store: SQLiteStore | PostgresStore) -> tuple[list[Any], list[Any]]:
        await store.open()
        try:
            engine = Engine(store, policy)
            outcomes = [await engine.ingest(p, now=NOW + timedelta(hours=1)) for p in said]
            items = await store.review_items(["queued", "pending"])
        finally:
            await store.close()
        by_event = {i.id: i.event_id for i in items}

        def plain(item: ReviewItem) -> tuple[Any, ...]:
            return (
                item.event_id,
                item.status,
                item.promoted_at,
                item.candidate_value,
                item.reasons,
            )

        return (
            [(o.decision, o.event_id, [by_event[p.id] for p in o.promoted]) for o in outcomes],
            sorted(plain(i) for i in items),
        )

    on_postgres = await run(PostgresStore(postgres_url))
    on_sqlite = await run(SQLiteStore(tmp_path / "canon.db"))
    assert on_postgres == on_sqlite
    statuses = [status for _, status, *_ in on_postgres[1]]
    assert sorted(statuses) == ["pending", "pending", "pending", "queued"]
