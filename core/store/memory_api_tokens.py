"""The HTTP API's bearer tokens and their rate-limit buckets in memory, as
``sqlite_api_tokens`` keeps them."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from core.domain.api_tokens import ApiToken
from core.domain.rate_limit import Bucket, spend
from core.errors import StoreError
from core.store.memory_companions import MemoryStore


class MemoryApiTokens:
    """``ApiTokenStore`` in memory: tokens by id, each secret hash used once."""

    def __init__(self, store: MemoryStore) -> None:
        self._store = store
        self._tokens: dict[str, ApiToken] = {}
        self._buckets: dict[str, Bucket] = {}

    async def add_token(self, token: ApiToken) -> None:
        async with self._store.transaction() as j:
            if token.id in self._tokens or any(
                t.secret_sha256 == token.secret_sha256 for t in self._tokens.values()
            ):
                raise StoreError(f"token {token.id} is already stored")
            j.set(self._tokens, token.id, _stored(token))

    async def token_by_secret(self, secret_sha256: str) -> ApiToken | None:
        self._store.check_open()
        return next((t for t in self._tokens.values() if t.secret_sha256 == secret_sha256), None)

    async def tokens(self) -> list[ApiToken]:
        self._store.check_open()
        return sorted(self._tokens.values(), key=lambda t: (t.created_at, t.id))

    async def revoke_token(self, token_id: str, at: datetime) -> bool:
        async with self._store.transaction() as j:
            token = self._tokens.get(token_id)
            if token is None or token.revoked_at is not None:
                return False
            j.set(self._tokens, token_id, replace(token, revoked_at=at.astimezone(UTC)))
            return True

    async def take_request(self, token_id: str, at: float, per_second: float, burst: int) -> float:
        async with self._store.transaction() as j:
            bucket, wait = spend(self._buckets.get(token_id), at, per_second, burst)
            j.set(self._buckets, token_id, bucket)
            return wait

    async def spend_for_secret(
        self, secret_sha256: str, at: float, per_second: float, burst: int
    ) -> tuple[ApiToken, float] | None:
        token = await self.token_by_secret(secret_sha256)
        if token is None or token.revoked_at is not None:
            return None
        return token, await self.take_request(token.id, at, per_second, burst)


def _stored(token: ApiToken) -> ApiToken:
    revoked = None if token.revoked_at is None else token.revoked_at.astimezone(UTC)
    return replace(token, created_at=token.created_at.astimezone(UTC), revoked_at=revoked)
