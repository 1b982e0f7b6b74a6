"""`canon ingest` given bad input: one clear line or a dead letter, never a traceback.

Every bad line sits between two good ones, which must still be committed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from canon_testing import CALIBRATED_POLICY_FILE, make_observation
from click.testing import CliRunner, Result

from core.cli import cli
from core.jsonlines import MAX_LINE_BYTES

NOW = "2026-02-19T14:30:00Z"

CALIBRATED = ("--policy", str(CALIBRATED_POLICY_FILE))
"""Past calibration: what goes through commits as it would on a store in use."""


def canon(db: Path, *args: str, stdin: bytes | None = None) -> Result:
    return CliRunner().invoke(cli, ["--db", str(db), *CALIBRATED, *args], input=stdin)


def line(payload: Any) -> bytes:
    return json.dumps(payload, ensure_ascii=False).encode("utf-8")


def good(field: str, value: str) -> bytes:
    return line(make_observation(field, value))


def dead_letters(db: Path) -> list[dict[str, Any]]:
    letters: list[dict[str, Any]] = json.loads(canon(db, "dlq", "--json").output)["dead_letters"]
    return letters


def committed(db: Path) -> dict[str, Any]:
    state = json.loads(canon(db, "state", "--json", "--now", NOW).output)
    return {f: v["value"] for f, v in state.get("user:primary", {}).items()}


@pytest.mark.parametrize(
    ("bad", "error"),
    [
        (b'{"a": "\xff\xfe not utf-8"}', "line 2: not UTF-8 (byte 0xff at column 8)"),
        (b"\xc3\x28 truncated sequence", "line 2: not UTF-8"),
        (b"[" * 100_000 + b"]" * 100_000, "line 2: not JSON Canon accepts: nested deeper than 64"),
        (b'{"x":' * 100 + b"1" + b"}" * 100, "nested deeper than 64 levels"),
        (line(make_observation("travel.location", float("nan"))), "NaN (JSON has no NaN"),
        (b'{"candidate_value": Infinity}', "Infinity (JSON has no NaN"),
        (b'{"candidate_value": -Infinity}', "-Infinity (JSON has no NaN"),
        (b'{"candidate_value": 1e999}', "1e999 is out of range"),
        (b'{"candidate_value": ' + b"9" * 5000 + b"}", "line 2: not JSON Canon accepts"),
        (b'{"candidate_value": "\\ud800"}', "a lone surrogate \\ud800"),
        (b'{"candidate_value": "tab\there"}', "line 2: not JSON: Invalid control character"),
        (b'{"event_id": "x", "truncat', "line 2: not JSON: Unterminated string"),
        (b"\x00\x01\x02\x03", "line 2: not JSON"),
    ],
)
def test_a_bad_line_is_dead_lettered_and_the_rest_goes_through(
    tmp_path: Path, bad: bytes, error: str
) -> None:
    db = tmp_path / "canon.db"
    feed = b"\n".join([good("travel.location", "Tahoe"), bad, good("travel.status", "done")])
    result = canon(db, "ingest", "-", "--now", NOW, "--json", stdin=feed + b"\n")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["invalid"] == 1
    (letter,) = dead_letters(db)
    assert error in letter["errors"][0]
    assert committed(db) == {"travel.location": "Tahoe", "travel.status": "done"}


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\u0085"])
def test_unicode_line_separators_inside_strings_do_not_split_a_line(
    tmp_path: Path, separator: str
) -> None:
    db = tmp_path / "canon.db"
    value = f"Lake{separator}Tahoe"
    result = canon(db, "ingest", "-", "--now", NOW, stdin=good("travel.location", value) + b"\n")
    assert result.exit_code == 0, result.output
    assert dead_letters(db) == []
    assert committed(db) == {"travel.location": value}


def test_crlf_line_endings_and_a_byte_order_mark_are_read(tmp_path: Path) -> None:
    db = tmp_path / "canon.db"
    feed = b"\xef\xbb\xbf" + good("travel.location", "Tahoe") + b"\r\n\r\n"
    feed += good("travel.status", "done") + b"\r\n"
    assert canon(db, "ingest", "-", "--now", NOW, stdin=feed).exit_code == 0
    assert committed(db) == {"travel.location": "Tahoe", "travel.status": "done"}


def test_an_over_long_line_is_dead_lettered_without_keeping_it_whole(tmp_path: Path) -> None:
    db = tmp_path / "canon.db"
    huge = line(make_observation("travel.location", "x" * (MAX_LINE_BYTES + 10)))
    feed = b"\n".join([huge, good("travel.status", "done")])
    result = canon(db, "ingest", "-", "--now", NOW, stdin=feed)
    assert result.exit_code == 0, result.output
    (letter,) = dead_letters(db)
    assert f"line 1: {len(huge)} bytes, over the {MAX_LINE_BYTES} byte limit" in letter["errors"]
    assert len(letter["payload"]) < 100_000
    assert committed(db) == {"travel.status": "done"}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (bytes(range(256)) * 40, "is a binary file, not JSON Lines"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00", "is a binary file"),
        ('{"a": 1}\n'.encode("utf-16"), "is UTF-16 text; JSON Lines must be UTF-8"),
    ],
)
def test_a_file_that_is_not_text_is_one_clear_error(
    tmp_path: Path, content: bytes, message: str
) -> None:
    feed = tmp_path / "photo.jsonl"
    feed.write_bytes(content)
    env = {**os.environ, "CANON_DB": str(tmp_path / "canon.db")}
    result = subprocess.run(
        [sys.executable, "-m", "core.cli", "ingest", str(feed), "--now", NOW],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 2
    assert result.stderr.startswith(f"canon: error: {feed} {message}")
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stdout + result.stderr


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("photo.json", b"\xff\xd8\xff\xe0\x00\x10JFIF", "is not UTF-8 text"),
        ("photo.yaml", b"\x89PNG\r\n\x1a\n\x00", "is not UTF-8 text"),
        ("deep.json", b"[" * 100_000 + b"]" * 100_000, "nested deeper than 64 levels"),
        ("deep.yaml", b"[" * 100_000 + b"]" * 100_000, "is nested too deeply"),
        ("nan.json", b'{"steps": [{"at": NaN}]}', "not JSON: NaN (JSON has no NaN"),
        ("huge.yaml", b"#" * (17 << 20), "over the 16777216 byte limit"),
    ],
)
def test_a_scenario_that_cannot_be_read_is_one_clear_error(
    tmp_path: Path, name: str, content: bytes, message: str
) -> None:
    scenario = tmp_path / name
    scenario.write_bytes(content)
    result = canon(tmp_path / "canon.db", "replay", str(scenario))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"canon: error: {scenario}")
    assert message in result.stderr
    assert len(result.stderr.splitlines()) == 1
