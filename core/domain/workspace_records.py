"""The workspace's stored records: the accepted STATE-INPUT reading and the event log."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime


@dataclass(frozen=True)
class AcceptedInput:
    """The last accepted reading of one STATE-INPUT zone."""

    entries: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    """line_hash -> (entity_id, field, intent) of the lines in effect."""
    bad: frozenset[str] = frozenset()
    """line hashes of unreadable lines already sent to the dead-letter queue."""
    generations: dict[str, int] = field(default_factory=dict)
    """line_hash -> how many times the line was added or removed (keeps event ids unique)."""


@dataclass(frozen=True)
class WorkspaceEvent:
    seq: int
    at: datetime
    kind: str
    file: str
    zone_id: str | None
    detail: str
