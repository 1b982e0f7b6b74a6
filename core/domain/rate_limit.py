"""A token bucket, as pure arithmetic: ``burst`` requests at once, then ``per_second``.

The stores keep one bucket per API token (``ApiTokenStore.take_request``) so that
every worker of ``canon serve`` spends from the same one; the SQL backends do this
same arithmetic in one atomic statement, the in-memory one calls ``spend``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Bucket:
    """What is left in a bucket and when it was last counted (seconds)."""

    tokens: float
    counted_at: float


def spend(bucket: Bucket | None, at: float, per_second: float, burst: int) -> tuple[Bucket, float]:
    """Spend one request at ``at`` from ``bucket`` (None: a full one): the bucket after,
    and 0.0 if the request may go ahead, else the seconds until one more would be.

    Refilling never goes back in time: a clock behind the last count adds nothing."""
    if bucket is None:
        bucket = Bucket(float(burst), at)
    level = min(float(burst), bucket.tokens + max(0.0, at - bucket.counted_at) * per_second)
    counted_at = max(bucket.counted_at, at)
    if level >= 1:
        return Bucket(level - 1, counted_at), 0.0
    return Bucket(level, counted_at), (1 - level) / per_second
