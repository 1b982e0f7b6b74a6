"""An assistant's token writes of its user in the third person: "Alice is back home" is a
claim about Alice's own whereabouts, asked of her, never committed as her confirmation
(the HTTP API, a real SQLite store, an ``agent`` token for ``user:alice``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from api_harness import Api, running_api
from canon_testing import NOW

from core.api.tokens import issue_token
from core.domain.api_tokens import HOUSEHOLD as HOUSEHOLD_SCOPE

ALICE, AGENT = "user:alice", "agent:alice"


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    async with running_api(tmp_path) as api:
        agent = await issue_token(
            api.engine, ALICE, "openclaw", NOW, reach=(HOUSEHOLD_SCOPE,), role="agent"
        )
        api.tokens[AGENT] = agent.secret
        # Alice tells Canon her name through her own client, and confirms it.
        told = await api.call(ALICE, "POST", "/v1/messages", json_body={"text": "my name is Alice"})
        (asked,) = told.body["questions"]
        answer = {"answer": "yes"}
        await api.call(ALICE, "POST", f"/v1/questions/{asked['id']}/answer", json_body=answer)
        yield api


async def _said(api: Api, who: str, text: str) -> list[dict[str, object]]:
    got = await api.call(who, "POST", "/v1/messages", json_body={"text": text})
    assert got.status == 200
    return list(got.body["questions"])


async def test_the_agents_third_person_news_is_asked_of_alice(api: Api) -> None:
    await _said(api, ALICE, "I'm in Tahoe")  # her own word: committed as hers
    asked = await _said(api, AGENT, "Alice is back home")
    # Home: the trip is over and she is no longer in Tahoe, asked together.
    assert sorted((q["entity_id"], q["field"], q["candidate_value"]) for q in asked) == [
        (ALICE, "travel.location", None),
        (ALICE, "travel.status", "completed"),
    ]
    assert len({q["group"] for q in asked}) == 1
    status_q = next(q for q in asked if q["field"] == "travel.status")
    assert status_q["question"].splitlines()[0] == (
        "An assistant says you're back home — is that right?"
    )
    state = await api.call(ALICE, "GET", "/v1/state")
    assert "family:" not in str(state.body)  # no household member called Alice
    status = await api.engine.store.fact(ALICE, "travel.status")
    assert status is not None
    assert status.value == "in_progress"

    # The agent cannot settle it; Alice's own client can, and the fact is then hers.
    path = f"/v1/questions/{status_q['id']}/answer"
    refused = await api.call(AGENT, "POST", path, json_body={"answer": "yes"})
    assert refused.status == 403
    await api.call(ALICE, "POST", path, json_body={"answer": "yes"})
    said, answered = await api.engine.store.events_for(ALICE, "travel.status", "completed")
    assert (said.source_type, answered.source_type) == ("agent", "user_confirmation")
    assert answered.principal == ALICE


async def test_alices_own_client_in_the_third_person_is_her_own_word(api: Api) -> None:
    assert await _said(api, ALICE, "Alice is in Tahoe") == []
    location = await api.engine.store.fact(ALICE, "travel.location")
    assert location is not None
    assert (location.value, location.principal) == ("Tahoe", ALICE)
