"""Long alternations searched branch by branch first, with the same matches.

Python's ``re`` scans a pattern made of one long alternation (``PRESENT_AT``'s 55 ways
of saying where one is, about 10,000 characters) by trying every branch at every
position of the text, and each try pays for the branch's backtracking state: one
failing ``search`` over a clause of 60 characters cost 440 µs here, where the 55
branches searched one at a time cost 41 µs in all (each alone is a tight loop that
rejects a position in a few instructions). ``BranchedPattern`` finds the earliest
position any branch matches at, each branch compiled alone; only then does the whole
pattern search, from that position, so the match (its groups and span, and which
branch wins when several start there) is the whole pattern's own. No branch matching
anywhere means the whole cannot match.

This holds because a match of the alternation at a position is a match of one of its
branches there, and searching from a later position changes nothing the pattern sees:
``^``, ``\\b`` and lookbehinds still look at the text before it. A pattern that is not
one top-level alternation, is verbose, or refers back to a group (which would be
numbered differently in a branch alone) is searched whole, as before.
"""

from __future__ import annotations

import itertools
import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

from core.extraction.pattern_cache import source_fingerprint
from core.extraction.word_gates import PATTERNS, WordGated, parsed_gate_words, required_words

try:  # the parser's home since Python 3.11; ``sre_parse`` before
    from re import _parser as _sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover
    import sre_parse as _sre_parse

_MIN_BRANCHES = 4
"""Fewer branches gain too little over one scan to be worth searching apart."""
_MAX_GATE = 8
"""A branch gated by more words than this is searched rather than checked word by word."""


