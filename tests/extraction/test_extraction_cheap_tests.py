"""The extractor's shortcuts read exactly as the full readings they stand in for.

Each shortcut (an answer cached per clause text, a cheap test before a costly search) was
added for the CPU of a message, and is only right if it never changes a reading: these
properties compare each with what it replaces, over generated text and the phrases it is
for.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.bench.extraction import compose_messages
from core.extraction import emoji_flags, emoji_states, travel_cancellations
from core.extraction.emoji_states import emoji_states as read_emoji
from core.extraction.intent_tense import PRESENT_OVERRIDE, marks_present
from core.extraction.offline_input import readable_body
from core.extraction.segments import _JOINT, _JOINT_SCAN
from core.extraction.timepattern import TIME_RE, TIME_SCAN

HERE = Path(__file__).parent

_ASCII = st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=127), max_size=80)


def _patterns(module: object) -> list[re.Pattern[str]]:
    return [v for v in vars(module).values() if isinstance(v, re.Pattern)]


@settings(max_examples=300)
@given(_ASCII)
def test_no_sign_an_emoji_reader_looks_for_is_ascii(text: str) -> None:
    """``emoji_states`` returns ASCII text untouched without searching it: none of its
    patterns (nor the flags') can match there, so the full reading is the identity."""
    assert read_emoji(text) == text
    for pattern in [*_patterns(emoji_states), *_patterns(emoji_flags)]:
        assert pattern.search(text) is None, pattern.pattern


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("mum 🤒 again", "mum is poorly again"),
        ("my mom is 🤒 again", "my mom is sick again"),
        ("🛬 lisbon", "landed in lisbon"),
        ("home safe ❤️ the drive back was insane", "home safe. the drive back was insane"),
        ("mum is sick again", "mum is sick again"),
    ],
)
def test_emoji_are_still_read_as_words(text: str, read: str) -> None:
    assert read_emoji(text) == read


_CLAUSES = st.sampled_from(
    [
        "she's had a settled night",
        "we had a good day at the zoo",
        "dad has had a good day",
        "mum is feeling better than ever",
        "the rash is gone now",
        "we cancelled vegas, the flights were crazy",
        "denver is off",
        "the dublin weekend is off",
        "marcus is off",
        "had to cancel portland",
        "cancelled netflix",
    ]
)


@settings(max_examples=200)
@given(st.lists(_CLAUSES, min_size=1, max_size=6))
def test_a_cached_answer_is_the_searchs_answer_however_often_asked(clauses: list[str]) -> None:
    """Asked again and again, in any order, the cached readers answer as their search."""
    for low in clauses:
        assert marks_present(low) == (PRESENT_OVERRIDE.search(low) is not None)
        cached = travel_cancellations._place_off_in(low)
        travel_cancellations._place_off_in.cache_clear()
        fresh = travel_cancellations._place_off_in(low)
        assert (cached and cached.group()) == (fresh and fresh.group())


def _dev_texts() -> list[str]:
    """Every dev and probe text (never a held-out half), each once."""
    files = [
        *sorted((HERE / "realistic").glob("*-dev*.jsonl")),
        *sorted((HERE / "realistic").glob("probes*.jsonl")),
    ]
    texts = (
        json.loads(line)["text"]
        for path in files
        if "heldout" not in path.name
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    )
    return list(dict.fromkeys(texts))


DEV_TEXTS = _dev_texts()
TEXTS = [t.lower() for t in DEV_TEXTS + compose_messages(400)]

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


@pytest.mark.parametrize("source", ["conversation_assertive", "static_markdown"])
def test_what_is_read_of_a_text_is_kept_as_first_read(source: str) -> None:
    """The batch parser and the extractor both ask what of a text is read: the second
    answer is the first, and the first is the reading itself, whatever came between."""
    readable_body.cache_clear()
    for known in (frozenset(), frozenset({"emma", "sam"})):
        for text in DEV_TEXTS[::7]:
            first = readable_body(text, source, known)
            assert readable_body(text, source, known) == first
            assert readable_body.__wrapped__(text, source, known) == first


def test_the_clause_joints_scan_is_the_joint_patterns_own_reading() -> None:
    """Sentences as the splitter scans them: as typed, and with the question mark the
    splitter adds to a question's body."""
    said = DEV_TEXTS + compose_messages(400)
    differ = [
        t
        for text in said
        for t in (text, text.rstrip(" .!?;") + "?")
        if _matches(_JOINT_SCAN, t) != _matches(_JOINT, t)
    ]
    assert differ == []
    assert sum(1 for t in said if _JOINT.search(t)) > 1000, "the texts do have joints"
