"""An HTTP API bearer token as stored."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Final

from core.domain.principals import LEGACY_TOKEN_ROLE
from core.domain.principals import Role as TokenRole

HOUSEHOLD: Final = "household"
"""The scope a token is given with ``canon token create --reach household``: the
household's shared entities as configured (``CANON_SHARED_ENTITIES`` and
``CANON_FAMILY_ENTITY``), read when the token is used, so it follows the configuration."""


@dataclass(frozen=True)
class ApiToken:
    """A bearer token of the HTTP API, as stored: only the SHA-256 of its secret."""

    id: str
    name: str
    entity_id: str
    """The entity the token speaks for: the one it always reaches."""
    secret_sha256: str
    created_at: datetime
    revoked_at: datetime | None = None
    role: TokenRole = LEGACY_TOKEN_ROLE
    """What the token's bearer is (``core.domain.principals``); tokens made before roles
    existed are ``agent`` tokens, the narrowest role that serves their documented use."""
    source_types: tuple[str, ...] = ()
    """A ``signals`` token: the source types it may post; empty for the other roles."""
    reach: tuple[str, ...] | None = None
    """The scope it was given at creation: the shared entities (``family:home``) it may
    touch besides its own, ``HOUSEHOLD`` for the household's as configured; empty (the
    default since scopes, 2026-12-01): its own entity only. None: made before scopes,
    when every token reached the household; such a token keeps that reach
    (``made_before_scopes``), so no deployed client loses what it reads."""

    @property
    def made_before_scopes(self) -> bool:
        return self.reach is None
