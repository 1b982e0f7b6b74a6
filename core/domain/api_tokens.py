"""An HTTP API bearer token as stored."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from core.domain.principals import LEGACY_TOKEN_ROLE
from core.domain.principals import Role as TokenRole


@dataclass(frozen=True)
class ApiToken:
    """A bearer token of the HTTP API, as stored: only the SHA-256 of its secret."""

    id: str
    name: str
    entity_id: str
    """The entity the token speaks for; it reaches that one and the shared entities."""
    secret_sha256: str
    created_at: datetime
    revoked_at: datetime | None = None
    role: TokenRole = LEGACY_TOKEN_ROLE
    """What the token's bearer is (``core.domain.principals``); tokens made before roles
    existed are ``agent`` tokens, the narrowest role that serves their documented use."""
    source_types: tuple[str, ...] = ()
    """A ``signals`` token: the source types it may post; empty for the other roles."""
    reach: tuple[str, ...] | None = None
    """The shared entities it may touch besides its own; None: the household's
    (``CANON_SHARED_ENTITIES`` and the family), as every token before roles did."""
