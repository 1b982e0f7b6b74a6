"""Two tokens, one store: every route shows a token its own entity and the shared ones,
and nothing of the other token's entity.

``ISOLATION`` has a row per route of the route table; a route added without a row
fails ``test_every_route_has_an_isolation_row``.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from api_harness import Api, running_api
from canon_testing import NOW, make_observation

from core.api.routes import ROUTES


@dataclass
class World:
    api: Api
    questions: dict[str, str]
    """Each user's open question (profile.home_city) by entity."""


async def seed(api: Api) -> World:
    """Alice and Bob each have facts, a question and a dead letter; the team shares a fact."""
    questions = {}
    for who, city, place in (("user:alice", "Oakland", "Tahoe"), ("user:bob", "Boston", "Reno")):
        await api.engine.ingest(make_observation("travel.location", place, entity=who), now=NOW)
        asked = await api.engine.ingest(
            make_observation("profile.home_city", city, entity=who), now=NOW
        )
        assert asked.review_item_id is not None
        questions[who] = asked.review_item_id
        await api.engine.ingest({"entity_id": who, "field": 3}, now=NOW)
    shared = make_observation("project.roof.status", "blocked", entity="team:home")
    await api.engine.ingest(shared, now=NOW)
    return World(api, questions)


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with running_api(tmp_path) as api:
        yield await seed(api)


BOBS = ("user:bob", "Reno", "Boston")
"""What Bob's entity holds: none of it may reach Alice."""


def shows_nothing_of_bob(body: Any) -> None:
    text = json.dumps(body)
    assert [b for b in BOBS if b in text] == []


async def state(w: World) -> None:
    own = await w.api.call("user:alice", "GET", "/v1/state")
    assert own.status == 200
    assert sorted(own.body["entities"]) == ["team:home", "user:alice"]
    shows_nothing_of_bob(own.body)
    into = await w.api.call("user:alice", "GET", "/v1/state", params={"entity": "user:bob"})
    assert into.status == 403


async def context(w: World) -> None:
    own = await w.api.call("user:alice", "GET", "/v1/context", params={"max_tokens": "400"})
    assert own.status == 200
    assert "Tahoe" in own.body["text"]
    assert "roof" in own.body["text"]
    shows_nothing_of_bob(own.body)
    into = await w.api.call("user:alice", "GET", "/v1/context", params={"entity": "user:bob"})
    assert into.status == 403


async def questions(w: World) -> None:
    own = await w.api.call("user:alice", "GET", "/v1/questions")
    assert [q["id"] for q in own.body["questions"]] == [w.questions["user:alice"]]
    shows_nothing_of_bob(own.body)
    into = await w.api.call("user:alice", "GET", "/v1/questions", params={"entity": "user:bob"})
    assert into.status == 403


async def answer(w: World) -> None:
    bobs = w.questions["user:bob"]
    into = await w.api.call(
        "user:alice", "POST", f"/v1/questions/{bobs}/answer", json_body={"answer": "yes"}
    )
    assert into.status == 404  # the same as a question that does not exist
    assert await w.api.engine.store.fact("user:bob", "profile.home_city") is None
    own = await w.api.call(
        "user:alice",
        "POST",
        f"/v1/questions/{w.questions['user:alice']}/answer",
        json_body={"answer": "yes"},
    )
    assert (own.status, own.body["committed"], own.body["committed_value"]) == (
        200,
        True,
        "Oakland",
    )


async def why(w: World) -> None:
    own = await w.api.call("user:alice", "GET", "/v1/why", params={"field": "travel.location"})
    assert own.body["current"]["value"] == "Tahoe"
    shows_nothing_of_bob(own.body)
    into = await w.api.call(
        "user:alice", "GET", "/v1/why", params={"field": "travel.location", "entity": "user:bob"}
    )
    assert into.status == 403


async def history(w: World) -> None:
    own = await w.api.call("user:alice", "GET", "/v1/history")
    assert {c["entity_id"] for c in own.body["changes"]} == {"user:alice", "team:home"}
    shows_nothing_of_bob(own.body)
    into = await w.api.call("user:alice", "GET", "/v1/history", params={"entity": "user:bob"})
    assert into.status == 403


async def forget(w: World) -> None:
    into = await w.api.call(
        "user:alice",
        "POST",
        "/v1/forget",
        json_body={"field": "travel.location", "entity_id": "user:bob"},
    )
    assert into.status == 403
    own = await w.api.call(
        "user:alice", "POST", "/v1/forget", json_body={"field": "travel.location"}
    )
    assert own.status == 201
    assert own.body["question"]["entity_id"] == "user:alice"
    assert own.body["question"]["current_value"] == "Tahoe"


