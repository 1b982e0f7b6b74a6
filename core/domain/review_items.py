"""Review items: the questions Canon asks the owner, as raised and as stored."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from core.domain.frozen_init import fast_init
from core.domain.source_types import canonical_source_key
from core.domain.state import Scalar

ReviewStatus = Literal[
    "queued", "pending", "confirmed", "rejected", "edited", "discarded", "superseded"
]
ReviewKind = Literal["change", "dead_letter", "bootstrap", "drift"]
OPEN_STATUSES: tuple[ReviewStatus, ...] = ("queued", "pending")
CONSISTENCY_SOURCE = "consistency:"
"""Source key prefix of the questions Canon opens itself for conflicts between beliefs
(``core.engine.conflicts``); PostgreSQL keeps an index of them alone (its migration 0028),
read each time a context block is built or an answer settles a trip, home or time zone."""

PASSED = "its day passed"
"""The reason kept in the answer of a question withdrawn (superseded) because the end its
words gave has passed ("kids r at their dads till sunday", still open on Monday): nothing
newer settled it, and the user is told the true reason."""


@fast_init
@dataclass(frozen=True)
class NewReviewItem:
    id: str
    kind: ReviewKind
    event_id: str | None
    entity_id: str
    field: str
    candidate_value: Scalar
    current_value: Scalar
    confidence: float
    reasons: tuple[str, ...]
    source_key: str
    created_at: datetime
    group_key: str | None = None
    """Shared by the related items one input raised: asked and answered as one."""
    shadow_decision: str | None = None
    """What the resolver would have done had the rollout not made it ask
    ("auto_commit" | "tentative_reject"): the user's answer grades it."""
    principal: str | None = None
    """The ref of whose evidence raised the question; None for Canon's own questions."""

    def stored(
        self,
        seq: int,
        status: ReviewStatus,
        created_at: datetime,
        promoted_at: datetime | None = None,
    ) -> ReviewItem:
        """The open ``ReviewItem`` this question is once stored at ``seq``: unanswered, its
        source key spelled canonically; the times as the store keeps them."""
        return ReviewItem(
            id=self.id,
            seq=seq,
            kind=self.kind,
            event_id=self.event_id,
            entity_id=self.entity_id,
            field=self.field,
            candidate_value=self.candidate_value,
            current_value=self.current_value,
            confidence=self.confidence,
            reasons=tuple(self.reasons),
            source_key=canonical_source_key(self.source_key),
            status=status,
            created_at=created_at,
            promoted_at=promoted_at,
            answered_at=None,
            answer=None,
            group_key=self.group_key,
            shadow_decision=self.shadow_decision,
            principal=self.principal,
        )


@fast_init
@dataclass(frozen=True)
class ReviewItem:
    id: str
    seq: int
    kind: ReviewKind
    event_id: str | None
    entity_id: str
    field: str
    candidate_value: Scalar
    current_value: Scalar
    confidence: float
    reasons: tuple[str, ...]
    source_key: str
    status: ReviewStatus
    created_at: datetime
    promoted_at: datetime | None
    answered_at: datetime | None
    answer: dict[str, Any] | None
    group_key: str | None = None
    shadow_decision: str | None = None
    principal: str | None = None
    """The ref of whose evidence raised the question; None for old items and Canon's own."""


CorrectionKind = Literal["forget", "undo", "wrong"]
CORRECTION_PREFIX = "command:"
"""A correction's source key begins so: ``command:<kind>[:<suffix>]``."""
_KINDS: dict[str, CorrectionKind] = {"forget": "forget", "undo": "undo", "wrong": "wrong"}


def correction_kind(item: ReviewItem) -> CorrectionKind | None:
    """'forget', 'undo' or 'wrong' for a correction item, None for anything else."""
    if not item.source_key.startswith(CORRECTION_PREFIX):
        return None
    kind = item.source_key[len(CORRECTION_PREFIX) :].split(":", 1)[0]
    return _KINDS.get(kind)
