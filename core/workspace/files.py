"""Reading and writing workspace files safely.

Files are read and written as UTF-8 bytes, so line endings and every other
byte survive untouched. A write goes to a temporary file in the same folder,
is fsynced and renamed over the original (then the folder is fsynced), and
only if the file still holds what was read: an edit made meanwhile wins and
the caller tries again with it. Canon writes only inside the workspace: a path
that leads out (``..``, a symlinked folder) or is a symlink is refused
(``confined``). A file is read only when it is a regular file of at most
``MAX_FILE_BYTES``: whoever can write the workspace (an assistant, a synced folder)
could make ``USER.md`` a named pipe (a read that never returns) or a link to
``/dev/zero`` (one that never ends), and every pass would hang on it.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import stat
import tempfile
import threading
from datetime import UTC, datetime
from pathlib import Path

from core.errors import WorkspaceError
from core.private_files import PRIVATE_FILE, private_dir, write_private

BACKUP_DIR = Path(".canon") / "backups"
MAX_FILE_BYTES = 8_000_000
"""A workspace file larger than this is not read (a Markdown file a person keeps is far
smaller); it is named in the pass's errors and left as it is."""


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def read_text(path: Path) -> str | None:
    """The file's text, or None when it does not exist."""
    try:
        # Non-blocking: opening a named pipe must not wait for a writer.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        return None
    except OSError as e:
        raise WorkspaceError(f"cannot read {path}: {e.strerror or e}") from e
    data = _read_regular(fd, path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise WorkspaceError(
            f"{path} is not UTF-8 ({e.reason} at byte {e.start}); left as is"
        ) from e


def _read_regular(fd: int, path: Path) -> bytes:
    """The bytes of the open file ``fd`` (closed here): a regular file of at most
    ``MAX_FILE_BYTES``, else WorkspaceError and nothing read."""
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise WorkspaceError(
                f"{path} is not a regular file (a pipe, a device or a folder); left as is"
            )
        os.set_blocking(fd, True)
        with os.fdopen(os.dup(fd), "rb") as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise WorkspaceError(f"cannot read {path}: {e.strerror or e}") from e
    finally:
        os.close(fd)
    if len(data) > MAX_FILE_BYTES:
        raise WorkspaceError(
            f"{path} is larger than {MAX_FILE_BYTES // 1_000_000} MB; not read, left as is"
        )
    return data


def confined(workspace: Path, path: Path) -> Path:
    """``path`` as written: its real folder inside ``workspace``'s, and not a symlink.

    Raises WorkspaceError for a path that leaves the workspace: by ``..``, through
    a symlinked folder, or as a symlink itself (a write replaces the file, so it
    would break the link, and the link's target is not Canon's to write). The
    workspace itself may be a symlink: its real folder is the boundary.
    """
    root = workspace.resolve()
    try:
        rel = path.relative_to(workspace)
    except ValueError:
        raise WorkspaceError(f"refusing to write {path}: it is outside the workspace") from None
    if ".." in rel.parts:
        raise WorkspaceError(f"refusing to write {rel}: '..' leads outside the workspace")
    folder = path.parent.resolve()
    if not folder.is_relative_to(root):
        raise WorkspaceError(
            f"refusing to write {rel}: its folder leads outside the workspace (to {folder})"
        )
    real = folder / path.name
    if real.is_symlink():
        raise WorkspaceError(
            f"refusing to write {rel}: it is a symbolic link (to {os.readlink(real)}); "
            "Canon writes only regular files inside the workspace"
        )
    return real


_REPLACING = threading.Lock()
"""Held from a write's check of the file to its rename: passes run in threads (a file is
parsed off the event loop), and two passes that both found the text they expected must not
both replace it (the second would put back what the first had rendered over)."""


def atomic_write(workspace: Path, path: Path, text: str, *, expected: str | None) -> bool:
    """Replace ``path`` (inside ``workspace``: see ``confined``) with ``text`` atomically;
    False (nothing written) if the file no longer holds ``expected`` (None: it must not
    exist yet). A new file is 0600 in folders made 0700; an existing one keeps its mode.
    The rename replaces whatever is at the path, never following a symlink put there."""
    real = confined(workspace, path)
    try:
        private_dir(real.parent)
        mode = real.stat().st_mode & 0o7777 if real.exists() else PRIVATE_FILE
        fd, tmp = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".canon-tmp", dir=real.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(text.encode("utf-8"))
                fh.flush()
                os.fsync(fh.fileno())
            os.chmod(tmp, mode)
            with _REPLACING:  # the check and the rename as one step among this process's threads
                if _read_unfollowed(real) != expected:
                    return False
                os.replace(tmp, real)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
        _fsync_dir(real.parent)
    except OSError as e:
        raise WorkspaceError(f"cannot write {path}: {e.strerror or e}") from e
    return True


def _read_unfollowed(path: Path) -> str | None:
    """The file's text as ``read_text`` gives it, but a symlink is refused, not followed."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except FileNotFoundError:
        return None
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise WorkspaceError(f"refusing to write {path}: it became a symbolic link") from e
        raise
    data = _read_regular(fd, path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise WorkspaceError(f"{path} is not UTF-8; left as is") from e


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
    """Copy ``path`` to ``<workspace>/.canon/backups/<name>.<UTC stamp>[.n].bak`` (0600, in
    folders made 0700); neither the file nor the backup folder may lead outside."""
    source = confined(workspace, path)
    folder = workspace / BACKUP_DIR
    stamp = now.astimezone(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    name = str(path.relative_to(workspace)).replace(os.sep, "__")
    try:
        private_dir(confined(workspace, folder / "x").parent)
        target = folder / f"{name}.{stamp}.bak"
        n = 1
        while os.path.lexists(target):
            target = folder / f"{name}.{stamp}.{n}.bak"
            n += 1
        with open(source, "rb") as fh:
            write_private(target, fh.read())
    except OSError as e:
        raise WorkspaceError(f"cannot back up {path} to {folder}: {e.strerror or e}") from e
    return target
