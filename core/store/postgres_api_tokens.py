"""The HTTP API's bearer tokens in PostgreSQL, as ``sqlite_api_tokens`` keeps them."""

from __future__ import annotations

from datetime import datetime

from core.domain.records import ApiToken
from core.store.postgres_companions import PoolOwner
from core.store.postgres_rows import utc
from core.store.sql_tokens import COLUMNS, token_from_row, token_row


class PostgresApiTokens:
    """``ApiTokenStore`` over a ``PostgresStore``'s pool."""

    def __init__(self, store: PoolOwner) -> None:
        self._store = store

    async def add_token(self, token: ApiToken) -> None:
        async with self._store.transaction() as tx:
            await tx.execute(
                f"INSERT INTO api_tokens ({COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
                token_row(token, _same),
            )

    async def token_by_secret(self, secret_sha256: str) -> ApiToken | None:
        rows = await self._store.fetch(
            f"SELECT {COLUMNS} FROM api_tokens WHERE secret_sha256 = %s", (secret_sha256,)
        )
        return token_from_row(rows[0], utc) if rows else None

    async def tokens(self) -> list[ApiToken]:
        rows = await self._store.fetch(f"SELECT {COLUMNS} FROM api_tokens ORDER BY created_at, id")
        return [token_from_row(r, utc) for r in rows]

    async def revoke_token(self, token_id: str, at: datetime) -> bool:
        async with self._store.transaction() as tx:
            changed = await tx.execute(
                "UPDATE api_tokens SET revoked_at = %s WHERE id = %s AND revoked_at IS NULL",
                (at, token_id),
            )
            return changed > 0


def _same(at: datetime) -> datetime:
    return at  # psycopg sends an aware datetime as timestamptz
