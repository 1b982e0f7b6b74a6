"""An HTTP API on a real SQLite store, two tokens, and a client that checks every response.

``Api.call`` checks each response against the schema its route names (a problem
document for every error), so every test of the API also tests its schemas.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestClient, TestServer
from canon_testing import NOW, calibrated_policy

from core.api.app import api_app
from core.api.bodies import body_errors
from core.api.call import Services
from core.api.problems import MEDIA_TYPE
from core.api.routes import HEALTH, ROUTES, Route
from core.api.tokens import issue_token
from core.conversation.audience import Audience
from core.domain.api_tokens import HOUSEHOLD as HOUSEHOLD_SCOPE
from core.domain.policy import Policy
from core.engine.engine import Engine
from core.extraction.offline import extract_offline
from core.extraction.types import Extractor
from core.store.protocol import Store
from core.store.sqlite import SQLiteStore

AUDIENCE = Audience(shared_entities=("team:home",))


@dataclass
class Response:
    status: int
    body: Any
    headers: dict[str, str]


@dataclass
class Api:
    engine: Engine
    client: TestClient[Any, Any]
    tokens: dict[str, str]
    """The secret of each entity's token (``user:alice``, ``user:bob``)."""

    async def call(
        self,
        who: str | None,
        method: str,
        path: str,
        *,
        json_body: Any = None,
        params: dict[str, str] | None = None,
        data: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> Response:
        sent = dict(headers or {})
        if who is not None:
            sent["Authorization"] = f"Bearer {self.tokens[who]}"
        if json_body is not None:
            data = json.dumps(json_body).encode()
            sent.setdefault("Content-Type", "application/json")
        async with self.client.request(
            method, path, data=data, params=params, headers=sent
        ) as resp:
            text = await resp.text()
            got = Response(resp.status, json.loads(text), dict(resp.headers))
            check_body(method, path, got, resp.content_type)
            return got

    async def confirmed(self, who: str, text: str) -> None:
        """``who`` says ``text`` and answers Yes to every question it raises (409: its
        group's Yes settled it already)."""
        said = await self.call(who, "POST", "/v1/messages", json_body={"text": text})
        assert said.status == 200, said.body
        for q in said.body["questions"]:
            path = f"/v1/questions/{q['id']}/answer"
            answered = await self.call(who, "POST", path, json_body={"answer": "yes"})
            assert answered.status in (200, 409), answered.body


def route_for(method: str, path: str) -> Route | None:
    for route in (HEALTH, *ROUTES):
        parts, given = route.path.split("/"), path.split("?")[0].split("/")
        same_shape = route.method == method and len(parts) == len(given)
        if same_shape and all(p == g or p[:1] == "{" for p, g in zip(parts, given, strict=False)):
            return route
    return None


def check_body(method: str, path: str, got: Response, content_type: str) -> None:
    """A success matches its route's response schema; an error is a problem document."""
    if got.status >= 400:
        assert content_type == MEDIA_TYPE, (got.status, content_type)
        assert body_errors("Problem", got.body) == [], got.body
        assert got.body["status"] == got.status
        return
    route = route_for(method, path)
    assert route is not None, path
    assert got.status == route.status
    assert body_errors(route.response, got.body) == [], got.body


@asynccontextmanager
async def running_api(
    tmp_path: Path,
    *,
    now: datetime = NOW,
    audience: Audience = AUDIENCE,
    store: Store | None = None,
    extractor: Extractor = extract_offline,
    clock: Callable[[], datetime] | None = None,
    policy: Policy | None = None,
    **options: Any,
) -> AsyncIterator[Api]:
    """The API over a fresh store with a ``user`` token each for Alice, Bob and the primary
    user (their own clients, made with ``--reach household``); ``audience``: who shares what (a household: its family).
    ``store``: an unopened store (else a SQLite file in ``tmp_path``); ``extractor``: what
    reads messages (the offline rules unless a test gives a model's); ``clock``: the
    server's, when a test moves it (else ``now`` always); ``policy``: else calibrated."""
    if store is None:
        store = SQLiteStore(tmp_path / "canon.db")
    await store.open()
    try:
        engine = Engine(store, policy or calibrated_policy())
        tokens = {
            who: (
                await issue_token(engine, who, "", NOW, role="user", reach=(HOUSEHOLD_SCOPE,))
            ).secret
            for who in ("user:alice", "user:bob", "user:primary")
        }
        services = Services(engine, audience, extractor)
        options.setdefault("burst", 10_000)
        app = api_app(services, clock or (lambda: now), **options)
        async with TestClient(TestServer(app)) as client:
            yield Api(engine, client, tokens)
    finally:
        await store.close()


ALICE, BOB, FAMILY = "user:alice", "user:bob", "family:smith"
HOUSEHOLD = Audience(family_entity=FAMILY)
"""Alice and Bob share the Smiths' family entity (a household)."""


@asynccontextmanager
async def named_household(
    tmp_path: Path, extractor: Extractor = extract_offline
) -> AsyncIterator[Api]:
    """The API over a household in which Alice and Bob told Canon their names through their
    own clients (so questions and answers name them)."""
    async with running_api(tmp_path, audience=HOUSEHOLD, extractor=extractor) as api:
        await api.confirmed(ALICE, "my name is Alice")
        await api.confirmed(BOB, "my name is Bob")
        yield api
