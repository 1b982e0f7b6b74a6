"""A pattern searched only when the text holds a mark of it reads as the pattern searched
always: every match holds one of its marks (``sub_where``'s promise), over the dev texts as
typed and over generated lines of the words and marks the patterns are about, with the
letters that re.I matches but ``str.lower`` keeps apart ("ı", "ſ", the Kelvin sign)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.extraction import itinerary_lines as it
from core.extraction import list_lines as ll
from core.extraction.regex_branches import sub_where
from core.extraction.word_gates import WordGated

HERE = Path(__file__).parent
_DASHES = ("-", "\u2013", "\u2014")
_LEGS = ("leav", "dep", "arr", "land")

GATES: list[tuple[WordGated, tuple[str, ...], bool]] = [
    # (pattern, the marks one of which every match holds, looked for in the lowered text)
    (it._HEADED_LINE, (":", *_DASHES), False),
    (it._HEADED_LINE, (",", ";"), False),
    (it._STAY_COLUMNS, ("out", "dep"), True),
    (it._OUT_AND_BACK, ("out",), True),
    (it._OUT_AND_BACK, ("back", "return"), True),
    (it._CROSSING, _DASHES, False),
    (it._NIGHTS_FROM, ("ght",), True),
    (it._BARE_LEG_VERB, _LEGS, True),
    (it._LEG_TIMES, ("dep", "arr"), True),
    (it._STATUS_DASH_FIRST, _DASHES, False),
    (it._VERB_SHORT_DAY, (*_LEGS, "return"), True),
    (ll._BULLET, ("-", "*", "\u2022"), False),
    (ll._PIN, ("\U0001f4cd",), False),
    (ll._RETURN_LABEL, (":",), False),
    (ll._ARR_ETA, ("arr", "eta"), True),
    (ll._PLACE_AGAIN, ("again",), False),
]


def _each_word(block: str) -> list[str]:
    return block.split()


_WORDS = _each_word(
    "out OUT Out back BACK return RETURN dep DEP depart arr ARR arrive arriving ETA eta arr. "
    "land landing leave LEAVE leaving night nights NIGHTS 2 two from starting Thu Sat sun Sun "
    "12 20 23 3/12 3/19 Mar March 09:05 06:35 7am Lisbon Porto Leeds Hotel Casa check-in "
    "check-out in again Again ferry train Dover Calais Cancelled postponed Return: Inbound "
    "Tues 10th: dentist 9am then ı ſ \u212a İ nıght ſun \u212aent \u00c5"
)
_MARKS = [
    "-",
    "\u2013",
    "\u2014",
    ":",
    ",",
    ";",
    ".",
    "!",
    "\n",
    "\n- ",
    "* ",
    "\u2022 ",
    "\U0001f4cd",
]
_LINES = st.lists(st.sampled_from(_WORDS + _MARKS), max_size=14).map(" ".join)


def _dev_texts() -> list[str]:
    files = sorted((HERE / "realistic").glob("*-dev*.jsonl"))
    files += sorted((HERE / "realistic").glob("probes*.jsonl"))
    return [
        json.loads(line)["text"]
        for path in files
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]


def _holds(text: str, marks: tuple[str, ...], lowered: bool) -> bool:
    held = text.lower() if lowered else text
    return any(mark in held for mark in marks)


def _unmarked_matches(text: str) -> list[str]:
    return [
        pattern.pattern[:40]
        for pattern, marks, lowered in GATES
        if pattern.search(text) is not None and not _holds(text, marks, lowered)
    ]


@settings(max_examples=400)
@given(_LINES)
def test_every_match_holds_a_mark_of_its_pattern(text: str) -> None:
    assert _unmarked_matches(text) == []


def test_every_match_in_the_dev_texts_holds_a_mark_of_its_pattern() -> None:
    texts = _dev_texts()
    assert [t for t in texts if _unmarked_matches(t)] == []
    assert sum(1 for t in texts if ll._ARR_ETA.search(t)) > 5, "the texts do hold the words"


@pytest.mark.parametrize(
    ("text", "marks", "lowered", "read"),
    [
        ("ETA Lyon 18:30", ("arr", "eta"), True, "arriving in Lyon 18:30"),
        ("eta Lyon", ("arr",), True, "eta Lyon"),  # no mark: not searched
        ("ETA Lyon", ("eta",), False, "ETA Lyon"),  # the mark is lower case, the text not
    ],
)
def test_a_text_without_a_mark_is_returned_unsearched(
    text: str, marks: tuple[str, ...], lowered: bool, read: str
) -> None:
    assert sub_where(ll._ARR_ETA, "arriving in ", text, *marks, lowered=lowered) == read
