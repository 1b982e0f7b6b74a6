"""A request's rate-limit spend rides with its first read (``core.store.spend_along``) once
the worker has seen its token live, and nothing about the limit or the token's revocation
changes: every request spends its bucket once, a refused one reads nothing it is given and
writes nothing, and 401 and 429 still come before any other answer. On PostgreSQL (where
the spend rides along) and SQLite (where it is spent alone), alike.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from api_harness import Api, running_api
from canon_testing import NOW

from core.store.postgres import PostgresStore
from core.store.protocol import Store
from core.store.sqlite import SQLiteStore

ALICE = "user:alice"
GETS = ["/v1/context", "/v1/questions", "/v1/state"]
"""Reads whose first statement carries the spend (context, questions) or cannot (state's
facts read takes positional parameters: the spend goes alone first)."""


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Store:
    if request.param == "sqlite":
        return SQLiteStore(tmp_path / "canon.db")
    return PostgresStore(request.getfixturevalue("postgres_url"))


@asynccontextmanager
async def frozen_api(tmp_path: Path, store: Store, burst: int) -> AsyncIterator[Api]:
    """The API with ``burst`` requests a token and no refill (the clock never moves)."""
    async with running_api(
        tmp_path, store=store, burst=burst, rate_per_second=0.01, seconds=lambda: 100.0
    ) as api:
        yield api


async def _statuses(api: Api, calls: list[tuple[str, str, Any]]) -> list[int]:
    got = []
    for method, path, body in calls:
        got.append((await api.call(ALICE, method, path, json_body=body)).status)
    return got


@pytest.mark.parametrize("path", GETS)
async def test_a_seen_tokens_requests_spend_the_bucket_exactly(
    tmp_path: Path, store: Store, path: str
) -> None:
    async with frozen_api(tmp_path, store, burst=3) as api:
        assert await _statuses(api, [("GET", path, None)] * 5) == [200, 200, 200, 429, 429]
        limited = await api.call(ALICE, "GET", path)
        assert int(limited.headers["Retry-After"]) >= 90
        assert (await api.call("user:bob", "GET", path)).status == 200  # a bucket each


async def test_a_request_refused_after_its_first_read_still_spent_its_request(
    tmp_path: Path, store: Store
) -> None:
    """An unknown query parameter is a 422 before any read: its spend goes alone, once."""
    async with frozen_api(tmp_path, store, burst=3) as api:
        calls = [
            ("GET", "/v1/context", None),
            ("GET", "/v1/context?bogus=1", None),
            ("GET", "/v1/context", None),
            ("GET", "/v1/context", None),
        ]
        assert await _statuses(api, calls) == [200, 422, 200, 429]


async def test_an_empty_bucket_is_a_429_before_a_bad_body_and_writes_nothing(
    tmp_path: Path, store: Store
) -> None:
    async with frozen_api(tmp_path, store, burst=2) as api:
        said = [("POST", "/v1/messages", {"text": "I moved to Oakland"})]
        assert await _statuses(api, said) == [200]
        facts_before = await api.engine.store.facts(ALICE)
        items_before = await api.engine.store.open_review_items([ALICE])
        assert await _statuses(api, [("GET", "/v1/context", None)]) == [200]
        late = [
            ("POST", "/v1/messages", {"text": "I moved to Denver"}),
            ("POST", "/v1/messages", {"text": 3}),  # a bad body: still 429 first
            ("POST", f"/v1/questions/{items_before[0].id}/answer", {"answer": "yes"}),
        ]
        assert await _statuses(api, late) == [429, 429, 429]
        assert await api.engine.store.facts(ALICE) == facts_before
        assert await api.engine.store.open_review_items([ALICE]) == items_before


async def test_a_token_revoked_after_it_was_seen_is_refused_at_once(
    tmp_path: Path, store: Store
) -> None:
    async with frozen_api(tmp_path, store, burst=100) as api:
        assert await _statuses(api, [("GET", "/v1/context", None)]) == [200]
        tokens = api.engine.store.api_tokens
        [alice] = [t for t in await tokens.tokens() if t.entity_id == ALICE]
        assert await tokens.revoke_token(alice.id, NOW)
        calls = [
            ("GET", "/v1/context", None),
            ("GET", "/v1/state", None),
            ("POST", "/v1/messages", {"text": "I moved to Denver"}),
        ]
        assert await _statuses(api, calls) == [401, 401, 401]
        assert await api.engine.store.facts(ALICE) == []
        assert await api.engine.store.open_review_items([ALICE]) == []
        assert (await api.call("user:bob", "GET", "/v1/context")).status == 200


async def test_a_seen_tokens_context_is_one_statement(tmp_path: Path, postgres_url: str) -> None:
    """The point of it: the spend and the context block's read are one statement, where
    they were two (each a pooled connection, a round trip and a wake-up of the server)."""
    store = PostgresStore(postgres_url)
    async with frozen_api(tmp_path, store, burst=100) as api:
        assert await _statuses(api, [("GET", "/v1/context", None)]) == [200]
        sent: list[str] = []
        fetch = store._fetch

        async def counted(sql: str, args: Any) -> list[tuple[Any, ...]]:
            sent.append(sql)
            return await fetch(sql, args)

        store._fetch = counted  # type: ignore[method-assign]
        assert await _statuses(api, [("GET", "/v1/context", None)]) == [200]
        assert len(sent) == 1
        assert "api_rate_buckets" in sent[0]
