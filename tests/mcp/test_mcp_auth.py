"""`canon mcp` over HTTP: every request needs a bearer token made for the served entity."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest
from test_mcp_server import ALICE, BOB, http_server, seed, token

from core.api.limits import RateLimiter
from core.api.tokens import spend_for
from core.store.sqlite import SQLiteStore

pytestmark = pytest.mark.timeout(120)


async def test_over_http_only_a_token_for_its_entity_gets_in(tmp_path: Path) -> None:
    """No token, a made-up one and Bob's are refused (401) before any tool runs."""
    db = tmp_path / "canon.db"
    await seed(db)
    alices, bobs = await token(db), await token(db, BOB)
    async with http_server(tmp_path, db) as url, httpx.AsyncClient() as http:
        hello = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
        for header, why in [
            ({}, "a bearer token is required (canon token create --entity ...)"),
            ({"Authorization": "Bearer canon_madeup"}, "unknown or revoked token"),
            ({"Authorization": f"Bearer {bobs}"}, f"this token is for {BOB}, not {ALICE}"),
        ]:
            refused = await http.post(url, json=hello, headers=header)
            assert refused.status_code == 401
            assert refused.headers["www-authenticate"].startswith("Bearer")
            assert refused.json() == {"error": why}
        let_in = await http.post(
            url,
            json=hello,
            headers={
                "Authorization": f"Bearer {alices}",
                "Accept": "application/json, text/event-stream",
            },
        )
        assert let_in.status_code != 401


async def test_a_key_for_this_start_lets_in_only_whoever_read_it(tmp_path: Path) -> None:
    """--start-key: a key made for this start, shown once on stderr, is an agent's token;
    without it (or with a guess, or the key of an earlier start) a local process gets 401."""
    db = tmp_path / "canon.db"
    await seed(db)
    said: list[str] = []
    hello = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
    accept = {"Accept": "application/json, text/event-stream"}
    async with (
        http_server(tmp_path, db, "--start-key", said=said) as url,
        httpx.AsyncClient() as http,
    ):
        shown = [line for line in said if "key for this start" in line]
        assert len(shown) == 1
        key = shown[0].rsplit(": ", 1)[1].strip()
        assert len(key) >= 40
        for header in [{}, {"Authorization": "Bearer " + key[:-1]}]:
            assert (await http.post(url, json=hello, headers=header)).status_code == 401
        let_in = await http.post(
            url, json=hello, headers={"Authorization": f"Bearer {key}", **accept}
        )
        assert let_in.status_code != 401
    said.clear()
    async with (
        http_server(tmp_path, db, "--start-key", said=said) as url,
        httpx.AsyncClient() as http,
    ):
        refused = await http.post(url, json=hello, headers={"Authorization": f"Bearer {key}"})
        assert refused.status_code == 401  # each start makes its own


async def test_a_tokens_rate_limit_is_the_one_bucket_canon_serve_spends(tmp_path: Path) -> None:
    """A token whose bucket `canon serve` has nearly spent gets one more MCP call, then
    429 with Retry-After: MCP over HTTP is no way around the HTTP API's rate limit. (A
    handshake spends a bucket of its own: tests/mcp/test_mcp_gate.py.)"""
    db = tmp_path / "canon.db"
    await seed(db)
    alices = await token(db)
    store = SQLiteStore(db)
    await store.open()
    try:  # two requests through canon serve: the spend its workers make, on the same store
        for _ in range(2):
            spent = await spend_for(store.api_tokens, alices, time.time(), RateLimiter(0.01, 3))
            assert spent is not None
            assert spent[1] == 0
    finally:
        await store.close()
    call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "get_state"}}
    headers = {
        "Authorization": f"Bearer {alices}",
        "Accept": "application/json, text/event-stream",
    }
    async with (
        http_server(tmp_path, db, "--rate", "0.01", "--burst", "3") as url,
        httpx.AsyncClient() as http,
    ):
        assert (await http.post(url, json=call, headers=headers)).status_code not in (401, 429)
        refused = await http.post(url, json=call, headers=headers)
        assert refused.status_code == 429
        assert int(refused.headers["retry-after"]) >= 1
        assert refused.json() == {"error": "too many requests for this token; slow down"}
