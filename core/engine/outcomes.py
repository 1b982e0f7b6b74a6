"""What the engine says happened to each input and to each answer.

``Outcome`` is one payload's fate (committed, asked, set aside, a duplicate, invalid);
``AnswerResult`` is what an answer to a question settled.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from core.domain.frozen_init import fast_init
from core.domain.state import Scalar
from core.store import ReviewItem

OutcomeKind = Literal["auto_commit", "ask_user", "tentative_reject", "duplicate", "invalid"]
AnswerAction = Literal["confirm", "reject", "edit"]
MAX_REASON = 160


@fast_init
@dataclass(frozen=True)
class Outcome:
    """What happened to one input payload."""

    decision: OutcomeKind
    event_id: str | None
    entity_id: str | None
    field: str | None
    candidate_value: Any
    confidence: float | None = None
    margin: float | None = None
    reasons: tuple[str, ...] = ()
    errors: tuple[str, ...] = ()
    committed: bool = False
    corroborated: bool = False
    """Accepted as support for the value already committed; nothing changed."""
    review_item_id: str | None = None
    promoted: tuple[ReviewItem, ...] = ()
    previous_value: Scalar = None


@dataclass(frozen=True)
class AnswerResult:
    item: ReviewItem
    status: str
    committed_value: Scalar = None
    committed: bool = False
    promoted: tuple[ReviewItem, ...] = field(default_factory=tuple)
    group: tuple[ReviewItem, ...] = ()
    """Every item a group answer settled (``item`` first); empty for a single answer."""
    held: ReviewItem | None = None
    """An edited part of a grouped question whose other parts are open: the question
    that now carries the new value, answered with them (nothing was committed)."""
    implied: tuple[ReviewItem, ...] = ()
    """Fixes the answer forced on the trip's other fields, settled with it ("trip over"
    forgets the departure still ahead and where the trip was:
    ``core.engine.conflicts.settle_timeline``)."""


def reason_summary(reasons: tuple[str, ...]) -> tuple[str, ...]:
    """At most five reasons, each at most ``MAX_REASON`` characters."""
    out = []
    for reason in reasons[:5]:
        out.append(reason if len(reason) <= MAX_REASON else reason[: MAX_REASON - 1] + "…")
    return tuple(out)


def invalid_outcome(payload: Any, event_id: str | None, errors: list[str]) -> Outcome:
    """The outcome of a payload that failed its schema (kept as a dead letter)."""
    get = payload.get if isinstance(payload, dict) else (lambda _k: None)
    return Outcome(
        "invalid",
        event_id,
        str_or_none(get("entity_id")),
        str_or_none(get("field")),
        get("candidate_value"),
        errors=tuple(errors),
    )


def str_or_none(value: Any) -> str | None:
    return value if isinstance(value, str) else None
