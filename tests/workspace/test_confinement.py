"""Canon writes only inside the workspace (issue 23, finding 7: a symlinked folder let
`canon project` write outside it). A path that leads out, by ``..`` or a symlinked
folder, or that is a symlink, is refused with a clear error and nothing is written;
a symlink planted at the target while Canon works is replaced, never followed."""

from __future__ import annotations

import json
import os
import stat
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

import pytest
from canon_cli import canon
from workspace_fixtures import HEARTBEAT_TEXT, MEMORY_TEXT

from core.errors import WorkspaceError
from core.workspace import files
from core.workspace.files import atomic_write, backup, confined

pytestmark = pytest.mark.timeout(180)

NOW_TEXT = "2026-02-19T14:30:00Z"


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "secret.md").write_text("not Canon's\n", encoding="utf-8")
    return folder


@pytest.fixture
def ws(tmp_path: Path, outside: Path) -> Path:
    folder = tmp_path / "ws"
    folder.mkdir()
    (folder / "inside.md").write_text("mine\n", encoding="utf-8")
    os.symlink(outside, folder / "linked")  # a folder that leads out
    os.symlink(outside / "secret.md", folder / "escape.md")  # a file that leads out
    os.symlink(folder / "inside.md", folder / "alias.md")  # a link that stays in
    return folder


@pytest.mark.parametrize(
    ("rel", "refusal"),
    [
        ("../outside/secret.md", "'..' leads outside the workspace"),
        ("memory/../../outside/secret.md", "'..' leads outside the workspace"),
        ("linked/secret.md", "its folder leads outside the workspace"),
        ("linked/new.md", "its folder leads outside the workspace"),
        ("escape.md", "it is a symbolic link"),
        ("alias.md", "it is a symbolic link"),
        ("inside.md", None),
        ("memory/new.md", None),
    ],
)
def test_what_canon_may_write(ws: Path, outside: Path, rel: str, refusal: str | None) -> None:
    before = {p.name: p.read_bytes() for p in outside.iterdir()}
    if refusal is None:
        assert confined(ws, ws / rel) == ws.resolve() / rel
        assert atomic_write(ws, ws / rel, "Canon\n", expected=files.read_text(ws / rel))
        assert (ws / rel).read_text(encoding="utf-8") == "Canon\n"
    else:
        with pytest.raises(WorkspaceError, match=refusal):
            atomic_write(ws, ws / rel, "Canon\n", expected=None)
    assert {p.name: p.read_bytes() for p in outside.iterdir()} == before


def test_a_path_outside_the_workspace_is_refused(ws: Path, tmp_path: Path) -> None:
    with pytest.raises(WorkspaceError, match="outside the workspace"):
        atomic_write(ws, tmp_path / "elsewhere.md", "Canon\n", expected=None)
    assert not (tmp_path / "elsewhere.md").exists()


