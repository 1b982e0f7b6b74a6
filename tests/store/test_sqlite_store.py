"""The SQLite backend against the storage contract, on a file and in memory."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from canon_testing import NOW, make_observation
from contract import StoreContract

from core.domain.policy import default_policy
from core.engine.engine import Engine
from core.store.migrations import MIGRATIONS
from core.store.sqlite import SQLiteStore


class TestSQLiteFile(StoreContract):
    @pytest.fixture
    async def backend(self, tmp_path: Path) -> AsyncIterator[SQLiteStore]:
        store = SQLiteStore(tmp_path / "contract.db")
        await store.open()
        yield store
        await store.close()


class TestSQLiteMemory(StoreContract):
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
