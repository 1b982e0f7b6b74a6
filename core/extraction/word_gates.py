"""A pattern searched only when a text holds the words it cannot match without.

Most of the extractor's patterns fail on most texts: a message about a bill holds none of
the words of a trip's patterns, yet each of those patterns was scanned at every position
of it. Every match of ``\\bback\\s+(?:home|in)\\b`` contains "back", and a substring test
is a single fast scan, so a text without "back" is answered at once, exactly as the
search would have answered it. ``gated`` compiles a pattern whose methods do that test
first; the words are read from the pattern itself (``required_words``: literal runs every
match contains, through groups, repeats of at least one and alternations whose every
branch has one), never declared by hand, so they cannot drift from it. A pattern whose
parse shows no such words (a class, an optional part, a lookaround) is searched as
before, with no cost added.

A case-blind pattern's words are looked for in the text lowered, where the four letters
outside ASCII that ``re.IGNORECASE`` matches to an ASCII one ("İ", "ı", "ſ", the Kelvin
sign) are first spelled as that letter: lowering alone would leave "ı" and "ſ" as they
are. The lowered text is made once per text (the last one is kept), not once a pattern.

The words are read from the parse that compiles the pattern, and kept with its codes
between runs (``pattern_cache``): a process that finds them kept parses nothing at all.
"""

from __future__ import annotations

import atexit
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Protocol

from core.extraction.pattern_cache import PatternCache, default_file, source_fingerprint

try:  # the parser's home since Python 3.11; ``sre_parse`` before
    from re import _parser as _sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover
    import sre_parse as _sre_parse

MAX_WORDS = 40
"""A pattern needing one of more words than this is searched rather than checked word by word.
A word is one fast scan of the text; a failing search of a long alternation costs more
than forty of them (callgrind over the bench's messages: 8 words saved 11 % of the rules'
instructions, 40 saved 16 %)."""

FOLDS: Mapping[int, str] = {0x130: "i", 0x131: "i", 0x17F: "s", 0x212A: "k"}
"""The characters outside ASCII that ``re.IGNORECASE`` matches to an ASCII one, as that one."""

_last_folded: tuple[str, str] = ("", "")
"""The last text lowered and its lowered form, read and replaced as one tuple (threads)."""


def folded(text: str) -> str:
    """``text`` as a case-blind pattern's words are looked for in it (see the module)."""
    global _last_folded
    last = _last_folded
    if last[0] is text:
        return last[1]
    low = text.lower() if text.isascii() else text.translate(FOLDS).lower()
    _last_folded = (text, low)
    return low


def _better(a: frozenset[str] | None, b: frozenset[str] | None) -> frozenset[str] | None:
    """The more telling of two word sets either of which every match holds."""
    if a is None or b is None:
        return a or b

    def score(words: frozenset[str]) -> tuple[int, int]:
        return (min(map(len, words)), -len(words))

    return a if score(a) >= score(b) else b


def required_words(items: Any) -> frozenset[str] | None:
    """Strings one of which every match of the parsed sequence ``items`` contains
    (None when the parse shows none: a class, a lookaround, an optional part)."""
    best: frozenset[str] | None = None
    run: list[str] = []
    for op, av in [*items, (None, None)]:
        if op is _sre_parse.LITERAL:
            run.append(chr(av))
            continue
        if run:
            best = _better(best, frozenset(["".join(run)]))
            run = []
        found: frozenset[str] | None = None
        if op is _sre_parse.BRANCH:
            alternatives = [required_words(alt) for alt in av[1]]
            if all(alt is not None for alt in alternatives):
                found = frozenset().union(*(alt for alt in alternatives if alt is not None))
        elif op is _sre_parse.SUBPATTERN:
            _group, add_flags, _del_flags, sub = av
            found = None if add_flags & re.IGNORECASE else required_words(sub)
        elif op in (_sre_parse.MAX_REPEAT, _sre_parse.MIN_REPEAT) and av[0] >= 1:
            found = required_words(av[2])
        elif op is _sre_parse.ATOMIC_GROUP:
            found = required_words(av)
        best = _better(best, found)
    return best


