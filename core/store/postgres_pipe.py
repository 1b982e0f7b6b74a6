"""A pipelined transaction sent to the server in one write per wait, on libpq directly.

An ingest's transaction (``postgres_ingest``) and an answer's (``postgres_settle``) run
in libpq's pipeline mode: their statements are queued, the answers they need are asked
for together, and the closing Sync commits. Through psycopg's pipeline every statement
was its own write to the socket (psycopg flushes after each ``execute``): a single
observation's three statements, the flush request and the Sync were five writes, each
of which may wake the server for a part of the transaction, and each cost this process
a cursor, a poll and a trip through psycopg's generators. Here the statements wait in
libpq's buffer until an answer is needed, then go in one write (``Pipe.answers``, with a
flush request, or ``Pipe.commit``, with the Sync): two writes and two wake-ups of the
server an observation, and about half the client's CPU an exchange (a lock, a read and a
write a transaction, 2,000 alternations under load 9: 500 → 250 µs; the server's 350 →
320 µs).

What psycopg did for each statement is done here with its public parts: the parameters
are dumped by the connection's ``Transformer``, the rows loaded by it, an error raised as
psycopg's exception for its SQLSTATE. Each statement is prepared on the server the first
time a connection runs it and run by name after (``core.store.postgres_prepared``).
psycopg deallocates every prepared statement of a connection after a ROLLBACK it runs,
ours with its own: a transaction whose first exchange meets a name the server no longer
knows prepares its statements again and sends that exchange once more (nothing ran: the
first statement failed and aborted the rest).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager, suppress
from typing import Any

import psycopg
from psycopg import AsyncConnection, errors, pq
from psycopg.adapt import PyFormat

from core.store.postgres_prepared import MAX_PREPARED, numbered, prepared_on
from core.store.postgres_tx import Read, Tx

_STATUS = pq.ExecStatus
_UNKNOWN_STATEMENT = "26000"
"""SQLSTATE invalid_sql_statement_name: a prepared statement the server does not have."""


class PipedRows:
    """The rows a queued statement returns, known once the server has answered it."""

    def __init__(self, pipe: Pipe) -> None:
        self._pipe = pipe
        self.rows: list[tuple[Any, ...]] | None = None

    async def fetchall(self) -> list[tuple[Any, ...]]:
        if self.rows is None:
            await self._pipe.answers()
        assert self.rows is not None
        return self.rows


class _Sent:
    """One result the server owes: a statement's (``rows``: where its rows go; None: a
    command) or a preparation's (``name`` under ``key``: forgotten if it fails)."""

    __slots__ = ("key", "name", "rows")

    def __init__(
        self,
        rows: PipedRows | None = None,
        name: bytes | None = None,
        key: tuple[bytes, tuple[int, ...]] | None = None,
    ) -> None:
        self.rows = rows
        self.name = name
        self.key = key


