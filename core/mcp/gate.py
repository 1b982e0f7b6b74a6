"""Who may use ``canon mcp --transport http``, and how often: the door before the MCP layer.

Every request carries a bearer secret: a token made for the served entity (``canon token
create``) or, with ``--start-key``, the key made for this start. What each request spends,
all from buckets kept in the store (``ApiTokenStore.take_request``), so every process
serving the store counts alike:

- A call (``tools/call``, ``resources/read``, anything that is not a handshake) spends one
  request from its token's bucket, the one ``canon serve`` spends: MCP is no way around
  the HTTP API's limit.
- A handshake (``initialize``, ``notifications/initialized``, the lists, ``ping``, a
  session's event stream or its end) spends from a bucket of its own per token:
  ``HANDSHAKES_PER_SESSION`` times the burst, refilled at the token's rate. Three
  handshake requests open a session, so a client may open ``burst`` sessions at once
  without spending one of its calls, and a flood of handshakes is still held to the
  token's rate.
- Anything without a live token (the start key, right or wrong, and every unknown
  secret) spends from its client address's bucket (an IPv6 address's /64:
  ``core.api.limits.address_bucket``), before the start key is compared:
  guessing the key costs what using it does, and a refused guess changes nothing else.

Refusals are 401 (no secret the entity may use) or 429 (a bucket is empty; ``wait``
seconds until one more is allowed), with a sentence saying which.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Final

from core.api.limits import RateLimiter, address_bucket
from core.api.tokens import token_for
from core.store.companion_protocols import ApiTokenStore

HANDSHAKES: Final = frozenset(
    {
        "initialize",
        "notifications/initialized",
        "ping",
        "tools/list",
        "resources/list",
        "resources/templates/list",
        "prompts/list",
    }
)
"""JSON-RPC methods that open a session or say what it offers: nothing is read or done."""
HANDSHAKES_PER_SESSION: Final = 3
"""initialize, notifications/initialized, tools/list: what a client sends to start."""
WITHOUT_TOKEN: Final = "without a token from this address (a wrong or unknown key counts too)"


@dataclass(frozen=True)
class Refused:
    """Why a request is not let in: 401 (no token the entity may use) or 429 (a bucket,
    kept in the store, is empty for ``wait`` seconds)."""

    error: str
    status: int = 401
    wait: float = 0.0


@dataclass(frozen=True)
class Knock:
    """What the door sees of a request: its bearer secret, the client's address, and
    whether it is a handshake (``HANDSHAKES``) rather than a call."""

    secret: str
    address: str
    handshake: bool = False


@dataclass(frozen=True)
class McpGate:
    """The door of one ``canon mcp`` server for ``entity``."""

    entity: str
    tokens: ApiTokenStore
    limiter: RateLimiter
    start_key: str | None = None

    async def admit(self, knock: Knock, at: float) -> Refused | None:
        """None if ``knock`` may go in now (``at``: the epoch's seconds), else why not."""
        token = await token_for(self.tokens, knock.secret)
        if token is None:
            return await self._without_token(knock, at)
        if token.entity_id != self.entity:
            return Refused(f"this token is for {token.entity_id}, not {self.entity}")
        if token.role == "signals":
            return Refused("a signals token posts observations to the HTTP API, not MCP")
        return await self._spend(token.id, knock.handshake, at, "for this token")

    async def _without_token(self, knock: Knock, at: float) -> Refused | None:
        # Spent before the key is compared: a guess refused for the rate learns nothing.
        refused = await self._spend(
            address_bucket(knock.address), knock.handshake, at, WITHOUT_TOKEN
        )
        if refused is not None:
            return refused
        if self.start_key is not None and hmac.compare_digest(
            knock.secret.encode(), self.start_key.encode()
        ):
            return None
        return Refused("unknown or revoked token")

    async def _spend(self, key: str, handshake: bool, at: float, whose: str) -> Refused | None:
        """One request from ``key``'s bucket, or from its handshakes' bucket."""
        per_second, burst = self.limiter.per_second, self.limiter.burst
        what = "requests"
        if handshake:
            key, burst, what = f"{key}/handshakes", burst * HANDSHAKES_PER_SESSION, "new sessions"
        wait = await self.tokens.take_request(key, at, per_second, burst)
        return Refused(f"too many {what} {whose}; slow down", 429, wait) if wait > 0 else None
