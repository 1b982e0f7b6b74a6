"""Committed state and the evidence the resolver weighs against it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from core.domain.frozen_init import fast_init
from core.domain.json_text import one_encoder

Scalar = str | int | float | bool | None


def value_key(value: Any) -> str:
    """Identity of a value for comparisons: 'Tahoe' and ' tahoe ' are the same belief."""
    if isinstance(value, str):
        value = " ".join(value.split()).casefold()
    return _key_text(value)


_key_text = one_encoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True)
"""Built once: json.dumps with options builds a new encoder on every call."""


@fast_init
@dataclass(frozen=True)
class CommittedFact:
    """The value Canon currently believes for one entity's field, and why."""

    entity_id: str
    field: str
    value: Scalar
    version: int
    source_type: str
    source_ref: str | None
    confidence: float
    event_id: str
    evidence_ts: datetime
    """When the newest evidence for this value was produced."""
    committed_at: datetime
    resolution: str
    valid_until: datetime | None = None
    principal: str | None = None
    """The ref of who made the write behind the value; None for old events."""

    @property
    def domain(self) -> str:
        return self.field.split(".", 1)[0]


@fast_init
@dataclass(frozen=True)
class Competitor:
    """Another open candidate value for the same field (a pending review item)."""

    value: Scalar
    confidence: float


@fast_init
@dataclass(frozen=True)
class FieldEvidence:
    """What the store knows about a field beyond its committed value.

    ``agreeing_sources`` are the source types that asserted the observation's
    value recently; ``rejected`` holds (value_key, source_key) pairs the user
    said no to, so the same value from the same evidence is not asked again.
    """

    agreeing_sources: frozenset[str] = frozenset()
    competitors: tuple[Competitor, ...] = ()
    rejected: frozenset[tuple[str, str]] = frozenset()
    begins_anew: bool = False
    """The observation starts the field's lifecycle again (a trip planned after the last one
    is over, ``core.engine.next_trip``): its first stage is no step back."""
    own_word: bool = False
    """The user's own clear, newer word on her own trip under way (``core.engine.own_day_back``):
    her say, which a value she confirmed earlier does not hold back."""


NO_EVIDENCE = FieldEvidence()
