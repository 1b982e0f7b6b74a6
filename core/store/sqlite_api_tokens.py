"""The HTTP API's bearer tokens in SQLite: one row per token, the secret only hashed; and
each token's rate-limit bucket."""

from __future__ import annotations

from datetime import datetime

from core.domain.api_tokens import ApiToken
from core.store.sql_tokens import COLUMNS, token_from_row, token_row
from core.store.sqlite_rows import SQLiteConnection, dt, ts


class SQLiteApiTokens:
    """``ApiTokenStore`` beside an open ``SQLiteStore`` (same file, same connection)."""

    def __init__(self, store: SQLiteConnection) -> None:
        self._store = store

    async def add_token(self, token: ApiToken) -> None:
        await self._store.execute_write(
            f"INSERT INTO api_tokens ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            token_row(token, ts),
        )

    async def token_by_secret(self, secret_sha256: str) -> ApiToken | None:
        rows = list(
            await self._store.db.execute_fetchall(
                f"SELECT {COLUMNS} FROM api_tokens WHERE secret_sha256 = ?", (secret_sha256,)
            )
        )
        return token_from_row(rows[0], dt) if rows else None

    async def tokens(self) -> list[ApiToken]:
        rows = await self._store.db.execute_fetchall(
            f"SELECT {COLUMNS} FROM api_tokens ORDER BY created_at, id"
        )
        return [token_from_row(r, dt) for r in rows]

    async def revoke_token(self, token_id: str, at: datetime) -> bool:
        async with self._store.transaction() as tx:
            cur = await tx.execute(
                "UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
                (ts(at), token_id),
            )
            return bool(cur.rowcount)

    async def take_request(self, token_id: str, at: float, per_second: float, burst: int) -> float:
        # One statement under the write lock, so every process on the file spends from the
        # same bucket; not worth an fsync (after a crash every bucket is full again).
        [(tokens, granted)] = await self._store.execute_unsynced(
            _TAKE, {"id": token_id, "at": at, "rate": per_second, "burst": float(burst)}
        )
        return 0.0 if granted else (1 - float(tokens)) / per_second

    async def spend_for_secret(
        self, secret_sha256: str, at: float, per_second: float, burst: int
    ) -> tuple[ApiToken, float] | None:
        # Two statements: on SQLite a round trip is a hop to the connection's thread,
        # not the network's, and the bucket's write is not synced.
        token = await self.token_by_secret(secret_sha256)
        if token is None or token.revoked_at is not None:
            return None
        return token, await self.take_request(token.id, at, per_second, burst)


_LEVEL = "min(:burst, b.tokens + max(0.0, :at - b.counted_at) * :rate)"
_TAKE = f"""
    INSERT INTO api_rate_buckets AS b (token_id, tokens, counted_at, granted)
    VALUES (:id, :burst - 1, :at, 1)
    ON CONFLICT (token_id) DO UPDATE SET
        tokens = {_LEVEL} - ({_LEVEL} >= 1),
        counted_at = max(b.counted_at, :at),
        granted = {_LEVEL} >= 1
    RETURNING tokens, granted
"""
"""``core.domain.rate_limit.spend`` in one statement (every SET reads the row as it was)."""
