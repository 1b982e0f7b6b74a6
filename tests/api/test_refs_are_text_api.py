"""Where a piece of evidence came from (its ``source.ref`` and each corroborator's ``ref``) is
text its writer chooses, and the owner reads it in `canon why`: it holds no control character
and never starts a line of its own (the HTTP API, a real SQLite store, `canon why` as typed).

Before: an assistant's token posted `source.ref` "x\\x1b]52;c;...\\x07\\x1b[2J\\nFORGED LINE"; it
was taken (only the value was checked), and `canon why` printed it as it came, so the owner's
terminal ran it (cleared the screen, set the clipboard) and a line of its own read "FORGED
LINE" in the table."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from api_harness import Api, running_api
from canon_cli import canon
from canon_testing import NOW, make_observation

from core.api.tokens import issue_token
from core.cli.common import out

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
        yield api


def _with_ref(ref: str, where: str) -> dict[str, Any]:
    proposal = make_observation("travel.location", "Reno", entity=ALICE, at=NOW, source="agent")
    if where == "source":
        proposal["source"]["ref"] = ref
    else:
        proposal["corroborators"] = [{"type": "agent", "ref": ref}]
    return proposal


@pytest.mark.parametrize("where", ["source", "corroborator"])
@pytest.mark.parametrize("ref", SEQUENCES)
async def test_a_ref_holding_a_control_character_is_refused_at_the_door(
    api: Api, tmp_path: Path, ref: str, where: str
) -> None:
    posted = await api.call(
        "agent", "POST", "/v1/observations", json_body={"observations": [_with_ref(ref, where)]}
    )

    [result] = posted.body["results"]
    assert result["decision"] == "invalid", posted.body
    assert "control character U+00" in str(result["errors"]) or "U+007F" in str(result), result
    assert (await api.call(ALICE, "GET", "/v1/questions")).body["questions"] == []
    env = {"CANON_DB": str(tmp_path / "canon.db"), "COLUMNS": "400"}
    for command in (("why", "travel.location", "--entity", ALICE), ("dlq",), ("pending",)):
        shown = canon(*command, env=env)
        assert shown.returncode == 0, shown.stderr
        assert not any(ch in shown.stdout for ch in "\x1b\x07\x00\x7f"), repr(shown.stdout)


@pytest.mark.parametrize("ref", LINES)
async def test_a_ref_is_shown_on_its_own_line_in_canon_why(
    api: Api, tmp_path: Path, ref: str
) -> None:
    posted = await api.call(
        "agent", "POST", "/v1/observations", json_body={"observations": [_with_ref(ref, "source")]}
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
        ("x\ry", "x\\ry"),
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
