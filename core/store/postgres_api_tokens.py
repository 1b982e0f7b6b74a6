"""The HTTP API's bearer tokens and their rate-limit buckets in PostgreSQL, as
``sqlite_api_tokens`` keeps them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from functools import lru_cache
from typing import Any

from core.domain.api_tokens import ApiToken
from core.store.postgres_companions import PoolOwner
from core.store.postgres_records import utc
from core.store.spend_along import SpendAlong, Spent
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

    def spend_along(self, token: ApiToken, at: float, per_second: float, burst: int) -> SpendAlong:
        """``spend_for_secret`` of ``token`` (one this worker has seen live), carried by
        the request's first read (``core.store.spend_along``)."""

        async def alone(_: SpendAlong) -> Spent:
            return await self.spend_for_secret(token.secret_sha256, at, per_second, burst)

        return SpendAlong(token, at, per_second, burst, alone)

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


_SPEND_ALONG = _SPEND_FOR_SECRET.replace("%(", "%(spend_").replace(
    "SELECT live.*, spent.tokens, spent.granted FROM live JOIN spent ON spent.token_id = live.id",
    "",
)
_READ = re.compile(r"\s*(SELECT|WITH)\b", re.IGNORECASE)
_WRITES = re.compile(r"\b(INSERT|UPDATE|DELETE|MERGE|LOCK|pg_advisory\w*)\b", re.IGNORECASE)


@lru_cache(maxsize=128)
def read_along(sql: str) -> str | None:
    """The read ``sql`` carrying a token's spend (``_SPEND_FOR_SECRET``, its parameters
    named ``spend_*``), in one statement: a row for the spend (the bucket's level, whether
    it gave the request, the read's row number) joined with the read's rows, which are
    read only when it gave it; none at all when the token is no longer live. None for a
    statement that is not a plain read, which is never run before its request is allowed."""
    if not _READ.match(sql) or _WRITES.search(sql):
        return None
    return (
        f"{_SPEND_ALONG} SELECT spent.tokens, spent.granted, r.* FROM spent "
        "LEFT JOIN LATERAL (SELECT row_number() OVER () AS spend_n, q.* "
        f"FROM ({sql}) q WHERE spent.granted) r ON true ORDER BY r.spend_n"
    )


def along_args(along: SpendAlong, args: Mapping[str, Any]) -> dict[str, Any]:
    """``args`` of the read with the spend's own."""
    return {
        **args,
        "spend_hash": along.token.secret_sha256,
        "spend_at": along.at,
        "spend_rate": along.per_second,
        "spend_burst": float(along.burst),
    }


def rows_along(along: SpendAlong, rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """The read's rows, once the spend they came with is settled (``SpendRefused``
    if it refused the request: the rows are not given)."""
    if not rows:
        along.settle(None)
    tokens, granted = rows[0][0], rows[0][1]
    along.settle((along.token, 0.0 if granted else (1 - float(tokens)) / along.per_second))
    return [r[3:] for r in rows if r[2] is not None]