def gate_words(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """The words one of which every match of ``pattern`` contains, as they are looked for
    (lowered for a case-blind pattern), or None when no few such words are known."""
    return parsed_gate_words(_sre_parse.parse(pattern.pattern, pattern.flags), pattern.flags)


def parsed_gate_words(tree: Any, flags: int) -> frozenset[str] | None:
    """``gate_words`` of the pattern whose parse is ``tree`` and whose flags are ``flags``."""
    words = required_words(tree)
    if words is None or len(words) > MAX_WORDS:
        return None
    if flags & re.IGNORECASE:
        if not all(word.isascii() for word in words):
            return None  # the folding above is only shown for ASCII words
        words = frozenset(word.lower() for word in words)
    return words


class _Finds(Protocol):
    def __call__(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Any: ...


class _Replaces(Protocol):
    def __call__(
        self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0
    ) -> Any: ...


class Searched(Protocol):
    """What a ``WordGated`` searches with: a compiled pattern, or one searched apart."""

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Any: ...
    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Any: ...
    def fullmatch(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Any: ...
    def finditer(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Any: ...
    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Any: ...
    def sub(
        self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0
    ) -> Any: ...
    def subn(
        self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0
    ) -> Any: ...
    def split(self, string: str, maxsplit: int = 0) -> Any: ...


def _no_iter() -> Iterator[re.Match[str]]:
    return iter(())


_MATCHES = ("search", "match", "fullmatch")
"""The methods that give None for a text that cannot match (the most called: made lean)."""
_FINDS: dict[str, Callable[[str], object]] = {
    "finditer": lambda string: _no_iter(),
    "findall": lambda string: [],
    "split": lambda string: [string],
}
"""What each other method gives for a text that cannot match, from the text."""
_REPLACES: dict[str, Callable[[str], object]] = {
    "sub": lambda string: string,
    "subn": lambda string: (string, 0),
}
_METHODS = (*_MATCHES, *_FINDS, *_REPLACES)


def _gated_matches(found: _Finds, words: frozenset[str], fold: bool) -> _Finds:
    if fold:

        def matches_folded(string: str, pos: int = 0, endpos: int = sys.maxsize) -> Any:
            held = folded(string)
            for word in words:
                if word in held:
                    return found(string, pos, endpos)
            return None

        return matches_folded

    def matches(string: str, pos: int = 0, endpos: int = sys.maxsize) -> Any:
        for word in words:
            if word in string:
                return found(string, pos, endpos)
        return None

    return matches


def _gated_finds(
    found: _Finds, words: frozenset[str], fold: bool, miss: Callable[[str], object]
) -> _Finds:
    def finds(string: str, *args: Any, **kwargs: Any) -> Any:
        held = folded(string) if fold else string
        for word in words:
            if word in held:
                return found(string, *args, **kwargs)
        return miss(string)

    return finds


def _gated_replaces(
    replaces: _Replaces, words: frozenset[str], fold: bool, miss: Callable[[str], object]
) -> _Replaces:
    def gated_replaces(repl: Any, string: str, *args: Any, **kwargs: Any) -> Any:
        held = folded(string) if fold else string
        for word in words:
            if word in held:
                return replaces(repl, string, *args, **kwargs)
        return miss(string)

    return gated_replaces


class _Unread:
    """The words of a pattern not read yet (read at its first use)."""


UNREAD = _Unread()

PATTERNS = PatternCache(default_file())
"""The extractor's patterns, kept between runs with their words (``pattern_cache``);
``regex_branches`` keeps its branches here too. What a process compiled anew is written
as it ends (if Python writes bytecode)."""
atexit.register(PATTERNS.save)

_KIND = f"gated:{source_fingerprint(__file__)}"
"""The words kept are this module's reading of the parse: code that reads it otherwise
(any other version of this file) keeps its own."""

_EVERY: list[WordGated] = []
"""Every gated pattern made, so that ``ungated`` can turn all of them off (for tests)."""


class WordGated:
    """A compiled pattern whose methods first test the text for its words (see the module).

    The methods are the pattern's own until the first call reads the words; then each is
    replaced on the instance by the gated one, or by the pattern's own bound method when
    the pattern has no words to test (no call is added to it).
    """

    def __init__(
        self,
        whole: re.Pattern[str],
        searched: Searched | None = None,
        words: frozenset[str] | _Unread | None = UNREAD,
    ) -> None:
        self.whole = whole
        self._words = words
        self.searched: Searched = whole if searched is None else searched
        self.pattern = whole.pattern
        self.flags = whole.flags
        self.groups = whole.groups
        self.groupindex = whole.groupindex
        _EVERY.append(self)

    def _armed(self, name: str) -> Any:
        """Read the words and put the gated methods in place; the one called, ``name``."""
        words = gate_words(self.whole) if isinstance(self._words, _Unread) else self._words
        own = vars(self)
        searched = self.searched
        fold = bool(self.flags & re.IGNORECASE)
        for method in _MATCHES:
            found = getattr(searched, method)
            own[method] = found if words is None else _gated_matches(found, words, fold)
        for method, miss in _FINDS.items():
            found = getattr(searched, method)
            own[method] = found if words is None else _gated_finds(found, words, fold, miss)
        for method, miss in _REPLACES.items():
            replaces = getattr(searched, method)
            own[method] = (
                replaces if words is None else _gated_replaces(replaces, words, fold, miss)
            )
        return own[name]

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        found: re.Match[str] | None = self._armed("search")(string, pos, endpos)
        return found

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        found: re.Match[str] | None = self._armed("match")(string, pos, endpos)
        return found

    def fullmatch(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[str] | None:
        found: re.Match[str] | None = self._armed("fullmatch")(string, pos, endpos)
        return found

    def finditer(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        found: Iterator[re.Match[str]] = self._armed("finditer")(string, pos, endpos)
        return found

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        found: list[Any] = self._armed("findall")(string, pos, endpos)
        return found

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        parts: list[str | Any] = self._armed("split")(string, maxsplit)
        return parts

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        done: str = self._armed("sub")(repl, string, count)
        return done

    def subn(
        self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0
    ) -> tuple[str, int]:
        done: tuple[str, int] = self._armed("subn")(repl, string, count)
        return done

    def __repr__(self) -> str:
        return f"WordGated({self.whole!r})"


def gated(source: str, flags: int | re.RegexFlag = 0) -> WordGated:
    """``re.compile(source, flags)``, searched only in texts that hold its words."""
    whole, words = PATTERNS.compile(_KIND, source, flags, parsed_gate_words)
    return WordGated(whole, words=words)


def keep_compiled(*, force: bool = False) -> bool:
    """Write the patterns compiled so far for the next process (``pattern_cache``)."""
    return PATTERNS.save(force=force)


@contextmanager
def ungated() -> Iterator[None]:
    """Every gated pattern searched whole while inside (to show the gates change nothing)."""
    saved = [(pattern, dict(vars(pattern))) for pattern in _EVERY]
    try:
        for pattern in _EVERY:
            own = vars(pattern)
            for method in _METHODS:
                own[method] = getattr(pattern.searched, method)
        yield
    finally:
        for pattern, own in saved:
            vars(pattern).clear()
            vars(pattern).update(own)
