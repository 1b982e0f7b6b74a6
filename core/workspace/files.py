"""Reading and writing workspace files safely.

Files are read and written as UTF-8 bytes, so line endings and every other
byte survive untouched. A write goes to a temporary file in the same folder,
is fsynced and renamed over the original (then the folder is fsynced), and
only if the file still holds what was read: an edit made meanwhile wins and
the caller tries again with it.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from core.errors import WorkspaceError

BACKUP_DIR = Path(".canon") / "backups"


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def read_text(path: Path) -> str | None:
    """The file's text, or None when it does not exist."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as e:
        raise WorkspaceError(f"cannot read {path}: {e.strerror or e}") from e
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise WorkspaceError(
            f"{path} is not UTF-8 ({e.reason} at byte {e.start}); left as is"
        ) from e


def atomic_write(path: Path, text: str, *, expected: str | None) -> bool:
    """Replace ``path`` with ``text`` atomically; False (nothing written) if the
    file no longer holds ``expected`` (None: it must not exist yet)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        mode = path.stat().st_mode & 0o7777 if path.exists() else 0o644
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".canon-tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(text.encode("utf-8"))
                fh.flush()
                os.fsync(fh.fileno())
            os.chmod(tmp, mode)
            if read_text(path) != expected:
                return False
            os.replace(tmp, path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
        _fsync_dir(path.parent)
    except OSError as e:
        raise WorkspaceError(f"cannot write {path}: {e.strerror or e}") from e
    return True


def _fsync_dir(folder: Path) -> None:
    # Makes the rename itself durable; not every platform can open a folder.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def backup(workspace: Path, path: Path, now: datetime) -> Path:
    """Copy ``path`` to ``<workspace>/.canon/backups/<name>.<UTC stamp>[.n].bak``."""
    folder = workspace / BACKUP_DIR
    stamp = now.astimezone(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    name = str(path.relative_to(workspace)).replace(os.sep, "__")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"{name}.{stamp}.bak"
        n = 1
        while target.exists():
            target = folder / f"{name}.{stamp}.{n}.bak"
            n += 1
        shutil.copy2(path, target)
    except OSError as e:
        raise WorkspaceError(f"cannot back up {path} to {folder}: {e.strerror or e}") from e
    return target
