"""When Canon itself fails, a client still gets a problem document and no traceback."""

from __future__ import annotations

from pathlib import Path

from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer
from api_harness import running_api

from core.api.problems import MEDIA_TYPE, problems


async def test_an_unexpected_error_is_a_500_problem_without_a_traceback() -> None:
    async def broken(_request: web.Request) -> web.Response:
        raise RuntimeError("secret internals")

    app = web.Application(middlewares=[problems])
    app.router.add_get("/broken", broken)
    async with TestClient(TestServer(app)) as client, client.get("/broken") as resp:
        body = await resp.json(content_type=MEDIA_TYPE)
        assert resp.status == 500
        assert body["detail"] == "an unexpected error; it was logged"
        assert "secret" not in await resp.text()


async def test_a_store_that_fails_is_a_503_problem(tmp_path: Path) -> None:
    async with running_api(tmp_path) as api:
        await api.engine.store.close()
        got = await api.call("user:alice", "GET", "/v1/state")
        assert got.status == 503
        assert got.body["detail"] == "Canon could not do that now; try again later"
