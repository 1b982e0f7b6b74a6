"""Opening the store from the command line: every failure is one line and exit 2.

Each case runs the real `canon` in a subprocess with a timeout, so a process
that prints its error and then hangs (an aiosqlite thread left running) fails
the test instead of blocking it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

HANG = 60
"""Seconds after which a run counts as hung: far above any honest run."""


def canon(*args: str, db: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).parent / "canon"
    command = [str(script)] if script.exists() else [sys.executable, "-m", "core.cli"]
    env = {**os.environ, "CANON_DB": str(db), "NO_COLOR": "1"}
    env.pop("CANON_POLICY", None)
    env.pop("CANON_CONFIG", None)
    return subprocess.run(
        [*command, *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=HANG,
    )


def assert_one_line_error(
    result: subprocess.CompletedProcess[str], db: Path, what: str = "cannot open store"
) -> None:
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith(f"canon: error: {what} {db}: ")
    assert "Traceback" not in result.stderr


def text_file(db: Path) -> None:
    db.write_text("these are my notes, not a database\n")


def random_bytes(db: Path) -> None:
    db.write_bytes(os.urandom(8192))


def directory(db: Path) -> None:
    db.mkdir()


def parent_is_a_file(db: Path) -> None:
    db.parent.parent.mkdir(exist_ok=True)
    db.parent.write_text("a file where a directory should be\n")


NOT_A_STORE: list[tuple[str, str, Callable[[Path], None]]] = [
    ("a text file", "store.db", text_file),
    ("random bytes", "store.db", random_bytes),
    ("a directory", "store.db", directory),
    ("a path under a regular file", "blocker/store.db", parent_is_a_file),
]


@pytest.mark.parametrize(("case", "name", "make"), NOT_A_STORE, ids=[c[0] for c in NOT_A_STORE])
@pytest.mark.parametrize("command", [("status",), ("ingest", "-")])
def test_a_path_that_is_not_a_store_is_one_line_and_exit_2(
    tmp_path: Path, case: str, name: str, make: Callable[[Path], None], command: tuple[str, ...]
) -> None:
    db = tmp_path / name
    make(db)
    before = db.read_bytes() if db.is_file() else None
    assert_one_line_error(canon(*command, db=db, stdin=""), db)
    if before is not None:
        assert db.read_bytes() == before, "a failed open must not touch the file"


def test_a_missing_parent_directory_is_created(tmp_path: Path) -> None:
    db = tmp_path / "not" / "yet" / "there.db"
    result = canon("status", db=db)
    assert result.returncode == 0, result.stderr
    assert db.is_file()


@pytest.fixture
def make_read_only() -> Iterator[Callable[[Path], None]]:
    """Makes a file unwritable for this process: by its mode, or (as root, who
    ignores modes) with the immutable attribute, removed again afterwards."""
    frozen: list[Path] = []

    def freeze(path: Path) -> None:
        if os.geteuid() != 0:
            path.chmod(0o444)
            return
        chattr = shutil.which("chattr")
        if chattr is None or subprocess.run([chattr, "+i", str(path)]).returncode != 0:
            pytest.skip("running as root and cannot make a file immutable here")
        frozen.append(path)

    yield freeze
    for path in frozen:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def test_an_unwritable_empty_file_is_one_line_and_exit_2(
    tmp_path: Path, make_read_only: Callable[[Path], None]
) -> None:
    db = tmp_path / "store.db"
    db.touch()
    make_read_only(db)
    assert_one_line_error(canon("status", db=db), db)


def test_writing_to_an_unwritable_store_is_one_line_and_exit_2(
    tmp_path: Path, make_read_only: Callable[[Path], None]
) -> None:
    db = tmp_path / "store.db"
    assert canon("init", db=db).returncode == 0
    make_read_only(db)
    assert canon("status", db=db).returncode == 0, "reading a read-only store still works"
    line = '{"entity_id": "user:primary"}\n'
    assert_one_line_error(canon("ingest", "-", db=db, stdin=line), db, "cannot write to store")
