"""Opening a store while another process converts it to WAL: SQLite answers
"database is locked" at once there (it bypasses the busy handler for that lock
upgrade), so the set-up steps are retried within the busy timeout."""

from __future__ import annotations

import sqlite3

import pytest

from core.store.sqlite_connection import while_busy


def _locked() -> sqlite3.OperationalError:
    error = sqlite3.OperationalError("database is locked")
    error.sqlite_errorcode = sqlite3.SQLITE_BUSY
    return error


async def test_a_step_that_finds_the_store_locked_is_tried_again() -> None:
    calls: list[int] = []

    async def step() -> None:
        calls.append(1)
        if len(calls) < 3:
            raise _locked()

    await while_busy(step)
    assert len(calls) == 3


async def test_any_other_error_is_not_retried() -> None:
    calls: list[int] = []

    async def step() -> None:
        calls.append(1)
        error = sqlite3.OperationalError("disk I/O error")
        error.sqlite_errorcode = sqlite3.SQLITE_IOERR
        raise error

    with pytest.raises(sqlite3.OperationalError, match="disk I/O error"):
        await while_busy(step)
    assert len(calls) == 1
