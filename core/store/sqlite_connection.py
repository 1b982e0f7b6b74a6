"""Opening a SQLite store safely: the file's place, the connection, waiting out another
process's lock, and which errors mean the disk or file refused a write."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiosqlite

from core.errors import StoreError
from core.private_files import private_store_file

STORAGE_REFUSED = frozenset(
    {
        sqlite3.SQLITE_BUSY,
        sqlite3.SQLITE_LOCKED,
        sqlite3.SQLITE_READONLY,
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_CORRUPT,
        sqlite3.SQLITE_FULL,
        sqlite3.SQLITE_CANTOPEN,
        sqlite3.SQLITE_NOTADB,
    }
)
"""Primary result codes that mean the file or disk refused a write (not that the
SQL or a constraint failed): reported as a StoreError, not a traceback."""
BUSY_TIMEOUT_MS = 30_000
"""How long a statement waits for another process's write lock before failing."""
PAGE_CACHE_KIB = 65_536
"""The connection's page cache (``PRAGMA cache_size``, in KiB; SQLite's default is 2 MiB).
A store of 100,000 facts outgrows 2 MiB, and then every ingest reads its index pages back
through the WAL index and the OS: 1.41 M instructions a single observation against 1.05 M
with the cache (callgrind, the bench's singles). SQLite takes the pages as it reads them,
so a small store uses no more memory than before."""


def storage_refused(e: sqlite3.Error) -> bool:
    return e.sqlite_errorcode & 0xFF in STORAGE_REFUSED


def prepare_path(path: Path) -> None:
    """Refuse a directory where the file goes; create a missing parent (0700) and the
    file (0600), and tighten an older store's file, -wal and -shm to 0600."""
    if path.is_dir():
        raise StoreError(f"cannot open store {path}: it is a directory")
    private_store_file(path)


async def while_busy(step: Callable[[], Awaitable[None]]) -> None:
    """Run ``step`` again while another process holds a lock SQLite will not wait for.

    The busy timeout covers ordinary lock waits, but a connection that finds the
    store switching to WAL, or recovering its WAL index, gets "database is locked"
    at once. Several first runs on a fresh store meet exactly that; each step here
    is idempotent, so it is retried, for at most the busy timeout.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + BUSY_TIMEOUT_MS / 1000
    delay = 0.02
    while True:
        try:
            await step()
            return
        except sqlite3.OperationalError as e:
            busy = e.sqlite_errorcode & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
            if not busy or loop.time() + delay > deadline:
                raise
        await asyncio.sleep(delay)
        delay = min(delay * 2, 0.5)


async def connect(path: str) -> aiosqlite.Connection:
    connection = aiosqlite.connect(path, isolation_level=None)
    try:
        return await connection
    except BaseException:
        # aiosqlite stops its worker thread after a failed connect but does not
        # wait for it; left alone, the thread reports back to an event loop that
        # has closed by then (a stray traceback at exit). Wait for it here.
        thread = getattr(connection, "_thread", None)
        if thread is not None and thread.is_alive():
            await asyncio.to_thread(thread.join)
        raise
