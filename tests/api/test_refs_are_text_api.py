"""Where a piece of evidence came from (its ``source.ref`` and each corroborator's ``ref``) is
text its writer chooses, and the owner reads it in `canon why`: it holds no control character
and never starts a line of its own (the HTTP API, a real SQLite store, `canon why` as typed).

Before: an assistant's token posted `source.ref` "x\\x1b]52;c;...\\x07\\x1b[2J\\nFORGED LINE"; it
was taken (only the value was checked), and `canon why` printed it as it came, so the owner's
terminal ran it (cleared the screen, set the clipboard) and a line of its own read "FORGED
LINE" in the table."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from api_harness import Api, running_api
from canon_cli import canon
from canon_testing import NOW, make_observation

from core.api.tokens import issue_token
from core.cli.common import out
from core.domain.timeutil import format_ts

ALICE = "user:alice"
SEQUENCES = [
    "msg-1\x1b[2J",
    "msg-1\x1b]52;c;cHduZWQ=\x07",
    "msg-1\x1b]52;c;cHduZWQ=\x1b\\",
    "msg-1\x00",
    "msg-1\x7f",
]
"""Refs holding a character nobody types: a screen clear, an OSC 52 that sets the terminal's
clipboard (ended by a bell or by ST), a NUL, a DEL."""
LINES = ["msg-1\nFORGED LINE", "msg-1\u2028FORGED LINE", "msg-1\u202eFORGED LINE"]
"""Refs a person could paste (line breaks, a direction override): taken, shown on one line."""


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    async with running_api(tmp_path) as api:
        made = await issue_token(api.engine, ALICE, "agent", NOW, role="agent")
        api.tokens["agent"] = made.secret
        feed = await issue_token(
            api.engine, ALICE, "ical", NOW, role="signals", source_types=("calendar",)
        )
        api.tokens["calendar"] = feed.secret
        yield api


def _with_ref(ref: str, source: str = "agent") -> dict[str, Any]:
    proposal = make_observation("travel.location", "Reno", entity=ALICE, at=NOW, source=source)
    proposal["source"]["ref"] = ref
    return proposal


@pytest.mark.parametrize(("writer", "source"), [("agent", "agent"), ("calendar", "calendar")])
@pytest.mark.parametrize("ref", SEQUENCES)
async def test_a_ref_holding_a_control_character_is_refused_at_the_door(
    api: Api, tmp_path: Path, ref: str, writer: str, source: str
) -> None:
    posted = await api.call(
        writer, "POST", "/v1/observations", json_body={"observations": [_with_ref(ref, source)]}
    )

    [result] = posted.body["results"]
    assert result["decision"] == "invalid", repr(result)
    assert "$.source.ref: control character U+00" in str(result["errors"]), result
    assert (await api.call(ALICE, "GET", "/v1/questions")).body["questions"] == []
    env = {"CANON_DB": str(tmp_path / "canon.db"), "COLUMNS": "400"}
    for command in (("why", "travel.location", "--entity", ALICE), ("dlq",), ("pending",)):
        shown = canon(*command, env=env)
        assert shown.returncode == 0, shown.stderr
        assert not any(ch in shown.stdout for ch in "\x1b\x07\x00\x7f"), repr(shown.stdout)


@pytest.mark.parametrize("ref", SEQUENCES)
def test_a_corroborators_ref_holding_a_control_character_is_refused_by_canon_ingest(
    tmp_path: Path, ref: str
) -> None:
    """A token's corroborator must cite evidence on file, whose ref passed the door; the
    owner's own file names any, so its refs are checked as a source's."""
    line = make_observation("travel.location", "Reno", entity=ALICE, at=NOW, source="calendar")
    line["corroborators"] = [{"type": "email", "ref": ref}]
    (tmp_path / "in.jsonl").write_text(json.dumps(line) + "\n")
    env = {"CANON_DB": str(tmp_path / "canon.db"), "COLUMNS": "400"}

    canon("ingest", str(tmp_path / "in.jsonl"), "--now", format_ts(NOW), env=env)
    shown = canon("dlq", env=env)

    assert "corroborators[0].ref" in shown.stdout, shown.stdout
    assert not any(ch in shown.stdout for ch in "\x1b\x07\x00\x7f"), repr(shown.stdout)
    why = canon("why", "travel.location", "--entity", ALICE, env=env)
    assert "No committed value" in why.stdout, why.stdout
    assert "Reno" not in why.stdout, why.stdout


@pytest.mark.parametrize("ref", LINES)
async def test_a_ref_is_shown_on_its_own_line_in_canon_why(
    api: Api, tmp_path: Path, ref: str
) -> None:
    posted = await api.call(
        "agent", "POST", "/v1/observations", json_body={"observations": [_with_ref(ref)]}
    )
    assert posted.body["results"][0]["decision"] == "ask_user", posted.body
    env = {"CANON_DB": str(tmp_path / "canon.db"), "COLUMNS": "400"}

    shown = canon("why", "travel.location", "--entity", ALICE, env=env)

    assert shown.returncode == 0, shown.stderr
    [line] = [line for line in shown.stdout.splitlines() if "FORGED" in line]
    assert "agent:msg-1" in line, shown.stdout
    assert not any(ch in shown.stdout for ch in "\u2028\u202e"), repr(shown.stdout)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Reno\x1b[2J", "Reno\\x1b[2J"),
        ("a\x1b]52;c;eA==\x07b", "a\\x1b]52;c;eA==\\x07b"),
        ("x\ry", "x\\x0dy"),
        ("\x9b2J", "\\x9b2J"),
        ("left\u202eright", "left\\u202eright"),
        ("two\nlines", "two\nlines"),
        ("Zürich ✅ 👨\u200d👩\u200d👧", "Zürich ✅ 👨\u200d👩\u200d👧"),
    ],
)
def test_the_command_lines_console_prints_no_terminal_sequence(
    capsys: pytest.CaptureFixture[str], text: str, shown: str
) -> None:
    """Whatever a command prints (a feed's error, a skipped event's id, a value kept from
    before values were checked), the owner's terminal is given no sequence to run and no
    direction to turn: a control character is written as its escape."""
    out().print(text)

    assert capsys.readouterr().out == shown + "\n"