class Pipe:
    """A connection in pipeline mode: statements queued in libpq's buffer, sent in one
    write when an answer is needed, their results read back in order."""

    def __init__(self, conn: AsyncConnection[Any]) -> None:
        self.conn = conn
        self.pgconn = conn.pgconn
        self._prepared = prepared_on(conn)
        self._adapt = self._prepared.adapt
        self._owed: deque[_Sent] = deque()
        self._first: list[tuple[str, Sequence[Any] | dict[str, Any], PipedRows | None]] | None = []
        """The statements of the first exchange, kept until it is answered (to send again
        should a prepared statement have gone)."""
        self._error: psycopg.Error | None = None
        self._watched: tuple[asyncio.AbstractEventLoop, int] | None = None
        self._waiter: asyncio.Future[None] | None = None

    # -- queueing ----------------------------------------------------------------
    def queue(
        self, sql: str, args: Sequence[Any] | dict[str, Any] = (), *, rows: bool = False
    ) -> PipedRows | None:
        """Queue one statement (nothing is sent yet); its rows, when ``rows``."""
        out = PipedRows(self) if rows else None
        if self._first is not None:
            self._first.append((sql, args, out))
        self._send(sql, args, out)
        return out

    def _send(self, sql: str, args: Sequence[Any] | dict[str, Any], out: PipedRows | None) -> None:
        query, names = numbered(sql)
        if isinstance(names, int):
            values = list(args)
            if len(values) != names:
                raise TypeError(f"the statement takes {names} parameters, {len(values)} given")
        else:
            assert isinstance(args, dict)
            values = [args[n] for n in names]
        params = self._adapt.dump_sequence(values, [PyFormat.AUTO] * len(values))
        types = tuple(self._adapt.types or ())
        formats = list(self._adapt.formats or ())
        key = (query, types)
        name = self._prepared.names.get(key)
        if name is None and len(self._prepared.names) < MAX_PREPARED:
            # Known from now on (the same statement queued again in this exchange runs by
            # name); forgotten again should the preparation fail or never run.
            name = self._prepared.names[key] = self._prepared.new_name()
            self.pgconn.send_prepare(name, query, param_types=types)
            self._owed.append(_Sent(name=name, key=key))
        if name is None:
            self.pgconn.send_query_params(query, params, param_types=types, param_formats=formats)
        else:
            self.pgconn.send_query_prepared(name, params, param_formats=formats)
        self._owed.append(_Sent(rows=out))

    # -- exchanges -----------------------------------------------------------------
    async def answers(self) -> None:
        """Send what is queued with a flush request and read every answer owed (the
        transaction goes on)."""
        self.pgconn.send_flush_request()
        await self._exchange(synced=False)

    async def commit(self) -> None:
        """Send what is queued with the Sync that commits it, and read every answer."""
        self.pgconn.pipeline_sync()
        await self._exchange(synced=True)

    async def _exchange(self, *, synced: bool) -> None:
        first = self._first
        self._first = None
        await self._flush()
        try:
            await self._read(synced)
        except psycopg.Error as e:
            if first is None or e.sqlstate != _UNKNOWN_STATEMENT:
                raise
            # Our statements were deallocated (a ROLLBACK psycopg ran on this
            # connection): nothing of the exchange ran. Close the aborted transaction,
            # then prepare and send the exchange again.
            self._prepared.names.clear()
            self._owed.clear()
            self._error = None
            if not synced:
                self.pgconn.pipeline_sync()
                await self._flush()
                await self._drain()
            for sql, args, out in first:
                self._send(sql, args, out)
            if synced:
                self.pgconn.pipeline_sync()
            else:
                self.pgconn.send_flush_request()
            await self._flush()
            await self._read(synced)

    async def _flush(self) -> None:
        """Send everything queued. While the socket is full, what the server sends back
        is read into libpq's buffer meanwhile (a server blocked writing its answers to
        us would stop reading what we send)."""
        while self.pgconn.flush():
            await self._ready(writable=True)
            self.pgconn.consume_input()

    async def _ready(self, *, writable: bool = False) -> None:
        """Wait until a result is complete in libpq's buffer (or, ``writable``: until the
        socket can be written or has something to read).

        The socket stays registered with the event loop between waits (``unwatch`` ends
        it): a transaction's two waits cost one registration, not two registrations and
        two removals (an ``epoll_ctl`` each). What arrives is read by the loop's callback
        (``_arrived``), which wakes this task only once a result is whole: a wake-up left
        over from the exchange before (the loop polls again before this task runs, and
        the rest of the transaction runs in that one step) finds nothing new and wakes
        nobody, as a result that arrives in pieces wakes it once."""
        loop = asyncio.get_running_loop()
        fd = self.pgconn.socket
        if self._watched is None:
            loop.add_reader(fd, self._arrived)
            self._watched = (loop, fd)
        self._waiter = done = loop.create_future()
        if writable:
            loop.add_writer(fd, self._writable)
        try:
            await done
        finally:
            self._waiter = None
            if writable:
                loop.remove_writer(fd)

    def _arrived(self) -> None:
        waiter = self._waiter
        if waiter is None:
            # Readable while nobody waits: the loop would call again on every turn
            # (epoll is level-triggered), so stop watching until the next wait.
            self.unwatch()
            return
        if waiter.done():
            return
        try:
            self.pgconn.consume_input()
        except psycopg.Error as e:
            waiter.set_exception(e)
            return
        if not self.pgconn.is_busy():
            waiter.set_result(None)

    def _writable(self) -> None:
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def unwatch(self) -> None:
        """Stop watching the socket (before the connection is closed or handed back)."""
        if self._watched is not None:
            loop, fd = self._watched
            self._watched = None
            loop.remove_reader(fd)

    async def _next(self) -> pq.abc.PGresult:
        """The next result the server sent (waiting for it), past the ends of statements."""
        while True:
            if self.pgconn.is_busy():
                await self._ready()  # read meanwhile, by ``_arrived``
                continue
            result = self.pgconn.get_result()
            if result is not None:
                return result

    async def _read(self, synced: bool) -> None:
        """Read the answer of every statement owed (and the Sync's, when ``synced``); the
        first error raised once they are read (after an error the server skips what
        follows up to the Sync: when not ``synced``, nothing more is waited for)."""
        while self._owed and (synced or self._error is None):
            self._take(self._owed.popleft(), await self._next())
        if synced:
            while (await self._next()).status != _STATUS.PIPELINE_SYNC:
                pass
        if self._error is not None:
            raise self._error

    def _take(self, sent: _Sent, result: pq.abc.PGresult) -> None:
        """``result`` as the answer to ``sent``: its rows kept, its error noted (the first
        one), a preparation that failed or never ran forgotten."""
        status = result.status
        failed = status in (_STATUS.FATAL_ERROR, _STATUS.PIPELINE_ABORTED)
        if status == _STATUS.FATAL_ERROR and self._error is None:
            self._error = errors.error_from_result(result, encoding=self.conn.info.encoding)
        if sent.key is not None:
            if failed and self._prepared.names.get(sent.key) == sent.name:
                del self._prepared.names[sent.key]
        elif sent.rows is not None and not failed:
            self._adapt.set_pgresult(result)
            sent.rows.rows = self._adapt.load_rows(0, result.ntuples, tuple)

    async def _drain(self) -> None:
        """Read every answer owed, and drop the rest up to the Sync sent last."""
        while self._owed:
            self._take(self._owed.popleft(), await self._next())
        while (await self._next()).status != _STATUS.PIPELINE_SYNC:
            pass

    async def abandon(self) -> None:
        """Roll the transaction back and end what is in flight: the statements queued
        since the last exchange are dropped with it (the server warns "there is no
        transaction in progress" and rolls the implicit one back)."""
        self.pgconn.send_query_params(b"ROLLBACK", None)
        self.pgconn.pipeline_sync()
        await self._flush()
        await self._drain()


