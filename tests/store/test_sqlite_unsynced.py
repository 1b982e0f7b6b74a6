"""Unsynced one-statement writes that arrive together go to the connection's thread in
one trip, and each still answers for itself: its own rows, in the order the calls came
in, its own error; the connection is back at its ``synchronous`` setting after them."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from core.errors import StoreError
from core.store.sqlite import SQLiteStore


async def _store(tmp_path: Path) -> SQLiteStore:
    store = SQLiteStore(tmp_path / "unsynced.db")
    await store.open()
    await store.execute_write("CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT UNIQUE)")
    return store


async def test_writes_at_once_each_get_their_own_rows_in_order(tmp_path: Path) -> None:
    store = await _store(tmp_path)
    try:
        returned = await asyncio.gather(
            *(
                store.execute_unsynced("INSERT INTO t (v) VALUES (?) RETURNING k, v", (f"v{i}",))
                for i in range(20)
            )
        )
        assert [[tuple(r) for r in rows] for rows in returned] == [
            [(i + 1, f"v{i}")] for i in range(20)
        ]
        mode = list(await store.db.execute_fetchall("PRAGMA synchronous"))
        assert mode[0][0] == 2  # FULL again
    finally:
        await store.close()


async def test_one_write_failing_fails_only_itself(tmp_path: Path) -> None:
    store = await _store(tmp_path)
    try:
        values = ["a", "b", "a", "c"]  # the second "a" breaks UNIQUE
        results = await asyncio.gather(
            *(
                store.execute_unsynced("INSERT INTO t (v) VALUES (?) RETURNING v", (v,))
                for v in values
            ),
            return_exceptions=True,
        )
        assert isinstance(results[2], StoreError)
        assert [r for i, r in enumerate(results) if i != 2] == [[("a",)], [("b",)], [("c",)]]
        rows = await store.db.execute_fetchall("SELECT v FROM t ORDER BY k")
        assert [r[0] for r in rows] == ["a", "b", "c"]
        with pytest.raises(StoreError):
            await store.execute_unsynced("INSERT INTO t (v) VALUES ('a')")
        assert await store.execute_unsynced("UPDATE t SET v = 'z' WHERE v = 'q'") == []
    finally:
        await store.close()
