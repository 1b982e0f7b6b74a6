"""A correction asked by a principal that is no member's never erases a member's word
(the HTTP API on a real SQLite store, a household of Alice and Bob).

Before: a token made for the household itself (``canon token create --entity family:smith``,
an assistant that acts for nobody) was read as Canon's owner by /undo and /forget, so it
could ask to erase Bob's "Noah is sick"; the question was nobody's, so Alice's Yes erased
Bob's word. Every member's word is someone else's to such a token: its /undo skips them
(403 not-yours when nothing else is left) and its /forget of a member's fact is refused;
each member still undoes their own word, never the other's beside it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from api_harness import ALICE, BOB, FAMILY, Api, named_household
from canon_testing import NOW

from core.api.tokens import issue_token

HOUSE_TOKEN = "the household's own assistant"
NOAH = "family.noah.status"
EMMA = "family.emma.status"


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    """Alice said Emma is sick, then Bob said Noah is sick (both confirmed, one moment)."""
    async with named_household(tmp_path) as api:
        for role in ("agent", "delegate"):
            made = await issue_token(api.engine, FAMILY, f"house {role}", NOW, role=role)
            api.tokens[f"{HOUSE_TOKEN} ({role})"] = made.secret
        await api.confirmed(ALICE, "Emma is sick today")
        await api.confirmed(BOB, "Noah is sick today")
        yield api


async def _value(api: Api, field: str) -> object:
    fact = await api.engine.store.fact(FAMILY, field)
    return None if fact is None else fact.value


ROLES = ["agent", "delegate"]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/v1/undo", {"entity_id": FAMILY}),
        ("/v1/forget", {"entity_id": FAMILY, "field": NOAH}),
        ("/v1/forget", {"entity_id": FAMILY, "field": EMMA}),
    ],
    ids=["undo the newest (Bob's)", "forget Bob's", "forget Alice's"],
)
async def test_a_household_token_cannot_ask_to_erase_a_members_word(
    api: Api, role: str, path: str, body: dict[str, str]
) -> None:
    refused = await api.call(f"{HOUSE_TOKEN} ({role})", "POST", path, json_body=body)
    assert refused.status == 403, refused.body
    assert refused.body["type"].endswith("/not-yours")
    assert await api.engine.store.open_review_items([FAMILY]) == []
    assert (await _value(api, NOAH), await _value(api, EMMA)) == ("sick", "sick")


@pytest.mark.parametrize(("member", "field"), [(ALICE, EMMA), (BOB, NOAH)])
async def test_each_member_still_undoes_their_own_word_and_only_theirs(
    api: Api, member: str, field: str
) -> None:
    """One moment holds both words: each member's /undo names their own, never the
    other's, whoever wrote last."""
    asked = await api.call(member, "POST", "/v1/undo", json_body={"entity_id": FAMILY})
    assert asked.status == 201, asked.body
    assert asked.body["question"]["field"] == field
    path = f"/v1/questions/{asked.body['question']['id']}/answer"
    answered = await api.call(member, "POST", path, json_body={"answer": "yes"})
    assert answered.status == 200, answered.body
    other = EMMA if field == NOAH else NOAH
    assert (await _value(api, field), await _value(api, other)) == (None, "sick")
