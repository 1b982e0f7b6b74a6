"""``word_gates``: a pattern is searched only in a text that holds one of its words, and
nothing the extractor reads changes for it.

The words come from each pattern's own parse, so the tables below pin the reading of a
parse; the extractor's every gated pattern is then checked against its whole self over the
dev texts (as typed, lowered, and with the letters ``re.I`` matches but ``str.lower``
keeps apart), and the whole extractor, gated and not, over generated messages.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import random
import re
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import core.extraction
from core.extraction.offline import extract_offline
from core.extraction.word_gates import FOLDS, WordGated, folded, gate_words, gated, ungated
from core.extraction.word_gates import required_words as words_of_parse

try:
    from re import _parser as sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover
    import sre_parse

HERE = Path(__file__).parent
AT = datetime(2026, 3, 4, 17, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("source", "words"),
    [
        (r"\b(?:got|stepped)\s+off\s+the\s+train", {"train"}),
        (r"(?:finally\s+)?(?:at|in)\s+\w+", {"at", "in"}),
        (r"(?:very\s+)?\w*ing", {"ing"}),
        (r"(?:very\s+)?\w+", None),
        (r"(?=home)\w+", None),
        (r"(?:back|home)+\s+now", {"back", "home"}),  # the longer words tell more
        (r"x?y", {"y"}),
        (r"(?:a|b?)c", {"c"}),  # a branch that may be empty holds nothing
        (r"(?i:Home)\s+now", {"now"}),  # a case-blind group's words are not its own
        (r"back(?!\s+home)", {"back"}),  # a negative lookahead takes nothing away
        (r"(a)\1", {"a"}),
    ],
)
def test_required_words(source: str, words: set[str] | None) -> None:
    found = words_of_parse(sre_parse.parse(source))
    assert (None if found is None else set(found)) == words


@pytest.mark.parametrize(
    ("source", "flags", "words"),
    [
        (r"\bBack\s+home", 0, {"Back"}),
        (r"\bBack\s+home", re.I, {"back"}),  # looked for in the lowered text
        (r"(?i)\bBack\s+Home", 0, {"back"}),
        (
            r"\b(?:ab|cd|ef|gh|ij|kl|mn|op|qr)\b",
            0,
            {"ab", "cd", "ef", "gh", "ij", "kl", "mn", "op", "qr"},
        ),
        (rf"\b(?:{'|'.join(map(str, range(10, 51)))})\b", 0, None),  # too many words to test
        (r"caf\u00e9", re.I, None),  # a word outside ASCII is not folded by the table
        (r"caf\u00e9", 0, {"caf\u00e9"}),
    ],
)
def test_gate_words(source: str, flags: int, words: set[str] | None) -> None:
    found = gate_words(re.compile(source, flags))
    assert (None if found is None else set(found)) == words


def test_the_folds_are_every_letter_re_i_matches_to_ascii() -> None:
    """Every character outside ASCII that a case-blind ASCII character matches is in
    ``FOLDS`` as that character lowered (so a lowered text holds the word it matches)."""
    printable = re.compile(r"[\x20-\x7e]", re.IGNORECASE)
    found = {}
    for point in range(0x80, 0x110000):
        char = chr(point)
        if printable.fullmatch(char):
            matched = [
                a for a in map(chr, range(0x20, 0x7F)) if re.fullmatch(re.escape(a), char, re.I)
            ]
            found[point] = {a.lower() for a in matched}
    assert {point: {low} for point, low in FOLDS.items()} == found


@pytest.mark.parametrize(
    ("text", "low"),
    [
        ("Back HOME", "back home"),
        ("BACK \u0130N DAYS", "back in days"),
        ("ba\u017fe camp, \u212aent", "base camp, kent"),
        ("caf\u00c9", "caf\u00e9"),
    ],
)
def test_folded(text: str, low: str) -> None:
    assert folded(text) == low
    assert folded(text) is folded(text), "the last text's lowered form is kept"


@pytest.mark.parametrize(
    ("source", "flags", "text", "searched"),
    [
        (r"\bback\s+home\b", 0, "we're home", False),
        (r"\bback\s+home\b", 0, "back at it", True),  # "back" is there: searched, no match
        (r"\bback\s+home\b", re.I, "BACK HOME", True),
        (r"\bsick\b", re.I, "\u017fick", True),  # "ſ" is an "s" to re.I
        (r"[a-z]+ing", 0, "anything", True),  # no words: always searched
    ],
)
def test_a_text_without_the_words_is_not_searched(
    source: str, flags: int, text: str, searched: bool
) -> None:
    whole = re.compile(source, flags)
    texts: list[str] = []

    class Counted:
        def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> object:
            texts.append(string)
            return whole.search(string, pos, endpos)

        def __getattr__(self, name: str) -> object:
            return getattr(whole, name)

    pattern = WordGated(whole, Counted())  # type: ignore[arg-type]
    assert _same(pattern.search(text), whole.search(text))
    assert texts == ([text] if searched else [])


@pytest.mark.parametrize(
    ("method", "args", "missed"),
    [
        ("search", ("so tired",), None),
        ("match", ("so tired",), None),
        ("fullmatch", ("so tired",), None),
        ("findall", ("so tired",), []),
        ("split", ("so tired",), ["so tired"]),
        ("sub", ("X", "so tired"), "so tired"),
        ("subn", ("X", "so tired"), ("so tired", 0)),
    ],
)
def test_each_method_answers_a_text_without_the_words_as_the_pattern_does(
    method: str, args: tuple[str, ...], missed: object
) -> None:
    pattern = gated(r"\bback\s+home\b")
    whole = re.compile(r"\bback\s+home\b")
    assert getattr(pattern, method)(*args) == getattr(whole, method)(*args) == missed
    assert list(pattern.finditer("so tired")) == []


def _gated_in_extraction() -> list[tuple[str, WordGated]]:
    found: dict[int, tuple[str, WordGated]] = {}
    for info in pkgutil.walk_packages(core.extraction.__path__, "core.extraction."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            values = value if isinstance(value, (tuple, list)) else (value,)
            for item in values:
                for part in item if isinstance(item, tuple) else (item,):
                    if isinstance(part, WordGated):
                        found.setdefault(id(part), (f"{info.name}.{name}", part))
    return sorted(found.values(), key=lambda pair: pair[0])


def _dev_texts() -> list[str]:
    files = sorted((HERE / "realistic").glob("*-dev*.jsonl"))
    files += sorted((HERE / "realistic").glob("probes*.jsonl"))
    return [
        json.loads(line)["text"]
        for path in files
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]


_LOOK_ALIKES = str.maketrans({"i": "\u0131", "s": "\u017f", "k": "\u212a", "I": "\u0130"})


def _same(a: re.Match[str] | None, b: re.Match[str] | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.span() == b.span() and a.groups() == b.groups()


def test_every_gated_pattern_of_the_extractor_reads_as_its_whole_self() -> None:
    patterns = _gated_in_extraction()
    assert len(patterns) > 1000, "the extractor's module-level patterns are gated"
    texts = random.Random(34).sample(_dev_texts(), 60)
    texts += [t.lower() for t in texts[:20]] + [t.translate(_LOOK_ALIKES) for t in texts[20:40]]
    gates = 0
    for name, pattern in patterns:
        whole = pattern.whole
        for text in texts:
            assert _same(pattern.search(text), whole.search(text)), (name, text)
            assert pattern.sub("_", text) == whole.sub("_", text), (name, text)
        gates += pattern.search is not whole.search
    assert gates > 600, "most patterns have words to test"


_WORDS = sorted({w for t in _dev_texts() for w in re.findall(r"[\w'’]+|[^\w\s]", t)})


@st.composite
def _messages(draw: st.DrawFn) -> str:
    pieces = draw(
        st.lists(
            st.one_of(
                st.sampled_from(_WORDS),
                st.sampled_from(_WORDS).map(str.lower),
                st.text(alphabet="abcdefghijklmnopqrstuvwxyzıſ\u212a\u0130 '", max_size=8),
            ),
            min_size=1,
            max_size=16,
        )
    )
    return " ".join(pieces)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_messages())
def test_the_extractor_reads_the_same_gated_or_not(text: str) -> None:
    _forget_readings()
    gated_reading = extract_offline(text, at=AT)
    _forget_readings()
    with ungated():
        whole_reading = extract_offline(text, at=AT)
    assert gated_reading == whole_reading


def _forget_readings() -> None:
    """Clear the extractor's caches of what a text reads as (not its parses), so that the
    second reading is made again rather than remembered from the first."""
    for name, module in list(sys.modules.items()):
        if name.startswith("core.extraction.") and module is not None:
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear) and getattr(value, "__module__", "") == name:
                    clear()
