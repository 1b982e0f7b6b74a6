"""Compiled patterns kept between runs (``core/extraction/pattern_cache.py``).

The file may make a start faster, never a pattern different: a pattern built from it
equals the one ``re.compile`` builds (``Pattern.__eq__`` compares the compiled codes),
with the same groups and flags and the same words for its gate, and a file that is
missing, damaged or written by other code is compiled past, not trusted.
"""

from __future__ import annotations

import marshal
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from core.extraction.keep_patterns import compile_all
from core.extraction.pattern_cache import PatternCache, default_file
from core.extraction.word_gates import _EVERY, gate_words, parsed_gate_words

REPO = Path(__file__).resolve().parents[2]

PATTERNS: list[tuple[str, int]] = [
    (r"\bback\s+(?:home|in)\b", 0),
    (r"(?P<city>[A-Z][a-z]+)(?:,\s*(?P<state>[A-Z]{2}))?", 0),
    (r"due\s+(?:on\s+)?(?P<day>mon|tue|wed|thu|fri)", re.IGNORECASE),
    (r"(?i)kelvin\s+\d+\s*k", 0),
    (r"(?<!not\s)\bpaid\b(?=.*\bbill\b)", 0),
    (r"^\s*-\s+\[(?P<done>[ xX])\]\s+(?P<task>.+)$", re.MULTILINE),
    (
        r"""
        \b(?:flight|train)   # what
        \s+(?:lands|arrives) # how
    """,
        re.VERBOSE,
    ),
    (r"(\w+)\s+\1", 0),
    (r"café|naïve|Straße", re.IGNORECASE),
    (r"a|b|c|d|e", 0),
]


def words_and_flags(tree: Any, flags: int) -> tuple[frozenset[str] | None, int]:
    return parsed_gate_words(tree, flags), flags


def test_a_kept_pattern_is_the_one_re_compiles(tmp_path: Path) -> None:
    path = tmp_path / "patterns.marshal"
    first = PatternCache(path)
    made = [first.compile("k", source, flags, words_and_flags) for source, flags in PATTERNS]
    assert first.save(force=True)
    again = PatternCache(path)
    for (source, flags), (made_pattern, made_derived) in zip(PATTERNS, made, strict=True):
        pattern, derived = again.compile("k", source, flags, words_and_flags)
        fresh = re.compile(source, flags)
        assert pattern == fresh == made_pattern
        assert (pattern.pattern, pattern.flags, pattern.groups, pattern.groupindex) == (
            fresh.pattern,
            fresh.flags,
            fresh.groups,
            fresh.groupindex,
        )
        assert derived == made_derived == (gate_words(fresh), fresh.flags)
    assert not again.save(force=True), "every pattern was read from the file: nothing new"


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"not marshal at all",
        marshal.dumps(("another format", {})),
        marshal.dumps((1, [])),
        # Right shape, wrong codes: _sre checks the codes it is given and refuses these.
        marshal.dumps((1, {("k", r"\bback\b", 0): (32, b"\xff" * 16, 0, {}, (None,), None)})),
    ],
    ids=["empty", "garbage", "other format", "not a table", "bad codes"],
)
def test_a_damaged_file_is_compiled_past(tmp_path: Path, damage: bytes) -> None:
    path = tmp_path / "patterns.marshal"
    path.write_bytes(damage)
    pattern, words = PatternCache(path).compile("k", r"\bback\b", 0, words_and_flags)
    assert pattern == re.compile(r"\bback\b")
    assert words == (frozenset({"back"}), re.UNICODE)


def test_another_kind_reads_nothing_of_this_ones(tmp_path: Path) -> None:
    path = tmp_path / "patterns.marshal"
    kept = PatternCache(path)
    kept.compile("gated:v1", r"\bhome\b", 0, lambda tree, flags: "v1 reading")
    kept.save(force=True)
    _pattern, derived = PatternCache(path).compile(
        "gated:v2", r"\bhome\b", 0, lambda tree, flags: "v2 reading"
    )
    assert derived == "v2 reading"


def test_nothing_is_written_where_python_writes_no_bytecode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "patterns.marshal"
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    cache = PatternCache(path)
    cache.compile("k", r"\bhome\b", 0, words_and_flags)
    assert not cache.save()
    assert not path.exists()
    assert cache.save(force=True)
    assert path.exists()
    assert os.stat(path).st_mode & 0o777 == 0o644


def test_no_file_compiles_as_re_does() -> None:
    cache = PatternCache(None)
    pattern, derived = cache.compile("k", r"\bhome\b", 0, words_and_flags)
    assert pattern == re.compile(r"\bhome\b")
    assert derived == (frozenset({"home"}), re.UNICODE)
    assert not cache.save(force=True)


SAMPLE = 8
"""Compiling all 1,800 patterns again takes seconds: every eighth is compared (each
kept pattern is made the same way, so one made wrong would show among them)."""


def test_the_extractors_patterns_are_the_ones_re_compiles() -> None:
    """Whether this process read them from the file (``make test`` writes it first) or
    compiled them: the same codes, and the same words for each gate."""
    compile_all()
    assert len(_EVERY) > 1000
    for gated in _EVERY[::SAMPLE]:
        fresh = re.compile(gated.pattern, gated.flags)
        assert gated.whole == fresh, gated.pattern
        assert gated._words == gate_words(fresh), gated.pattern


def test_keep_patterns_writes_a_file_the_next_process_reads_whole(tmp_path: Path) -> None:
    """``python -m core.extraction.keep_patterns`` (what ``make`` runs) writes the file
    under the bytecode prefix; a process importing the extractor then compiles nothing."""
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"}
    run = subprocess.run(
        [sys.executable, "-m", "core.extraction.keep_patterns"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    kept = list(tmp_path.rglob("patterns.*.marshal"))
    assert len(kept) == 1, run.stdout
    assert str(kept[0]) in run.stdout
    assert default_file() is not None
    assert default_file() != kept[0]
    table = marshal.loads(kept[0].read_bytes())[1]
    assert {kind.split(":")[0] for kind, _source, _flags in table} == {
        "gated",
        "branched",
        "branch",
    }
    assert len(table) >= len(_EVERY)

    def never(tree: Any, flags: int) -> None:
        raise AssertionError("read from the file, never parsed")

    reader = PatternCache(kept[0])
    for n, (kind, source, flags) in enumerate(table):
        pattern, _derived = reader.compile(kind, source, flags, never)
        assert n % SAMPLE or pattern == re.compile(source, flags), source
