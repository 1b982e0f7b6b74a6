"""What a field rule sees (a classified clause) and what it returns (candidates)."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dc_field
from datetime import datetime

from core.extraction.timeref import TimeRef
from core.extraction.types import MessageIntent, ObservationIntent, Scalar
from core.extraction.word_gates import gated


@dataclass(frozen=True)
class Clause:
    """One segment, its intent and its resolved dates."""

    text: str
    """Original casing; same length as ``low`` so offsets carry over."""
    low: str
    intent: MessageIntent
    at: datetime
    times: tuple[TimeRef, ...] = ()
    markdown: bool = False
    done: bool = False
    """A checked Markdown checkbox: the to-do it names has happened."""
    words: frozenset[str] = frozenset()
    """The clause's lowercase words, so a rule can skip a clause that cannot concern it."""
    pronoun_member: tuple[str, int] | None = None
    """The family member a leading "he"/"she"/"they" stands for (see ``pronouns``), and
    the offset just after the pronoun."""
    message: str = ""
    """The whole message as the parser read it, and where this clause starts in it
    (-1: not found), so a rule can use the message's cached parse, not parse again."""
    start_in_message: int = -1


@dataclass(frozen=True)
class Candidate:
    """A field value a rule found, before the clause's intent is applied."""

    field: str
    value: Scalar
    confidence: float = 1.0
    """Multiplied with the clause's confidence."""
    intent: ObservationIntent | None = None
    """Forced intent for factual rules whatever the tense ("the trip is off" is
    assertive even in a sentence about next week); ignored in non-factual clauses."""
    valid_until: datetime | None = None
    extra: dict[str, str] = dc_field(default_factory=dict)


_WORD = gated(r"[a-z][a-z']*")


def words_of(low: str) -> frozenset[str]:
    """Lowercase words of a clause, for the rules' keyword gates."""
    return frozenset(_WORD.findall(low))


_STOP_WORDS = frozenset(
    [
        "today",
        "tomorrow",
        "yesterday",
        "tonight",
        "this",
        "next",
        "last",
        "right",
        "now",
        "for",
        "with",
        "because",
        "since",
        "until",
        "till",
        "by",
        "at",
        "on",
        "in",
        "to",
        "from",
        "waiting",
        "due",
        "and",
        "but",
        "so",
        "again",
        "already",
        "finally",
        "just",
        "all",
        "is",
        "are",
        "was",
        "were",
        "has",
        "have",
        "had",
        "will",
        "'ll",
        "got",
        "gets",
        "get",
        "shipped",
        "launched",
        "went",
        "goes",
        "be",
        "been",
        "being",
        "soon",
        "later",
        "asap",
        "before",
        "after",
        "this",
        "week",
        "month",
        "year",
        "morning",
        "afternoon",
        "evening",
        "which",
        "that",
        "who",
        "while",
        "when",
        "if",
        "or",
        "as",
        "of",
        ",",
    ]
)
_DETERMINERS = frozenset(
    [
        "the",
        "a",
        "an",
        "our",
        "my",
        "your",
        "ur",  # chat's "your": "we owe ur parents 300"
        "their",
        "his",
        "her",
        "its",
        "this",
        "that",
        "some",
        "new",
    ]
)
_TOKEN = gated(r"[\w][\w.+#&'/-]*")


def phrase_after(
    text: str, start: int, *, max_words: int = 4, stop: frozenset[str] = _STOP_WORDS
) -> tuple[str, int]:
    """Up to ``max_words`` words from ``start``, skipping leading determiners and
    stopping at a stop word or punctuation. Returns the phrase and its end offset."""
    words: list[str] = []
    end = start
    for m in _TOKEN.finditer(text, start):
        if text[end : m.start()].strip():
            break  # punctuation ends the phrase
        w = m.group().rstrip(".")
        lw = w.lower()
        if not words and lw in _DETERMINERS:
            end = m.end()
            continue
        if lw in stop:
            break
        if w[0].isdigit() and not words:
            break
        words.append(w)
        end = m.end()
        if len(words) >= max_words:
            break
    return " ".join(words), end


def phrase_before(
    text: str, end: int, *, max_words: int = 4, determiners: frozenset[str] = _DETERMINERS
) -> str:
    """Up to ``max_words`` words ending at ``end``, stopping at a determiner or stop word."""
    words: list[str] = []
    for w in reversed(text[:end].split()):
        bare = w.strip(',.;:!?"()')
        if bare != w and words:
            break
        lw = bare.lower()
        if lw in determiners or lw in _STOP_WORDS or not bare or lw in {"i", "we", "they"}:
            break
        words.insert(0, bare)
        if len(words) >= max_words:
            break
    return " ".join(words)
