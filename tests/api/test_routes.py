"""The HTTP API from a client's side: what each route answers, and every error a problem."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from api_harness import Api, running_api
from canon_testing import NOW, make_observation

from core.api.openapi import document_text, openapi_document

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
OPENAPI = Path(__file__).resolve().parents[2] / "schemas" / "openapi.json"
SEED = datetime(2026, 2, 19, 15, tzinfo=UTC)


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    async with running_api(tmp_path) as api:
        yield api


def seed_fixture(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    return data


async def test_health_needs_no_token(api: Api) -> None:
    got = await api.call(None, "GET", "/v1/health")
    assert (got.status, got.body["status"]) == (200, "ok")


@pytest.mark.parametrize(
    ("headers", "detail"),
    [
        ({}, "send Authorization: Bearer <token>"),
        ({"Authorization": "Basic abc"}, "send Authorization: Bearer <token>"),
        ({"Authorization": "Bearer canon_not-a-token"}, "unknown or revoked token"),
        ({"Authorization": "Bearer something-else"}, "unknown or revoked token"),
    ],
)
async def test_a_request_without_a_live_token_is_401(
    api: Api, headers: dict[str, str], detail: str
) -> None:
    got = await api.call(None, "GET", "/v1/state", headers=headers)
    assert (got.status, got.body["detail"]) == (401, detail)
    assert got.headers["WWW-Authenticate"] == 'Bearer realm="canon"'


async def test_a_revoked_token_is_refused_from_then_on(api: Api) -> None:
    assert (await api.call("user:alice", "GET", "/v1/state")).status == 200
    [token] = [t for t in await api.engine.store.api_tokens.tokens() if t.entity_id == "user:alice"]
    await api.engine.revoke_api_token(token.id, NOW)
    got = await api.call("user:alice", "GET", "/v1/state")
    assert (got.status, got.body["detail"]) == (401, "unknown or revoked token")


async def test_a_message_gets_the_decision_and_the_question_the_bot_would_ask(api: Api) -> None:
    got = await api.call(
        "user:alice",
        "POST",
        "/v1/messages",
        json_body={"text": "I moved to Oakland", "message_id": "m-1"},
    )
    assert got.status == 200
    [outcome] = got.body["outcomes"]
    assert (outcome["field"], outcome["decision"]) == ("profile.home_city", "ask_user")
    [question] = got.body["questions"]
    assert question["id"] == outcome["review_item_id"]
    assert question["question"].startswith("Do you live in Oakland?")
    again = await api.call(
        "user:alice",
        "POST",
        "/v1/messages",
        json_body={"text": "I moved to Oakland", "message_id": "m-1"},
    )
    assert [o["decision"] for o in again.body["outcomes"]] == ["duplicate"]


async def test_a_messages_questions_read_as_the_question_list_shows_them(api: Api) -> None:
    """Shown at once (from the write that showed it) or queued behind the cap (read
    again): either way the message's answer holds the question as the list has it."""

    async def asked(text: str, ref: str) -> dict[str, object]:
        got = await api.call(
            "user:alice", "POST", "/v1/messages", json_body={"text": text, "message_id": ref}
        )
        [question] = got.body["questions"]
        listed = (await api.call("user:alice", "GET", "/v1/questions")).body["questions"]
        [same] = [q for q in listed if q["id"] == question["id"]]
        assert question == same
        return dict(question)

    assert (await asked("I moved to Oakland", "m-1"))["status"] == "pending"
    for i in range(5):  # the cap's worth of questions from a calendar, shown at once
        obs = make_observation(
            f"project.p{i}.status", "shipped", source="calendar", ref=f"c{i}", entity="user:alice"
        )
        assert (await api.engine.ingest(obs, now=NOW)).review_item_id is not None
    assert (await asked("I work at Acme", "m-2"))["status"] == "queued"


