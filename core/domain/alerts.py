"""Alerts: what the owner must hear about, as raised and as stored until delivered."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class NewAlert:
    at: datetime
    kind: str
    domain: str | None
    message: str


@dataclass(frozen=True)
class Alert:
    """Something the owner must hear about (a permanent travel/financial dead letter, a failing
    source); open until it was delivered to them."""

    seq: int
    created_at: datetime
    kind: str
    domain: str | None
    message: str
    delivered_at: datetime | None = None
