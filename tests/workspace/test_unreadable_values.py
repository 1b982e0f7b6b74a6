"""A STATE-INPUT value that is not text (a lone surrogate or a NUL, escaped in quotes or
typed) is a bad line: refused with why and kept in the dead-letter queue, the zone's other
lines read; `canon project` goes on.

Before, ``- profile.name = "Al\\ud800ice"`` stopped `canon project` with a traceback
(UnicodeEncodeError hashing the line) before any line was read, on every pass, and
`canon watch` with it. Checked as the message check is (``message_text_hazards``).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_workspace_flow import edit_inputs

from core.cli import cli

AT = ["--now", "2026-02-19T14:31:00Z", "--json"]


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ('- profile.name = "Al\\ud800ice"', "lone surrogate"),
        ('- profile.name = "Al\\u0000ice"', "U+0000"),
        ("- profile.name = Al\x00ice", "U+0000"),
        ('- profile.name = "Al\\u001b[2Jice"', "U+001B"),
    ],
    ids=["escaped surrogate", "escaped NUL", "typed NUL", "escaped ESC"],
)
def test_a_value_that_is_not_text_is_a_bad_line_and_the_rest_is_read(
    tmp_path: Path, workspace: Path, line: str, why: str
) -> None:
    runner = CliRunner()
    folder = shutil.copytree(workspace, tmp_path / "ws")
    env = {
        "CANON_DB": str(tmp_path / "canon.db"),
        "CANON_WORKSPACE": str(folder),
        "CANON_WORKSPACE_EDITOR": "user",
    }
    assert runner.invoke(cli, ["migrate", *AT], env=env).exit_code == 0
    edit_inputs(folder, [line, "- travel.location = Reno"])

    done = runner.invoke(cli, ["project", *AT], env=env)

    assert done.exit_code == 0, done.output
    report = json.loads(done.output)
    decided = {d["field"]: d["decision"] for d in report["inputs"]["decisions"]}
    assert decided == {"travel.location": "auto_commit", None: "invalid"}, decided
    state = json.loads(runner.invoke(cli, ["state", "--json"], env=env).output)
    assert state["user:primary"]["travel.location"]["value"] == "Reno"
    assert "profile.name" not in state["user:primary"]
    letters = json.loads(runner.invoke(cli, ["dlq", "--json"], env=env).output)
    [letter] = letters["dead_letters"]
    assert why in letter["errors"][0]
    assert "Al" in letter["payload"]  # the line, kept


@pytest.mark.parametrize("zone", ["Mars/Olympus", "America", "PST"])
def test_a_time_zone_that_is_no_zone_is_dead_lettered_and_the_rest_is_read(
    tmp_path: Path, workspace: Path, zone: str
) -> None:
    """Every day of the user's is read on their zone; one no database knows was committed
    (the user's own line) and stopped every context block after it (ZoneInfoNotFoundError)."""
    runner = CliRunner()
    folder = shutil.copytree(workspace, tmp_path / "ws")
    env = {
        "CANON_DB": str(tmp_path / "canon.db"),
        "CANON_WORKSPACE": str(folder),
        "CANON_WORKSPACE_EDITOR": "user",
    }
    assert runner.invoke(cli, ["migrate", *AT], env=env).exit_code == 0
    edit_inputs(folder, [f"- profile.timezone = {zone}", "- travel.location = Reno"])

    done = runner.invoke(cli, ["project", *AT], env=env)

    assert done.exit_code == 0, done.output
    decided = {d["field"]: d["decision"] for d in json.loads(done.output)["inputs"]["decisions"]}
    assert decided["travel.location"] == "auto_commit", decided
    assert decided.get("profile.timezone", decided.get(None)) == "invalid", decided
    letters = json.loads(runner.invoke(cli, ["dlq", "--json"], env=env).output)
    [letter] = letters["dead_letters"]
    assert "is not a time zone" in letter["errors"][0]
    context = runner.invoke(cli, ["context", "--now", "2026-02-19T14:31:00Z"], env=env)
    assert context.exit_code == 0, context.output
