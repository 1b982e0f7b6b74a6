"""The HTTP API's bearer tokens and their rate-limit buckets in PostgreSQL, as
``sqlite_api_tokens`` keeps them."""

from __future__ import annotations

from datetime import datetime

from core.domain.api_tokens import ApiToken
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

    async def take_request(self, token_id: str, at: float, per_second: float, burst: int) -> float:
        # One autocommit statement: one round trip, on an unlogged table (no WAL flush).
        [(tokens, granted)] = await self._store.fetch(
            _TAKE, {"id": token_id, "at": at, "rate": per_second, "burst": float(burst)}
        )
        return 0.0 if granted else (1 - float(tokens)) / per_second

    async def spend_for_secret(
        self, secret_sha256: str, at: float, per_second: float, burst: int
    ) -> tuple[ApiToken, float] | None:
        rows = await self._store.fetch(
            _SPEND_FOR_SECRET,
            {"hash": secret_sha256, "at": at, "rate": per_second, "burst": float(burst)},
        )
        if not rows:
            return None
        *token, tokens, granted = rows[0]
        return token_from_row(tuple(token), utc), 0.0 if granted else (
            1 - float(tokens)
        ) / per_second


_LEVEL = "least(%(burst)s, b.tokens + greatest(0.0, %(at)s - b.counted_at) * %(rate)s)"
_TAKE = f"""
    INSERT INTO api_rate_buckets AS b (token_id, tokens, counted_at, granted)
    VALUES (%(id)s, %(burst)s - 1, %(at)s, true)
    ON CONFLICT (token_id) DO UPDATE SET
        tokens = {_LEVEL} - CASE WHEN {_LEVEL} >= 1 THEN 1 ELSE 0 END,
        counted_at = greatest(b.counted_at, %(at)s),
        granted = {_LEVEL} >= 1
    RETURNING tokens, granted
"""
"""``core.domain.rate_limit.spend`` in one statement (every SET reads the row as it was;
the row lock makes concurrent takes from several workers queue)."""


_SPEND_FOR_SECRET = f"""
    WITH live AS (
        SELECT {COLUMNS} FROM api_tokens
        WHERE secret_sha256 = %(hash)s AND revoked_at IS NULL
    ), spent AS (
        INSERT INTO api_rate_buckets AS b (token_id, tokens, counted_at, granted)
        SELECT id, %(burst)s - 1, %(at)s, true FROM live
        ON CONFLICT (token_id) DO UPDATE SET
            tokens = {_LEVEL} - CASE WHEN {_LEVEL} >= 1 THEN 1 ELSE 0 END,
            counted_at = greatest(b.counted_at, %(at)s),
            granted = {_LEVEL} >= 1
        RETURNING token_id, tokens, granted
    )
    SELECT live.*, spent.tokens, spent.granted FROM live JOIN spent ON spent.token_id = live.id
"""
"""``token_by_secret`` and ``_TAKE`` in one statement: the bucket is spent only for a live
token, and both come back in one round trip."""


def _same(at: datetime) -> datetime:
    return at  # psycopg sends an aware datetime as timestamptz
