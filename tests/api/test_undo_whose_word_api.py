"""A correction asked by a principal that is no member's never erases a member's word
(the HTTP API on a real SQLite store, a household of Alice and Bob).

Before: a token made for the household itself (``canon token create --entity family:smith``,
an assistant that acts for nobody) was read as Canon's owner by /undo and /forget, so it
could ask to erase Bob's "Noah is sick"; the question was nobody's, so Alice's Yes erased
Bob's word. Every member's word is someone else's to such a token: its /undo skips them
(403 not-yours when nothing else is left) and its /forget of a member's fact is refused;
each member still undoes their own word, never the other's beside it. And a user's /undo
takes back their own act, never a connected source's newer change (a mail's rent)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from api_harness import ALICE, BOB, FAMILY, Api, named_household, running_api
from canon_testing import NOW, make_observation

from core.api.tokens import issue_token
from core.domain.principals import signal_principal

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


RENT = "financial.rent.amount"


async def _a_mail_commits_the_rent(api: Api, entity: str) -> None:
    mail = make_observation(RENT, 2100, source="transactions_email", entity=entity)
    outcome = await api.engine.ingest(mail, now=NOW, principal=signal_principal("inbox"))
    assert outcome.decision == "auto_commit"


async def test_a_users_undo_takes_back_their_own_act_not_a_sources_newer_one(api: Api) -> None:
    """Right after "I'm in Tahoe", a mail committed the rent: Alice's /undo asked to forget
    the rent, an act that was not hers. It now takes back her own act; the mail's rent
    stays (if it is wrong, she says what is true, or /forget it)."""
    await api.confirmed(ALICE, "I'm in Tahoe")
    await _a_mail_commits_the_rent(api, ALICE)
    asked = await api.call(ALICE, "POST", "/v1/undo", json_body={})
    assert asked.status == 201, asked.body
    assert asked.body["question"]["field"] in ("travel.location", "travel.status")
    assert "rent" not in asked.body["question"]["question"]
    path = f"/v1/questions/{asked.body['question']['id']}/answer"
    answered = await api.call(ALICE, "POST", path, json_body={"answer": "yes"})
    assert answered.status == 200, answered.body
    assert await api.engine.store.fact(ALICE, "travel.location") is None
    rent = await api.engine.store.fact(ALICE, RENT)
    assert rent is not None
    assert rent.value == 2100


async def test_with_only_a_sources_change_there_is_nothing_of_yours_to_undo(
    tmp_path: Path,
) -> None:
    async with running_api(tmp_path) as fresh:
        await _a_mail_commits_the_rent(fresh, ALICE)
        refused = await fresh.call(ALICE, "POST", "/v1/undo", json_body={})
        assert refused.status == 404, refused.body
        assert "did not come from you" in refused.body["detail"]
        assert await fresh.engine.store.open_review_items([ALICE]) == []
