"""The pipelined transaction on libpq (``postgres_pipe``): what happens when it is cut
short or the server has lost its prepared statements, on the session's throwaway cluster."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import AsyncIterator
from typing import Any

import psycopg
import pytest
from canon_testing import NOW, make_observation

from core.domain.policy import default_policy
from core.engine.engine import Engine
from core.store import postgres_pipe
from core.store.postgres import PostgresStore


@pytest.fixture
async def store(postgres_url: str) -> AsyncIterator[PostgresStore]:
    # One connection: every transaction below runs on the same one.
    opened = PostgresStore(postgres_url, max_connections=1)
    await opened.open()
    yield opened
    await opened.close()


async def _deallocate_all(store: PostgresStore) -> None:
    async with store.pool.connection() as conn:
        await conn.execute("DEALLOCATE ALL")


async def _prepared_by_us(store: PostgresStore) -> int:
    rows = await store.fetch(
        "SELECT count(*) FROM pg_prepared_statements WHERE name LIKE 'canon%%'"
    )
    return int(rows[0][0])


async def test_statements_the_server_dropped_are_prepared_again(store: PostgresStore) -> None:
    # psycopg deallocates every prepared statement of a connection after a ROLLBACK it
    # runs (ours with its own): the next transaction must not fail on a name the server
    # no longer knows, whether its first exchange is a read or its commit.
    engine = Engine(store, default_policy())
    first = await engine.ingest(make_observation("travel.location", "Tahoe"), now=NOW)
    assert first.review_item_id is not None
    assert await _prepared_by_us(store) > 0
    await _deallocate_all(store)
    assert await _prepared_by_us(store) == 0
    second = await engine.ingest(make_observation("family.emma.status", "sick"), now=NOW)
    assert second.decision != "duplicate"
    assert await store.count_events() == 2
    await _deallocate_all(store)
    answered = await engine.answer(first.review_item_id, "confirm", now=NOW)
    assert answered.committed
    assert await _prepared_by_us(store) > 0


async def test_an_ingest_cancelled_while_it_waits_for_the_server_keeps_nothing(
    store: PostgresStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Cancelled with its locks and reads sent and unanswered: the transaction is rolled
    # back, the answers in flight are read and dropped, and the connection serves the next.
    ready = postgres_pipe.Pipe._ready
    calls = 0

    async def cancelled_once(pipe: postgres_pipe.Pipe, *, writable: bool = False) -> None:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise asyncio.CancelledError
        await ready(pipe, writable=writable)

    monkeypatch.setattr(postgres_pipe.Pipe, "_ready", cancelled_once)
    engine = Engine(store, default_policy())
    with pytest.raises(asyncio.CancelledError):
        await engine.ingest(make_observation("travel.location", "Tahoe"), now=NOW)
    monkeypatch.undo()
    assert await store.count_events() == 0
    out = await engine.ingest(make_observation("travel.location", "Reno"), now=NOW)
    assert out.decision != "duplicate"
    assert await store.count_events() == 1


async def _prepared_here(conn: Any) -> list[str]:
    cur = await conn.execute(
        "SELECT statement FROM pg_prepared_statements WHERE name LIKE 'canon%%' ORDER BY name"
    )
    return [r[0] for r in await cur.fetchall()]


async def test_a_statement_queued_many_times_in_one_exchange_is_prepared_once(
    store: PostgresStore,
) -> None:
    async with store.pool.connection() as conn:
        async with postgres_pipe.pipelined(conn) as tx:
            await tx.executemany("SELECT %s::int", [(1,), (2,), (3,)])
            assert await tx.fetch("SELECT %s::int + 1", (41,)) == [(42,)]
        assert await _prepared_here(conn) == ["SELECT $1::int", "SELECT $1::int + 1"]


async def test_a_statement_the_server_refused_is_not_taken_for_prepared(
    store: PostgresStore,
) -> None:
    # The refused statement, and the one queued after it (never run), are prepared again
    # when next sent, and then run.
    async with store.pool.connection() as conn:
        with pytest.raises(psycopg.errors.UndefinedColumn):
            async with postgres_pipe.pipelined(conn) as tx:
                await tx.fetch_each([("SELECT nothing_here", ()), ("SELECT %s::int", (1,))])
        async with postgres_pipe.pipelined(conn) as tx:
            assert await tx.fetch("SELECT %s::int", (2,)) == [(2,)]
        assert await _prepared_here(conn) == ["SELECT $1::int"]


async def _answered_then_refused(conn: Any) -> None:
    async with postgres_pipe.pipelined(conn) as tx:
        assert await tx.fetch("SELECT %s::int", (1,)) == [(1,)]
        await tx.fetch("SELECT nothing_here")


async def test_the_socket_is_watched_only_while_a_transaction_waits(store: PostgresStore) -> None:
    # It stays registered with the event loop between a transaction's exchanges, and is
    # let go when the transaction ends, committed or failed: the connection goes back to
    # the pool with nothing of ours watching it.
    loop = asyncio.get_running_loop()
    engine = Engine(store, default_policy())
    await engine.ingest(make_observation("travel.location", "Tahoe"), now=NOW)
    async with store.pool.connection() as conn:
        assert not loop.remove_reader(conn.pgconn.socket)
        with pytest.raises(psycopg.errors.UndefinedColumn):
            await _answered_then_refused(conn)
        assert not loop.remove_reader(conn.pgconn.socket)
        async with postgres_pipe.pipelined(conn) as tx:
            assert await tx.fetch("SELECT %s::int", (2,)) == [(2,)]
        assert not loop.remove_reader(conn.pgconn.socket)


async def test_a_closed_connection_is_freed_with_what_it_prepared(postgres_url: str) -> None:
    # What a connection keeps for its pipelined transactions (its prepared names, its
    # dumper and loader, which refer back to it) must not keep it alive once closed.
    conn = await psycopg.AsyncConnection.connect(postgres_url, autocommit=True)
    async with postgres_pipe.pipelined(conn) as tx:
        assert await tx.fetch("SELECT %s::text", ("kept",)) == [("kept",)]
    async with postgres_pipe.pipelined(conn) as tx:
        assert await tx.fetch("SELECT %s::text", ("again",)) == [("again",)]
    await conn.close()
    gone = weakref.ref(conn)
    del conn, tx
    gc.collect()
    assert gone() is None
