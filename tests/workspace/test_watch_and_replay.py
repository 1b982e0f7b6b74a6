"""`canon watch` on a real folder, the replay's markdown steps, and the CLI."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner
from workspace_fixtures import NOW, USER_EDITS

from core.cli import cli
from core.engine.engine import Engine
from core.scenario import replay
from core.signals.intake import default_extractor
from core.workspace import PassReport, migrate_workspace, watch_workspace

ZONE_BEGIN = "<!-- STATE-INPUT:BEGIN zone_id=manual_overrides schema=v1 -->"
ZONE_END = "<!-- STATE-INPUT:END zone_id=manual_overrides -->"


def write_inputs(workspace: Path, lines: list[str]) -> None:
    text = (workspace / "MEMORY.md").read_text(encoding="utf-8")
    head, rest = text.split(ZONE_BEGIN + "\n")
    _, tail = rest.split(ZONE_END)
    body = "".join(line + "\n" for line in lines)
    (workspace / "MEMORY.md").write_text(f"{head}{ZONE_BEGIN}\n{body}{ZONE_END}{tail}", "utf-8")


@pytest.mark.timeout(60)
async def test_watch_ingests_an_edit_made_while_canon_runs(engine: Engine, workspace: Path) -> None:
    await migrate_workspace(engine, workspace, NOW, extractor=default_extractor())
    passes: asyncio.Queue[PassReport] = asyncio.Queue()
    stop = asyncio.Event()
    task = asyncio.create_task(
        watch_workspace(
            engine,
            workspace,
            clock=lambda: NOW + timedelta(minutes=1),
            settings=USER_EDITS,
            stop=stop,
            on_pass=passes.put,
            debounce_ms=50,
        )
    )
    try:
        await passes.get()  # the pass at start
        edit = ["- travel.status = in_progress", "- travel.destination = Tahoe"]
        ingested: PassReport | None = None
        while ingested is None:
            # The watcher may start just after the first edit: edit again until seen.
            write_inputs(workspace, edit)
            try:
                report = await asyncio.wait_for(passes.get(), timeout=2)
            except TimeoutError:
                continue
            if report.inputs.outcomes:
                ingested = report
    finally:
        stop.set()
        await task
    assert {(o.field, o.decision) for o in ingested.inputs.outcomes} == {
        ("travel.status", "auto_commit"),
        ("travel.destination", "auto_commit"),
    }
    assert "HEARTBEAT.md" in ingested.projection.written
    assert "Tahoe trip — status in_progress" in (workspace / "HEARTBEAT.md").read_text("utf-8")


async def test_replay_markdown_steps_read_prose_and_state_input_zones() -> None:
    def memory(lines: list[str]) -> str:
        return (
            "# Memory\n\nI work at Acme.\n\n"
            "<!-- STATE:BEGIN zone_id=current_state schema=v1 -->\n"
            "- travel.status: completed (a projection is never read as input)\n"
            "<!-- STATE:END zone_id=current_state -->\n\n"
            f"{ZONE_BEGIN}\n" + "".join(f"{line}\n" for line in lines) + f"{ZONE_END}\n"
        )

    scenario = {
        "steps": [
            {
                "at": "2026-02-19T10:00:00Z",
                "markdown": {
                    "file": "MEMORY.md",
                    "text": memory(["- travel.status = in_progress"]),
                },
            },
            {
                "at": "2026-02-19T10:05:00Z",
                "markdown": {
                    "file": "MEMORY.md",
                    "text": memory(["- travel.status = in_progress"]),
                },
            },
            {"at": "2026-02-24T10:00:00Z", "markdown": {"file": "MEMORY.md", "text": memory([])}},
            {
                "at": "2026-02-24T10:01:00Z",
                "markdown": {"file": "MEMORY.md", "text": memory(["x"])},
            },
        ]
    }
    result = await replay(scenario)
    by_step = [
        [
            (d["field"], d["candidate_value"], d["decision"])
            for d in result["decisions"]
            if d["step"] == i and (i < 2 or d["decision"] != "duplicate")
        ]
        for i in range(4)
    ]
    assert ("travel.status", "in_progress", "auto_commit") in by_step[0]
    assert ("travel.status", "completed", "auto_commit") not in by_step[0]
    assert all(decision == "duplicate" for _, _, decision in by_step[1])
    # The prose is a recorded duplicate; the deleted line is a retraction.
    assert by_step[2] == [("travel.status", None, "auto_commit")]
    assert by_step[3] == [(None, None, "invalid")]
    assert "travel.status" not in result["state"].get("user:primary", {})
    assert result["dlq"] == 1


def test_cli_migrate_then_project(workspace: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    env = {
        "CANON_DB": str(tmp_path / "cli.db"),
        "CANON_WORKSPACE": str(workspace),
        "CANON_WORKSPACE_EDITOR": "user",
    }
    at = ["--now", "2026-02-19T14:30:00Z", "--json"]
    res = runner.invoke(cli, ["migrate", *at], env=env)
    assert res.exit_code == 0, res.output
    assert "MEMORY.md:manual_overrides" in json.loads(res.output)["zones_added"]

    write_inputs(workspace, ["- travel.status = in_progress", "- not a belief"])
    res = runner.invoke(cli, ["project", *at], env=env)
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert [d["decision"] for d in data["inputs"]["decisions"]] == ["auto_commit", "invalid"]
    assert {f["file"]: f["status"] for f in data["files"]}["HEARTBEAT.md"] == "written"

    (workspace / "HEARTBEAT.md").write_text("<!-- STATE:BEGIN zone_id=x schema=v1 -->\n", "utf-8")
    res = runner.invoke(cli, ["project", str(workspace)], env=env)
    assert res.exit_code == 1
    assert "has no STATE:END marker" in res.output

    res = runner.invoke(cli, ["project", str(tmp_path / "nope")], env=env)
    assert res.exit_code == 2
    assert "is not a folder" in res.output
