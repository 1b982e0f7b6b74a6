"""Per-token rate limits: a token bucket each, kept in the store, refilled at a steady rate.

The buckets live in the store (``ApiTokenStore.spend_for_secret`` finds a request's token
and spends from its bucket in one call), not in this process, so every ``canon serve``
worker on one store spends from the same bucket per token.
The time is passed in (the app reads its clock at the edge), so a test drives it
without waiting.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

MAX_BODY: Final = 1_000_000
"""The largest request body accepted, in bytes (``canon serve --max-body``)."""


@dataclass(frozen=True)
class RateLimiter:
    """``burst`` requests at once, then ``per_second`` on average, per key."""

    per_second: float
    burst: int

    @staticmethod
    def retry_after(wait: float) -> str:
        """The Retry-After header: whole seconds, at least one."""
        return str(max(1, math.ceil(wait)))
