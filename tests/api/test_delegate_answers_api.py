"""A delegate relays the user's answers; it never turns what someone else proposed about
the user into the user's confirmation (the HTTP API, a real SQLite store, Alice's own
client, her assistant's ``agent`` token and her ``delegate`` token).

Before: the agent proposed "Alice is in Paris", and the delegate, a sibling assistant,
answered Yes: a ``user_confirmation`` of Alice's whereabouts that no person gave."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest
from api_harness import Api, running_api
from canon_cli import canon
from canon_testing import CALIBRATED_POLICY_FILE, NOW, make_observation

from core.api.tokens import issue_token
from core.conversation.audience import Audience
from core.conversation.texts import prompt_body
from core.domain.api_tokens import HOUSEHOLD as HOUSEHOLD_SCOPE

ALICE, BOB, FAMILY = "user:alice", "user:bob", "family:smith"
AGENT, DELEGATE = "agent:alice", "delegate:alice"


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    async with running_api(tmp_path, audience=Audience(family_entity=FAMILY)) as api:
        for who, role in ((AGENT, "agent"), (DELEGATE, "delegate")):
            made = await issue_token(
                api.engine, ALICE, who.partition(":")[0], NOW, reach=(HOUSEHOLD_SCOPE,), role=role
            )
            api.tokens[who] = made.secret
        yield api


async def _only_question(api: Api) -> str:
    [asked] = (await api.call(ALICE, "GET", "/v1/questions")).body["questions"]
    return str(asked["id"])


async def _refused(api: Api, who: str, question_id: str) -> None:
    path = f"/v1/questions/{question_id}/answer"
    for answer in ({"answer": "yes"}, {"answer": "edit", "value": "Rome"}):
        refused = await api.call(who, "POST", path, json_body=answer)
        assert refused.status == 403, refused.body
        assert refused.body["type"].endswith("/claim-refused")


async def test_a_delegate_cannot_confirm_a_sibling_assistants_proposal(api: Api) -> None:
    proposal = make_observation("travel.location", "Paris", entity=ALICE, at=NOW)
    posted = await api.call(
        AGENT, "POST", "/v1/observations", json_body={"observations": [proposal]}
    )
    assert posted.body["results"][0]["decision"] == "ask_user"
    question = await _only_question(api)
    await _refused(api, DELEGATE, question)
    assert await api.engine.store.fact(ALICE, "travel.location") is None
    [still] = await api.engine.store.open_review_items([ALICE])
    assert still.status == "pending"
    # Alice's own client answers it, and the fact is hers.
    path = f"/v1/questions/{question}/answer"
    await api.call(ALICE, "POST", path, json_body={"answer": "yes"})
    fact = await api.engine.store.fact(ALICE, "travel.location")
    assert fact is not None
    assert (fact.value, fact.source_type, fact.principal) == ("Paris", "user_confirmation", ALICE)


async def test_a_delegate_cannot_confirm_what_another_member_said_of_its_user(api: Api) -> None:
    for who, name in ((ALICE, "Alice"), (BOB, "Bob")):
        told = await api.call(who, "POST", "/v1/messages", json_body={"text": f"my name is {name}"})
        [asked] = told.body["questions"]
        answer = {"answer": "yes"}
        await api.call(who, "POST", f"/v1/questions/{asked['id']}/answer", json_body=answer)
    await api.call(BOB, "POST", "/v1/messages", json_body={"text": "alice is in paris"})
    questions = (await api.call(ALICE, "GET", "/v1/questions")).body["questions"]
    [asked] = [q for q in questions if q["field"] == "travel.location"]
    await _refused(api, DELEGATE, asked["id"])
    assert await api.engine.store.fact(ALICE, "travel.location") is None


async def test_a_delegate_still_relays_its_users_answer_to_what_she_said(api: Api) -> None:
    said = await api.call(ALICE, "POST", "/v1/messages", json_body={"text": "my name is Alice"})
    [asked] = said.body["questions"]
    path = f"/v1/questions/{asked['id']}/answer"
    answered = await api.call(DELEGATE, "POST", path, json_body={"answer": "yes"})
    assert answered.status == 200, answered.body
    name = await api.engine.store.fact(ALICE, "profile.name")
    assert name is not None
    assert name.value == "Alice"


async def test_a_delegate_cannot_carry_out_a_sibling_assistants_forget(api: Api) -> None:
    await api.call(ALICE, "POST", "/v1/messages", json_body={"text": "I'm in Tahoe"})
    ordered = await api.call(AGENT, "POST", "/v1/forget", json_body={"field": "travel.location"})
    assert ordered.status == 201, ordered.body
    asked = ordered.body["question"]
    assert asked["question"].startswith("An assistant asks for this."), asked["question"]
    await _refused(api, DELEGATE, asked["id"])
    location = await api.engine.store.fact(ALICE, "travel.location")
    assert location is not None
    assert location.value == "Tahoe"


async def test_a_proposal_dead_lettered_then_retried_is_still_the_assistants(
    api: Api, tmp_path: Path
) -> None:
    """A dead letter is retried (`canon dlq --retry`) as its writer's, never as Canon's.

    Before, every retried letter was ingested as ``system``: the agent's proposal stamped a
    few minutes ahead (dead-lettered: evidence from the future) came back on retry as a
    question Canon raised, which the delegate, a sibling assistant, could then answer Yes:
    a confirmation of Alice's whereabouts that no person gave."""
    ahead = NOW + timedelta(minutes=8)  # past the 5-minute clock allowance
    proposal = make_observation("travel.location", "Paris", entity=ALICE, at=ahead)
    posted = await api.call(
        AGENT, "POST", "/v1/observations", json_body={"observations": [proposal]}
    )
    assert posted.body["results"][0]["decision"] == "invalid"
    later = (NOW + timedelta(minutes=10)).isoformat()
    env = {"CANON_DB": str(tmp_path / "canon.db"), "CANON_POLICY": str(CALIBRATED_POLICY_FILE)}
    retried = canon("dlq", "--retry", "--json", "--now", later, env=env)
    assert json.loads(retried.stdout)["retry"]["resolved"] == 1, retried.stdout + retried.stderr

    [asked] = await api.engine.store.open_review_items([ALICE])
    assert asked.principal == f"token:{await _token_id(api, AGENT)}"
    assert "assistant" in prompt_body(asked, ALICE), prompt_body(asked, ALICE)
    await _refused(api, DELEGATE, asked.id)
    assert await api.engine.store.fact(ALICE, "travel.location") is None


async def _token_id(api: Api, who: str) -> str:
    tokens = await api.engine.store.api_tokens.tokens()
    [made] = [t for t in tokens if t.name == who.partition(":")[0] and t.role == "agent"]
    return made.id