async def undo(w: World) -> None:
    into = await w.api.call("user:alice", "POST", "/v1/undo", json_body={"entity_id": "user:bob"})
    assert into.status == 403
    # Bob's change is the newest of all; Alice's undo is about hers or the team's.
    await w.api.engine.ingest(
        make_observation("travel.location", "Reno2", entity="user:bob"), now=NOW
    )
    own = await w.api.call("user:alice", "POST", "/v1/undo", json_body={})
    assert own.status == 201
    assert own.body["question"]["entity_id"] in ("user:alice", "team:home")
    shows_nothing_of_bob(own.body)


async def dead_letters(w: World) -> None:
    own = await w.api.call("user:alice", "GET", "/v1/dead-letters")
    assert [json.loads(d["payload"])["entity_id"] for d in own.body["dead_letters"]] == [
        "user:alice"
    ]
    shows_nothing_of_bob(own.body)
    # Bob's broken input about what they share: Alice learns it exists, not what it said.
    sent = await w.api.call(
        "user:bob",
        "POST",
        "/v1/observations",
        json_body={"observations": [{"entity_id": "team:home", "field": "Reno Boston"}]},
    )
    assert sent.status < 500
    shared = await w.api.call("user:alice", "GET", "/v1/dead-letters")
    (theirs,) = [d for d in shared.body["dead_letters"] if d["payload"] is None]
    assert theirs["by"] == "another member of the household"
    assert (theirs["event_id"], theirs["errors"]) == (None, [])
    shows_nothing_of_bob(shared.body)
    bobs = await w.api.call("user:bob", "GET", "/v1/dead-letters")
    (whole,) = [d for d in bobs.body["dead_letters"] if "team:home" in (d["payload"] or "")]
    assert whole["by"] == "you"
    assert "Reno Boston" in whole["payload"]
    assert whole["errors"]


async def observations(w: World) -> None:
    into = await w.api.call(
        "user:alice",
        "POST",
        "/v1/observations",
        json_body={
            "observations": [
                make_observation("travel.location", "Elsewhere", entity="user:alice"),
                make_observation("travel.location", "Hacked", entity="user:bob"),
            ]
        },
    )
    assert into.status == 403
    assert "user:bob" in into.body["detail"]
    bobs = await w.api.engine.store.fact("user:bob", "travel.location")
    mine = await w.api.engine.store.fact("user:alice", "travel.location")
    assert (bobs and bobs.value, mine and mine.value) == ("Reno", "Tahoe")  # nothing ingested


async def message(w: World) -> None:
    own = await w.api.call(
        "user:alice", "POST", "/v1/messages", json_body={"text": "I moved to Boston"}
    )
    assert own.status == 200
    assert {o["entity_id"] for o in own.body["outcomes"]} == {"user:alice"}
    assert await w.api.engine.store.open_review_items(["user:bob"]) == [
        await w.api.engine.store.review_item(w.questions["user:bob"])
    ]


Probe = Callable[[World], Awaitable[None]]
ISOLATION: dict[str, Probe] = {
    "postMessage": message,
    "postObservations": observations,
    "getContext": context,
    "getState": state,
    "getQuestions": questions,
    "answerQuestion": answer,
    "getWhy": why,
    "getHistory": history,
    "postForget": forget,
    "postUndo": undo,
    "getDeadLetters": dead_letters,
}


def test_every_route_has_an_isolation_row() -> None:
    assert sorted(ISOLATION) == sorted(r.name for r in ROUTES)


@pytest.mark.parametrize("route", sorted(ISOLATION))
async def test_a_token_reaches_its_own_entity_and_the_shared_ones_only(
    world: World, route: str
) -> None:
    await ISOLATION[route](world)


@pytest.mark.parametrize("route", [r for r in ROUTES if r.method == "GET"], ids=lambda r: r.name)
async def test_a_misspelt_query_parameter_is_refused_not_ignored(world: World, route: Any) -> None:
    """``?entity_id=user:bob`` ignored would answer for Alice's own entity, and the caller
    would take the answer for Bob's: any parameter the route does not take is a 422."""
    path = route.path.replace("{question_id}", "x")
    got = await world.api.call("user:alice", "GET", path, params={"entity_id": "user:bob"})
    assert got.status == 422
    assert got.body["type"].endswith("/invalid-query")
    assert "unknown query parameter entity_id" in got.body["detail"]
    shows_nothing_of_bob(got.body)
