"""Durable one-statement writes that arrive together share one commit, and each still
answers for itself: its own rowid, in the order the calls came in, its own error."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from core.store.sqlite import SQLiteStore


async def _store(tmp_path: Path) -> SQLiteStore:
    store = SQLiteStore(tmp_path / "group.db")
    await store.open()
    await store.execute_write("CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT UNIQUE)")
    return store


async def test_writes_at_once_are_committed_in_order_each_with_its_own_rowid(
    tmp_path: Path,
) -> None:
    store = await _store(tmp_path)
    try:
        written = await asyncio.gather(
            *(store.execute_durable("INSERT INTO t (v) VALUES (?)", (f"v{i}",)) for i in range(20))
        )
        assert [rowid for _, rowid in written] == list(range(1, 21))
        assert all(count == 1 for count, _ in written)
        rows = await store.db.execute_fetchall("SELECT k, v FROM t ORDER BY k")
        assert [tuple(r) for r in rows] == [(i + 1, f"v{i}") for i in range(20)]
    finally:
        await store.close()
    reopened = SQLiteStore(tmp_path / "group.db")
    await reopened.open()
    try:
        assert len(list(await reopened.db.execute_fetchall("SELECT k FROM t"))) == 20
    finally:
        await reopened.close()


async def test_one_write_failing_fails_only_itself(tmp_path: Path) -> None:
    store = await _store(tmp_path)
    try:
        values = ["a", "b", "a", "c"]  # the second "a" breaks UNIQUE
        results = await asyncio.gather(
            *(store.execute_durable("INSERT INTO t (v) VALUES (?)", (v,)) for v in values),
            return_exceptions=True,
        )
        assert isinstance(results[2], sqlite3.IntegrityError)
        assert [r for i, r in enumerate(results) if i != 2] == [(1, 1), (1, 2), (1, 3)]
        rows = await store.db.execute_fetchall("SELECT v FROM t ORDER BY k")
        assert [r[0] for r in rows] == ["a", "b", "c"]
        with pytest.raises(sqlite3.IntegrityError):
            await store.execute_durable("INSERT INTO t (v) VALUES ('a')")
        assert (await store.execute_durable("UPDATE t SET v = 'z' WHERE v = 'q'"))[0] == 0
    finally:
        await store.close()
