"""End to end on real files: migrate, STATE-INPUT edits, drift, legacy mode, errors."""

from __future__ import annotations

import threading
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from markdown_it import MarkdownIt
from workspace_fixtures import HEARTBEAT_TEXT, MEMORY_TEXT, NOW, USER_EDITS

from core.engine.engine import Engine
from core.engine.review import answer_review
from core.projections.zones import find_zones
from core.signals.intake import default_extractor
from core.workspace import (
    WorkspaceSettings,
    migrate_workspace,
    refresh_projections,
    workspace_pass,
    workspace_store,
)
from core.workspace.files import atomic_write
from core.workspace.manual_input import WORKSPACE_AGENT

INPUT_END = "<!-- STATE-INPUT:END zone_id=manual_overrides -->"


async def migrated(engine: Engine, workspace: Path) -> None:
    await migrate_workspace(engine, workspace, NOW, extractor=default_extractor())


def read(workspace: Path, name: str) -> str:
    return (workspace / name).read_bytes().decode("utf-8")


def edit_inputs(workspace: Path, lines: list[str]) -> None:
    """Replace the body of MEMORY.md's manual_overrides zone, as a person would."""
    text = read(workspace, "MEMORY.md")
    zone = next(z for z in find_zones(text) if z.zone_id == "manual_overrides")
    kept = text.split("\n")
    new = [*kept[: zone.begin + 1], *lines, *kept[zone.end :]]
    (workspace / "MEMORY.md").write_text("\n".join(new), encoding="utf-8")


