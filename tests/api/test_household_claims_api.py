"""Whose word it is, attacked once more (trust19b): a member's corroborators are checked
against what they may cite, the question cap counts claims per member, and /why shows
no other member's words before they are a fact (the HTTP API in process, a real SQLite
store; the bot's side is tests/bot/test_household_words_e2e.py)."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from api_harness import ALICE, BOB, FAMILY, Api, named_household
from canon_testing import NOW

from core.api.tokens import issue_token
from core.domain.api_tokens import HOUSEHOLD as HOUSEHOLD_SCOPE


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    """Alice and Bob told Canon their names through their own clients."""
    async with named_household(tmp_path) as api:
        yield api


def noah_is_sick(ref: str, corroborators: list[dict[str, str]] | None = None) -> dict[str, Any]:
    """Bob's client writes, from his notes, that Noah is sick."""
    obs: dict[str, Any] = {
        "event_id": str(uuid.uuid4()),
        "event_ts": NOW.isoformat(),
        "entity_id": FAMILY,
        "domain": "family",
        "field": "family.noah.status",
        "candidate_value": "sick",
        "intent": "assertive",
        "source": {"type": "manual_markdown", "ref": ref},
    }
    if corroborators is not None:
        obs["corroborators"] = corroborators
    return obs


async def _posted(api: Api, obs: dict[str, Any]) -> dict[str, Any]:
    got = await api.call(BOB, "POST", "/v1/observations", json_body={"observations": [obs]})
    assert got.status == 200, got.body
    [result] = got.body["results"]
    return dict(result)


async def _ref_of(api: Api, who: str, field: str) -> str:
    [event] = [e for e in await api.engine.store.events_for(FAMILY, field) if e.principal == who]
    assert event.source_ref is not None
    return event.source_ref


async def test_bob_cannot_borrow_alices_chat_message_or_an_invented_ref_as_corroboration(
    api: Api,
) -> None:
    """Bob's own client names as corroborators the ref of Alice's chat message (about
    another field) and a ref nobody wrote: neither is evidence of his, so neither lifts
    his claim, and its reasons say each was ignored. The ref of his own chat message
    saying the same is his to cite, and counts."""
    await api.call(ALICE, "POST", "/v1/messages", json_body={"text": "Emma is sick today"})
    alices = await _ref_of(api, ALICE, "family.emma.status")
    plain = await _posted(api, noah_is_sick("notes/a.md"))
    borrowed = [
        {"type": "conversation_assertive", "ref": alices},
        {"type": "conversation_assertive", "ref": "tg:1:2"},
    ]
    lifted = await _posted(api, noah_is_sick("notes/b.md", borrowed))
    assert lifted["confidence"] == plain["confidence"], (plain, lifted)
    ignored = [r for r in lifted["reasons"] if r.startswith("corroborator ")]
    assert len(ignored) == 2, lifted["reasons"]
    [stored] = [
        e
        for e in await api.engine.store.events_for(FAMILY, "family.noah.status")
        if e.source_ref == "notes/b.md"
    ]
    assert stored.corroborators == ()
    # His own chat message saying the same is his evidence: it may vouch.
    await api.call(BOB, "POST", "/v1/messages", json_body={"text": "Noah is sick today"})
    his = [
        e
        for e in await api.engine.store.events_for(FAMILY, "family.noah.status")
        if e.source_type == "conversation_assertive"
    ]
    own = [{"type": "conversation_assertive", "ref": str(his[0].source_ref)}]
    kept = await _posted(api, noah_is_sick("notes/c.md", own))
    assert not [r for r in kept["reasons"] if r.startswith("corroborator ")], kept
    [cited] = [
        e
        for e in await api.engine.store.events_for(FAMILY, "family.noah.status")
        if e.source_ref == "notes/c.md"
    ]
    assert cited.corroborators == (("conversation_assertive", his[0].source_ref),)


CITIES = ["denver", "boston", "chicago", "seattle", "portland", "austin", "dallas", "miami"]
CITIES += ["atlanta", "phoenix", "houston", "detroit", "memphis", "nashville", "omaha", "tampa"]


