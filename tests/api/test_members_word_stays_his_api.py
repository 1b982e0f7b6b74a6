"""A member's word that is asked stays his when another member's open question already
proposes the same value (the HTTP API on a real SQLite store and PostgreSQL: Alice's and
Bob's own clients on one household).

Before: Alice's unsure "I think Lily is sick" was asked of her ("Is Lily sick today?");
Bob's "I think Lily is sick" raised no question of his: it was absorbed into hers, so her
No rejected his word too and he was never asked. Now his word is his own question, listed
and answered by him alone: her No rejects only her word, his Yes commits his. A word
joins an open question only in the same voice (``core.domain.whose_word.joins_question``):
Alice saying it again, or her own assistant proposing it, raises nothing new."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from api_harness import ALICE, BOB, FAMILY, Api
from test_members_question_stays_api import LILY, _asked, _assistant_of, _says
from test_members_question_stays_api import api as api  # the fixture: SQLite and PostgreSQL

SINCE = "Since then, another member of the household said Lily is sick. Still want to answer?"


async def _answer(api: Api, who: str, answer: str) -> None:
    [question] = await _asked(api, who)
    path = f"/v1/questions/{question['id']}/answer"
    answered = await api.call(who, "POST", path, json_body={"answer": answer})
    assert answered.status == 200, answered.body


Step = Callable[[Api], Awaitable[None]]


async def _bob_says_it(api: Api) -> None:
    await _says(api, BOB, "I think Lily is sick")


async def _bobs_assistant_proposes_it(api: Api) -> None:
    await _assistant_of(api, BOB)


async def _alice_says_it_again(api: Api) -> None:
    await _says(api, ALICE, "I think Lily is sick")


async def _alices_assistant_proposes_it(api: Api) -> None:
    await _assistant_of(api, ALICE)


@pytest.mark.parametrize(
    ("then", "alices", "bobs"),
    [
        pytest.param(_bob_says_it, 1, 1, id="Bob says it: a question of his own"),
        pytest.param(_bobs_assistant_proposes_it, 1, 1, id="Bob's assistant: his own"),
        pytest.param(_alice_says_it_again, 1, 0, id="Alice says it again: joins hers"),
        pytest.param(_alices_assistant_proposes_it, 1, 0, id="her assistant: joins hers"),
    ],
)
async def test_a_word_joins_an_open_question_only_in_the_same_voice(
    api: Api, then: Step, alices: int, bobs: int
) -> None:
    await _says(api, ALICE, "I think Lily is sick")

    await then(api)

    assert [q["candidate_value"] for q in await _asked(api, ALICE)] == ["sick"] * alices
    assert [q["candidate_value"] for q in await _asked(api, BOB)] == ["sick"] * bobs


async def test_her_no_rejects_her_word_and_his_stays_his_to_answer(api: Api) -> None:
    await _says(api, ALICE, "I think Lily is sick")
    await _says(api, BOB, "I think Lily is sick")

    await _answer(api, ALICE, "no")

    assert await _asked(api, ALICE) == []
    [his] = await _asked(api, BOB)
    assert str(his["question"]).startswith("Is Lily sick today?\nYou said it")
    assert "Since then" not in str(his["question"])  # nothing committed since
    state = await api.call(BOB, "GET", "/v1/state")
    assert LILY not in state.body["entities"].get(FAMILY, {})

    await _answer(api, BOB, "yes")

    assert await _asked(api, BOB) == []
    state = await api.call(ALICE, "GET", "/v1/state")
    fact = state.body["entities"][FAMILY][LILY]
    assert (fact["value"], fact["by"]) == ("sick", "another member of the household")


async def test_her_yes_is_her_word_and_his_question_says_so(api: Api) -> None:
    await _says(api, ALICE, "I think Lily is sick")
    await _says(api, BOB, "I think Lily is sick")

    await _answer(api, ALICE, "yes")

    [his] = await _asked(api, BOB)  # her Yes is not his word
    assert str(his["question"]).startswith("Is Lily sick today?")
    assert str(his["question"]).endswith(SINCE)
    state = await api.call(ALICE, "GET", "/v1/state")
    fact = state.body["entities"][FAMILY][LILY]
    assert (fact["value"], fact["by"]) == ("sick", "you")
