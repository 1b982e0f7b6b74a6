"""Whose word it is, in a household over the HTTP API (the nineteenth round's attack): a
member's list holds only the questions they may answer, nobody erases another member's
word with a forget or an undo, and nobody floods another member's questions (a real
SQLite store, the API in process; the bot's side is tests/bot/test_household_words_e2e.py)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

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


async def _ids(api: Api, who: str) -> set[str]:
    listed = await api.call(who, "GET", "/v1/questions")
    assert listed.status == 200, listed.body
    return {q["id"] for q in listed.body["questions"]}


async def test_a_members_list_holds_only_the_questions_they_may_answer(api: Api) -> None:
    """Alice's words raised a question on the household: hers to answer (Bob's answer is
    403 not-yours), so it is in her list and not in his; it tells him nothing of what she
    said until it is a fact. A question nobody's words raised (a feed's) is everyone's."""
    said = await api.call(ALICE, "POST", "/v1/messages", json_body={"text": "Emma is sick today"})
    [hers] = said.body["questions"]
    assert hers["entity_id"] == FAMILY
    assert hers["id"] in await _ids(api, ALICE)
    assert hers["id"] not in await _ids(api, BOB)
    only_family = await api.call(BOB, "GET", "/v1/questions", params={"entity": FAMILY})
    assert hers["id"] not in {q["id"] for q in only_family.body["questions"]}
    # His own words on the household are his to answer, and listed for him alone.
    his = await api.call(BOB, "POST", "/v1/messages", json_body={"text": "Noah is sick today"})
    [asked] = his.body["questions"]
    assert asked["id"] in await _ids(api, BOB)
    assert asked["id"] not in await _ids(api, ALICE)


async def _alice_said_emma_is_sick(api: Api) -> None:
    await api.confirmed(ALICE, "Emma is sick today")
    emma = await api.engine.store.fact(FAMILY, "family.emma.status")
    assert emma is not None
    assert (emma.value, emma.principal) == ("sick", ALICE)


@pytest.mark.parametrize(
    ("path", "body"),
    [("/v1/forget", {"field": "family.emma.status"}), ("/v1/undo", {"entity_id": FAMILY})],
)
async def test_bob_cannot_erase_what_alice_said_of_the_household(
    api: Api, path: str, body: dict[str, str]
) -> None:
    """Bob's forget or undo of the household's fact Alice said is refused (403
    not-yours), nothing is asked of anyone; he may still say what is true now, as his own
    word. Alice's own forget of it is a question to her, as before."""
    await _alice_said_emma_is_sick(api)
    refused = await api.call(BOB, "POST", path, json_body=body)
    assert refused.status == 403, refused.body
    assert refused.body["type"].endswith("/not-yours")
    assert "only Alice" in refused.body["detail"]
    assert await api.engine.store.open_review_items([FAMILY]) == []
    emma = await api.engine.store.fact(FAMILY, "family.emma.status")
    assert emma is not None
    assert emma.value == "sick"
    asked = await api.call(ALICE, "POST", path, json_body=body)
    assert asked.status == 201, asked.body
    assert asked.body["question"]["entity_id"] == FAMILY


async def test_bobs_undo_takes_back_his_own_change_not_alices_newer_one(api: Api) -> None:
    """Undo is each member's own: Bob's undo after Alice's newer change on the household
    asks to take back his own last change, never hers."""
    await api.confirmed(BOB, "Noah is sick today")
    await _alice_said_emma_is_sick(api)
    asked = await api.call(BOB, "POST", "/v1/undo", json_body={})
    assert asked.status == 201, asked.body
    assert asked.body["question"]["field"] == "family.noah.status"


CITIES = [
    "denver",
    "boston",
    "chicago",
    "seattle",
    "portland",
    "austin",
    "dallas",
    "miami",
    "atlanta",
    "phoenix",
    "houston",
    "detroit",
    "memphis",
    "nashville",
    "omaha",
    "tampa",
]