async def test_a_trip_claim_about_alice_is_one_claim_not_two(api: Api) -> None:
    """ "alice is in denver" from Bob asks Alice where she is and that she is away: one
    claim (one group of questions), one count against the cap. With one claim of room
    left Bob may make it (it counted as two questions and was refused); then the cap
    is reached."""
    cap = api.engine.policy.max_agent_questions
    for city in CITIES[: cap - 1]:
        text = f"alice lives in {city}"
        said = await api.call(BOB, "POST", "/v1/messages", json_body={"text": text})
        assert said.status == 200, said.body
    trip = await api.call(BOB, "POST", "/v1/messages", json_body={"text": "alice is in tahoe"})
    assert trip.status == 200, trip.body
    asked = {r.field for r in await api.engine.store.open_review_items([ALICE])}
    assert {"travel.location", "travel.status"} <= asked
    more = {"text": f"alice lives in {CITIES[cap]}"}
    refused = await api.call(BOB, "POST", "/v1/messages", json_body=more)
    assert refused.status == 429, refused.body


def _status(ref: str, value: str) -> dict[str, Any]:
    return {
        "event_id": str(uuid.uuid4()),
        "event_ts": NOW.isoformat(),
        "entity_id": FAMILY,
        "domain": "family",
        "field": "family.alice.status",
        "candidate_value": value,
        "intent": "assertive",
        "source": {"type": "agent", "ref": ref},
    }


async def test_the_cap_is_the_members_across_his_chat_and_all_his_tokens(api: Api) -> None:
    """Bob's chat, his assistant and his delegate are one asker: what each raises about
    Alice counts against one cap (each token had its own, so each new token of his was
    room for as many questions again)."""
    cap = api.engine.policy.max_agent_questions
    for city in CITIES[: cap - 1]:
        said = await api.call(
            BOB, "POST", "/v1/messages", json_body={"text": f"alice lives in {city}"}
        )
        assert said.status == 200, said.body
    for role in ("agent", "delegate"):
        issued = await issue_token(
            api.engine, BOB, f"bob's {role}", NOW, reach=(HOUSEHOLD_SCOPE,), role=role
        )
        api.tokens[f"{BOB}-{role}"] = issued.secret
    body = {"observations": [_status("agent:1", "away")]}
    took = await api.call(f"{BOB}-agent", "POST", "/v1/observations", json_body=body)
    assert took.status == 200, took.body
    body = {"observations": [_status("delegate:1", "home")]}
    refused = await api.call(f"{BOB}-delegate", "POST", "/v1/observations", json_body=body)
    assert refused.status == 429, refused.body
    assert refused.body["type"].endswith("/too-many-questions")


async def test_bobs_why_shows_no_word_of_alices_before_it_is_a_fact(api: Api) -> None:
    """Alice's unconfirmed "Emma is sick" is hers, as her question is not in Bob's list:
    his /why of it knows nothing (it showed "sick" and who said it). Once she confirms
    it, it is the household's fact and its provenance is his to read (value, who, when;
    not her words). Her /why shows her own evidence all along."""
    params = {"entity": FAMILY, "field": "family.emma.status"}
    said = await api.call(ALICE, "POST", "/v1/messages", json_body={"text": "Emma is sick today"})
    [question] = said.body["questions"]
    before = await api.call(BOB, "GET", "/v1/why", params=params)
    assert before.status == 404, before.body  # as if nothing were known: it is hers
    assert "sick" not in json.dumps(before.body)
    [hers] = (await api.call(ALICE, "GET", "/v1/why", params=params)).body["evidence"]
    assert hers["value"] == "sick"
    path = f"/v1/questions/{question['id']}/answer"
    assert (await api.call(ALICE, "POST", path, json_body={"answer": "yes"})).status == 200
    after = (await api.call(BOB, "GET", "/v1/why", params=params)).body
    assert after["current"]["value"] == "sick"
    # Named as the chat names her (she told Canon her name): tests/api/test_members_named_api.py
    assert {(e["value"], e["by"]) for e in after["evidence"]} == {("sick", "Alice")}, after