@asynccontextmanager
async def pipelined(conn: AsyncConnection[Any]) -> AsyncIterator[PipeTx]:
    """One transaction in pipeline mode on ``conn`` (autocommit, idle): committed by the
    Sync that ends it, rolled back if the block raises. A connection left mid-exchange
    (a cancellation while waiting, a failure of the rollback) is closed, so the pool
    never hands it out again."""
    pgconn = conn.pgconn
    pgconn.enter_pipeline_mode()
    pipe = Pipe(conn)
    ended = False
    try:
        yield PipeTx(pipe)
        await pipe.commit()
        ended = True
    except BaseException:
        with suppress(psycopg.Error, OSError):
            if pipe.pgconn.status != pq.ConnStatus.BAD:
                await pipe.abandon()
                ended = True
        raise
    finally:
        pipe.unwatch()
        if ended:
            pgconn.exit_pipeline_mode()
        else:
            await conn.close()


class PipeTx(Tx):
    """``Tx`` on a ``Pipe``: a statement is queued, and sent when something needs an answer
    (a fetch, the commit); ``execute`` cannot say how many rows changed (-1)."""

    def __init__(self, pipe: Pipe) -> None:
        super().__init__(pipe.conn, pipelined=True)
        self.pipe = pipe

    async def execute(self, sql: str, args: Sequence[Any] | dict[str, Any] = ()) -> int:
        self.pipe.queue(sql, args)
        return -1

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        for row in rows:
            self.pipe.queue(sql, row)

    async def returning(self, sql: str, args: Sequence[Any] | dict[str, Any] = ()) -> PipedRows:
        out = self.pipe.queue(sql, args, rows=True)
        assert out is not None
        return out

    async def fetch(
        self, sql: str, args: Sequence[Any] | dict[str, Any] = ()
    ) -> list[tuple[Any, ...]]:
        return await (await self.returning(sql, args)).fetchall()

    async def fetch_each(self, reads: Sequence[Read]) -> list[list[tuple[Any, ...]]]:
        answers = [await self.returning(sql, args) for sql, args in reads]
        return [await rows.fetchall() for rows in answers]
