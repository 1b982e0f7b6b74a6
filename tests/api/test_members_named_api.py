"""The HTTP API names the household's members as the chat's /state and /why do.

Before: Alice's client read Bob's confirmed "Emma is sick" as "another member of the
household" though both had told Canon their names; an assistant reading her state could
not tell Bob's word from a third member's. Now each view of a write (``/v1/state``,
``/v1/why``, ``/v1/history``) says "Bob", and ``by_member`` (``schemas/http_api.schema
.json``: ``Member``) says who, by name, for a program: never a user id. A token reads the
names its user reads in the chat: her own client, her assistant's token (an ``agent``
sees what its user may see), Bob's. (A question Bob's words raised about Alice named him
before: "Bob says you're in Tahoe"; it still does, to her assistant too.)"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from api_harness import ALICE, BOB, FAMILY, Api, named_household
from canon_testing import NOW

from core.api.bodies import body_errors
from core.api.tokens import issue_token
from core.domain.api_tokens import HOUSEHOLD as HOUSEHOLD_SCOPE

EMMA = "family.emma.status"
ALICES_AGENT, BOBS_AGENT = "alice's agent", "bob's agent"


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    """Alice and Bob told Canon their names; Bob said Emma is sick and confirmed it; each
    has an assistant's token reaching the household."""
    async with named_household(tmp_path) as api:
        await api.confirmed(BOB, "Emma is sick today")
        for who, name, role, reach in [
            (ALICE, ALICES_AGENT, "agent", (HOUSEHOLD_SCOPE,)),
            (BOB, BOBS_AGENT, "agent", (HOUSEHOLD_SCOPE,)),
        ]:
            made = await issue_token(api.engine, who, name, NOW, reach=reach, role=role)
            api.tokens[name] = made.secret
        yield api


async def _state(api: Api, who: str) -> dict[str, Any]:
    read = await api.call(who, "GET", "/v1/state")
    assert read.status == 200, read.body
    body: dict[str, Any] = read.body
    return body


BOB_NAMED = {"name": "Bob", "you": False}
ALICE_NAMED = {"name": "Alice", "you": False}


@pytest.mark.parametrize(
    ("reader", "by", "member"),
    [
        (ALICE, "Bob", BOB_NAMED),
        (ALICES_AGENT, "Bob", BOB_NAMED),  # her assistant sees what she may see
        (BOB, "you", {"name": "Bob", "you": True}),
        (BOBS_AGENT, "you", {"name": "Bob", "you": True}),
    ],
)
async def test_state_says_whose_word_a_household_value_is(
    api: Api, reader: str, by: str, member: dict[str, object]
) -> None:
    emma = (await _state(api, reader))["entities"][FAMILY][EMMA]
    assert (emma["value"], emma["by"], emma["by_member"]) == ("sick", by, member)
    assert "user:bob" not in str(emma) or reader in (BOB, BOBS_AGENT)


async def test_a_members_own_name_is_theirs(api: Api) -> None:
    """Her own told name is "you", and by_member says it is herself."""
    mine = (await _state(api, ALICE))["entities"][ALICE]["profile.name"]
    assert (mine["by"], mine["by_member"]) == ("you", {"name": "Alice", "you": True})


async def test_bob_and_his_assistant_read_alices_word_by_her_name(api: Api) -> None:
    await api.confirmed(ALICE, "Noah is sick today")
    for reader in (BOB, BOBS_AGENT):
        noah = (await _state(api, reader))["entities"][FAMILY]["family.noah.status"]
        assert (noah["by"], noah["by_member"]) == ("Alice", ALICE_NAMED), reader


@pytest.mark.parametrize("reader", [ALICE, ALICES_AGENT])
async def test_why_and_history_name_the_member_behind_each_write(api: Api, reader: str) -> None:
    params = {"entity": FAMILY, "field": EMMA}
    why = await api.call(reader, "GET", "/v1/why", params=params)
    assert why.status == 200, why.body
    assert (why.body["current"]["by"], why.body["current"]["by_member"]) == ("Bob", BOB_NAMED)
    assert {(e["by"], e["evidence_text"]) for e in why.body["evidence"]} == {("Bob", None)}
    [change] = why.body["changes"]
    assert (change["by"], change["by_member"]) == ("Bob", BOB_NAMED)
    history = await api.call(reader, "GET", "/v1/history", params={"field": EMMA})
    assert history.status == 200, history.body
    [logged] = [h for h in history.body["changes"] if h["field"] == EMMA]
    assert (logged["by"], logged["by_member"]) == ("Bob", BOB_NAMED)
    assert "user:bob" not in str(why.body) + str(history.body)


async def test_a_question_bob_raised_about_alice_names_him_to_her_and_her_assistant(
    api: Api,
) -> None:
    said = await api.call(BOB, "POST", "/v1/messages", json_body={"text": "alice is in tahoe"})
    assert said.status == 200, said.body
    for reader in (ALICE, ALICES_AGENT):
        listed = await api.call(reader, "GET", "/v1/questions")
        assert listed.status == 200, listed.body
        asked = [q["question"] for q in listed.body["questions"] if q["entity_id"] == ALICE]
        assert asked, listed.body
        assert all(q.startswith("Bob says you're in Tahoe") for q in asked), asked


async def test_a_state_without_by_member_stays_valid(api: Api) -> None:
    """Payloads from before ``by_member`` (an older server's) still match the schema: it is
    optional, as a client written against the older schema sends and reads none."""
    emma = dict((await _state(api, ALICE))["entities"][FAMILY][EMMA])
    del emma["by_member"]
    emma["by"] = "another member of the household"
    older = {"entities": {FAMILY: {EMMA: emma}}, "said_of_you": []}
    assert body_errors("StateResponse", older) == []
    # A member is a name and whether it is the reader: nothing else (no id) fits.
    with_id = {**emma, "by_member": {"name": "Bob", "you": False, "entity": "user:bob"}}
    assert body_errors("StateResponse", {**older, "entities": {FAMILY: {EMMA: with_id}}}) != []