def every_file(folder: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def is_subsequence(small: list[str], big: list[str]) -> bool:
    it = iter(big)
    return all(line in it for line in small)


async def test_migrate_keeps_every_line_backs_up_and_is_idempotent(
    engine: Engine, workspace: Path
) -> None:
    report = await migrate_workspace(engine, workspace, NOW, extractor=default_extractor())
    assert report.outcomes, "the existing notes were read through the pipeline"
    assert {o.decision for o in report.outcomes} <= {"auto_commit", "ask_user", "tentative_reject"}
    heartbeat, memory = read(workspace, "HEARTBEAT.md"), read(workspace, "MEMORY.md")
    assert is_subsequence(HEARTBEAT_TEXT.split("\r\n"), heartbeat.split("\r\n"))
    assert is_subsequence(MEMORY_TEXT.split("\n"), memory.split("\n"))
    assert "\n" not in heartbeat.replace("\r\n", "")  # CRLF file stays CRLF
    assert sorted(report.zones_added) == [
        "HEARTBEAT.md:active_reminders",
        "HEARTBEAT.md:state_change_log",
        "MEMORY.md:current_state",
        "MEMORY.md:manual_overrides",
    ]
    backups = sorted((workspace / ".canon" / "backups").iterdir())
    assert [b.read_text(encoding="utf-8") for b in backups] == [
        HEARTBEAT_TEXT.replace("\r\n", "\n"),  # read_text translates newlines
        MEMORY_TEXT,
    ]
    # The zone sits right under the legacy anchor; the old section text stays below it.
    lines = heartbeat.split("\r\n")
    anchor = lines.index("## Active Reminders")
    assert lines[anchor + 2].startswith("<!-- STATE:BEGIN zone_id=active_reminders")

    events = await engine.store.count_events()
    files = every_file(workspace)
    again = await migrate_workspace(
        engine, workspace, NOW + timedelta(minutes=5), extractor=default_extractor()
    )
    assert again.zones_added == ()
    assert again.backups == ()
    assert {o.decision for o in again.outcomes} == {"duplicate"}
    assert await engine.store.count_events() == events
    assert every_file(workspace) == files


async def test_migrate_creates_missing_files(engine: Engine, tmp_path: Path) -> None:
    await migrated(engine, tmp_path)
    assert [z.zone_id for z in find_zones(read(tmp_path, "HEARTBEAT.md"))] == [
        "active_reminders",
        "state_change_log",
    ]
    assert (tmp_path / "memory" / "state-changes.md").exists()


async def test_state_input_lines_become_state_and_retractions(
    engine: Engine, workspace: Path
) -> None:
    await migrated(engine, workspace)
    edit_inputs(
        workspace,
        [
            "- [user:primary] travel.status = in_progress #intent=assertive",
            "- travel.destination = Tahoe",
            "- this line makes no sense",
        ],
    )
    t1 = NOW + timedelta(minutes=1)
    report = await workspace_pass(engine, workspace, t1, USER_EDITS)
    decisions = {(o.field, o.decision) for o in report.inputs.outcomes}
    assert ("travel.status", "auto_commit") in decisions
    assert ("travel.destination", "auto_commit") in decisions
    assert [o.decision for o in report.inputs.outcomes].count("invalid") == 1
    fact = await engine.store.fact("user:primary", "travel.status")
    assert fact is not None
    assert fact.value == "in_progress"
    assert fact.source_type == "manual_markdown"
    assert str(fact.source_ref).startswith("MEMORY.md:manual_overrides:")
    assert fact.principal == "user:primary"  # the hand edit is the workspace owner's
    migrated_notes = await engine.store.events_for("user:primary", "travel.destination", None)
    # The prose of a workspace its assistant keeps is the assistant's notes, not Canon's.
    notes = {e.principal for e in migrated_notes if e.source_type == "static_markdown"}
    assert notes <= {WORKSPACE_AGENT}
    [letter] = await engine.store.dead_letters()
    assert "manual_overrides line 3: expected" in letter.errors[0]
    assert "in_progress" in read(workspace, "MEMORY.md").split(INPUT_END)[0]
    assert "Tahoe trip" in read(workspace, "HEARTBEAT.md")

    # Re-reading the unchanged file: no new events, no new dead letters, no writes.
    events = await engine.store.count_events()
    again = await workspace_pass(engine, workspace, t1 + timedelta(minutes=1), USER_EDITS)
    assert again.inputs.outcomes == ()
    assert await engine.store.count_events() == events
    assert len(await engine.store.dead_letters()) == 1
    assert {f.status for f in again.projection.files} == {"unchanged"}

    # Deleting a line retracts the belief; changing one updates it. (Days later:
    # a contradiction of fresh evidence would be put to the user instead.)
    edit_inputs(workspace, ["- travel.status = completed"])
    t2 = t1 + timedelta(days=5)
    report = await workspace_pass(engine, workspace, t2, USER_EDITS)
    assert {(o.field, o.candidate_value, o.decision) for o in report.inputs.outcomes} == {
        ("travel.status", "completed", "auto_commit"),
        ("travel.destination", None, "auto_commit"),
    }
    assert await engine.store.fact("user:primary", "travel.destination") is None
    fact = await engine.store.fact("user:primary", "travel.status")
    assert fact is not None
    assert fact.value == "completed"

    # A line deleted and written again is new evidence, not a duplicate.
    edit_inputs(workspace, ["- travel.status = completed", "- travel.destination = Tahoe"])
    report = await workspace_pass(engine, workspace, t2 + timedelta(days=5), USER_EDITS)
    assert [(o.field, o.decision) for o in report.inputs.outcomes] == [
        ("travel.destination", "auto_commit")
    ]


async def test_a_hand_edit_inside_a_state_zone_is_drift_reverted_and_recorded(
    engine: Engine, workspace: Path
) -> None:
    await migrated(engine, workspace)
    edit_inputs(workspace, ["- travel.status = in_progress"])
    await workspace_pass(engine, workspace, NOW + timedelta(minutes=1), USER_EDITS)
    before = read(workspace, "MEMORY.md")
    tampered = before.replace("travel.status: in_progress", "travel.status: completed")
    (workspace / "MEMORY.md").write_text(tampered, encoding="utf-8")

    report = await refresh_projections(engine, workspace, NOW + timedelta(minutes=2))
    assert [(d.file, d.zone_id) for d in report.drift] == [("MEMORY.md", "current_state")]
    assert read(workspace, "MEMORY.md") == before
    fact = await engine.store.fact("user:primary", "travel.status")
    assert fact is not None
    assert fact.value == "in_progress"  # never applied to state
    [event] = await workspace_store(engine).events(("drift",))
    assert "travel.status: completed" in event.detail
    again = await refresh_projections(engine, workspace, NOW + timedelta(minutes=3))
    assert again.drift == ()


async def test_drift_tells_the_user_once_per_file_and_changes_no_state(
    engine: Engine, workspace: Path
) -> None:
    await migrated(engine, workspace)
    edit_inputs(workspace, ["- travel.status = in_progress"])
    await workspace_pass(engine, workspace, NOW + timedelta(minutes=1), USER_EDITS)
    clean = read(workspace, "MEMORY.md")
    for minute in (2, 3):  # drifted twice before the user looked
        tampered = clean.replace("travel.status: in_progress", f"travel.status: x{minute}")
        (workspace / "MEMORY.md").write_text(tampered, encoding="utf-8")
        await refresh_projections(engine, workspace, NOW + timedelta(minutes=minute))
    [notice] = [i for i in await engine.store.review_items(["queued", "pending"])]
    assert notice.kind == "drift"
    assert notice.reasons[0] == "You edited MEMORY.md inside Canon's section; I put it back."
    assert "STATE-INPUT" in notice.reasons[1]
    assert read(workspace, "MEMORY.md") == clean  # the notice is not written into the files

    result = await answer_review(engine, notice.id, "confirm", now=NOW + timedelta(minutes=4))
    assert (result.status, result.committed) == ("confirmed", False)
    fact = await engine.store.fact("user:primary", "travel.status")
    assert fact is not None
    assert fact.value == "in_progress"
    # Once answered, a new drift is told again.
    (workspace / "MEMORY.md").write_text(clean.replace("in_progress", "done"), encoding="utf-8")
    await refresh_projections(engine, workspace, NOW + timedelta(minutes=5))
    assert [i.kind for i in await engine.store.review_items(["queued", "pending"])] == ["drift"]


async def test_files_are_written_only_when_their_zones_change(
    engine: Engine, workspace: Path
) -> None:
    await migrated(engine, workspace)
    path = workspace / "HEARTBEAT.md"
    first = path.stat()
    report = await refresh_projections(engine, workspace, NOW + timedelta(minutes=1))
    assert report.written == ()
    second = path.stat()
    assert (second.st_ino, second.st_mtime_ns) == (first.st_ino, first.st_mtime_ns)


async def test_text_outside_zones_survives_every_pass(engine: Engine, workspace: Path) -> None:
    await migrated(engine, workspace)

    def outside(text: str) -> list[str]:
        hidden = {i for z in find_zones(text) for i in z.inner}
        return [ln for i, ln in enumerate(text.split("\r\n")) if i not in hidden]

    before = outside(read(workspace, "HEARTBEAT.md"))
    edit_inputs(workspace, ["- travel.status = in_progress", "- project.site.status = blocked"])
    report = await workspace_pass(engine, workspace, NOW + timedelta(minutes=1), USER_EDITS)
    assert "HEARTBEAT.md" in report.projection.written
    assert outside(read(workspace, "HEARTBEAT.md")) == before


async def test_broken_markers_leave_that_file_untouched(engine: Engine, workspace: Path) -> None:
    await migrated(engine, workspace)
    broken = read(workspace, "HEARTBEAT.md").replace(
        "<!-- STATE:END zone_id=active_reminders -->", "(marker deleted by hand)"
    )
    (workspace / "HEARTBEAT.md").write_bytes(broken.encode("utf-8"))
    edit_inputs(workspace, ["- travel.status = in_progress"])
    report = await workspace_pass(engine, workspace, NOW + timedelta(minutes=1), USER_EDITS)
    status = {f.file: (f.status, f.detail) for f in report.projection.files}
    assert status["HEARTBEAT.md"][0] == "error"
    assert "zones cannot nest" in status["HEARTBEAT.md"][1]
    assert status["MEMORY.md"][0] == "written"
    assert read(workspace, "HEARTBEAT.md") == broken


async def test_zones_mode_never_writes_a_file_without_zones(
    engine: Engine, workspace: Path
) -> None:
    report = await refresh_projections(engine, workspace, NOW)
    status = {f.file: f.status for f in report.files}
    assert status == {
        "HEARTBEAT.md": "skipped",
        "MEMORY.md": "skipped",
        "memory/state-changes.md": "written",
    }
    assert read(workspace, "HEARTBEAT.md") == HEARTBEAT_TEXT


LEGACY = "# Heartbeat\n\n## Active Reminders\n\n- old reminder\n\n## State Change Log\n\nold log\n"
LEGACY_MODE = WorkspaceSettings(mode="legacy_string")


async def test_legacy_mode_writes_under_anchors_with_backup_and_warning(
    engine: Engine, tmp_path: Path
) -> None:
    (tmp_path / "HEARTBEAT.md").write_text(LEGACY, encoding="utf-8")
    (tmp_path / "MEMORY.md").write_text(MEMORY_TEXT, encoding="utf-8")
    report = await refresh_projections(engine, tmp_path, NOW, LEGACY_MODE)
    assert read(tmp_path, "HEARTBEAT.md") == (
        "# Heartbeat\n\n## Active Reminders\n\n- _(nothing open)_\n\n"
        "## State Change Log\n\n- _(no changes yet)_\n"
    )
    assert read(tmp_path, "MEMORY.md") == MEMORY_TEXT  # no '## Current State' anchor: untouched
    assert any(w.startswith("legacy_string_projection_used") for w in report.warnings)
    [backup] = (tmp_path / ".canon" / "backups").iterdir()
    assert backup.read_text(encoding="utf-8") == LEGACY
    [event] = await workspace_store(engine).events(("legacy_string_projection_used",))
    assert event.file.endswith("HEARTBEAT.md")
    # Nothing changed: no write, no new backup.
    await refresh_projections(engine, tmp_path, NOW + timedelta(minutes=1), LEGACY_MODE)
    assert len(list((tmp_path / ".canon" / "backups").iterdir())) == 1


@pytest.mark.parametrize(
    ("text", "error"),
    [
        (LEGACY + "\n## Active Reminders\n\nagain\n", "appears 2 times"),
        ("# Heartbeat\n\n## Active Reminders\n\n- x\n", "'## State Change Log' not found"),
        ("```\n## Active Reminders\n```\n## State Change Log\n", "'## Active Reminders' not found"),
    ],
)
async def test_legacy_mode_refuses_missing_or_repeated_anchors(
    engine: Engine, tmp_path: Path, text: str, error: str
) -> None:
    (tmp_path / "HEARTBEAT.md").write_text(text, encoding="utf-8")
    report = await refresh_projections(engine, tmp_path, NOW, LEGACY_MODE)
    result = next(f for f in report.files if f.file == "HEARTBEAT.md")
    assert result.status == "error"
    assert error in result.detail
    assert read(tmp_path, "HEARTBEAT.md") == text
    assert not (tmp_path / ".canon").exists()


def test_an_atomic_write_loses_to_an_edit_made_meanwhile(tmp_path: Path) -> None:
    path = tmp_path / "MEMORY.md"
    path.write_text("what Canon read\n", encoding="utf-8")
    path.write_text("what the user saved since\n", encoding="utf-8")
    assert atomic_write(tmp_path, path, "Canon's version\n", expected="what Canon read\n") is False
    assert path.read_text(encoding="utf-8") == "what the user saved since\n"
    assert [p.name for p in tmp_path.iterdir()] == ["MEMORY.md"]  # no temp file left behind
    assert atomic_write(tmp_path, path, "Canon's version\n", expected="what the user saved since\n")
    assert path.read_text(encoding="utf-8") == "Canon's version\n"


async def test_the_workspaces_markdown_is_parsed_off_the_event_loop(
    engine: Engine, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whoever writes the workspace may make MEMORY.md huge (markdown-it parses a list line in
    about 0.4 ms: 8 MB is minutes), and the bot projects after every change: every parse of
    a workspace file runs in a thread, so every other chat's turn goes on meanwhile."""
    await migrated(engine, workspace)
    with (workspace / "MEMORY.md").open("a", encoding="utf-8") as notes:
        notes.write("".join(f"- note {n}: the kids liked the *lake*\n" for n in range(300)))
    edit_inputs(workspace, ["- travel.status = in_progress"])
    loop_thread = threading.get_ident()
    parsed_on: list[int] = []
    parse = MarkdownIt.parse

    def watched(self: MarkdownIt, src: str, env: Any = None) -> Any:
        parsed_on.append(threading.get_ident())
        return parse(self, src, env)

    monkeypatch.setattr(MarkdownIt, "parse", watched)
    report = await workspace_pass(engine, workspace, NOW + timedelta(minutes=1), USER_EDITS)
    assert "HEARTBEAT.md" in report.projection.written
    assert parsed_on, "the pass parsed no Markdown"
    assert loop_thread not in parsed_on, "a workspace file was parsed on the event loop"
