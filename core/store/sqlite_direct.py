"""A whole SQLite transaction in one trip to the connection's thread.

aiosqlite runs every statement on the connection's own thread: each ``await
db.execute(...)`` queues the call there and wakes the event loop when it is done,
so a transaction of six statements pays six round trips between threads (and
contends for the GIL six times). On the ingest path those hops cost more than the
SQL itself.

``run_in_one_hop`` sends one function instead: it opens the transaction, runs
the body, commits, and comes back once. The body is the store's ordinary async
code (``sqlite_snapshots.read_snapshots``, ``sqlite_tx.write_batch``), given a
``DirectConnection`` whose methods have the shape of aiosqlite's but answer at
once on the thread they run on.
Such a body never waits for anything, so one ``send`` drives it to the end; if
it ever awaited something else (a sleep, a lock), ``drive`` refuses loudly
rather than run it half way.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable, Coroutine, Generator, Iterable, Sequence
from contextlib import suppress
from types import TracebackType
from typing import Any, TypeVar, cast

import aiosqlite

from core.errors import StoreError

R = TypeVar("R")
Params = Sequence[Any] | dict[str, Any]


class DirectCursor:
    """An aiosqlite-shaped cursor over a sqlite3 cursor, on its own thread."""

    def __init__(self, cursor: sqlite3.Cursor) -> None:
        self._cursor = cursor

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount

    @property
    def lastrowid(self) -> int | None:
        return self._cursor.lastrowid

    async def fetchone(self) -> Any:
        return self._cursor.fetchone()

    async def fetchall(self) -> list[Any]:
        return self._cursor.fetchall()

    async def fetchmany(self, size: int | None = None) -> list[Any]:
        return self._cursor.fetchmany(self._cursor.arraysize if size is None else size)

    async def close(self) -> None:
        self._cursor.close()

    def __aiter__(self) -> DirectCursor:
        return self

    async def __anext__(self) -> Any:
        row = self._cursor.fetchone()
        if row is None:
            raise StopAsyncIteration
        return row


class _Executed:
    """What ``execute`` returns: awaitable, or an async context manager, as in aiosqlite."""

    def __init__(self, cursor: DirectCursor) -> None:
        self._cursor = cursor

    def __await__(self) -> Generator[Any, None, DirectCursor]:
        return self._cursor
        yield  # a generator that never yields: awaiting it finishes at once

    async def __aenter__(self) -> DirectCursor:
        return self._cursor

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self._cursor.close()


class DirectConnection:
    """The aiosqlite calls a transaction body makes, answered on the connection's thread."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection

    def execute(self, sql: str, parameters: Params = ()) -> _Executed:
        return _Executed(DirectCursor(self._connection.execute(sql, parameters)))

    async def executemany(self, sql: str, parameters: Iterable[Params]) -> DirectCursor:
        return DirectCursor(self._connection.executemany(sql, parameters))

    async def execute_fetchall(self, sql: str, parameters: Params = ()) -> list[Any]:
        return self._connection.execute(sql, parameters).fetchall()

    async def execute_insert(self, sql: str, parameters: Params = ()) -> Any:
        self._connection.execute(sql, parameters)
        return self._connection.execute("SELECT last_insert_rowid()").fetchone()


def drive(body: Coroutine[Any, Any, R]) -> R:
    """Run a coroutine that never suspends to its end, synchronously."""
    try:
        body.send(None)
    except StopIteration as done:
        return cast(R, done.value)
    body.close()
    raise RuntimeError("a one-hop transaction body waited for something besides its connection")


Body = Callable[[aiosqlite.Connection], Coroutine[Any, Any, R]]
Refused = Callable[[sqlite3.Error], bool]


async def run_in_one_hop(db: aiosqlite.Connection, path: str, body: Body[R], refused: Refused) -> R:
    """BEGIN IMMEDIATE, ``body``, COMMIT: all on ``db``'s thread, in one round trip.

    Errors read as ``SQLiteStore.transaction`` reports them: a lock or disk that
    refuses the write is a StoreError, anything else (a constraint, the body's
    own exception) rolls back and propagates as it is.
    """

    def transaction() -> R:
        # aiosqlite runs this on its thread, where its sqlite3 connection lives;
        # neither the call nor the property is public API (aiosqlite >= 0.17).
        connection: sqlite3.Connection = db._conn
        try:
            connection.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as e:
            raise StoreError(f"cannot write to store {path}: {e}") from e
        try:
            # The body's annotations name aiosqlite's connection; this one has
            # the same methods, answered without leaving the thread.
            result = drive(body(cast(aiosqlite.Connection, DirectConnection(connection))))
        except BaseException as e:
            with suppress(sqlite3.Error):
                connection.execute("ROLLBACK")
            if isinstance(e, sqlite3.Error) and refused(e):
                raise StoreError(f"cannot write to store {path}: {e}") from e
            raise
        try:
            connection.execute("COMMIT")
        except sqlite3.Error as e:
            with suppress(sqlite3.Error):
                connection.execute("ROLLBACK")
            raise StoreError(f"commit failed: {e}") from e
        return result

    # The type is a string: written out, ``Callable[...]`` builds its generic aliases anew
    # at every call (about 8 K instructions an ingest, for nothing at run time).
    on_thread = cast("Callable[[Callable[[], R]], Awaitable[R]]", db._execute)
    return await on_thread(transaction)


async def run_unsynced(
    db: aiosqlite.Connection, path: str, sql: str, params: Params, synchronous: str
) -> list[Any]:
    """One statement in its own transaction, committed without waiting for the disk, in one
    round trip; the rows it returns.

    For rows that need not survive a crash (a rate-limit bucket): isolated and atomic like
    any write, but this one commit runs with ``synchronous=OFF``; the connection is back
    at ``synchronous`` before anything else runs on it, and the next durable commit makes
    this one durable too (WAL order).

    The statement runs in autocommit (the connection's ``isolation_level=None``): a lone
    write statement is its own transaction, which takes the write lock before it reads
    (as BEGIN IMMEDIATE would, through the same busy timeout) and commits once its rows
    are fetched; no BEGIN and COMMIT statements of its own.
    """
    (done,) = await run_unsynced_many(db, path, [(sql, params)], synchronous)
    if isinstance(done, StoreError):
        raise done
    return done


async def run_unsynced_many(
    db: aiosqlite.Connection, path: str, statements: Sequence[tuple[str, Params]], synchronous: str
) -> list[list[Any] | StoreError]:
    """``run_unsynced`` for each of ``statements``, in order, in one round trip: each is
    its own transaction, as if run alone (one that fails fails alone, as a StoreError in
    its place); ``synchronous=OFF`` is set once around them all."""

    def transactions() -> list[list[Any] | StoreError]:
        connection: sqlite3.Connection = db._conn  # as in ``run_in_one_hop``
        out: list[list[Any] | StoreError] = []
        connection.execute("PRAGMA synchronous=OFF")
        try:
            for sql, params in statements:
                try:
                    out.append(connection.execute(sql, params).fetchall())
                except sqlite3.Error as e:
                    if connection.in_transaction:  # not in autocommit after all: undo it
                        with suppress(sqlite3.Error):
                            connection.execute("ROLLBACK")
                    error = StoreError(f"cannot write to store {path}: {e}")
                    error.__cause__ = e
                    out.append(error)
        finally:
            connection.execute(f"PRAGMA synchronous={synchronous}")
        return out

    on_thread = cast(
        "Callable[[Callable[[], list[list[Any] | StoreError]]], "
        "Awaitable[list[list[Any] | StoreError]]]",
        db._execute,
    )
    return await on_thread(transactions)
