"""The PostgreSQL backend (psycopg 3 async, psycopg-pool): several processes, one writer per entity.

Every write is one transaction that first takes a transaction-scoped advisory
lock per entity it writes (``pg_advisory_xact_lock``, in a fixed order so two
writers never wait on each other in a circle), then reads what it decides on,
then writes. Writers of different entities run in parallel; writers of one
entity queue on its lock, so what they decide equals some serial order.

Why READ COMMITTED is enough: each statement there reads a fresh snapshot
taken when the statement starts. A transaction-scoped advisory lock is released
only after its transaction's commit is visible to new snapshots, so every read
issued after ``pg_advisory_xact_lock`` returns sees everything every earlier
holder of that entity's lock wrote. Nothing else writes an entity's rows.

The rules SQLite keeps in SQL (folding commits into facts, the per-entity
pending cap, the questions a commit settles) run here in Python, inside the
writing transaction (``core.store.rules``). The reads, which take no lock, are
``core.store.postgres_reads``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool

from core.domain.alerts import Alert
from core.domain.dead_letters import DeadLetter, Escalation
from core.domain.review_items import NewReviewItem, ReviewItem
from core.domain.settlements import GroupSettled
from core.domain.snapshot import FieldSnapshot
from core.domain.state import CommittedFact
from core.domain.write_batch import WriteBatch
from core.errors import NotFound, StoreError
from core.store import postgres_portable
from core.store.portable import PortableTable
from core.store.postgres_api_tokens import (
    PostgresApiTokens,
    along_args,
    read_along,
    rows_along,
)
from core.store.postgres_connect import describe, open_pool
from core.store.postgres_conversation import PostgresConversationStore
from core.store.postgres_import import import_facts
from core.store.postgres_ingest import decide_and_write
from core.store.postgres_policy_log import PostgresPolicyLog
from core.store.postgres_reads import PostgresReads
from core.store.postgres_records import first_line, letter_from_row, letter_row, review_row, utc
from core.store.postgres_rows import INSERT_ALERT, INSERT_DEAD_LETTER, INSERT_REVIEW, LETTER_COLUMNS
from core.store.postgres_settle import settle_group, store_dead_letter
from core.store.postgres_sources import PostgresMailSenders, PostgresSourceStates
from core.store.postgres_tx import (
    Read,
    Tx,
    promote,
    read_snapshots,
    write_batch,
)
from core.store.postgres_workspace import PostgresWorkspaceStore
from core.store.protocol import Decide, DecideSettlement, RolloutReads, SeenEvents, T
from core.store.settling import SettlesOneByGroup
from core.store.spend_along import before_writing, pending


class PostgresStore(PostgresReads, SettlesOneByGroup):
    """Store backed by one PostgreSQL database, shared by any number of processes."""

    def __init__(self, url: str, *, max_connections: int = 4) -> None:
        self.url = url
        self._max_connections = max_connections
        self._pool: AsyncConnectionPool | None = None
        self.where = describe(url)
        # Companion stores, sharing the pool.
        self.conversation = PostgresConversationStore(self)
        self.source_states = PostgresSourceStates(self)
        self.mail_senders = PostgresMailSenders(self)
        self.workspace = PostgresWorkspaceStore(self)
        self.policy_log = PostgresPolicyLog(self)
        self.api_tokens = PostgresApiTokens(self)

    # -- lifecycle ---------------------------------------------------------------
    async def open(self) -> None:
        """Connect and migrate, then open the pool (``core.store.postgres_connect``)."""
        self._pool = await open_pool(self.url, self.where, self._max_connections)

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    @property
    def pool(self) -> AsyncConnectionPool:
        if self._pool is None:
            raise StoreError("store is not open")
        return self._pool

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """One transaction on a pooled connection: all of a write or none of it."""
        async with self._errors_mapped(), self._connection() as conn, conn.transaction():
            yield Tx(conn)

    @asynccontextmanager
    async def _errors_mapped(self) -> AsyncIterator[None]:
        """The driver's errors of a write as Canon's StoreError."""
        try:
            yield
        except psycopg.IntegrityError as e:
            raise StoreError(f"the write could not be recorded: {first_line(e)}") from e
        except psycopg.Error as e:
            raise StoreError(f"cannot write to store {self.where}: {first_line(e)}") from e

    async def fetch(
        self, sql: str, args: Sequence[Any] | Mapping[str, Any] = ()
    ) -> list[tuple[Any, ...]]:
        """The rows of one statement, on its own (autocommit: it sees everything committed
        before it). The first read of an API request carries its rate-limit spend
        (``core.store.spend_along``); a statement that cannot waits for it."""
        along = pending()
        if along is not None:
            named = args if isinstance(args, Mapping) else {} if not args else None
            wrapped = None if named is None else read_along(sql)
            if named is not None and wrapped is not None and along.take():
                rows = await self._fetch(wrapped, along_args(along, named))
                return rows_along(along, rows)
            await along.allowed()
        return await self._fetch(sql, args)

    async def _fetch(
        self, sql: str, args: Sequence[Any] | Mapping[str, Any]
    ) -> list[tuple[Any, ...]]:
        try:
            async with self.pool.connection() as conn:
                cur = await conn.execute(sql, args)
                return await cur.fetchall()
        except psycopg.Error as e:
            raise StoreError(f"cannot read store {self.where}: {first_line(e)}") from e

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[psycopg.AsyncConnection[Any]]:
        """A pooled connection for a write, once the request (if any) is allowed.

        Taken and handed back without the connection's own context (``pool.connection``
        enters it), whose exit takes the connection's lock to commit whatever is open:
        nothing is, since every user here ends its own transaction (autocommit, with
        ``conn.transaction()`` or a pipeline's Sync), and the pool rolls back a
        connection handed back mid-transaction."""
        await before_writing()
        pool = self.pool
        conn = await pool.getconn()
        try:
            yield conn
        finally:
            await pool.putconn(conn)

    async def fetch_each(self, reads: Sequence[Read]) -> list[list[tuple[Any, ...]]]:
        """The rows of each read, sent together on one pooled connection (autocommit)."""
        try:
            async with self._connection() as conn:
                return await Tx(conn).fetch_each(reads)
        except psycopg.Error as e:
            raise StoreError(f"cannot read store {self.where}: {first_line(e)}") from e

    async def applied_migrations(self) -> list[str]:
        return [r[0] for r in await self.fetch("SELECT name FROM schema_migrations ORDER BY name")]

    # -- ingest path -------------------------------------------------------------
    async def snapshots(
        self, keys: Sequence[tuple[str, str]], event_ids: Sequence[str], since: datetime
    ) -> tuple[dict[tuple[str, str], FieldSnapshot], SeenEvents]:
        async with self.transaction() as tx:
            # One snapshot for all the reads, as SQLite's single statement has.
            await tx.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            snaps, seen, _ = await read_snapshots(tx, keys, event_ids, since)
            return snaps, seen

    async def decide_and_write(
        self,
        keys: Sequence[tuple[str, str]],
        event_ids: Sequence[str],
        since: datetime,
        decide: Decide[T],
        max_pending: int,
        rollout: RolloutReads | None = None,
    ) -> tuple[T, list[ReviewItem]]:
        """Lock the entities, read the snapshots, ``decide`` and write: one transaction.

        The locks come before the read, so no other process can commit to these
        entities between what was decided on and what is written. Two round trips
        (``core.store.postgres_ingest``): the locks with the reads, the writes with the
        Sync that commits them (no BEGIN or COMMIT of its own). An error of a queued
        statement surfaces at the next answer or at the pipeline's end, still inside
        the transaction, which then rolls back whole.
        """
        async with self._errors_mapped(), self._connection() as conn:
            return await decide_and_write(
                conn, keys, event_ids, since, decide, max_pending, rollout
            )

    async def write(self, batch: WriteBatch, max_pending: int) -> list[ReviewItem]:
        async with self.transaction() as tx:
            return await write_batch(tx, batch, max_pending)

    # -- answers -----------------------------------------------------------------
    async def settle_group(
        self, item_ids: Sequence[str], decide: DecideSettlement, max_pending: int
    ) -> GroupSettled:
        """``settle_decided`` for each of ``item_ids``, all in one transaction."""
        async with self._errors_mapped(), self._connection() as conn:
            return await settle_group(conn, item_ids, decide, max_pending)

    async def add_review_item(self, item: NewReviewItem, max_pending: int) -> list[ReviewItem]:
        async with self.transaction() as tx:
            await tx.lock([item.entity_id])
            await tx.execute(INSERT_REVIEW, review_row(item))
            return await promote(tx, max_pending, item.created_at)

    # -- dead letters and alerts ---------------------------------------------------
    async def add_dead_letter(self, letter: DeadLetter) -> None:
        async with self.transaction() as tx:
            await tx.execute(INSERT_DEAD_LETTER, letter_row(letter))

    async def update_dead_letter(
        self,
        letter: DeadLetter,
        expected: DeadLetter | None = None,
        escalation: Escalation | None = None,
    ) -> bool:
        async with self.transaction() as tx:
            if escalation is not None:
                # Entity lock first, then the letter's row: the order a settlement takes.
                await tx.lock([escalation.review.entity_id])
            # FOR UPDATE: of several processes checking the same letter, one at a time.
            rows = await tx.fetch(
                "SELECT status, retry_count FROM dead_letters WHERE id = %s FOR UPDATE",
                (letter.id,),
            )
            if not rows:
                raise NotFound(f"no dead letter {letter.id}")
            if expected is not None and rows[0] != (expected.status, expected.retry_count):
                return False
            await store_dead_letter(tx, letter)
            if escalation is not None:
                await tx.execute(INSERT_REVIEW, review_row(escalation.review))
                alert = escalation.alert
                if alert is not None:
                    await tx.execute(
                        INSERT_ALERT, (alert.at, alert.kind, alert.domain, alert.message)
                    )
                await promote(tx, escalation.max_pending, escalation.review.created_at)
            return True

    async def dead_letters(self, statuses: Sequence[str] | None = None) -> list[DeadLetter]:
        sql, args = f"SELECT {LETTER_COLUMNS} FROM dead_letters", []
        if statuses:
            sql += " WHERE status = ANY(%s::text[])"
            args.append(list(statuses))
        return [letter_from_row(r) for r in await self.fetch(sql + " ORDER BY seq", args)]

    async def add_alert(self, at: datetime, kind: str, domain: str | None, message: str) -> None:
        async with self.transaction() as tx:
            await tx.execute(INSERT_ALERT, (at, kind, domain, message))

    async def alerts(self) -> list[tuple[datetime, str, str | None, str]]:
        rows = await self.fetch("SELECT created_at, kind, domain, message FROM alerts ORDER BY seq")
        return [(utc(r[0]), r[1], r[2], r[3]) for r in rows]

    async def open_alerts(self) -> list[Alert]:
        rows = await self.fetch(
            "SELECT seq, created_at, kind, domain, message FROM alerts "
            "WHERE delivered_at IS NULL ORDER BY seq"
        )
        return [Alert(r[0], utc(r[1]), r[2], r[3], r[4]) for r in rows]

    async def mark_alert_delivered(self, seq: int, at: datetime) -> bool:
        async with self.transaction() as tx:
            updated = await tx.execute(
                "UPDATE alerts SET delivered_at = %s WHERE seq = %s AND delivered_at IS NULL",
                (at, seq),
            )
            return updated == 1

    async def secret_key(self, name: str, candidate: bytes) -> bytes:
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO store_keys (name, key_hex) VALUES (%s, %s) "
                "ON CONFLICT (name) DO NOTHING",
                (name, candidate.hex()),
            )
            rows = await tx.fetch("SELECT key_hex FROM store_keys WHERE name = %s", (name,))
        return bytes.fromhex(rows[0][0])

    async def import_facts(self, facts: list[CommittedFact], progress: Any = None) -> None:
        """Bulk-load committed facts as 'import' commits, in batches.

        A batch holds the locks of all its entities, so it is cut at a bounded
        number of them too (the server's lock table is finite).
        """
        done = 0
        for chunk in _import_batches(facts, max_facts=5000, max_entities=500):
            async with self.transaction() as tx:
                await import_facts(tx, chunk)
            done += len(chunk)
            if progress is not None:
                progress(done)

    # -- copying between backends (core.store.portable) ------------------------
    async def export_table(self, table: str) -> PortableTable:
        return await postgres_portable.export_table(self, table)

    async def import_tables(self, tables: Sequence[PortableTable]) -> None:
        await postgres_portable.import_tables(self, tables)


def _import_batches(
    facts: list[CommittedFact], max_facts: int, max_entities: int
) -> Iterator[list[CommittedFact]]:
    """``facts`` in order, cut into runs of at most ``max_facts`` facts and ``max_entities``
    distinct entities."""
    chunk: list[CommittedFact] = []
    entities: set[str] = set()
    for fact in facts:
        new_entity = fact.entity_id not in entities
        if len(chunk) == max_facts or (new_entity and len(entities) == max_entities):
            yield chunk
            chunk, entities = [], set()
        chunk.append(fact)
        entities.add(fact.entity_id)
    if chunk:
        yield chunk
