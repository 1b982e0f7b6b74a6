"""Canon's own files are its owner's alone: 0600 files in 0700 folders, whatever the umask.

The store (and SQLite's -wal, -shm and -journal beside it), OAuth tokens, the
service environment file, workspace backups and reports hold the user's life
and secrets. Folders Canon creates are 0700; folders that already exist are
the user's and keep their mode. Files Canon creates are 0600, and a store made
by an older Canon is tightened when it is opened. Errors are ``OSError``; each
caller translates them into its own (a ``StoreError``, a ``WorkspaceError``...).
"""

from __future__ import annotations

import contextlib
import logging
import os
import tempfile
from pathlib import Path
from typing import Final

PRIVATE_DIR: Final = 0o700
PRIVATE_FILE: Final = 0o600
SQLITE_COMPANIONS: Final = ("-wal", "-shm", "-journal")
"""The files SQLite keeps beside a database, which hold its pages too."""

log = logging.getLogger(__name__)


def private_dir(path: Path) -> None:
    """Create ``path`` and its missing parents, each 0700; existing folders are left as they are."""
    missing: list[Path] = []
    at = path
    while not os.path.lexists(at) and at != at.parent:
        missing.append(at)
        at = at.parent
    for folder in reversed(missing):
        try:
            folder.mkdir(mode=PRIVATE_DIR)
        except FileExistsError:  # made meanwhile by another process: theirs to set
            continue
        os.chmod(folder, PRIVATE_DIR)  # mkdir's mode is narrowed by the umask, never widened
    if not path.is_dir():
        raise NotADirectoryError(f"{path} is not a folder")


def create_private(path: Path) -> bool:
    """Create ``path`` empty and 0600 unless it exists (never through a symlink); True if made."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, PRIVATE_FILE)
    except FileExistsError:
        return False
    try:
        os.fchmod(fd, PRIVATE_FILE)
    finally:
        os.close(fd)
    return True


def tighten(path: Path) -> None:
    """Make an existing file 0600 (a missing one, or a symlink, is left alone).

    A file someone else owns cannot be changed; that is logged, not fatal, so a
    store shared on purpose still opens.
    """
    try:
        if path.is_symlink() or (os.stat(path).st_mode & 0o777) == PRIVATE_FILE:
            return
        os.chmod(path, PRIVATE_FILE)
    except FileNotFoundError:
        return
    except PermissionError as e:
        if not os.access(path, os.W_OK):
            # Not writable either (immutable, read-only media): opening it decides what
            # happens next, and says so in one line of its own.
            log.debug("cannot make %s private (0600): %s", path, e.strerror or e)
            return
        log.warning("cannot make %s private (0600): %s", path, e.strerror or e)


def private_store_file(path: Path) -> None:
    """A SQLite store's file ready to open: its folder made (0700), the file created 0600,
    and an older store's file and companions tightened to 0600."""
    private_dir(path.parent)
    create_private(path)
    tighten_store(path)


def tighten_store(path: Path) -> None:
    """The store's file and the -wal, -shm, -journal beside it, 0600."""
    for name in (path.name, *(path.name + s for s in SQLITE_COMPANIONS)):
        tighten(path.with_name(name))


def write_private(path: Path, data: bytes, *, make_folder: bool = True) -> None:
    """Replace ``path`` with ``data`` atomically, as a 0600 file; its folder is made (0700)
    unless ``make_folder`` is False (then a missing folder is FileNotFoundError)."""
    if make_folder:
        private_dir(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            os.fchmod(fh.fileno(), PRIVATE_FILE)
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
