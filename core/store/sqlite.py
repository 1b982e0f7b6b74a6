"""The SQLite backend (aiosqlite): WAL, named migrations, one transaction per write.

The engine is the single writer; this module only keeps each write atomic so a
crash leaves either the whole effect of an input or none of it.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiosqlite

from core.domain.dead_letters import DeadLetter, Escalation
from core.domain.review_items import NewReviewItem, ReviewItem
from core.domain.settlements import GroupSettled
from core.domain.snapshot import FieldSnapshot
from core.domain.state import CommittedFact
from core.domain.write_batch import WriteBatch
from core.errors import MigrationError, NotFound, StoreError
from core.store import sqlite_portable
from core.store.group_reads import ReadsQuestionThenGroup
from core.store.migrations.sqlite import MIGRATIONS
from core.store.portable import PortableTable
from core.store.protocol import (
    Decide,
    DecideSettlement,
    RolloutReads,
    SeenEvents,
    StoreBackend,
    T,
)
from core.store.settling import SettlesOneByGroup
from core.store.sqlite_api_tokens import SQLiteApiTokens
from core.store.sqlite_connection import (
    BUSY_TIMEOUT_MS,
    PAGE_CACHE_KIB,
    STORAGE_REFUSED,
    connect,
    prepare_path,
    storage_refused,
    while_busy,
)
from core.store.sqlite_conversation import SQLiteConversationStore
from core.store.sqlite_direct import run_in_one_hop
from core.store.sqlite_group_commit import GroupCommit
from core.store.sqlite_policy_log import SQLitePolicyLog
from core.store.sqlite_reads import SQLiteReads
from core.store.sqlite_rows import (
    INSERT_DEAD_LETTER,
    INSERT_REVIEW,
    letter_row,
    review_row,
    split_statements,
    ts,
)
from core.store.sqlite_snapshots import read_snapshots
from core.store.sqlite_sources import SQLiteMailSenders, SQLiteSourceStates
from core.store.sqlite_tx import import_facts, promote, settle_one, store_dead_letter, write_batch
from core.store.sqlite_unsynced import UnsyncedGroup
from core.store.sqlite_workspace import SQLiteWorkspaceStore


class SQLiteStore(SQLiteReads, ReadsQuestionThenGroup, SettlesOneByGroup):
    """Store backed by one SQLite file (or ':memory:')."""

    def __init__(self, path: str | Path, *, synchronous: str = "FULL") -> None:
        self.path = str(path)
        self._synchronous = synchronous
        self._db: aiosqlite.Connection | None = None
        self._tx_lock = asyncio.Lock()
        self._durable = GroupCommit(lambda: self.db, self.path, self._tx_lock)
        self._unsynced = UnsyncedGroup(lambda: self.db, self.path, synchronous, self._tx_lock)
        # Companion stores on the same connection (usable once the store is open).
        self.conversation = SQLiteConversationStore(self)
        self.source_states = SQLiteSourceStates(self)
        self.mail_senders = SQLiteMailSenders(self)
        self.workspace = SQLiteWorkspaceStore(self)
        self.policy_log = SQLitePolicyLog(self)
        self.api_tokens = SQLiteApiTokens(self)

    # -- lifecycle ---------------------------------------------------------------
    async def open(self) -> None:
        """Connect and migrate; on any failure the connection is closed again.

        An unclosed aiosqlite connection keeps its (non-daemon) thread alive, so a
        failed open that left it behind would hang the process at exit.
        """
        try:
            if self.path != ":memory:":
                prepare_path(Path(self.path))
            self._db = await connect(self.path)
            # First, so every later statement (WAL switch, migrations) waits for
            # another process's lock instead of failing at once.
            await self._db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            await while_busy(self._set_up)
        except (sqlite3.Error, OSError) as e:
            await self.close()
            raise StoreError(f"cannot open store {self.path}: {e}") from e
        except BaseException:
            await self.close()
            raise

    async def _set_up(self) -> None:
        await self.db.execute("PRAGMA journal_mode=WAL")
        await self.db.execute(f"PRAGMA synchronous={self._synchronous}")
        await self.db.execute("PRAGMA foreign_keys=ON")
        await self.db.execute(f"PRAGMA cache_size=-{PAGE_CACHE_KIB}")
        await self._migrate()

    async def close(self) -> None:
        await self._durable.drain()
        if self._db is not None:
            await self._db.close()
            self._db = None

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StoreError("store is not open")
        return self._db

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One transaction: all of a write or none of it.

        Transactions on the shared connection are serialised: two tasks (a bot
        handler and a poller, say) must not interleave inside one BEGIN..COMMIT.
        """
        db = self.db
        async with self._tx_lock:
            try:
                await db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as e:
                raise StoreError(f"cannot write to store {self.path}: {e}") from e
            try:
                yield db
            except BaseException as e:
                # After a disk or I/O error SQLite may have rolled back already.
                with suppress(sqlite3.Error):
                    await db.execute("ROLLBACK")
                if isinstance(e, sqlite3.Error) and e.sqlite_errorcode & 0xFF in STORAGE_REFUSED:
                    raise StoreError(f"cannot write to store {self.path}: {e}") from e
                raise
            try:
                await db.execute("COMMIT")
            except sqlite3.Error as e:
                raise StoreError(f"commit failed: {e}") from e

    async def execute_write(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> None:
        """One statement, atomic on its own, never inside another task's transaction."""
        async with self.transaction() as tx:
            await tx.execute(sql, params)

    async def execute_durable(
        self, sql: str, params: Sequence[Any] | dict[str, Any] = ()
    ) -> tuple[int, int | None]:
        """One statement, atomic and durable, committed before this returns (in one round
        trip to the connection's thread, with the others queued meanwhile: one transaction
        and one fsync for them all, ``sqlite_group_commit``); its rowcount and lastrowid.
        Errors as ``transaction`` reports them (a lock or disk that refuses is a
        StoreError, anything else propagates as it is)."""

        return await self._durable.execute(sql, params)

    async def execute_unsynced(
        self, sql: str, params: Sequence[Any] | dict[str, Any] = ()
    ) -> list[Any]:
        """One statement, atomic on its own, committed without waiting for the disk (its
        rows need not survive a crash); what it returns. Those that arrive together go to
        the connection's thread in one trip (``sqlite_unsynced``), each its own
        transaction."""
        return await self._unsynced.execute(sql, params)

    async def _migrate(self) -> None:
        """Apply pending migrations, safely beside other processes doing the same.

        Each migration runs under the write lock (BEGIN IMMEDIATE) and is applied
        only if it is still missing once the lock is held: of several first runs
        on a fresh store, one applies it and the others find it done.
        """
        db = self.db
        await db.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)"
        )
        done = set(await self.applied_migrations())
        for name, script in MIGRATIONS:
            if name in done:
                continue
            try:
                async with self.transaction() as tx:
                    applied = await tx.execute_fetchall(
                        "SELECT 1 FROM schema_migrations WHERE name = ?", (name,)
                    )
                    if list(applied):
                        continue
                    for statement in split_statements(script):
                        await tx.execute(statement)
                    await tx.execute(
                        "INSERT INTO schema_migrations VALUES (?, ?)",
                        (name, ts(datetime.now(UTC))),
                    )
            except sqlite3.Error as e:
                raise MigrationError(f"migration {name} failed and was rolled back: {e}") from e

    async def applied_migrations(self) -> list[str]:
        async with self.db.execute("SELECT name FROM schema_migrations ORDER BY name") as cur:
            return [row[0] for row in await cur.fetchall()]

    # -- ingest path -------------------------------------------------------------
    async def snapshots(
        self, keys: Sequence[tuple[str, str]], event_ids: Sequence[str], since: datetime
    ) -> tuple[dict[tuple[str, str], FieldSnapshot], SeenEvents]:
        """Snapshots of the (entity_id, field) ``keys`` and which ``event_ids`` exist already.

        One round trip: the reads are tagged rows of a single compound query.
        """
        snaps, seen, _ = await read_snapshots(self.db, keys, event_ids, since)
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
        """Read the snapshots, ``decide`` on them and write the batch: one transaction.

        The write lock is taken before the read, so no other process (a cron
        poll beside the bot) can commit between what was decided on and what is
        written. ``rollout``'s reads are answered first, in the same trip.
        """

        async def body(tx: aiosqlite.Connection) -> tuple[T, list[ReviewItem]]:
            snaps, seen, questions = await read_snapshots(tx, keys, event_ids, since, rollout)
            # The fields' facts and versions as read, before ``decide`` folds the batch
            # into ``snaps``: the commits fold onto them without reading them again; and
            # the entities with open questions, so a question about one with none is
            # written without reading its (no) open questions again.
            before = {k: (s.committed, s.last_version) for k, s in snaps.items()}
            batch, decided = decide(snaps, seen)
            return decided, await write_batch(tx, batch, max_pending, before, questions)

        try:
            # The ingest path: read, decide and write in one trip to the
            # connection's thread instead of one per statement.
            async with self._tx_lock:
                return await run_in_one_hop(self.db, self.path, body, storage_refused)
        except sqlite3.IntegrityError as e:
            raise StoreError(f"the batch could not be recorded: {e}") from e

    async def write(self, batch: WriteBatch, max_pending: int) -> list[ReviewItem]:
        """Store a resolved batch in one transaction, in the order it was decided."""
        try:
            async with self.transaction() as tx:
                return await write_batch(tx, batch, max_pending)
        except sqlite3.IntegrityError as e:
            raise StoreError(f"the batch could not be recorded: {e}") from e

    # -- answers -----------------------------------------------------------------
    async def settle_group(
        self, item_ids: Sequence[str], decide: DecideSettlement, max_pending: int
    ) -> GroupSettled:
        """``settle_decided`` for each of ``item_ids``, all in one transaction.

        If any item is missing or no longer open, or ``decide`` fails on any, none
        is settled.
        """
        async with self.transaction() as tx:
            answered_at: datetime | None = None
            settled: list[ReviewItem] = []
            for item_id in item_ids:
                answered_at, item = await settle_one(tx, item_id, decide)
                settled.append(item)
            if answered_at is None:
                return GroupSettled(settled, [])
            touched = {item.entity_id for item in settled}
            return GroupSettled(settled, await promote(tx, max_pending, answered_at, touched))

    async def add_review_item(self, item: NewReviewItem, max_pending: int) -> list[ReviewItem]:
        async with self.transaction() as tx:
            await tx.execute(INSERT_REVIEW, review_row(item))
            return await promote(tx, max_pending, item.created_at, {item.entity_id})

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
            # BEGIN IMMEDIATE holds the write lock: the check and the update see one state.
            async with tx.execute(
                "SELECT status, retry_count FROM dead_letters WHERE id = ?", (letter.id,)
            ) as cur:
                row = await cur.fetchone()
            if row is None:
                raise NotFound(f"no dead letter {letter.id}")
            if expected is not None and (row[0], row[1]) != (expected.status, expected.retry_count):
                return False
            await store_dead_letter(tx, letter)
            if escalation is not None:
                await tx.execute(INSERT_REVIEW, review_row(escalation.review))
                alert = escalation.alert
                if alert is not None:
                    await tx.execute(
                        "INSERT INTO alerts (created_at, kind, domain, message) "
                        "VALUES (?, ?, ?, ?)",
                        (ts(alert.at), alert.kind, alert.domain, alert.message),
                    )
                review = escalation.review
                await promote(tx, escalation.max_pending, review.created_at, {review.entity_id})
            return True

    async def add_alert(self, at: datetime, kind: str, domain: str | None, message: str) -> None:
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO alerts (created_at, kind, domain, message) VALUES (?, ?, ?, ?)",
                (ts(at), kind, domain, message),
            )

    async def mark_alert_delivered(self, seq: int, at: datetime) -> bool:
        async with self.transaction() as tx:
            cur = await tx.execute(
                "UPDATE alerts SET delivered_at = ? WHERE seq = ? AND delivered_at IS NULL",
                (ts(at), seq),
            )
            return cur.rowcount == 1

    async def secret_key(self, name: str, candidate: bytes) -> bytes:
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO store_keys (name, key_hex) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                (name, candidate.hex()),
            )
            rows = list(
                await tx.execute_fetchall("SELECT key_hex FROM store_keys WHERE name = ?", (name,))
            )
        return bytes.fromhex(rows[0][0])

    async def import_facts(self, facts: list[CommittedFact], progress: Any = None) -> None:
        """Bulk-load committed facts (a migration or a benchmark), in batches."""
        await import_facts(self, facts, progress)

    # -- copying between backends (core.store.portable) ------------------------
    async def export_table(self, table: str) -> PortableTable:
        return await sqlite_portable.export_table(self, table)

    async def import_tables(self, tables: Sequence[PortableTable]) -> None:
        await sqlite_portable.import_tables(self, tables)


if TYPE_CHECKING:  # mypy checks here that the class keeps the whole contract
    _BACKEND: type[StoreBackend] = SQLiteStore
