"""How answers close review items: one item's settlement, and what settling a group did."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from core.domain.dead_letters import DeadLetter
from core.domain.review_items import NewReviewItem, ReviewItem, ReviewStatus
from core.domain.write_batch import Accepted


@dataclass(frozen=True)
class Settlement:
    """How an answer closes a review item, decided on the item and the field's fact."""

    status: ReviewStatus
    answer: dict[str, Any]
    answered_at: datetime
    confirmation_event: Accepted | None = None
    """Logged (and committed, if it carries a commit) with the answer."""
    rejection: tuple[str, str] | None = None
    """(value_key, source_key) to remember as rejected for the field."""
    dead_letter: DeadLetter | None = None
    """The dead letter this answer closes, stored in the same transaction."""
    follow_up: NewReviewItem | None = None
    """A question asked in this one's place, in the same transaction: an edited part of
    a grouped question, held with the group's other parts until they are answered."""


@dataclass(frozen=True)
class GroupSettled:
    """What settling a group did: each item as its transaction left it (in the order
    asked), and the queued questions shown in their place."""

    settled: list[ReviewItem]
    promoted: list[ReviewItem]
