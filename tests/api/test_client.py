"""CanonClient against a live ``canon serve``: every route as a method with a typed answer,
every problem document as the error of core/errors.py it means, two tokens kept apart."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from canon_peers import Peers, closed_port, live_peers, silent_port
from canon_testing import make_observation
from live_server import create_token

from core.api.routes import HEALTH, ROUTES
from core.client import (
    CanonClient,
    Change,
    DeadLetter,
    Evidence,
    Fact,
    Health,
    Outcome,
    Question,
)
from core.client.problems import problem_error
from core.client.results import AnswerResult
from core.errors import (
    AlreadyAnswered,
    ApiAlreadyAnswered,
    ApiError,
    ApiInvalidAnswer,
    ApiNotFound,
    ApiUnavailable,
    ApiUnreachable,
    ConfigError,
    InvalidAnswer,
    NotFound,
    OutOfReach,
    RateLimited,
    RequestInvalid,
    Unauthorized,
)

METHOD_OF_ROUTE = {
    "postMessage": "post_message",
    "postObservations": "post_observations",
    "getContext": "context",
    "getState": "state",
    "getQuestions": "questions",
    "answerQuestion": "answer",
    "getWhy": "why",
    "getHistory": "history",
    "postForget": "forget",
    "postUndo": "undo",
    "getDeadLetters": "dead_letters",
    "getHealth": "health",
}


def test_every_route_of_the_api_has_a_client_method() -> None:
    assert set(METHOD_OF_ROUTE) == {r.name for r in (*ROUTES, HEALTH)}
    assert all(callable(getattr(CanonClient, m, None)) for m in METHOD_OF_ROUTE.values())


BODIES = json.loads((Path(__file__).parents[2] / "schemas/http_api.schema.json").read_text())

RETURN_SENT_BACK: dict[str, Any] = {
    "value": "pending",
    "version": 2,
    "confidence": 0.9,
    "by": "you",
    "source": {"type": "user_message", "ref": "m-1"},
    "event_id": "e-1",
    "evidence_ts": "2026-02-19T14:30:00Z",
    "committed_at": "2026-02-19T14:30:01Z",
    "resolution": "auto_commit",
    "valid_until": None,
    "stale": False,
    "age": "just now",
    "meaning": "sent back, refund awaited",
}


@pytest.mark.parametrize("answer", [Fact, Evidence, Change, Question, Outcome, DeadLetter, Health])
def test_each_typed_answer_holds_the_fields_its_body_has(answer: type) -> None:
    """A field the body never has would always be None (Fact and Evidence once carried
    Change's ``old_by``, ``old_meaning`` and ``meaning``); one it has but the client lacks
    is lost to the caller. ``by_member`` is read into the name where the client keeps it."""
    sent = set(BODIES["$defs"][answer.__name__]["properties"]) - {"by_member"}
    assert {f.name for f in fields(answer)} == sent


def test_an_answers_result_holds_the_fields_its_body_has() -> None:
    sent = set(BODIES["$defs"]["AnswerResponse"]["properties"])
    assert {f.name for f in fields(AnswerResult)} == sent


def test_a_facts_meaning_reaches_the_caller() -> None:
    fact = Fact.read(RETURN_SENT_BACK)
    assert (fact.value, fact.meaning, fact.by) == ("pending", "sent back, refund awaited", "you")
    plain = {k: v for k, v in RETURN_SENT_BACK.items() if k != "meaning"}
    assert Fact.read(plain).meaning is None


@pytest.fixture(scope="module")
def peers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Peers]:
    db = tmp_path_factory.mktemp("client") / "canon.db"
    with live_peers(db) as running:
        # A calendar feed's token: its entries are asked as one grouped question.
        running.tokens["calendar"] = create_token(
            db, "user:primary", "--source-type", "calendar", role="signals"
        )
        yield running


@pytest.fixture
async def canon(peers: Peers) -> AsyncIterator[CanonClient]:
    async with CanonClient(peers.url, peers.tokens["user:primary"]) as client:
        yield client


@pytest.fixture
async def bob(peers: Peers) -> AsyncIterator[CanonClient]:
    async with CanonClient(peers.url, peers.tokens["user:bob"]) as client:
        yield client


async def test_a_message_asked_answered_and_then_known(canon: CanonClient) -> None:
    said = await canon.post_message("I moved to Oakland", message_id="client-m1")
    [outcome] = said.outcomes
    assert (outcome.field, outcome.decision) == ("profile.home_city", "ask_user")
    [question] = said.questions
    assert question.id == outcome.review_item_id
    assert question.id in [q.id for q in await canon.questions()]

    again = await canon.post_message("I moved to Oakland", message_id="client-m1")
    assert [o.decision for o in again.outcomes] == ["duplicate"]

    answered = await canon.answer(question.id, "yes")
    assert (answered.committed, answered.committed_value) == (True, "Oakland")
    fact = (await canon.state(entity="user:primary"))["user:primary"]["profile.home_city"]
    assert isinstance(fact, Fact)
    assert fact.value == "Oakland"
    assert fact.committed_at.tzinfo is not None
    why = await canon.why("profile.home_city")
    assert why.current is not None
    assert why.current.value == "Oakland"
    assert why.evidence
    assert why.changes
    assert [c.new_value for c in await canon.history(field="profile.home_city")] == ["Oakland"]
    assert "Oakland" in (await canon.context(max_tokens=400)).text
    assert question.id not in [q.id for q in await canon.questions()]


async def test_observations_are_idempotent_and_bad_ones_dead_lettered(canon: CanonClient) -> None:
    good = make_observation("travel.location", "Tahoe", at=datetime.now(UTC))
    bad = {"entity_id": "user:primary", "field": 3}
    got = await canon.post_observations([good, bad, good])
    assert got.received == 3
    assert [r.decision for r in got.results] == ["auto_commit", "invalid", "duplicate"]
    assert got.results[1].errors
    letters = await canon.dead_letters()
    assert any('"field": 3' in d.payload for d in letters)


async def test_a_no_with_parts_rejects_those_and_asks_the_rest_again(
    canon: CanonClient, peers: Peers
) -> None:
    """One calendar entry asked as one question; its place said wrong, the rest asked again."""
    at = datetime.now(UTC)
    entry = {"travel.depart_date": "2025-03-13", "travel.status": "in_progress"}
    async with CanonClient(peers.url, peers.tokens["calendar"]) as feed:
        await feed.post_observations(
            [
                make_observation(f, v, source="calendar", ref="client-cal-1", at=at)
                for f, v in entry.items()
            ]
        )
    asked = {q.field: q for q in await canon.questions() if q.field in entry}
    assert set(asked) == set(entry)
    assert len({q.group for q in asked.values()}) == 1, "one group"
    wrong = asked["travel.depart_date"]
    got = await canon.answer(asked["travel.status"].id, "no", parts=[wrong.id])
    assert got.committed is False
    assert [q.id for q in got.parts_rejected] == [wrong.id]
    assert [q.field for q in got.asked_again] == ["travel.status"]
    assert wrong.id not in {q.id for q in await canon.questions()}
    [rest] = got.asked_again
    assert (await canon.answer(rest.id, "no")).status == "rejected"


async def test_forget_and_undo_ask_first(canon: CanonClient) -> None:
    await canon.post_observations(
        [make_observation("travel.status", "planning", at=datetime.now(UTC))]
    )
    forget = await canon.forget("travel.status")
    undo = await canon.undo()
    assert (forget.field, forget.status) == ("travel.status", "pending")
    assert undo.id != forget.id
    assert {forget.id, undo.id} <= {q.id for q in await canon.questions()}


async def test_health_and_the_openapi_document(canon: CanonClient) -> None:
    assert (await canon.health()).status == "ok"
    assert (await canon.openapi())["openapi"].startswith("3.1")


Call = Callable[[CanonClient], Awaitable[Any]]
ERRORS: list[tuple[str, Call, type[ApiError], int]] = [
    ("someone else's entity", lambda c: c.state(entity="user:bob"), OutOfReach, 403),
    ("no such question", lambda c: c.answer("no-such-question", "yes"), ApiNotFound, 404),
    ("a field never heard of", lambda c: c.why("travel.nowhere"), ApiNotFound, 404),
    ("a budget too small", lambda c: c.context(max_tokens=10), RequestInvalid, 422),
    ("an empty message", lambda c: c.post_message(""), RequestInvalid, 422),
    ("a bad field name", lambda c: c.forget("Travel"), RequestInvalid, 422),
]


@pytest.mark.parametrize(
    ("call", "error", "status"), [e[1:] for e in ERRORS], ids=[e[0] for e in ERRORS]
)
async def test_each_problem_is_its_error(
    canon: CanonClient, call: Call, error: type[ApiError], status: int
) -> None:
    with pytest.raises(error) as raised:
        await call(canon)
    assert raised.value.status == status
    assert raised.value.detail
    assert isinstance(raised.value.__cause__, httpx.HTTPStatusError)  # translated at the boundary


async def test_an_answered_question_and_a_bad_edit_are_canons_own_errors(
    canon: CanonClient,
) -> None:
    said = await canon.post_message("I moved to Fresno", message_id="client-m2")
    [question] = said.questions
    with pytest.raises(ApiInvalidAnswer) as bad:
        await canon.answer(question.id, "edit", "")
    assert isinstance(bad.value, InvalidAnswer)
    await canon.answer(question.id, "no")
    with pytest.raises(ApiAlreadyAnswered) as twice:
        await canon.answer(question.id, "yes")
    assert isinstance(twice.value, AlreadyAnswered)


async def test_an_edited_place_nobody_knows_needs_new_place(canon: CanonClient) -> None:
    said = await canon.post_message("I moved to Modesto", message_id="client-m3")
    [question] = said.questions
    with pytest.raises(ApiInvalidAnswer) as unknown:
        await canon.answer(question.id, "edit", "purple")
    assert unknown.value.kind == "unknown-place"
    assert unknown.value.detail.startswith('I don\'t know a place called "purple"')
    assert question.id in [q.id for q in await canon.questions()]
    used = await canon.answer(question.id, "edit", "purple", new_place=True)
    assert (used.committed, used.committed_value) == (True, "purple")


async def test_a_request_refused_carries_the_apis_reasons(canon: CanonClient) -> None:
    with pytest.raises(RequestInvalid) as refused:
        await canon.post_message("x" * 10001)
    assert refused.value.kind == "text-too-long"  # and kept in the dead-letter queue
    assert refused.value.errors == [
        "$.text: 10,001 characters, more than the 10,000 a message may hold"
    ]
    with pytest.raises(RequestInvalid) as malformed:
        await canon.post_message("I'm in Reno", message_id="not an id!")
    assert malformed.value.kind == "invalid-body"
    assert malformed.value.errors


async def test_an_unknown_token_is_unauthorized(peers: Peers) -> None:
    async with CanonClient(peers.url, "not-a-token") as stranger:
        assert (await stranger.health()).status == "ok"  # the one open route
        with pytest.raises(Unauthorized):
            await stranger.state()


async def test_two_tokens_see_only_their_own(canon: CanonClient, bob: CanonClient) -> None:
    said = await bob.post_message("I moved to Denver", message_id="bob-m1")
    [question] = said.questions
    assert question.entity_id == "user:bob"
    assert question.id not in [q.id for q in await canon.questions()]
    with pytest.raises(ApiNotFound):
        await canon.answer(question.id, "yes")
    await bob.answer(question.id, "yes")
    assert "user:bob" not in await canon.state()
    assert "Denver" not in (await canon.context()).text
    assert all(c.entity_id != "user:bob" for c in await canon.history())
    with pytest.raises(OutOfReach):
        await canon.why("profile.home_city", entity="user:bob")
    with pytest.raises(OutOfReach):
        await canon.post_observations([make_observation(entity="user:bob")])
    assert (await bob.state())["user:bob"]["profile.home_city"].value == "Denver"


async def test_too_many_requests_is_rate_limited_with_the_wait(tmp_path: Path) -> None:
    with live_peers(tmp_path / "canon.db", "--rate", "0.01", "--burst", "1") as slow:
        async with CanonClient(slow.url, slow.tokens["user:primary"]) as canon:
            await canon.state()
            with pytest.raises(RateLimited) as limited:
                await canon.state()
    assert limited.value.status == 429
    assert limited.value.retry_after is not None
    assert limited.value.retry_after >= 1


async def test_a_canon_that_is_down_or_hung_is_unreachable() -> None:
    async with CanonClient(closed_port(), "token") as down:
        with pytest.raises(ApiUnreachable):
            await down.state()
    with silent_port() as url:
        async with CanonClient(url, "token", timeout=0.5) as hung:
            with pytest.raises(ApiUnreachable, match="did not answer in time"):
                await hung.state()


def test_url_and_token_come_from_the_environment() -> None:
    env = {"CANON_URL": "http://127.0.0.1:9/v1/", "CANON_TOKEN": "secret"}
    assert CanonClient(env=env).base_url == "http://127.0.0.1:9"
    assert CanonClient("http://canon.test", env=env).base_url == "http://canon.test"
    with pytest.raises(ConfigError, match="CANON_URL"):
        CanonClient(env={"CANON_TOKEN": "secret"})
    with pytest.raises(ConfigError, match="CANON_TOKEN"):
        CanonClient(env={"CANON_URL": "http://canon.test"})


PROBLEMS = [
    (400, "not-json", RequestInvalid),
    (401, "unauthorized", Unauthorized),
    (403, "out-of-reach", OutOfReach),
    (404, "not-found", ApiNotFound),
    (405, "method-not-allowed", RequestInvalid),
    (409, "already-answered", ApiAlreadyAnswered),
    (413, "request-entity-too-large", RequestInvalid),
    (415, "unsupported-media-type", RequestInvalid),
    (422, "invalid-body", RequestInvalid),
    (422, "invalid-query", RequestInvalid),
    (422, "invalid-input", ApiInvalidAnswer),
    (422, "unknown-place", ApiInvalidAnswer),
    (429, "too-many-requests", RateLimited),
    (500, "internal-server-error", ApiUnavailable),
    (503, "unavailable", ApiUnavailable),
]


@pytest.mark.parametrize(("status", "kind", "error"), PROBLEMS)
def test_every_problem_the_api_documents_has_its_error(
    status: int, kind: str, error: type[ApiError]
) -> None:
    body = f'{{"type": "https://canon.invalid/problems/{kind}", "title": "t", "status": {status}, "detail": "why"}}'
    got = problem_error(status, body.encode(), "3")
    assert (type(got), got.status, got.kind, got.detail) == (error, status, kind, "why")
    assert isinstance(got, NotFound) == (status == 404)


def test_an_answer_that_is_no_problem_document_still_gets_its_status_error() -> None:
    got = problem_error(502, b"<html>Bad Gateway</html>")
    assert (type(got), got.kind, got.detail) == (ApiUnavailable, "bad-gateway", "bad-gateway")
