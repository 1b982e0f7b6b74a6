"""An agent cannot flood the review queue: at most ``max_agent_questions`` open questions
raised by one agent principal about one entity. A proposal that would raise one more is
refused (``TooManyQuestions``, the MCP tool error and the API's 429) and nothing of its
batch is recorded; everyone else's questions, and the agent's about other entities, are
not counted; an answer makes room."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from canon_testing import NOW, calibrated_policy, make_observation

from core.api.problems import from_canon_error
from core.domain.policy import default_policy, load_policy
from core.domain.principals import SYSTEM, Principal, token_principal, user_principal
from core.engine.engine import Engine
from core.engine.review import answer_review
from core.errors import ConfigError, TooManyQuestions
from core.store.sqlite import SQLiteStore

LIMIT = 2
ALICE, BOB = "user:alice", "user:bob"
AGENT = token_principal("t1", "agent", ALICE, "openclaw")
OTHER_AGENT = token_principal("t2", "delegate", ALICE, "langgraph")
MCP = Principal("agent", f"mcp:{ALICE}", "canon mcp", acting_for=ALICE)

FIELDS = iter(f"project.p{n}.status" for n in range(1000))


def proposal(entity: str = ALICE, field: str | None = None, value: Any = "done") -> dict[str, Any]:
    """An agent's observation, as the MCP server and the API's agents send one: asked."""
    return make_observation(
        field or next(FIELDS),
        value,
        source="agent",
        entity=entity,
        needs_confirmation="an assistant proposed it",
    )


@pytest.fixture
async def engine(store: SQLiteStore) -> Engine:
    return Engine(store, replace(calibrated_policy(), max_agent_questions=LIMIT))


async def fill(engine: Engine, principal: Principal, entity: str = ALICE) -> list[str]:
    """``principal`` raises ``LIMIT`` questions about ``entity``; their ids."""
    outcomes = [await engine.ingest(proposal(entity), now=NOW, principal=principal)]
    outcomes += [await engine.ingest(proposal(entity), now=NOW, principal=principal)]
    assert [o.decision for o in outcomes] == ["ask_user"] * LIMIT
    return [o.review_item_id for o in outcomes if o.review_item_id]


CASES: list[tuple[str, Principal, Principal, str, str]] = [
    # what, who filled the limit, who proposes next, about whom, what happens
    ("the same agent, the same entity", AGENT, AGENT, ALICE, "refused"),
    ("the MCP server's agent, the same entity", MCP, MCP, ALICE, "refused"),
    ("the same agent, another entity", AGENT, AGENT, BOB, "ask_user"),
    ("another agent, the same entity", AGENT, OTHER_AGENT, ALICE, "ask_user"),
    (
        "the user, whom nothing limits",
        user_principal(ALICE),
        user_principal(ALICE),
        ALICE,
        "ask_user",
    ),
    ("Canon itself, whom nothing limits", SYSTEM, SYSTEM, ALICE, "ask_user"),
]


@pytest.mark.parametrize(("what", "filler", "proposer", "entity", "expected"), CASES)
async def test_whose_open_questions_count(
    engine: Engine, what: str, filler: Principal, proposer: Principal, entity: str, expected: str
) -> None:
    await fill(engine, filler)
    events = await engine.store.count_events()
    if expected == "refused":
        with pytest.raises(TooManyQuestions) as refused:
            await engine.ingest(proposal(entity), now=NOW, principal=proposer)
        assert str(refused.value).startswith(
            f"too many open questions: this agent already has {LIMIT} about {entity} waiting"
        )
        assert await engine.store.count_events() == events  # nothing recorded
        assert len(await engine.store.open_review_items([entity])) == LIMIT
    else:
        outcome = await engine.ingest(proposal(entity), now=NOW, principal=proposer)
        assert outcome.decision == expected, what


async def test_an_answer_makes_room(engine: Engine) -> None:
    first, _second = await fill(engine, AGENT)
    with pytest.raises(TooManyQuestions):
        await engine.ingest(proposal(), now=NOW, principal=AGENT)
    await answer_review(engine, first, "reject", now=NOW)
    outcome = await engine.ingest(proposal(), now=NOW, principal=AGENT)
    assert outcome.decision == "ask_user"


async def test_a_proposal_that_raises_no_question_is_not_refused(engine: Engine) -> None:
    """At the limit, evidence that asks nothing new is still recorded: the same value as an
    open question (it joins it) and the same event again (a duplicate)."""
    await fill(engine, AGENT)
    (item, *_rest) = await engine.store.open_review_items([ALICE])
    again = proposal(field=item.field, value=item.candidate_value)
    joined = await engine.ingest(again, now=NOW, principal=AGENT)
    duplicate = await engine.ingest(again, now=NOW, principal=AGENT)
    assert (joined.decision, joined.review_item_id) == ("ask_user", None)
    assert duplicate.decision == "duplicate"


async def test_a_batch_past_the_limit_is_refused_whole(engine: Engine) -> None:
    """One question under the limit and a batch of two: neither is recorded."""
    await engine.ingest(proposal(), now=NOW, principal=AGENT)
    events = await engine.store.count_events()
    with pytest.raises(TooManyQuestions):
        await engine.ingest_batch([proposal(), proposal()], now=NOW, principal=AGENT)
    assert await engine.store.count_events() == events
    assert len(await engine.store.open_review_items([ALICE])) == 1


def test_the_api_answers_it_429_saying_why() -> None:
    problem = from_canon_error(TooManyQuestions(ALICE, LIMIT))
    assert (problem.status, problem.kind) == (429, "too-many-questions")
    assert "max_agent_questions" in problem.detail


def test_the_default_limit_is_the_policys_and_can_be_set() -> None:
    assert default_policy().max_agent_questions == 10
    assert load_policy(overrides={"max_agent_questions": 3}).max_agent_questions == 3
    with pytest.raises(ConfigError, match="max_agent_questions must be a whole number >= 1"):
        load_policy(overrides={"max_agent_questions": 0})
