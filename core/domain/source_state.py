"""What Canon remembers about a source between passes."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class SourceState:
    """What Canon remembers about one source between passes."""

    name: str
    kind: str
    cursor: dict[str, Any] = field(default_factory=dict)
    last_attempt: datetime | None = None
    last_success: datetime | None = None
    last_error: str | None = None
    failures: int = 0
    """Consecutive failed passes (0 after a success)."""
    weight: float = 1.0
    """How much the source's evidence counts now (lowered by failures, regained slowly)."""
    signals_total: int = 0