def _top_level_bars(source: str) -> tuple[list[int], bool]:
    """Where ``source``'s top-level ``|``s are, and whether its parentheses balance (none
    closes a group opened before ``source``)."""
    bars: list[int] = []
    depth = 0
    i = 0
    in_class = False
    while i < len(source):
        c = source[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            i += 1
            if source.startswith("^", i):
                i += 1
            if source.startswith("]", i):  # "[]x]": a leading "]" is a member
                i += 1
            continue
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth < 0:
                return bars, False
        elif c == "|" and depth == 0:
            bars.append(i)
        i += 1
    return bars, depth == 0


def top_level_branches(source: str) -> list[str] | None:
    """The alternatives of ``source`` split at its top-level ``|``s (None for one)."""
    bars, _balanced = _top_level_bars(source)
    if not bars:
        return None
    edges = [-1, *bars, len(source)]
    return [source[a + 1 : b] for a, b in itertools.pairwise(edges)]


def _word_led_branches(source: str) -> list[str] | None:
    """``\\b(?:a|b)rest`` as ``\\barest`` and ``\\bbrest``: the same places match
    (``ARRIVED``)."""
    lead = "\\b(?:"
    if not source.startswith(lead):
        return None
    body = source[len(lead) :]
    # The group's own ")" is the first one that closes below the group's depth.
    for close in (i for i, c in enumerate(body) if c == ")"):
        bars, balanced = _top_level_bars(body[:close])
        if balanced:
            rest = body[close + 1 :]
            if not bars or _top_level_bars(rest) != ([], True):
                return None
            edges = [-1, *bars, close]
            return ["\\b" + body[a + 1 : b] + rest for a, b in itertools.pairwise(edges)]
    return None


def _subpatterns(av: Any) -> Iterator[Any]:
    for part in av if isinstance(av, (list, tuple)) else (av,):
        if isinstance(part, _sre_parse.SubPattern):
            yield part
        elif isinstance(part, (list, tuple)):
            yield from (sub for sub in part if isinstance(sub, _sre_parse.SubPattern))


def _refers_back(tree: Any) -> bool:
    groupref = (_sre_parse.GROUPREF, _sre_parse.GROUPREF_EXISTS)
    return any(
        op in groupref or any(_refers_back(sub) for sub in _subpatterns(av)) for op, av in tree
    )


def _branch_gate(tree: Any, flags: int) -> frozenset[str] | None:
    """The words a branch is gated by (none for a case-blind one or one of many words)."""
    if flags & re.IGNORECASE:
        return None
    words = required_words(tree)
    return words if words is not None and len(words) <= _MAX_GATE else None


def _pieces(tree: Any, source: str, flags: int) -> tuple[str, ...]:
    """The branches ``source`` (parsed as ``tree``) is searched by; none to search it whole."""
    if flags & re.VERBOSE:
        return ()
    pieces = top_level_branches(source) or _word_led_branches(source)
    if pieces is None or len(pieces) < _MIN_BRANCHES:
        return ()
    # The parser moves a prefix all branches share out in front ("\\b"): the alternation
    # is then one item of the sequence.
    if not any(op is _sre_parse.BRANCH and len(av[1]) == len(pieces) for op, av in tree.data):
        return ()  # not split where the parser splits it: keep it whole
    if _refers_back(tree):
        return ()
    return tuple(pieces)


_WHOLE = f"branched:{source_fingerprint(__file__)}"
_BRANCH = f"branch:{source_fingerprint(__file__)}"
"""What is kept of a pattern and its branches is this module's reading (``pattern_cache``)."""

Branches = tuple[tuple[frozenset[str] | None, re.Pattern[str]], ...]
"""Each branch compiled alone, with the words it is gated by."""


def _branches(whole: re.Pattern[str], pieces: tuple[str, ...]) -> Branches:
    found: list[tuple[frozenset[str] | None, re.Pattern[str]]] = []
    for piece in pieces:
        branch, words = PATTERNS.compile(_BRANCH, piece, whole.flags, _branch_gate)
        found.append((words, branch))
    return tuple(found)


class BranchedPattern:
    """A compiled pattern whose ``search`` and ``finditer`` look branch by branch first.

    Every other method is the whole pattern's; results are always the whole pattern's.
    """

    __slots__ = (
        "_branches",
        "_owners",
        "_ungated",
        "flags",
        "groupindex",
        "groups",
        "pattern",
        "whole",
    )

    def __init__(self, whole: re.Pattern[str], pieces: tuple[str, ...]) -> None:
        self.whole = whole
        self.pattern = whole.pattern
        self.flags = whole.flags
        self.groups = whole.groups
        self.groupindex = whole.groupindex
        gated = _branches(whole, pieces)
        self._branches = tuple(branch for _words, branch in gated)
        self._ungated = frozenset(n for n, (words, _branch) in enumerate(gated) if words is None)
        owners: dict[str, set[int]] = {}
        for n, (words, _branch) in enumerate(gated):
            for word in words or ():
                owners.setdefault(word, set()).add(n)
        self._owners = tuple((word, frozenset(branches)) for word, branches in owners.items())

    def first_start(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> int | None:
        """The earliest position from ``pos`` where the pattern can match, None for none."""
        if not self._branches:
            m = self.whole.search(string, pos, endpos)
            return None if m is None else m.start()
        todo = set(self._ungated)
        for word, branches in self._owners:
            if word in string:  # else no branch that needs the word can match
                todo |= branches
        first: int | None = None
        for n in todo:
            m = self._branches[n].search(string, pos, endpos)
            if m is not None and (first is None or m.start() < first):
                first = m.start()
        return first

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        if not self._branches:
            return self.whole.search(string, pos, endpos)
        start = self.first_start(string, pos, endpos)
        return None if start is None else self.whole.search(string, start, endpos)

    def finditer(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        if not self._branches:
            return self.whole.finditer(string, pos, endpos)
        start = self.first_start(string, pos, endpos)
        return iter(()) if start is None else self.whole.finditer(string, start, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.whole.match(string, pos, endpos)

    def fullmatch(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[str] | None:
        return self.whole.fullmatch(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return self.whole.findall(string, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.whole.sub(repl, string, count)

    def subn(
        self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0
    ) -> tuple[str, int]:
        return self.whole.subn(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        return self.whole.split(string, maxsplit)

    def __repr__(self) -> str:
        return f"BranchedPattern({self.whole!r})"


def branched(source: str, flags: int | re.RegexFlag = 0) -> WordGated:
    """``re.compile(source, flags)``, searched branch by branch (see the module), and only
    in texts that hold its words (``word_gates``)."""

    def read(tree: Any, compiled_flags: int) -> tuple[frozenset[str] | None, tuple[str, ...]]:
        return parsed_gate_words(tree, compiled_flags), _pieces(tree, source, compiled_flags)

    whole, (words, pieces) = PATTERNS.compile(_WHOLE, source, flags, read)
    return WordGated(whole, BranchedPattern(whole, pieces), words=words)


def sub_where(
    pattern: re.Pattern[str] | WordGated,
    repl: str | Callable[[re.Match[str]], str],
    text: str,
    *marks: str,
    lowered: bool = False,
) -> str:
    """``pattern.sub(repl, text)``, or ``text`` itself when it holds none of ``marks`` (each
    a string every match of ``pattern`` contains): a substring test is far cheaper than a
    search that fails at every position. ``lowered``: the marks are looked for in the
    lowered text, for a case-blind pattern; such a mark must have no "i", "s" or "k", which
    re.I matches as "ı", "ſ" and the Kelvin sign, which lower otherwise."""
    held = text.lower() if lowered else text
    if not any(mark in held for mark in marks):
        return text
    return pattern.sub(repl, text)
