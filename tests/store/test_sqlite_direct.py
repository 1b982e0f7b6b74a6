"""A transaction run in one trip to the connection's thread behaves as one run
statement by statement: same answers, all or nothing, and a body that would
wait for something else is refused, not run half way."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from core.errors import StoreError
from core.store.sqlite import SQLiteStore
from core.store.sqlite_direct import run_in_one_hop


def _refused(_e: sqlite3.Error) -> bool:
    return False


async def _body(tx: aiosqlite.Connection) -> list[Any]:
    """Every call shape the store's transaction bodies use, with what each returns."""
    seen: list[Any] = []
    await tx.execute("CREATE TABLE IF NOT EXISTS t (k INTEGER PRIMARY KEY, v TEXT)")
    cursor = await tx.executemany("INSERT INTO t (v) VALUES (?)", [("a",), ("b",), ("c",)])
    seen.append(cursor.rowcount)
    async with tx.execute("UPDATE t SET v = upper(v) WHERE v != ?", ("b",)) as cur:
        seen.append(cur.rowcount)
    async with tx.execute("SELECT v FROM t ORDER BY k") as cur:
        seen.append(tuple(await cur.fetchone()))
        seen.append([tuple(r) for r in await cur.fetchall()])
    seen.append([tuple(r) for r in await tx.execute_fetchall("SELECT k, v FROM t ORDER BY k")])
    rows = await tx.execute_fetchall("UPDATE t SET v = v || '!' WHERE k = :k RETURNING v", {"k": 2})
    seen.append([tuple(r) for r in rows])
    seen.append(tuple(await tx.execute_insert("INSERT INTO t (v) VALUES ('d')")))
    await tx.execute("DELETE FROM t")
    return seen


async def test_a_body_gives_the_same_answers_in_one_hop_as_statement_by_statement(
    tmp_path: Path,
) -> None:
    store = SQLiteStore(tmp_path / "same.db")
    await store.open()
    try:
        async with store.transaction() as tx:
            by_statement = await _body(tx)
        in_one_hop = await run_in_one_hop(store.db, store.path, _body, _refused)
    finally:
        await store.close()
    assert in_one_hop == by_statement
    assert by_statement[0] == 3


async def _count(store: SQLiteStore) -> int:
    rows = list(await store.db.execute_fetchall("SELECT count(*) FROM alerts"))
    return int(rows[0][0])


async def test_a_failing_body_leaves_nothing_behind(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "rollback.db")
    await store.open()

    async def insert_then_fail(tx: aiosqlite.Connection) -> None:
        await tx.execute(
            "INSERT INTO alerts (created_at, kind, domain, message) VALUES ('t', 'k', NULL, 'm')"
        )
        raise ValueError("the body failed")

    try:
        with pytest.raises(ValueError, match="the body failed"):
            await run_in_one_hop(store.db, store.path, insert_then_fail, _refused)
        assert await _count(store) == 0
        assert not store.db.in_transaction
    finally:
        await store.close()


async def test_a_body_that_waits_for_something_else_is_refused_and_rolled_back(
    tmp_path: Path,
) -> None:
    store = SQLiteStore(tmp_path / "waits.db")
    await store.open()

    async def insert_then_sleep(tx: aiosqlite.Connection) -> None:
        await tx.execute(
            "INSERT INTO alerts (created_at, kind, domain, message) VALUES ('t', 'k', NULL, 'm')"
        )
        await asyncio.sleep(0)

    try:
        with pytest.raises(RuntimeError, match="waited for something besides its connection"):
            await run_in_one_hop(store.db, store.path, insert_then_sleep, _refused)
        assert await _count(store) == 0
    finally:
        await store.close()


async def test_a_store_another_process_holds_is_a_store_error(tmp_path: Path) -> None:
    path = tmp_path / "held.db"
    store = SQLiteStore(path)
    await store.open()
    await store.db.execute("PRAGMA busy_timeout=0")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")

    async def nothing(_tx: aiosqlite.Connection) -> None:
        return None

    try:
        with pytest.raises(StoreError, match="cannot write to store"):
            await run_in_one_hop(store.db, store.path, nothing, _refused)
    finally:
        other.execute("ROLLBACK")
        other.close()
        await store.close()
