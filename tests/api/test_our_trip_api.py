"""A member's "we" about the trip another user holds, over the HTTP API, as in the chat
(tests/bot/test_household_we_trip_32_e2e.py): Bob's client saying "we cancelled tahoe"
while Alice holds the Tahoe plan is one question in her ``/v1/questions``, naming him,
never his trip nor hers on his word; Alice's assistant's "we" crosses to nobody."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from api_harness import ALICE, BOB, Api, named_household
from canon_testing import NOW

from core.api.tokens import issue_token
from core.domain.api_tokens import HOUSEHOLD as HOUSEHOLD_SCOPE

AGENT = "agent:alice"


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    async with named_household(tmp_path) as api:
        agent = await issue_token(
            api.engine, ALICE, "openclaw", NOW, reach=(HOUSEHOLD_SCOPE,), role="agent"
        )
        api.tokens[AGENT] = agent.secret
        yield api


async def _plans_tahoe(api: Api, who: str) -> None:
    said = await api.call(
        who, "POST", "/v1/messages", json_body={"text": "we leave for tahoe next sunday"}
    )
    for asked in said.body["questions"]:
        path = f"/v1/questions/{asked['id']}/answer"
        await api.call(who, "POST", path, json_body={"answer": "yes"})
    status = await api.engine.store.fact(who, "travel.status")
    assert status is not None
    assert status.value == "planning"


async def _trip(api: Api, who: str) -> dict[str, object]:
    facts = await api.engine.store.facts(who)
    return {f.field: f.value for f in facts if f.field.startswith("travel.")}


async def test_bobs_we_about_alices_trip_is_asked_of_her(api: Api) -> None:
    await _plans_tahoe(api, ALICE)
    planned = await _trip(api, ALICE)

    said = await api.call(BOB, "POST", "/v1/messages", json_body={"text": "we cancelled tahoe"})
    assert said.status == 200, said.body
    assert said.body["questions"] == []  # hers to answer: none is Bob's
    assert any("ask Alice" in n for o in said.body["outcomes"] for n in o["notices"])
    assert await _trip(api, BOB) == {}  # no phantom trip of his
    assert await _trip(api, ALICE) == planned

    questions = (await api.call(ALICE, "GET", "/v1/questions")).body["questions"]
    assert {q["group"] for q in questions} == {questions[0]["group"]}  # one question
    [asked] = [q for q in questions if q["field"] == "travel.status"]
    assert asked["question"].splitlines()[0] == "Bob says your Tahoe trip is off — is that right?"
    path = f"/v1/questions/{asked['id']}/answer"
    await api.call(ALICE, "POST", path, json_body={"answer": "yes"})
    assert (await _trip(api, ALICE))["travel.status"] == "cancelled"


async def test_alices_assistants_we_crosses_to_nobody(api: Api) -> None:
    await _plans_tahoe(api, BOB)
    planned = await _trip(api, BOB)

    said = await api.call(
        AGENT, "POST", "/v1/messages", json_body={"text": "trip's off, we're staying home"}
    )
    assert said.status == 200, said.body

    assert (await api.call(BOB, "GET", "/v1/questions")).body["questions"] == []
    assert await _trip(api, BOB) == planned
