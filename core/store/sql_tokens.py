"""API tokens to and from the rows of a SQL backend: one mapping for SQLite and PostgreSQL.

Both keep the same columns in the same order; a timestamp comes back as each
backend's own (``when``) and goes in as each wants it (``stamp``). A role's
source types and a token's reach are JSON arrays in text columns, so a store
copied between backends (``core.store.portable``) keeps them as they are.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from typing import Any, Final, cast

from core.domain.api_tokens import ApiToken
from core.domain.principals import ROLES, Role
from core.errors import StoreError

COLUMNS: Final = (
    "id, name, entity_id, secret_sha256, created_at, revoked_at, role, source_types, reach"
)
When = Callable[[Any], datetime]
Stamp = Callable[[datetime], Any]


def token_row(token: ApiToken, stamp: Stamp) -> tuple[Any, ...]:
    return (
        token.id,
        token.name,
        token.entity_id,
        token.secret_sha256,
        stamp(token.created_at),
        None if token.revoked_at is None else stamp(token.revoked_at),
        token.role,
        json.dumps(list(token.source_types)),
        None if token.reach is None else json.dumps(list(token.reach)),
    )


def token_from_row(r: Any, when: When) -> ApiToken:
    role = str(r[6])
    if role not in ROLES:
        raise StoreError(f"token {r[0]} has an unknown role {role!r}")
    return ApiToken(
        id=r[0],
        name=r[1],
        entity_id=r[2],
        secret_sha256=r[3],
        created_at=when(r[4]),
        revoked_at=None if r[5] is None else when(r[5]),
        role=cast(Role, role),
        source_types=tuple(json.loads(r[7])),
        reach=None if r[8] is None else tuple(json.loads(r[8])),
    )
