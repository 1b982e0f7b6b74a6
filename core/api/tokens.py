"""Bearer tokens of the HTTP API: made here, shown once, stored only as a hash.

A token is ``canon_`` followed by 32 random bytes (URL-safe base64). Its SHA-256 is
what the store keeps: with that much entropy a plain hash is as good as a slow one,
and it lets a request find its token by one indexed lookup.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from core.api.limits import RateLimiter
from core.domain.api_tokens import HOUSEHOLD, ApiToken
from core.domain.claims import SIGNAL_TYPES
from core.domain.ids import new_id
from core.domain.principals import Role
from core.engine.engine import Engine
from core.errors import InputError
from core.store.companion_protocols import ApiTokenStore
from core.store.spend_along import SpendAlong, SpendsAlong

PREFIX: Final = "canon_"
ENTITY: Final = re.compile(r"(user|family|team):[a-z0-9._-]{1,120}")


@dataclass(frozen=True)
class IssuedToken:
    """A new token: the secret (shown to the user once, never stored) and its record."""

    secret: str
    token: ApiToken


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


async def issue_token(
    engine: Engine,
    entity_id: str,
    name: str,
    now: datetime,
    *,
    role: Role = "agent",
    source_types: Sequence[str] = (),
    reach: Sequence[str] = (),
) -> IssuedToken:
    """Make a ``role`` token for ``entity_id`` and store its hash through the engine.

    A ``signals`` token names the source types it may post (``SIGNAL_TYPES``), no other
    role does. ``reach`` is its scope besides its own entity, given explicitly: shared
    entities (``family:*``, ``team:*``) and ``HOUSEHOLD`` (the household's, as
    configured); empty, the default: its own entity only (least privilege: a token for
    user:bob reads and writes Bob's entity, and the family's only when made to).
    """
    if not ENTITY.fullmatch(entity_id):
        raise InputError(f"{entity_id!r} is not an entity like user:alice or family:smith")
    types = tuple(dict.fromkeys(source_types))
    if role == "signals" and not types:
        raise InputError("a signals token needs the source types it may post (--source-type)")
    if role != "signals" and types:
        article = "an" if role == "agent" else "a"
        raise InputError(f"only a signals token names source types, not {article} {role} token")
    unknown = [t for t in types if t not in SIGNAL_TYPES]
    if unknown:
        raise InputError(
            f"a signals token may post {', '.join(SIGNAL_TYPES)}, not {', '.join(unknown)}"
            + (
                " (mail is transaction evidence only from a trusted sender: post it as email)"
                if "transactions_email" in unknown
                else ""
            )
        )
    shared = tuple(dict.fromkeys(reach))
    for other in shared:
        if other != HOUSEHOLD and (not ENTITY.fullmatch(other) or other.startswith("user:")):
            raise InputError(
                f"{other!r} is not a shared entity like family:smith or team:acme, "
                f"nor {HOUSEHOLD} (the household's, as configured)"
            )
    secret = PREFIX + secrets.token_urlsafe(32)
    token = ApiToken(new_id(), name, entity_id, secret_hash(secret), now, None, role, types, shared)
    await engine.add_api_token(token)
    return IssuedToken(secret, token)


async def spend_for(
    tokens: ApiTokenStore, secret: str, at: float, limiter: RateLimiter
) -> tuple[ApiToken, float] | None:
    """The live token ``secret`` is and the seconds its request must wait (0: go ahead),
    from the store in one call; None if the secret is unknown, malformed or revoked."""
    if not secret.startswith(PREFIX) or len(secret) > 200:
        return None
    return await tokens.spend_for_secret(secret_hash(secret), at, limiter.per_second, limiter.burst)


async def token_for(tokens: ApiTokenStore, secret: str) -> ApiToken | None:
    """The live token ``secret`` is, or None (unknown, malformed or revoked)."""
    if not secret.startswith(PREFIX) or len(secret) > 200:
        return None
    found = await tokens.token_by_secret(secret_hash(secret))
    if found is None or found.revoked_at is not None:
        return None
    return found


class SeenTokens:
    """The tokens this worker has seen live, by their secret's hash: the next request of
    one spends its bucket with its first read (``core.store.spend_along``), not in a
    round trip of its own. What is kept never changes once a token exists; whether it is
    still live (not revoked) is asked of the store by that spend, every request."""

    def __init__(self, most: int = 10_000) -> None:
        self._most = most
        self._by_hash: dict[str, ApiToken] = {}

    def add(self, token: ApiToken) -> None:
        # Full: the token seen first goes (a dict keeps insertion order), so a worker with
        # more live tokens than ``most`` sends one spend of its own per token it forgot,
        # not one per token it had, all at once.
        if token.secret_sha256 not in self._by_hash and len(self._by_hash) >= self._most:
            del self._by_hash[next(iter(self._by_hash))]
        self._by_hash[token.secret_sha256] = token

    def __contains__(self, secret_sha256: object) -> bool:
        return secret_sha256 in self._by_hash

    def __len__(self) -> int:
        return len(self._by_hash)

    def knows(self, secret: str | None) -> bool:
        """Whether ``secret`` is a token this worker has seen live (a guess never is)."""
        if secret is None or not secret.startswith(PREFIX) or len(secret) > 200:
            return False
        return secret_hash(secret) in self._by_hash

    def spend_along(
        self, tokens: ApiTokenStore, secret: str | None, at: float, limiter: RateLimiter
    ) -> SpendAlong | None:
        """The spend of ``secret``'s request, to ride with its first read; None when the
        store cannot carry it or the token was not seen here (it is spent on its own)."""
        if secret is None or not secret.startswith(PREFIX) or len(secret) > 200:
            return None
        token = self._by_hash.get(secret_hash(secret))
        if token is None or not isinstance(tokens, SpendsAlong):
            return None
        return tokens.spend_along(token, at, limiter.per_second, limiter.burst)
