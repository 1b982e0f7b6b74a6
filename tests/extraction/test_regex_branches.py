"""``BranchedPattern``: the same matches as the whole pattern, found branch by branch first
(and the same again behind its word gate)."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

import core.extraction
from core.bench.extraction import compose_messages
from core.extraction.regex_branches import BranchedPattern, branched, top_level_branches
from core.extraction.word_gates import WordGated


def _apart(pattern: WordGated) -> BranchedPattern:
    """The branch-by-branch search inside a gated pattern."""
    assert isinstance(pattern.searched, BranchedPattern)
    return pattern.searched


def _branched_in_extraction() -> list[tuple[str, WordGated]]:
    found: dict[int, tuple[str, WordGated]] = {}
    for info in pkgutil.walk_packages(core.extraction.__path__, "core.extraction."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, WordGated) and isinstance(value.searched, BranchedPattern):
                found.setdefault(id(value), (f"{info.name}.{name}", value))
    return sorted(found.values(), key=lambda pair: pair[0])


TEXTS = [
    *(t.lower() for t in compose_messages(400)),
    "i'm currently travelling in lisbon",
    "just landed in denver, heading to the hotel",
    "we're here till sunday then home",
    "back when we were in dubai, the kids loved the beach",
    "i work at a hardware store near portland",
    "we moved to austin last year and love it",
    "",
    "in",
    "at the airport, flight delayed, stuck in frankfurt overnight",
]


def _same(a: re.Match[str] | None, b: re.Match[str] | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.span() == b.span() and a.groups() == b.groups() and a.groupdict() == b.groupdict()


def test_the_extractors_branched_patterns_are_searched_apart() -> None:
    patterns = _branched_in_extraction()
    assert len(patterns) >= 20
    assert all(_apart(p)._branches for _name, p in patterns), "each one splits into branches"


@pytest.mark.parametrize(("name", "gated"), _branched_in_extraction())
def test_every_search_and_finditer_is_the_whole_patterns(name: str, gated: WordGated) -> None:
    """Searched apart, gated by its words, and both (the extractor's way)."""
    for text in TEXTS:
        for pattern in (_apart(gated), gated):
            _same_everywhere(name, pattern, text)


def _same_everywhere(name: str, pattern: BranchedPattern | WordGated, text: str) -> None:
    assert _same(pattern.search(text), pattern.whole.search(text)), (name, text)
    assert [m.span() for m in pattern.finditer(text)] == [
        m.span() for m in pattern.whole.finditer(text)
    ], (name, text)
    for pos, endpos in ((3, len(text)), (0, len(text) // 2), (len(text) // 3, len(text) - 2)):
        assert _same(pattern.search(text, pos, endpos), pattern.whole.search(text, pos, endpos)), (
            name,
            text,
            pos,
            endpos,
        )


@pytest.mark.parametrize(
    ("source", "texts"),
    [
        # "^" after the start of a search does not match; "\b" and lookbehinds look back.
        (r"^a\w+|\bbe\w*|(?<=x)cat|dog|emu", ["xcat and a dog", "abacus be", "dogs", "emu"]),
        # Two branches start at the same place: the earlier one wins, as in the whole.
        (r"in\s+\w+|in\s+the\s+\w+|at\s+\w+|near\s+\w+", ["we are in the city", "at home"]),
        # A lookahead that looks past the match still sees the rest of the text.
        (r"go(?=\s+home)|stay(?!\s+in)|leave\b|fly\s+to", ["stay in, go home", "fly to rome"]),
        # A branch with nothing it must hold (an optional word) is always searched.
        (r"(?:very\s+)?\w*ing|tired|sleepy|bored", ["so bored", "sleeping now", "x"]),
        # "\b(?:a|b)rest" is searched as "\barest" and "\bbrest".
        (r"\b(?:off\s+the|got\s+to|reached|landed)\s+(?:in\s+)?(\w+)", ["we landed in rome", "so"]),
        # Case-insensitive branches are never gated by their words.
        (r"(?i:Home)\b|away|abroad|elsewhere", ["HOME now", "going abroad"]),
    ],
)
def test_table_of_edges(source: str, texts: list[str]) -> None:
    pattern = _apart(branched(source))
    assert pattern._branches
    for text in texts:
        for pos in range(len(text) + 1):
            assert _same(pattern.search(text, pos), pattern.whole.search(text, pos)), (text, pos)


@pytest.mark.parametrize(
    "source",
    [
        r"(a)\w+\1|b|c|d",  # a back reference would be numbered otherwise in a branch alone
        r"(?x) a | b | c | d",  # verbose: spaces and comments are not split safely by hand
        r"a|b",  # too few branches to gain anything
        r"x(?:a|b|c|d|e)",  # no alternation at the top
    ],
)
def test_patterns_kept_whole(source: str) -> None:
    pattern = _apart(branched(source))
    assert not pattern._branches
    assert _same(pattern.search("xa ab bb c d"), re.search(source, "xa ab bb c d"))


@pytest.mark.parametrize(
    ("source", "pieces"),
    [
        (r"a|b", ["a", "b"]),
        (r"(?:a|b)|c", ["(?:a|b)", "c"]),
        (r"[|]|\||[]|]x|y", ["[|]", r"\|", "[]|]x", "y"]),
        (r"[^]|]a|b", ["[^]|]a", "b"]),
        (r"abc", None),
    ],
)
def test_top_level_branches(source: str, pieces: list[str] | None) -> None:
    assert top_level_branches(source) == pieces
