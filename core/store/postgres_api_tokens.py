"""The HTTP API's bearer tokens in PostgreSQL, as ``sqlite_api_tokens`` keeps them."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from core.domain.records import ApiToken
from core.store.postgres_companions import PoolOwner
from core.store.postgres_rows import opt_utc, utc

_COLUMNS = "id, name, entity_id, secret_sha256, created_at, revoked_at"


class PostgresApiTokens:
    """``ApiTokenStore`` over a ``PostgresStore``'s pool."""

    def __init__(self, store: PoolOwner) -> None:
        self._store = store

    async def add_token(self, token: ApiToken) -> None:
        async with self._store.transaction() as tx:
            await tx.execute(
                f"INSERT INTO api_tokens ({_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s)",
                (
                    token.id,
                    token.name,
                    token.entity_id,
                    token.secret_sha256,
                    token.created_at,
                    token.revoked_at,
                ),
            )

    async def token_by_secret(self, secret_sha256: str) -> ApiToken | None:
        rows = await self._store.fetch(
            f"SELECT {_COLUMNS} FROM api_tokens WHERE secret_sha256 = %s", (secret_sha256,)
        )
        return _token(rows[0]) if rows else None

    async def tokens(self) -> list[ApiToken]:
        rows = await self._store.fetch(f"SELECT {_COLUMNS} FROM api_tokens ORDER BY created_at, id")
        return [_token(r) for r in rows]

    async def revoke_token(self, token_id: str, at: datetime) -> bool:
        async with self._store.transaction() as tx:
            changed = await tx.execute(
                "UPDATE api_tokens SET revoked_at = %s WHERE id = %s AND revoked_at IS NULL",
                (at, token_id),
            )
            return changed > 0


def _token(r: Any) -> ApiToken:
    return ApiToken(
        id=r[0],
        name=r[1],
        entity_id=r[2],
        secret_sha256=r[3],
        created_at=utc(r[4]),
        revoked_at=opt_utc(r[5]),
    )
