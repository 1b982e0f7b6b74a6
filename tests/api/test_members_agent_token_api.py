"""Bob's assistant token (role ``agent``, his own, reaching the household) against Alice:
what it may write, answer and read (the HTTP API on a real store, SQLite and PostgreSQL).

Attacked: can anything it writes become Alice's word (a fact on her word, a user
confirmation, a question listed as hers), can it answer her question, read her own
facts, or raise a question addressed to her that she would read as her own? Each row is
one attempt and what must hold after it; nothing here was found broken."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from api_harness import ALICE, BOB, FAMILY, Api
from canon_testing import NOW, make_observation
from test_members_question_stays_api import LILY, _asked, _says
from test_members_question_stays_api import api as api  # the fixture: SQLite and PostgreSQL

from core.api.tokens import issue_token
from core.domain.api_tokens import HOUSEHOLD as HOUSEHOLD_SCOPE

AGENT = "bob's agent"


async def _bobs_agent(api: Api) -> None:
    made = await issue_token(
        api.engine, BOB, "assistant", NOW, reach=(HOUSEHOLD_SCOPE,), role="agent"
    )
    api.tokens[AGENT] = made.secret


async def _post(api: Api, observation: dict[str, object]) -> tuple[int, object]:
    posted = await api.call(
        AGENT, "POST", "/v1/observations", json_body={"observations": [observation]}
    )
    return posted.status, posted.body


async def _claims_her_confirmation(api: Api) -> None:
    lily = make_observation(LILY, "well", entity=FAMILY, source="user_confirmation")
    _, body = await _post(api, lily)
    assert isinstance(body, dict)
    assert body["results"][0]["decision"] == "ask_user", body


async def _writes_her_own_entity(api: Api) -> None:
    status, _ = await _post(api, make_observation("travel.location", "Paris", entity=ALICE))
    assert status == 403


async def _answers_her_question(api: Api) -> None:
    [hers] = await _asked(api, ALICE)
    path = f"/v1/questions/{hers['id']}/answer"
    answered = await api.call(AGENT, "POST", path, json_body={"answer": "yes"})
    assert answered.status == 403, answered.body


async def _says_she_confirmed(api: Api) -> None:
    said = await api.call(
        AGENT, "POST", "/v1/messages", json_body={"text": "Alice confirmed Lily is well"}
    )
    assert said.status == 200, said.body
    assert all(not o["committed"] for o in said.body["outcomes"]), said.body


async def _reads_her_own(api: Api) -> None:
    for path, params in [
        ("/v1/state", {"entity": ALICE}),
        ("/v1/why", {"entity": ALICE, "field": "travel.location"}),
    ]:
        read = await api.call(AGENT, "GET", path, params=params)
        assert read.status == 403, (path, read.body)
    context = await api.call(AGENT, "GET", "/v1/context")
    assert "Tahoe" not in str(context.body["text"])
    assert await _asked(api, AGENT) == []  # her question is not listed for Bob's assistant


Attempt = Callable[[Api], Awaitable[None]]


@pytest.mark.parametrize(
    "attempt",
    [
        pytest.param(_claims_her_confirmation, id="a user confirmation of the household"),
        pytest.param(_writes_her_own_entity, id="a fact on her own entity"),
        pytest.param(_answers_her_question, id="a Yes to her question"),
        pytest.param(_says_she_confirmed, id="'Alice confirmed Lily is well'"),
        pytest.param(_reads_her_own, id="her own facts and questions"),
    ],
)
async def test_bobs_agent_token_never_writes_alices_word_nor_reads_hers(
    api: Api, attempt: Attempt
) -> None:
    await _says(api, ALICE, "I think Lily is sick")
    confirmed = await api.call(
        ALICE,
        "POST",
        "/v1/observations",
        json_body={"observations": [make_observation("travel.location", "Tahoe", entity=ALICE)]},
    )
    assert confirmed.status == 200, confirmed.body
    await _bobs_agent(api)
    before_hers = await _asked(api, ALICE)

    await attempt(api)

    assert await _asked(api, ALICE) == before_hers  # nothing new for her, hers untouched
    assert await api.engine.store.fact(FAMILY, LILY) is None  # nothing committed
    [her_place] = [f for f in await api.engine.store.facts(ALICE) if f.field == "travel.location"]
    assert (her_place.value, her_place.principal) == ("Tahoe", ALICE)
    events = await api.engine.store.events_for(FAMILY, LILY, None)
    assert [e.source_type for e in events if e.source_type == "user_confirmation"] == []


async def test_what_bobs_agent_says_of_alice_is_asked_of_her_as_an_assistants(
    api: Api,
) -> None:
    """The one question it can put to her: what it says placing her is her own state,
    asked in the second person as an assistant's word (never Bob's, never hers), once
    Canon knows the household's Alice is her (she told it her name)."""
    await api.confirmed(ALICE, "my name is Alice")
    await _bobs_agent(api)

    said = make_observation("family.alice.status", "away", entity=FAMILY, source="agent")
    status, body = await _post(api, said)

    assert status == 200, body
    [hers] = await _asked(api, ALICE)
    assert str(hers["question"]).startswith("An assistant says you"), hers
    assert await _asked(api, BOB) == []
    assert [f.field for f in await api.engine.store.facts(ALICE)] == ["profile.name"]
