"""No field or header of a request names who is writing: an assistant's token (and Bob's
own client on Alice's household) that writes "principal": "user:alice", "answered_by", a
"speaker" or an "X-Canon-Principal" header answers nothing, undoes nothing and says
nothing as Alice (the HTTP API on a real SQLite store; the token alone decides).

Attacked in the twenty-sixth round; held: every body is refused whole (422, its field
named) or the route refuses the token (403), and Alice's facts and open questions are
exactly as they were."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from api_harness import ALICE, BOB, HOUSEHOLD, Api, running_api
from canon_testing import NOW, make_observation

from core.api.tokens import issue_token
from core.domain.api_tokens import HOUSEHOLD as HOUSEHOLD_SCOPE

FORGED = {"principal": ALICE, "answered_by": "telegram:111", "speaker": ALICE, "role": "user"}
"""Every name a body might hope to be read as its writer by."""


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    async with running_api(tmp_path, audience=HOUSEHOLD) as api:
        for role in ("agent", "delegate"):
            made = await issue_token(
                api.engine, ALICE, role, NOW, reach=(HOUSEHOLD_SCOPE,), role=role
            )
            api.tokens[role] = made.secret
        await api.confirmed(ALICE, "I'm in Tahoe")
        said = await api.call(
            ALICE, "POST", "/v1/messages", json_body={"text": "I think Lily is sick"}
        )
        assert said.body["questions"], said.body
        yield api


async def _alices(api: Api) -> tuple[object, object]:
    state = await api.call(ALICE, "GET", "/v1/state")
    asked = await api.call(ALICE, "GET", "/v1/questions")
    return state.body["entities"], [(q["id"], q["status"]) for q in asked.body["questions"]]


def _requests(question: str) -> list[tuple[str, str, dict[str, Any]]]:
    observation = make_observation("travel.location", "Paris", entity=ALICE)
    return [
        ("POST", "/v1/messages", {"text": "I'm back home in Portland"}),
        ("POST", "/v1/observations", {"observations": [observation]}),
        ("POST", f"/v1/questions/{question}/answer", {"answer": "yes"}),
        ("POST", f"/v1/questions/{question}/answer", {"answer": "no"}),
        ("POST", "/v1/undo", {}),
        ("POST", "/v1/forget", {"field": "travel.location"}),
    ]


@pytest.mark.parametrize("who", ["agent", "delegate", BOB])
@pytest.mark.parametrize("field", sorted(FORGED))
async def test_a_body_naming_its_writer_is_refused_whole(api: Api, who: str, field: str) -> None:
    before = await _alices(api)
    [(question, _)] = before[1]  # type: ignore[misc]
    for method, path, body in _requests(question):
        sent = await api.call(who, method, path, json_body={**body, field: FORGED[field]})
        assert sent.status in (403, 422), (path, sent.body)  # 403: not the token's route
        assert sent.status == 403 or field in sent.body["detail"], sent.body
    assert await _alices(api) == before


@pytest.mark.parametrize(
    "header", [{"X-Canon-Principal": ALICE}, {"X-Forwarded-User": "alice"}, {"From": ALICE}]
)
async def test_a_header_naming_alice_leaves_an_assistant_an_assistant(
    api: Api, header: dict[str, str]
) -> None:
    before = await _alices(api)
    [(question, _)] = before[1]  # type: ignore[misc]
    path = f"/v1/questions/{question}/answer"
    answered = await api.call("agent", "POST", path, json_body={"answer": "yes"}, headers=header)
    assert answered.status == 403, answered.body
    undo = await api.call("agent", "POST", "/v1/undo", json_body={}, headers=header)
    assert undo.status == 201, undo.body  # put to Alice as the assistant's order, not done
    assert undo.body["question"]["question"].startswith("An assistant asks for this")
    state, _ = await _alices(api)
    assert state == before[0]