async def test_bob_cannot_flood_alices_questions(api: Api, tmp_path: Path) -> None:
    """What one member says of another is asked of her, up to the policy's cap of open
    questions per asker and subject; past it Bob hears 429 too-many-questions, nothing of
    that message is recorded, and her queue holds no more of his."""
    cap = api.engine.policy.max_agent_questions
    assert len(CITIES) > cap
    statuses = []
    for city in CITIES:
        said = await api.call(
            BOB, "POST", "/v1/messages", json_body={"text": f"alice lives in {city}"}
        )
        statuses.append(said.status)
        if said.status != 200:
            assert said.body["type"].endswith("/too-many-questions")
            assert f"{ALICE} already has {cap} questions from you" in said.body["detail"]
    assert statuses == [200] * cap + [429] * (len(CITIES) - cap)
    waiting = [r for r in await api.engine.store.open_review_items([ALICE]) if r.principal == BOB]
    assert len(waiting) == cap
    # Alice's answer makes room; Bob's own words about himself were never capped.
    path = f"/v1/questions/{waiting[0].id}/answer"
    assert (await api.call(ALICE, "POST", path, json_body={"answer": "no"})).status == 200
    again = await api.call(BOB, "POST", "/v1/messages", json_body={"text": "alice lives in reno"})
    assert again.status == 200, again.body
    mine = await api.call(BOB, "POST", "/v1/messages", json_body={"text": "I live in reno"})
    assert mine.status == 200, mine.body


async def test_bobs_context_block_leaves_out_what_awaits_alices_answer(api: Api) -> None:
    """What Alice said of the household and has not confirmed awaits her answer, not his:
    his assistant's block neither lists it as awaiting "the user's confirmation" (his
    assistant would ask him to confirm her words) nor shows her words before they are a
    fact. Hers lists it."""
    await api.call(ALICE, "POST", "/v1/messages", json_body={"text": "Emma is sick today"})
    bobs = (await api.call(BOB, "GET", "/v1/context")).body["text"]
    assert "family.emma.status" not in bobs, bobs
    alices = (await api.call(ALICE, "GET", "/v1/context")).body["text"]
    assert "family.emma.status" in alices, alices


async def test_bobs_why_shows_alices_value_not_the_rest_of_what_she_said(api: Api) -> None:
    """The evidence text behind a household value is the clause it was read from, which
    may say much more; to Bob it is another member's words: the value, who (by her name)
    and when are shown once it is a fact (before, it is hers:
    tests/api/test_household_claims_api.py), her sentence is not. Alice reads her own."""
    await api.confirmed(ALICE, "Emma is sick today, and honestly I hate living with Bob")
    params = {"entity": FAMILY, "field": "family.emma.status"}
    bobs = (await api.call(BOB, "GET", "/v1/why", params=params)).body
    [seen] = bobs["evidence"]
    assert (seen["value"], seen["by"]) == ("sick", "Alice")  # by name, as the chat says
    assert seen["evidence_text"] is None
    assert "hate" not in json.dumps(bobs)
    hers = (await api.call(ALICE, "GET", "/v1/why", params=params)).body["evidence"]
    assert any("Emma is sick" in (e["evidence_text"] or "") for e in hers), hers


@pytest.mark.parametrize("role", ["agent", "delegate"])
async def test_bobs_assistant_cannot_erase_what_alice_said_either(api: Api, role: str) -> None:
    """Bob's assistant speaks for Bob: its forget of Alice's household word is refused as
    his is; Alice's own assistant may ask her to forget it."""
    await _alice_said_emma_is_sick(api)
    for who in ("user:bob", "user:alice"):
        issued = await issue_token(
            api.engine, who, f"{who}'s {role}", NOW, reach=(HOUSEHOLD_SCOPE,), role=role
        )
        api.tokens[f"{who}-{role}"] = issued.secret
    body = {"field": "family.emma.status"}
    refused = await api.call(f"user:bob-{role}", "POST", "/v1/forget", json_body=body)
    assert refused.status == 403, refused.body
    assert refused.body["type"].endswith("/not-yours")
    asked = await api.call(f"user:alice-{role}", "POST", "/v1/forget", json_body=body)
    assert asked.status == 201, asked.body
