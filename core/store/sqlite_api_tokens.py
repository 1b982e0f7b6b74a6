"""The HTTP API's bearer tokens in SQLite: one row per token, the secret only hashed."""

from __future__ import annotations

from datetime import datetime

from core.domain.records import ApiToken
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
