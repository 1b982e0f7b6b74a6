"""Reads of the append-only logs: events with their decisions, field history, audit lines."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from core.domain.state import Scalar
from core.domain.timeutil import parse_ts


@dataclass(frozen=True)
class EventRecord:
    """One entry of the append-only event log, with the decision taken on it."""

    seq: int
    event_id: str
    entity_id: str
    field: str
    intent: str
    value: Scalar
    source_type: str
    source_ref: str | None
    event_ts: datetime
    ingested_at: datetime
    decision: str
    confidence: float
    margin: float
    reasons: tuple[str, ...]
    evidence_text: str | None
    corroborators: tuple[tuple[str, str], ...] = ()
    """(source type, ref) of the other sources the observation named as saying the same."""
    principal: str | None = None
    """The ref of who made the write (``core.domain.principals``); None for old events."""
    valid_until: datetime | None = None
    """The end its words gave ("till sunday"): what a Yes to it commits with the value."""


@dataclass(frozen=True)
class LogWindow:
    """The event log from a moment on: what metrics are computed from."""

    events: tuple[EventRecord, ...]
    """Events ingested at or after the window's start, in log order."""
    duplicates: tuple[tuple[str, datetime], ...]
    """(event id, when) of every input ignored as already logged, seen at or after the start."""


@dataclass(frozen=True)
class HistoryEntry:
    seq: int
    entity_id: str
    field: str
    version: int
    old_value: Scalar
    new_value: Scalar
    retracted: bool
    event_id: str
    confidence: float
    resolution: str
    committed_at: datetime
    principal: str | None = None
    """The ref of who made the write behind the change; None for old commits."""
    source_ref: str | None = None
    """The input behind the change: a message's, a feed item's or a file line's ref, or
    the question an answer settled (its id); None when not known."""


@dataclass(frozen=True)
class AuditLine:
    seq: int
    at: datetime
    entity_id: str
    field: str
    line: str


def payload_end(payload: Mapping[str, Any]) -> datetime | None:
    """A logged observation's ``valid_until``, None without one."""
    until = payload.get("valid_until")
    return parse_ts(until) if isinstance(until, str) and until else None
