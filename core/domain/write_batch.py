"""What one resolved batch of inputs stores: each accepted observation with its decision,
the commit it makes, and the batch itself."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from core.domain.dead_letters import DeadLetter
from core.domain.frozen_init import fast_init
from core.domain.review_items import NewReviewItem
from core.domain.state import CommittedFact, Scalar


@fast_init
@dataclass(frozen=True)
class CommitPlan:
    """A change to committed state (a new value, or a retraction when ``retract``)."""

    entity_id: str
    field: str
    value: Scalar
    retract: bool
    source_type: str
    source_ref: str | None
    confidence: float
    event_id: str
    evidence_ts: datetime
    committed_at: datetime
    resolution: str
    valid_until: datetime | None
    audit_line: str
    principal: str | None = None

    def as_fact(self, version: int) -> CommittedFact:
        """The committed fact this plan leaves as the field's ``version`` (not a retraction)."""
        return CommittedFact(
            entity_id=self.entity_id,
            field=self.field,
            value=self.value,
            version=version,
            source_type=self.source_type,
            source_ref=self.source_ref,
            confidence=self.confidence,
            event_id=self.event_id,
            evidence_ts=self.evidence_ts,
            committed_at=self.committed_at,
            resolution=self.resolution,
            valid_until=self.valid_until,
            principal=self.principal,
        )


@fast_init
@dataclass(frozen=True)
class Accepted:
    """One schema-valid observation and what was decided about it: stored atomically."""

    payload: dict[str, Any]
    event_id: str
    entity_id: str
    field: str
    domain: str
    intent: str
    value_key: str
    source_type: str
    source_ref: str | None
    event_ts: datetime
    decided_at: datetime
    decision: str
    confidence: float
    margin: float
    reasons: tuple[str, ...]
    patch: tuple[dict[str, Any], ...]
    commit: CommitPlan | None = None
    corroborate: bool = False
    review: NewReviewItem | None = None
    principal: str | None = None
    """The ref of who made the write (``core.domain.principals``); None for old events."""
    expires: datetime | None = None
    """The end the observation gives its value (a plan's), which a corroboration renews."""


@fast_init
@dataclass(frozen=True)
class WriteBatch:
    """A resolved batch of inputs, stored in one transaction in decision order."""

    decided_at: datetime
    accepted: tuple[Accepted, ...] = ()
    superseded: tuple[tuple[str, datetime], ...] = ()
    """(review item id, when) closed because the value they propose was committed."""
    corroborated: tuple[CommittedFact, ...] = ()
    """Final state of facts whose evidence was refreshed by corroboration."""
    duplicates: tuple[tuple[str, datetime], ...] = ()
    dead_letters: tuple[DeadLetter, ...] = ()
