"""Two members of one household, each with their own client (a ``user`` token), over the
HTTP API, as they are in the chat (tests/bot/test_household_users_e2e.py): what Bob says
of Alice by name is asked of Alice, never dropped and never his to settle; and a question
Alice's own words raised on the household is hers to answer, not Bob's (a real SQLite
store, the API in process)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from api_harness import ALICE, BOB, FAMILY, Api, named_household
from canon_testing import make_observation


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    """Alice and Bob told Canon their names through their own clients."""
    async with named_household(tmp_path) as api:
        yield api


async def test_bobs_word_about_alice_is_asked_of_her_and_only_her_yes_makes_it_hers(
    api: Api,
) -> None:
    said = await api.call(BOB, "POST", "/v1/messages", json_body={"text": "alice is in tahoe"})
    assert said.status == 200, said.body
    [outcome] = [o for o in said.body["outcomes"] if o["field"] == "travel.location"]
    assert (outcome["entity_id"], outcome["decision"]) == (ALICE, "ask_user")
    assert any("ask Alice" in n for n in outcome["notices"]), outcome["notices"]
    assert said.body["questions"] == []  # hers to answer: none is Bob's
    assert await api.engine.store.fact(ALICE, "travel.location") is None
    assert await api.engine.store.facts(FAMILY) == []

    questions = (await api.call(ALICE, "GET", "/v1/questions")).body["questions"]
    assert {q["group"] for q in questions} == {questions[0]["group"]}  # one question
    [asked] = [q for q in questions if q["field"] == "travel.location"]
    assert asked["question"].splitlines()[0] == "Bob says you're in Tahoe — is that right?"
    path = f"/v1/questions/{asked['id']}/answer"
    refused = await api.call(BOB, "POST", path, json_body={"answer": "yes"})
    assert refused.status == 404, refused.body
    assert await api.engine.store.fact(ALICE, "travel.location") is None

    await api.call(ALICE, "POST", path, json_body={"answer": "yes"})
    location = await api.engine.store.fact(ALICE, "travel.location")
    assert location is not None
    assert (location.value, location.principal) == ("Tahoe", ALICE)
    said_ev, answered = await api.engine.store.events_for(ALICE, "travel.location", "Tahoe")
    assert (said_ev.principal, answered.principal) == (BOB, ALICE)


async def test_a_question_alices_words_raised_on_the_household_is_not_bobs_to_answer(
    api: Api,
) -> None:
    said = await api.call(ALICE, "POST", "/v1/messages", json_body={"text": "Emma is sick today"})
    [asked] = said.body["questions"]
    assert asked["entity_id"] == FAMILY
    path = f"/v1/questions/{asked['id']}/answer"
    for answer in ({"answer": "yes"}, {"answer": "no"}, {"answer": "edit", "value": "well"}):
        refused = await api.call(BOB, "POST", path, json_body=answer)
        assert refused.status == 403, refused.body
        assert refused.body["type"].endswith("/not-yours")
    assert await api.engine.store.facts(FAMILY) == []
    [still] = await api.engine.store.open_review_items([FAMILY])
    assert still.status == "pending"
    # Alice's own answer settles it.
    answered = await api.call(ALICE, "POST", path, json_body={"answer": "yes"})
    assert answered.body["status"] == "confirmed"
    emma = await api.engine.store.fact(FAMILY, "family.emma.status")
    assert emma is not None
    assert emma.value == "sick"


async def test_bobs_observation_placing_alice_is_asked_of_her_not_the_households_fact(
    api: Api,
) -> None:
    """The same words as a message, posted as an observation of the household's status
    of Alice: her whereabouts, asked of her, never the household's fact on his word. What
    places nobody ("sick") is still the household's."""
    away = make_observation("family.alice.status", "away", entity=FAMILY, domain="family")
    sick = make_observation("family.emma.status", "sick", entity=FAMILY, domain="family")
    posted = await api.call(
        BOB, "POST", "/v1/observations", json_body={"observations": [away, sick]}
    )
    assert posted.status == 200, posted.body
    placed, emma = posted.body["results"]
    assert (placed["entity_id"], placed["field"], placed["committed"]) == (
        ALICE,
        "travel.status",
        False,
    )
    assert any("ask Alice" in n for n in placed["notices"]), placed["notices"]
    assert placed["review_item_id"] is None  # hers, not Bob's to answer
    assert emma["committed"] is True
    assert [f.field for f in await api.engine.store.facts(FAMILY)] == ["family.emma.status"]
    [asked] = (await api.call(ALICE, "GET", "/v1/questions")).body["questions"]
    assert asked["question"].splitlines()[0] == "Bob says you're away — is that right?"