def test_a_workspace_that_is_itself_a_symlink_is_fine(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    os.symlink(real, tmp_path / "ws")
    assert atomic_write(tmp_path / "ws", tmp_path / "ws" / "MEMORY.md", "hi\n", expected=None)
    assert (real / "MEMORY.md").read_text(encoding="utf-8") == "hi\n"


def test_new_files_are_private_and_a_users_file_keeps_its_mode(ws: Path) -> None:
    os.chmod(ws / "inside.md", 0o644)
    assert atomic_write(ws, ws / "inside.md", "changed\n", expected="mine\n")
    assert stat.S_IMODE((ws / "inside.md").stat().st_mode) == 0o644
    assert atomic_write(ws, ws / "memory" / "state-changes.md", "new\n", expected=None)
    assert stat.S_IMODE((ws / "memory" / "state-changes.md").stat().st_mode) == 0o600
    assert stat.S_IMODE((ws / "memory").stat().st_mode) == 0o700


def test_a_symlink_planted_at_the_target_is_replaced_not_followed(
    ws: Path, outside: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check passes, then a link to a file outside appears where Canon writes."""
    target = ws / "MEMORY.md"
    checked = files.confined

    def check_then_plant(workspace: Path, path: Path) -> Path:
        real = checked(workspace, path)
        os.symlink(outside / "secret.md", real)
        return real

    monkeypatch.setattr(files, "confined", check_then_plant)
    with pytest.raises(WorkspaceError, match="became a symbolic link"):
        atomic_write(ws, target, "Canon\n", expected=None)
    assert (outside / "secret.md").read_text(encoding="utf-8") == "not Canon's\n"
    assert sorted(p.name for p in outside.iterdir()) == ["secret.md"]


def test_backups_stay_inside_and_private(ws: Path, outside: Path) -> None:
    saved = backup(ws, ws / "inside.md", _now())
    assert saved.parent == ws / ".canon" / "backups"
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    assert stat.S_IMODE((ws / ".canon").stat().st_mode) == 0o700
    with pytest.raises(WorkspaceError, match="symbolic link"):
        backup(ws, ws / "escape.md", _now())


def test_a_backup_folder_that_leads_out_is_refused(ws: Path, outside: Path) -> None:
    os.symlink(outside, ws / ".canon")
    with pytest.raises(WorkspaceError, match="leads outside the workspace"):
        backup(ws, ws / "inside.md", _now())
    assert sorted(p.name for p in outside.iterdir()) == ["secret.md"]


def test_canon_project_refuses_a_symlinked_folder_and_projects_the_rest(
    tmp_path: Path, outside: Path
) -> None:
    """The attack through the real command: memory/ leads outside the workspace."""
    ws = tmp_path / "workspace"
    ws.mkdir()
    (ws / "HEARTBEAT.md").write_bytes(HEARTBEAT_TEXT.encode("utf-8"))
    (ws / "MEMORY.md").write_bytes(MEMORY_TEXT.encode("utf-8"))
    env: dict[str, str | None] = {name: None for name in os.environ if name.startswith("CANON_")}
    env |= {"HOME": str(tmp_path), "CANON_DB": str(tmp_path / "canon.db")}
    migrated = canon("migrate", str(ws), "--now", NOW_TEXT, env=env)
    assert migrated.returncode == 0, migrated.stderr
    (ws / "memory" / "state-changes.md").unlink()
    (ws / "memory").rmdir()
    os.symlink(outside, ws / "memory")
    os.mkfifo(ws / "USER.md")  # before: the pass waited on the pipe for ever
    projected = canon("project", str(ws), "--json", "--now", NOW_TEXT, env=env)
    assert projected.returncode == 1, projected.stderr
    report = json.loads(projected.stdout)
    assert report["inputs"]["errors"] == [
        f"USER.md: {ws / 'USER.md'} is not a regular file (a pipe, a device or a folder); "
        "left as is"
    ]
    by_file = {f["file"]: f for f in report["files"]}
    audit = by_file["memory/state-changes.md"]
    assert audit["status"] == "error"
    assert "its folder leads outside the workspace" in audit["detail"]
    assert by_file["HEARTBEAT.md"]["status"] != "error"
    assert sorted(p.name for p in outside.iterdir()) == ["secret.md"]
    assert "Traceback" not in projected.stderr


def test_a_file_that_never_ends_or_is_too_big_is_not_read(
    ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: a workspace file that is a pipe, a link to /dev/zero or a folder hung the
    pass (or ate the memory); now each is one clear error and nothing is read."""
    os.mkfifo(ws / "pipe.md")
    os.symlink("/dev/zero", ws / "zero.md")
    (ws / "folder.md").mkdir()
    (ws / "big.md").write_bytes(b"a" * 101)
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 100)
    for name, why in [
        ("pipe.md", "not a regular file"),
        ("zero.md", "not a regular file"),
        ("folder.md", "not a regular file"),
        ("big.md", "larger than"),
    ]:
        with pytest.raises(WorkspaceError, match=why):
            files.read_text(ws / name)
    (ws / "big.md").write_bytes(b"a" * 100)
    assert files.read_text(ws / "big.md") == "a" * 100
    assert files.read_text(ws / "missing.md") is None


def _now() -> datetime:
    return datetime(2026, 2, 19, 14, 30, tzinfo=UTC)


def test_of_two_threads_expecting_the_same_text_one_writes(tmp_path: Path) -> None:
    """Projection passes run in threads: two that read the same text and write at once must
    not both replace the file (the loser reads it again and renders anew)."""
    path = tmp_path / "HEARTBEAT.md"
    path.write_text("before\n", encoding="utf-8")
    for round_ in range(20):
        start = threading.Barrier(2)

        def write(text: str, start: threading.Barrier = start) -> bool:
            start.wait()
            return atomic_write(tmp_path, path, text, expected="before\n")

        with ThreadPoolExecutor(2) as pool:
            won = list(pool.map(write, [f"a{round_}\n", f"b{round_}\n"]))
        assert won.count(True) == 1, won
        assert path.read_text(encoding="utf-8") == (f"a{round_}\n" if won[0] else f"b{round_}\n")
        path.write_text("before\n", encoding="utf-8")