async def test_a_message_without_claims_changes_nothing(api: Api) -> None:
    got = await api.call("user:alice", "POST", "/v1/messages", json_body={"text": "hello there"})
    assert got.body == {"observations": 0, "outcomes": [], "questions": []}


async def test_observations_are_idempotent_and_bad_ones_dead_lettered_one_by_one(
    api: Api,
) -> None:
    good = make_observation("travel.location", "Tahoe", entity="user:alice")
    bad = {"entity_id": "user:alice", "field": 3}
    batch = {"observations": [good, bad, good]}
    got = await api.call("user:alice", "POST", "/v1/observations", json_body=batch)
    assert got.status == 200
    assert [(r["index"], r["decision"]) for r in got.body["results"]] == [
        (0, "auto_commit"),
        (1, "invalid"),
        (2, "duplicate"),
    ]
    assert got.body["results"][1]["errors"]
    again = await api.call(
        "user:alice", "POST", "/v1/observations", json_body={"observations": [good]}
    )
    assert [r["decision"] for r in again.body["results"]] == ["duplicate"]
    letters = await api.call("user:alice", "GET", "/v1/dead-letters")
    assert len(letters.body["dead_letters"]) == 1


async def test_the_seed_payloads_are_taken_verbatim_but_for_what_the_token_may_claim(
    tmp_path: Path,
) -> None:
    """The seed's chat statement names a calendar event as corroborator: a user's own
    client may claim the words, not the calendar, so that one is dropped and said so."""
    async with running_api(tmp_path, now=SEED) as api:
        real = seed_fixture("seed_state_observation_real_ids.json")
        verbatim = seed_fixture("seed_state_observation.json")
        got = await api.call(
            "user:primary", "POST", "/v1/observations", json_body={"observations": [real, verbatim]}
        )
        assert [r["decision"] for r in got.body["results"]] == ["auto_commit", "invalid"]
        assert "placeholder" in got.body["results"][1]["errors"][0]
        assert got.body["results"][0]["notices"] == [
            "corroborators calendar dropped: a user token vouches only for source types it "
            "may claim itself"
        ]
        why = await api.call("user:primary", "GET", "/v1/why", params={"field": "travel.status"})
        [evidence] = why.body["evidence"]
        assert evidence["source"]["type"] == "conversation_assertive"
        assert evidence["corroborators"] == []


async def test_the_context_block_keeps_to_its_budget(api: Api) -> None:
    for i in range(30):
        obs = make_observation(f"project.p{i}.status", "blocked", entity="user:alice")
        await api.engine.ingest(obs, now=NOW)
    small = await api.call("user:alice", "GET", "/v1/context", params={"max_tokens": "60"})
    large = await api.call("user:alice", "GET", "/v1/context", params={"max_tokens": "4000"})
    assert small.body["tokens"] <= 60 < large.body["tokens"]
    assert small.body["facts_omitted"] > 0 == large.body["facts_omitted"]


async def test_a_question_is_answered_once(api: Api) -> None:
    asked = await api.engine.ingest(
        make_observation("profile.home_city", "Oakland", entity="user:alice"), now=NOW
    )
    path = f"/v1/questions/{asked.review_item_id}/answer"
    edit = await api.call(
        "user:alice", "POST", path, json_body={"answer": "edit", "value": "Berkeley"}
    )
    assert (edit.status, edit.body["committed_value"]) == (200, "Berkeley")
    again = await api.call("user:alice", "POST", path, json_body={"answer": "no"})
    assert again.status == 409
    assert (await api.call("user:alice", "GET", "/v1/questions")).body == {
        "questions": [],
        "to_do": [],
    }


