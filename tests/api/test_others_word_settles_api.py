"""A newer word about a condition that is only asked never closes someone else's question
(the HTTP API on a real SQLite store: Alice's and Bob's own clients, Alice's assistant).

Before: Alice's unsure "I think I'm in Tahoe" was asked ("Are you in Tahoe?"), and her
assistant's proposal "travel.location = Paris", asked in its turn, closed her question:
her list read only "An assistant says you're in Paris — is that right?", so her No to the
assistant lost what she had said. On the household, Bob's unsure "I think Lily is fine
now" closed Alice's "Is Lily sick today?" the same way: a member settled another's question.
A newer word still settles its own speaker's older questions ("Lily is fine now" after
"Lily is sick" leaves one question), and a commit settles what it replaces."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from api_harness import ALICE, BOB, HOUSEHOLD, Api, running_api
from canon_testing import NOW, make_observation

from core.api.tokens import issue_token
from core.domain.api_tokens import HOUSEHOLD as HOUSEHOLD_SCOPE

AGENT = "agent:alice"


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    async with running_api(tmp_path, audience=HOUSEHOLD) as api:
        made = await issue_token(
            api.engine, ALICE, "assistant", NOW, reach=(HOUSEHOLD_SCOPE,), role="agent"
        )
        api.tokens[AGENT] = made.secret
        yield api


async def _asked(api: Api, who: str) -> list[tuple[str, object]]:
    listed = await api.call(who, "GET", "/v1/questions")
    assert listed.status == 200, listed.body
    return [(q["field"], q["candidate_value"]) for q in listed.body["questions"]]


async def _says(api: Api, who: str, text: str) -> None:
    said = await api.call(who, "POST", "/v1/messages", json_body={"text": text})
    assert said.status == 200, said.body
    assert [o["decision"] for o in said.body["outcomes"]] == ["ask_user"] * len(
        said.body["outcomes"]
    ), said.body


async def test_an_assistants_proposal_leaves_the_users_own_question_open(api: Api) -> None:
    await _says(api, ALICE, "I think I'm in Tahoe")
    proposal = make_observation("travel.location", "Paris", entity=ALICE, source="agent")

    posted = await api.call(
        AGENT, "POST", "/v1/observations", json_body={"observations": [proposal]}
    )

    assert posted.body["results"][0]["decision"] == "ask_user", posted.body
    asked = await _asked(api, ALICE)
    assert ("travel.location", "Tahoe") in asked
    assert ("travel.location", "Paris") in asked


async def test_a_members_unsure_word_leaves_the_others_question_open(api: Api) -> None:
    await _says(api, ALICE, "Lily is sick")
    await _says(api, BOB, "I think Lily is fine now")

    assert await _asked(api, ALICE) == [("family.lily.status", "sick")]
    assert await _asked(api, BOB) == [("family.lily.status", "well")]


async def test_the_speakers_own_newer_word_still_settles_their_older_question(api: Api) -> None:
    await _says(api, ALICE, "Lily is sick")
    await _says(api, ALICE, "I think Lily is fine now")

    assert await _asked(api, ALICE) == [("family.lily.status", "well")]
