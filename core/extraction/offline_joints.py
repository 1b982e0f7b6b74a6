"""How one clause of a message leans on its neighbours in the offline extractor's reading:
the joints that keep a condition's scope open, a booking asked for right after a wish, a
habit whose second verb has no subject of its own, what might have been and when it was.
``offline`` asks these as it walks the clauses."""

from __future__ import annotations

import re

from core.extraction.intent import ClauseIntent
from core.extraction.linguistics.reading import ClauseReading
from core.extraction.segments import Segment
from core.extraction.word_gates import gated

BOOKING_ASKED = gated(
    r"^(?:so\s+|and\s+)?(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+)?|"
    r"(?:please|pls)\s+)?(?:find|book|get|look\s+(?:for|up)|search\s+for|check|reserve)\b"
)
WANT_TO_GO = gated(
    r"\b(?:want|wanna|'d\s+like|would\s+like|need)\s+(?:to\s+)?(?:go|fly|travel|visit|head|"
    r"drive|take\s+a\s+trip)\b"
)
WOULD_HAVE = gated(r"\b(?:would|could|might)(?:\s+have|'ve)\b")
"""What might have been ("I would have called"), not a plan undone ("we were supposed to
go to Maui but we cancelled": the cancellation is news)."""
WHEN_IT_WAS = gated(r"(?:when|while|before|after|until|till|back\s+when)\b")
WHILE_ASKED = frozenset({"while", "when", "before", "after", "until"})
SCOPE_JOINTS = frozenset({"comma", "and", "or", "then", "so"})


def not_told(ci: ClauseIntent, seg: Segment, in_scope: bool) -> bool:
    """The clause does not tell what happened: a question, a condition's scope, a wish or
    what might have been."""
    return seg.question or in_scope or ci.counterfactual or ci.intent == "hypothetical"


def shares_habit(seg: Segment, reading: ClauseReading | None) -> bool:
    """The clause's verb has no subject in the clause itself (the parse may lend it the
    one before: "we would drive ... and stay")."""
    if seg.joint not in ("and", "comma") or reading is None or reading.modal:
        return False
    if reading.tense not in ("present", "none"):
        return False
    own = reading.subject_text.lower()
    return (
        reading.subject == "none" or not own or re.search(rf"\b{re.escape(own)}\b", seg.low) is None
    )
