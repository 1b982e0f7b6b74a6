"""Per-token rate limits: a token bucket each, refilled at a steady rate.

Pure bookkeeping over a monotonic clock passed in (the app reads it at the edge),
so a test drives it without waiting.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Final

MAX_BODY: Final = 1_000_000
"""The largest request body accepted, in bytes (``canon serve --max-body``)."""


@dataclass
class RateLimiter:
    """``burst`` requests at once, then ``per_second`` on average, per key."""

    per_second: float
    burst: int
    _buckets: dict[str, tuple[float, float]] = field(default_factory=dict)
    """key -> (tokens left, when last counted)."""

    def take(self, key: str, now: float) -> float:
        """Spend one request of ``key``'s bucket: 0 if allowed, else the seconds to wait."""
        tokens, then = self._buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + max(0.0, now - then) * self.per_second)
        if tokens >= 1:
            self._buckets[key] = (tokens - 1, now)
            return 0.0
        self._buckets[key] = (tokens, now)
        return (1 - tokens) / self.per_second

    @staticmethod
    def retry_after(wait: float) -> str:
        """The Retry-After header: whole seconds, at least one."""
        return str(max(1, math.ceil(wait)))
