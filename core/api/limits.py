"""Per-token rate limits: a token bucket each, kept in the store, refilled at a steady rate.

The buckets live in the store (``ApiTokenStore.spend_for_secret`` finds a request's token
and spends from its bucket in one call), not in this process, so every ``canon serve``
worker on one store spends from the same bucket per token.
The time is passed in (the app reads its clock at the edge), so a test drives it
without waiting.
"""

from __future__ import annotations

import ipaddress
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


def address_bucket(address: str | None) -> str:
    """The rate-limit bucket of a client address: an IPv4 address its own, an IPv6 one
    grouped by its /64 (one subscriber is handed a whole /64, so a bucket per address
    would give one attacker 2**64 of them), an IPv4-mapped IPv6 address as its IPv4.
    Anything else (no address, a Unix socket's name) shares one bucket."""
    try:
        ip = ipaddress.ip_address((address or "").split("%", 1)[0])
    except ValueError:
        return "address:unknown"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return f"address:{ip.ipv4_mapped}"
        return f"address:{ipaddress.IPv6Network((ip, 64), strict=False)}"
    return f"address:{ip}"