async def test_forget_asks_first_and_a_yes_forgets(api: Api) -> None:
    await api.engine.ingest(
        make_observation("travel.location", "Tahoe", entity="user:alice"), now=NOW
    )
    asked = await api.call(
        "user:alice", "POST", "/v1/forget", json_body={"field": "travel.location"}
    )
    assert await api.engine.store.fact("user:alice", "travel.location") is not None
    question = asked.body["question"]["id"]
    await api.call(
        "user:alice", "POST", f"/v1/questions/{question}/answer", json_body={"answer": "yes"}
    )
    assert await api.engine.store.fact("user:alice", "travel.location") is None
    nothing = await api.call(
        "user:alice", "POST", "/v1/forget", json_body={"field": "travel.location"}
    )
    assert nothing.status == 404


@pytest.mark.parametrize(
    ("method", "path", "body", "params", "status"),
    [
        ("POST", "/v1/messages", {"text": ""}, None, 422),
        ("POST", "/v1/messages", {"text": "hi", "extra": 1}, None, 422),
        ("POST", "/v1/observations", {"observations": []}, None, 422),
        ("POST", "/v1/questions/nope/answer", {"answer": "maybe"}, None, 422),
        ("POST", "/v1/questions/nope/answer", {"answer": "edit"}, None, 422),
        ("POST", "/v1/questions/nope/answer", {"answer": "yes"}, None, 404),
        ("GET", "/v1/context", None, {"max_tokens": "lots"}, 422),
        ("GET", "/v1/context", None, {"max_tokens": "10"}, 422),
        ("GET", "/v1/why", None, None, 422),
        ("GET", "/v1/why", None, {"field": "travel.location"}, 404),
        ("GET", "/v1/state", None, {"entity": "nobody"}, 422),
        ("GET", "/v1/nothing-here", None, None, 404),
        ("DELETE", "/v1/state", None, None, 405),
        ("POST", "/v1/undo", {}, None, 404),
    ],
)
async def test_bad_requests_are_problem_documents(
    api: Api,
    method: str,
    path: str,
    body: Any,
    params: dict[str, str] | None,
    status: int,
) -> None:
    got = await api.call("user:alice", method, path, json_body=body, params=params)
    assert got.status == status, got.body
    assert got.body["type"].startswith("https://")


async def test_a_body_that_is_not_json_is_400_and_a_wrong_type_415(api: Api) -> None:
    headers = {"Content-Type": "application/json"}
    got = await api.call("user:alice", "POST", "/v1/messages", data=b"{nope", headers=headers)
    assert got.status == 400
    plain = {"Content-Type": "text/plain"}
    got = await api.call("user:alice", "POST", "/v1/messages", data=b"hello", headers=plain)
    assert got.status == 415


@pytest.mark.parametrize(
    ("charset", "encoding"),
    [
        ("utf-16", "utf-16"),
        ("UTF-16LE", "utf-16-le"),
        ("iso-8859-1", "latin-1"),
        ("ascii", "utf-8"),
    ],
)
async def test_a_body_in_another_charset_is_415_never_read_as_utf8(
    api: Api, charset: str, encoding: str
) -> None:
    """JSON is UTF-8 (RFC 8259, 8.1): a body declared in another charset is refused with
    why, whether or not its bytes would decode as UTF-8, and nothing is recorded (before,
    a UTF-16 body was decoded as UTF-8: a 400 that blamed the JSON, and a Latin-1 one
    could be misread)."""
    body = json.dumps({"text": "I'm in Zürich"}).encode(encoding)
    headers = {"Content-Type": f"application/json; charset={charset}"}
    got = await api.call("user:alice", "POST", "/v1/messages", data=body, headers=headers)
    assert got.status == 415, got.body
    assert "UTF-8" in got.body["detail"]
    assert charset in got.body["detail"]
    assert await api.engine.store.facts("user:alice") == []


@pytest.mark.parametrize("charset", ["utf-8", "UTF-8", '"utf-8"'])
async def test_a_body_declared_utf8_is_read(api: Api, charset: str) -> None:
    body = json.dumps({"text": "I'm in Zürich"}, ensure_ascii=False).encode()
    headers = {"Content-Type": f"application/json; charset={charset}"}
    got = await api.call("user:alice", "POST", "/v1/messages", data=body, headers=headers)
    assert got.status == 200, got.body


