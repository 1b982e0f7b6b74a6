"""A value committed on another member's word never closes a member's own question
(the HTTP API on a real SQLite store and PostgreSQL: Alice's and Bob's own clients on one
household).

Before: Alice's unsure "I think Lily is sick" was asked of her ("Is Lily sick today?");
Bob's plain word "Lily is well" committed and closed her question as if she had answered
it (her list was empty), and so did his edit of his own question to the value hers
proposed. Now her question stays hers: it stays open, says what Bob said since and asks
whether she still wants to answer. Her Yes, naming the word she read with it
(``seen_since``: ``test_overtaken_answers_api``), is her word and commits what she was
asked; her No leaves his standing. Bob's own older question is still settled by his commit."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest
from api_harness import ALICE, BOB, FAMILY, HOUSEHOLD, Api, running_api
from canon_testing import NOW, make_observation

from core.api.tokens import issue_token
from core.domain.api_tokens import HOUSEHOLD as HOUSEHOLD_SCOPE
from core.store.postgres import PostgresStore
from core.store.sqlite import SQLiteStore

LILY = "family.lily.status"
SINCE = "Since then, another member of the household said Lily is {}. Still want to answer?"


@pytest.fixture(params=["sqlite", "postgresql"])
async def api(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Api]:
    """Each backend: the answers' commit settles questions in SQL of its own on PostgreSQL."""
    store = (
        SQLiteStore(tmp_path / "canon.db")
        if request.param == "sqlite"
        else PostgresStore(request.getfixturevalue("postgres_url"))
    )
    async with running_api(tmp_path, audience=HOUSEHOLD, store=store) as api:
        yield api


async def _asked(api: Api, who: str) -> list[dict[str, object]]:
    listed = await api.call(who, "GET", "/v1/questions")
    assert listed.status == 200, listed.body
    return list(listed.body["questions"])


async def _says(api: Api, who: str, text: str) -> None:
    said = await api.call(who, "POST", "/v1/messages", json_body={"text": text})
    assert [o["decision"] for o in said.body["outcomes"]] == ["ask_user"], said.body


async def _bob_states(api: Api, value: str) -> None:
    """Bob's own client states it plainly: committed on his word."""
    observation = make_observation(LILY, value, entity=FAMILY)
    posted = await api.call(
        BOB, "POST", "/v1/observations", json_body={"observations": [observation]}
    )
    assert posted.body["results"][0]["decision"] == "auto_commit", posted.body


async def _bob_edits_his_own_to(api: Api, value: str) -> None:
    """Bob's own question (raised before Alice's) edited to ``value``: committed on his word."""
    [his] = await _asked(api, BOB)
    path = f"/v1/questions/{his['id']}/answer"
    edited = await api.call(BOB, "POST", path, json_body={"answer": "edit", "value": value})
    assert edited.status == 200, edited.body


async def _assistant_of(api: Api, who: str) -> None:
    """``who``'s own assistant token proposes the same value: asked, as every proposal is."""
    made = await issue_token(
        api.engine, who, "assistant", NOW, reach=(HOUSEHOLD_SCOPE,), role="agent"
    )
    api.tokens["agent"] = made.secret
    proposal = make_observation(LILY, "sick", entity=FAMILY, source="agent")
    posted = await api.call(
        "agent", "POST", "/v1/observations", json_body={"observations": [proposal]}
    )
    assert posted.body["results"][0]["decision"] == "ask_user", posted.body


Step = Callable[[Api], Awaitable[None]]


async def _plain_other_value(api: Api) -> None:
    await _says(api, ALICE, "I think Lily is sick")
    await _bob_states(api, "well")


async def _plain_same_value(api: Api) -> None:
    await _says(api, ALICE, "I think Lily is sick")
    await _bob_states(api, "sick")


async def _edit_to_her_value(api: Api) -> None:
    await _says(api, BOB, "Lily is well")
    await _says(api, ALICE, "I think Lily is sick")
    await _bob_edits_his_own_to(api, "sick")


SCENARIOS = [
    pytest.param(_plain_other_value, "well", id="his plain word commits another value"),
    pytest.param(_plain_same_value, "sick", id="his plain word commits her value"),
    pytest.param(_edit_to_her_value, "sick", id="his edit commits her value"),
]


@pytest.mark.parametrize(("bob_commits", "his"), SCENARIOS)
async def test_alices_question_stays_hers_and_says_what_bob_said(
    api: Api, bob_commits: Step, his: str
) -> None:
    await bob_commits(api)

    [hers] = await _asked(api, ALICE)
    assert (hers["field"], hers["candidate_value"]) == (LILY, "sick")
    assert str(hers["question"]).startswith("Is Lily sick today?")
    assert str(hers["question"]).endswith(SINCE.format(his))
    state = await api.call(ALICE, "GET", "/v1/state")
    assert state.body["entities"][FAMILY][LILY]["value"] == his


@pytest.mark.parametrize(("bob_commits", "his"), SCENARIOS)
@pytest.mark.parametrize(("answer", "after"), [("yes", "sick"), ("no", None)])
async def test_her_answer_is_her_own_word(
    api: Api, bob_commits: Step, his: str, answer: str, after: str | None
) -> None:
    await bob_commits(api)
    [hers] = await _asked(api, ALICE)

    path = f"/v1/questions/{hers['id']}/answer"
    body = {"answer": answer}
    if hers["said_since"] is not None:  # she answers knowing his word, as it was listed
        body["seen_since"] = hers["said_since"]["committed_at"]
    answered = await api.call(ALICE, "POST", path, json_body=body)

    assert answered.status == 200, answered.body
    assert await _asked(api, ALICE) == []
    state = await api.call(ALICE, "GET", "/v1/state")
    fact = state.body["entities"][FAMILY][LILY]
    assert fact["value"] == (after or his)  # a No leaves Bob's word standing
    assert fact["by"] == ("you" if after else "another member of the household")


async def test_bobs_commit_still_settles_his_own_older_question(api: Api) -> None:
    await _says(api, BOB, "I think Lily is sick")
    await _bob_states(api, "well")

    assert await _asked(api, BOB) == []


@pytest.mark.parametrize(
    ("committer", "stays"),
    [(BOB, True), (ALICE, False)],
    ids=["another member's commit leaves it", "her own commit settles it"],
)
async def test_her_assistants_question_is_hers_too(api: Api, committer: str, stays: bool) -> None:
    """A question Alice's assistant raised on the household is hers (``whose_question``):
    the fold reads the tokens to tell (``TokensUnread``) when a commit meets it."""
    await _assistant_of(api, ALICE)

    plain = make_observation(LILY, "well", entity=FAMILY)
    stated = await api.call(
        committer, "POST", "/v1/observations", json_body={"observations": [plain]}
    )

    assert stated.body["results"][0]["decision"] == "auto_commit", stated.body
    assert [q["candidate_value"] for q in await _asked(api, ALICE)] == (["sick"] if stays else [])
