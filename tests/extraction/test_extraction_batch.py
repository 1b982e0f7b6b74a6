"""Many messages at once, and the start-up: parsed in batches, loaded lazily, said on stderr."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from core.cli import cli
from core.extraction.batch import primed
from core.extraction.linguistics import model, parse
from core.extraction.offline import extract_offline
from core.extraction.offline_input import parsed_text
from core.extraction.types import SourceKind

AT = datetime.fromisoformat("2026-03-04T09:00:00-08:00")
MESSAGES: list[tuple[str, SourceKind]] = [
    ("we're in tahoe until sunday, and my wife is sick", "conversation_assertive"),
    ("I \u201cthink\u201d   we   fly to Lisbon \u2014 next week", "conversation_assertive"),
    ("- [ ] Book hotel in Rome for April 3", "static_markdown"),
    ("**Diet:** vegetarian", "static_markdown"),  # a key-value line: nothing to parse
    ("i live in springfield. " * 300, "conversation_assertive"),  # cut at 4,000 characters
]


def _no_loading(_progress: object = None) -> object:
    raise AssertionError("the pipeline was asked to parse a message that should be cached")


def test_after_priming_extracting_the_same_messages_parses_nothing_new(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    parse.clear()
    for _ in primed(MESSAGES, lambda m: m):
        pass
    monkeypatch.setattr(model, "load", _no_loading)
    for text, source in MESSAGES:
        extract_offline(text, at=AT, source=source)


def test_a_key_value_markdown_line_is_not_parsed_at_all() -> None:
    assert parsed_text("**Diet:** vegetarian", "static_markdown") is None
    assert parsed_text("- [x] Pay rent", "static_markdown") == "Pay rent"


def test_messages_go_on_in_order_each_chunk_parsed_in_one_call_before_its_items(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    primes: list[list[str]] = []
    monkeypatch.setattr(parse, "prime", lambda texts: primes.append(list(texts)))
    items = ["a", None, "b", "c", None]  # None: a bad input line, passed on unparsed
    seen = []
    for item in primed(
        items, lambda i: None if i is None else (i, "conversation_assertive"), chunk=2
    ):
        seen.append((item, len(primes)))
    assert seen == [("a", 1), (None, 1), ("b", 2), ("c", 2), (None, 2)]
    assert primes == [["a"], ["b", "c"]]  # a chunk with nothing to parse calls nothing


def test_a_slow_load_is_announced_on_stderr_and_stdout_stays_json(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A fresh load (in this process) announced however quickly it goes.
    monkeypatch.setattr(model, "_loaded", None)
    monkeypatch.setattr(model, "_SLOW_LOAD_S", 0.0)
    monkeypatch.setattr(parse, "_progress", None)
    parse.clear()
    result = CliRunner().invoke(
        cli, ["extract", "--json", "--at", AT.isoformat(), "we're in Tahoe"], catch_exceptions=False
    )
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["intent"] == "assertive"
    assert "canon: loading the English language pipeline" in result.stderr
    parse.clear()  # parses by the pipeline loaded here go with it


_IMPORTS_SPACY = """
import sys
from core.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print("spacy imported" if "spacy" in sys.modules else "spacy not imported", file=sys.stderr)
"""


@pytest.mark.parametrize(
    ("args", "imported"),
    [
        (["--help"], False),
        (["status"], False),
        (["state"], False),
        (["extract", "--help"], False),
        (["extract", "--at", "2026-03-04T09:00:00Z", "we're in Tahoe"], True),  # the control
    ],
)
def test_only_commands_that_read_messages_import_spacy(
    tmp_path: Path, args: list[str], imported: bool
) -> None:
    env = {**os.environ, "CANON_DB": str(tmp_path / "canon.db")}
    result = subprocess.run(
        [sys.executable, "-c", _IMPORTS_SPACY, *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    expected = "spacy imported" if imported else "spacy not imported"
    assert result.stderr.splitlines()[-1] == expected, result.stderr