async def test_a_body_over_the_limit_is_413(tmp_path: Path) -> None:
    async with running_api(tmp_path, max_body=2048) as api:
        big = {"text": "x" * 5000}
        got = await api.call("user:alice", "POST", "/v1/messages", json_body=big)
        assert got.status == 413


async def test_each_token_has_its_own_rate_limit_with_retry_after(tmp_path: Path) -> None:
    async with running_api(tmp_path, burst=2, rate_per_second=0.5, seconds=lambda: 100.0) as api:
        statuses = [(await api.call("user:alice", "GET", "/v1/state")).status for _ in range(3)]
        assert statuses == [200, 200, 429]
        limited = await api.call("user:alice", "GET", "/v1/state")
        assert limited.headers["Retry-After"] == "2"
        assert (await api.call("user:bob", "GET", "/v1/state")).status == 200


async def test_the_served_and_committed_openapi_documents_are_the_generated_one(
    api: Api,
) -> None:
    assert OPENAPI.read_text(encoding="utf-8") == document_text(), (
        "regenerate: python -c 'from core.api.openapi import document_text; "
        'open("schemas/openapi.json", "w").write(document_text())\''
    )
    async with api.client.get("/v1/openapi.json") as resp:
        assert await resp.json() == openapi_document()


@pytest.mark.parametrize(
    ("path", "method", "status", "kind"),
    [
        ("/v1/questions/{question_id}/answer", "post", "403", "not-yours"),
        ("/v1/forget", "post", "403", "not-yours"),
        ("/v1/undo", "post", "403", "not-yours"),
        ("/v1/messages", "post", "429", "too-many-questions"),
        ("/v1/observations", "post", "429", "too-many-questions"),
        ("/v1/state", "get", "403", "out-of-reach"),
    ],
)
async def test_the_served_document_names_each_problem_an_operation_answers(
    api: Api, path: str, method: str, status: str, kind: str
) -> None:
    """A client reads from the document which problems an operation answers with (403
    not-yours was missing): each is described once, in Problem.type of the schema."""
    async with api.client.get("/v1/openapi.json") as resp:
        served = await resp.json()
    described = served["paths"][path][method]["responses"][status]["description"]
    assert f"\n- {kind}: " in described
    kinds = served["components"]["schemas"]["Problem"]["properties"]["type"]["anyOf"]
    assert f"https://canon.invalid/problems/{kind}" in [k.get("const") for k in kinds]


def test_every_problem_kind_canon_raises_is_described_in_the_schema() -> None:
    """The kinds the API's code names (kind="...") are the schema's, and no more."""
    raised = set()
    for source in (Path(__file__).resolve().parents[2] / "core" / "api").glob("*.py"):
        raised |= set(re.findall(r'kind="([a-z-]+)"', source.read_text(encoding="utf-8")))
    kinds = openapi_document()["components"]["schemas"]["Problem"]["properties"]["type"]
    described = {k["const"].rsplit("/", 1)[-1] for k in kinds["anyOf"] if "const" in k}
    assert raised == described


async def test_guessed_tokens_are_held_to_the_address_rate_with_retry_after(
    tmp_path: Path,
) -> None:
    async with running_api(tmp_path, burst=2, rate_per_second=0.5, seconds=lambda: 100.0) as api:
        guess = {"Authorization": "Bearer canon_guess"}
        statuses = [
            (await api.call(None, "GET", "/v1/state", headers=guess)).status for _ in range(3)
        ]
        assert statuses == [401, 401, 429]
        limited = await api.call(None, "GET", "/v1/state", headers=guess)
        assert limited.headers["Retry-After"] == "2"
        # A right guess while the address is held learns nothing: it is refused alike.
        assert (await api.call("user:alice", "GET", "/v1/state")).status == 429
