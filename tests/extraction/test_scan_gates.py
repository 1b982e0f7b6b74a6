"""The extractor's cheap gates in front of its scans: a text a gate turns away reads the
same as without the gate (properties over the dev and probe texts' shapes, no timings)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from core.bench.extraction import compose_messages
from core.extraction.timepattern import TIME_RE, TIME_SCAN

HERE = Path(__file__).parent


def _dev_texts() -> list[str]:
    """Every dev and probe text (never a held-out half), each once, in lower case as the
    scans read them."""
    files = [
        *sorted((HERE / "realistic").glob("*-dev*.jsonl")),
        *sorted((HERE / "realistic").glob("probes*.jsonl")),
    ]
    texts = (
        json.loads(line)["text"].lower()
        for path in files
        if "heldout" not in path.name
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    )
    return list(dict.fromkeys(texts))


TEXTS = _dev_texts() + [t.lower() for t in compose_messages(400)]

DASHED = [
    # The one preposition that is not a word: a dash between two weekdays.
    "in lisbon tue-thu",
    "off mon – wed next week",
    "thurs-sun at the cabin",
    "friday -saturday",
    "away sat- sun",
    "monday\u2013friday",
    "-friday",
    "from sunday to saturday",
    "x-mas on the 24th",
    "",
    " ",
]


def _matches(
    pattern: re.Pattern[str], text: str
) -> list[tuple[tuple[int, int], tuple[str | None, ...]]]:
    return [(m.span(), m.groups()) for m in pattern.finditer(text)]


def test_the_date_scan_is_the_date_patterns_own_reading() -> None:
    assert TIME_SCAN.groupindex == TIME_RE.groupindex
    differ = [t for t in TEXTS if _matches(TIME_SCAN, t) != _matches(TIME_RE, t)]
    assert differ == []
    assert sum(1 for t in TEXTS if TIME_RE.search(t)) > 1000, "the texts do hold dates"


@pytest.mark.parametrize("text", DASHED)
def test_a_dash_between_days_is_still_read_as_to(text: str) -> None:
    assert _matches(TIME_SCAN, text) == _matches(TIME_RE, text)
