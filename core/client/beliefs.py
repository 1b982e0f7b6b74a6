"""What the HTTP API answers about beliefs, as typed values: a field's committed value
(``Fact``), the evidence behind it and its changes (``Why``), and every belief at once
(``State``). Bodies of ``schemas/http_api.schema.json``, which the server checks before it
sends them: reading one is a plain translation (timestamps become aware datetimes, lists
tuples).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from core.domain.timeutil import parse_ts

Value = str | int | float | bool | None


@dataclass(frozen=True)
class Source:
    type: str
    ref: str | None

    @classmethod
    def read(cls, d: Mapping[str, Any]) -> Source:
        return cls(d["type"], d["ref"])


@dataclass(frozen=True)
class Fact:
    """A committed belief about one field."""

    value: Value
    version: int
    confidence: float
    source: Source
    event_id: str | None
    evidence_ts: datetime
    committed_at: datetime
    resolution: str
    valid_until: datetime | None
    stale: bool
    age: str
    by: str = ""
    """Who made the write, worded for this token ("you", "another member of the household",
    ...); empty from a server older than principals."""
    meaning: str | None = None
    """What ``value`` means, when its bare word misleads (a return's "pending": "sent back,
    refund awaited"); None for a plain value (or from an older server)."""

    @classmethod
    def read(cls, d: Mapping[str, Any]) -> Fact:
        return cls(
            d["value"],
            d["version"],
            d["confidence"],
            Source.read(d["source"]),
            d["event_id"],
            parse_ts(d["evidence_ts"]),
            parse_ts(d["committed_at"]),
            d["resolution"],
            None if d["valid_until"] is None else parse_ts(d["valid_until"]),
            d["stale"],
            d["age"],
            d.get("by", ""),
            d.get("meaning"),
        )


@dataclass(frozen=True)
class Evidence:
    """One observation behind a field's value."""

    event_id: str | None
    """None when the write is another member's."""
    event_ts: datetime
    intent: str
    value: Value
    source: Source
    corroborators: tuple[Source, ...]
    decision: str
    confidence: float
    reasons: tuple[str, ...]
    evidence_text: str | None
    by: str = ""
    """Who made the write, worded for this token ("you", "another member of the household",
    ...); empty from a server older than principals."""

    @classmethod
    def read(cls, d: Mapping[str, Any]) -> Evidence:
        return cls(
            d["event_id"],
            parse_ts(d["event_ts"]),
            d["intent"],
            d["value"],
            Source.read(d["source"]),
            tuple(Source.read(c) for c in d["corroborators"]),
            d["decision"],
            d["confidence"],
            tuple(d["reasons"]),
            d["evidence_text"],
            d.get("by", ""),
        )


@dataclass(frozen=True)
class Change:
    """One committed change of a field (``retracted``: it was taken back)."""

    entity_id: str
    field: str
    version: int
    old_value: Value
    new_value: Value
    retracted: bool
    event_id: str | None
    confidence: float
    resolution: str
    committed_at: datetime
    by: str = ""
    """Who made the write, worded for this token ("you", "another member of the household",
    ...); empty from a server older than principals."""
    old_by: str | None = None
    """Who wrote the value it replaced, worded as ``by``; None without an old value (or
    from an older server)."""
    old_meaning: str | None = None
    """What ``old_value`` meant, when its bare word misleads ("sent back, refund awaited")."""
    meaning: str | None = None
    """What ``new_value`` meant, when its bare word misleads."""

    @classmethod
    def read(cls, d: Mapping[str, Any]) -> Change:
        return cls(
            d["entity_id"],
            d["field"],
            d["version"],
            d["old_value"],
            d["new_value"],
            d["retracted"],
            d["event_id"],
            d["confidence"],
            d["resolution"],
            parse_ts(d["committed_at"]),
            d.get("by", ""),
            d.get("old_by"),
            d.get("old_meaning"),
            d.get("meaning"),
        )


@dataclass(frozen=True)
class Why:
    """The evidence behind a field's value and the changes that got it there."""

    entity_id: str
    field: str
    current: Fact | None
    evidence: tuple[Evidence, ...]
    changes: tuple[Change, ...]

    @classmethod
    def read(cls, d: Mapping[str, Any]) -> Why:
        current = d["current"]
        return cls(
            d["entity_id"],
            d["field"],
            None if current is None else Fact.read(current),
            tuple(Evidence.read(e) for e in d["evidence"]),
            tuple(Change.read(c) for c in d["changes"]),
        )


State = dict[str, dict[str, Fact]]
"""Committed beliefs by entity, then by field."""


def read_state(d: Mapping[str, Any]) -> State:
    return {
        entity: {field: Fact.read(f) for field, f in facts.items()}
        for entity, facts in d["entities"].items()
    }
