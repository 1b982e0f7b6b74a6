"""Canon's own files are 0600 in 0700 folders, whatever the umask (issue 23, finding 7:
stores were created 0644 in a 0755 folder), and an older store is tightened on open."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from canon_testing import NOW, calibrated_policy, make_observation

from core.engine.engine import Engine
from core.private_files import private_dir, write_private
from core.store.checkpoints import open_checkpointer
from core.store.sqlite import SQLiteStore

pytestmark = pytest.mark.timeout(120)

UMASKS = [0o000, 0o022, 0o002, 0o077]


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@contextmanager
def umask(value: int) -> Iterator[None]:
    old = os.umask(value)
    try:
        yield
    finally:
        os.umask(old)


async def _write_one(db: Path) -> None:
    store = SQLiteStore(db)
    await store.open()
    try:
        await Engine(store, calibrated_policy()).ingest(make_observation(), now=NOW)
        # Checked while open: the -wal and -shm exist only while a connection does.
        for name in ("canon.db", "canon.db-wal", "canon.db-shm"):
            assert mode(db.with_name(name)) == 0o600, name
    finally:
        await store.close()


@pytest.mark.parametrize("mask", UMASKS, ids=[f"umask {m:03o}" for m in UMASKS])
async def test_a_new_store_is_0600_in_folders_made_0700(tmp_path: Path, mask: int) -> None:
    db = tmp_path / "made" / "by" / "canon" / "canon.db"
    before = mode(tmp_path)
    with umask(mask):
        await _write_one(db)
    assert mode(db) == 0o600
    for folder in (db.parent, db.parent.parent, db.parent.parent.parent):
        assert mode(folder) == 0o700, folder
    assert mode(tmp_path) == before  # an existing folder is the user's: untouched


async def test_an_existing_folder_keeps_its_mode(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    os.chmod(shared, 0o755)
    await _write_one(shared / "canon.db")
    assert mode(shared) == 0o755
    assert mode(shared / "canon.db") == 0o600


async def test_an_older_world_readable_store_is_tightened_on_open(tmp_path: Path) -> None:
    db = tmp_path / "canon.db"
    with umask(0o022):
        await _write_one(db)
    for name in ("canon.db", "canon.db-wal", "canon.db-shm", "canon.db-journal"):
        path = tmp_path / name
        path.touch()
        os.chmod(path, 0o644)
    store = SQLiteStore(db)
    await store.open()
    try:  # while open: SQLite removes its -wal and -shm when the last connection closes
        for name in ("canon.db", "canon.db-wal", "canon.db-shm", "canon.db-journal"):
            path = tmp_path / name
            assert not path.exists() or mode(path) == 0o600, name
        assert mode(db) == 0o600
        assert mode(db.with_name("canon.db-wal")) == 0o600
    finally:
        await store.close()


async def test_the_checkpoint_store_is_private_too(tmp_path: Path) -> None:
    db = tmp_path / "new" / "checkpoints.db"
    with umask(0o022):
        async with open_checkpointer(str(db)):
            assert mode(db) == 0o600
    assert mode(db.parent) == 0o700


@pytest.mark.parametrize("mask", [0o000, 0o022])
def test_write_private_makes_an_0600_file_and_replaces_atomically(
    tmp_path: Path, mask: int
) -> None:
    target = tmp_path / "tokens" / "google.json"
    with umask(mask):
        write_private(target, b"first")
        write_private(target, b"second")
    assert target.read_bytes() == b"second"
    assert mode(target) == 0o600
    assert mode(target.parent) == 0o700
    assert sorted(p.name for p in target.parent.iterdir()) == ["google.json"]


def test_private_dir_refuses_a_file_where_the_folder_goes(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("x")
    with pytest.raises(NotADirectoryError):
        private_dir(tmp_path / "taken")


def test_canon_run_in_a_fresh_home_makes_its_data_folder_private(tmp_path: Path) -> None:
    """The real command, default paths, a permissive umask: ~/.local/share/canon is 0700
    and the store in it 0600."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path)}
    made = subprocess.run(
        [sys.executable, "-m", "core.cli", "token", "create", "--entity", "user:primary"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        umask=0o000,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    data = tmp_path / ".local" / "share" / "canon"
    assert mode(data) == 0o700
    assert mode(data / "canon.db") == 0o600
    assert [p for p in data.iterdir() if mode(p) != 0o600] == []


def test_write_private_can_leave_a_missing_folder_to_the_user(tmp_path: Path) -> None:
    """`canon report --out` into a folder that does not exist is an error, not a new folder."""
    with pytest.raises(FileNotFoundError):
        write_private(tmp_path / "no" / "report.html", b"<html>", make_folder=False)
    assert not (tmp_path / "no").exists()
    write_private(tmp_path / "report.html", b"<html>", make_folder=False)
    assert mode(tmp_path / "report.html") == 0o600
