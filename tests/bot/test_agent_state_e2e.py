"""The agent state in the real bot: tool results verify expectations, the summariser reconciles
after the reply, and /debug shows it all to the owner only.

Every tool call the model makes is a state transition (``core.conversation.tool_transitions``):
what the planner expected of it is confirmed or failed by what the tool reported, a failure
leaves an assumption (confidence 0.7) that the next prompt carries. The summariser's answer
is a delta, schema-checked, applied after the user already has the reply.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from chatkit import ALICE, BOB, StartBot, graph_of, session_of, stop_bot
from fakes.openai_server import (
    CLIENT_GONE,
    NO_ANSWER,
    Content,
    Delay,
    Dynamic,
    FakeOpenAI,
    JSONContent,
    Reply,
    ToolCall,
    ToolCalls,
)
from fakes.telegram_api import FakeTelegram
from test_llm_reply import model_config

from bot.app import BotRunner
from core.agent.expectations import DISCREPANCY_CONFIDENCE
from core.agent.session import ErrorCode
from core.agent.summariser import SUMMARISER_PROMPT
from core.conversation.debug_view import OWNER_ONLY

pytestmark = pytest.mark.timeout(90)


@pytest.fixture
async def model() -> AsyncIterator[FakeOpenAI]:
    async with FakeOpenAI() as server:
        yield server


def asks_for_summary(body: dict[str, Any]) -> bool:
    return bool(body["messages"][0]["content"] == SUMMARISER_PROMPT)


async def in_tahoe(tg: FakeTelegram, model: FakeOpenAI, runner: BotRunner) -> None:
    """Alice says she is in Tahoe, and Canon commits it (past calibration)."""
    model.script(Content("Enjoy!"))
    await tg.say(ALICE, "We're in Tahoe", expect="Enjoy!")
    assert runner.chat is not None
    fact = await runner.chat.engine.store.fact("user:primary", "travel.location")
    assert fact is not None
    assert fact.value == "Tahoe"


async def test_a_tool_result_confirms_what_was_expected_and_is_cited(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI
) -> None:
    runner = await start_bot(llm=model_config(model))
    await in_tahoe(tg, model, runner)
    model.script(
        ToolCalls((ToolCall("get_state", {"domain": "travel"}, id="call_where"),)),
        Content("You're in Tahoe."),
    )
    await tg.say(ALICE, "where am I?", expect="You're in Tahoe.")
    state = await session_of(runner)
    (expectation,) = state["agent_state"]["expectations"]
    assert expectation["action"] == "get_state(travel)"
    assert expectation["status"] == "confirmed"
    assert state["agent_state"]["assumptions"] == []
    assert {"id": "user:primary", "kind": "user"} in (
        state["agent_state"]["current_understanding"]["entities"]
    )
    assert ("user:primary/travel.location", "travel.location = Tahoe") in [
        (c.source_id, c.label) for c in state["sources"]
    ]


async def test_a_contradicted_expectation_fails_and_the_next_prompt_knows_it(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI
) -> None:
    runner = await start_bot(llm=model_config(model))
    model.script(
        ToolCalls((ToolCall("get_state", {"domain": "family"}, id="call_kids"),)),
        Content("I don't know anything about your family yet."),
    )
    sent = tg.user_says(ALICE, "is Emma sick?")
    await tg.reply_after(ALICE, sent, "I don't know anything about your family yet.")
    state = await session_of(runner)
    (expectation,) = state["agent_state"]["expectations"]
    assert expectation["status"] == "failed"
    (assumption,) = state["agent_state"]["assumptions"]
    assert assumption["confidence"] == DISCREPANCY_CONFIDENCE
    assert "get_state(family)" in assumption["hypothesis"]
    assert assumption["evidence"] == [f"tg:{ALICE}:{sent}/call_kids"]

    model.script(Content("Sure."))
    await tg.say(ALICE, "ok thanks", expect="Sure.")
    context = model.chat_bodies()[-1]["messages"][1]["content"]
    assert "Your working notes from this conversation" in context
    assert "get_state(family) did not give" in context


class Summariser:
    """Scripts the fake: summary requests get ``answer``; the turn gets its tool call and reply."""

    def __init__(self, answer: Reply) -> None:
        self.answer = answer
        self.summaries: list[dict[str, Any]] = []

    def __call__(self, body: dict[str, Any]) -> Reply:
        if asks_for_summary(body):
            self.summaries.append(body)
            return self.answer
        if any(m["role"] == "tool" for m in body["messages"]):
            return Content("You're in Tahoe.")
        return ToolCalls((ToolCall("get_state", {"domain": "travel"}, id="call_where"),))


async def test_the_summariser_reconciles_the_state_after_the_reply_is_sent(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI
) -> None:
    runner = await start_bot(llm=model_config(model, summarise="tool_turns"))
    await in_tahoe(tg, model, runner)  # no tool ran: no summary of that turn
    delta = {
        "agent_state_updates": {
            "assumptions": [
                {
                    "op": "add",
                    "value": {
                        "id": "staying-in-tahoe",
                        "hypothesis": "Alice is staying in Tahoe for the weekend",
                        "confidence": 0.6,
                        "evidence": ["travel.location = Tahoe"],
                    },
                }
            ]
        },
        "agent_state_item_updates": [
            {
                "op": "add",
                "value": {
                    "id": "return",
                    "kind": "task",
                    "title": "Amazon return",
                    "status": "active",
                },
            }
        ],
    }
    teller = Summariser(Delay(1.5, JSONContent(delta)))
    model.script(*(Dynamic(teller) for _ in range(3)))
    await tg.say(ALICE, "where am I?", expect="You're in Tahoe.")
    # The reply is out while the summariser's request is still waiting for the model.
    assert [r.status for r in model.requests][-1] == NO_ANSWER
    await graph_of(runner).settled()
    (request,) = teller.summaries
    document = json.loads(request["messages"][-1]["content"])
    assert document["messages"][0] == {"role": "user", "content": "where am I?"}
    assert document["tool_results"][0]["tool"] == "get_state"
    assert document["agent_state"]["expectations"][0]["status"] == "confirmed"
    agent = (await session_of(runner))["agent_state"]
    assert [a["id"] for a in agent["assumptions"]] == ["staying-in-tahoe"]
    assert [i["title"] for i in agent["items"]] == ["Amazon return"]
    assert "last_summarized_at" in agent
    debug = await tg.say(ALICE, "/debug", expect="Session chat-user:primary-")
    assert "0.60 Alice is staying in Tahoe for the weekend" in debug.text
    assert "[active] task: Amazon return" in debug.text
    assert "[confirmed] get_state(travel)" in debug.text


@pytest.mark.parametrize(
    "answer",
    [
        Content("I have updated the state as requested."),
        JSONContent({"agent_state_updates": {"assumptions": [{"op": "add", "value": {}}]}}),
        JSONContent(
            {"agent_state_updates": {"expectations": [{"op": "remove", "id": "nonexistent"}]}}
        ),
    ],
)
async def test_a_summary_that_is_not_a_valid_delta_is_refused_and_changes_nothing(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI, answer: Reply
) -> None:
    runner = await start_bot(llm=model_config(model, summarise="tool_turns"))
    teller = Summariser(answer)
    model.script(*(Dynamic(teller) for _ in range(3)))
    await tg.say(ALICE, "where am I?", expect="You're in Tahoe.")
    before = (await session_of(runner))["agent_state"]
    await graph_of(runner).settled()
    state = await session_of(runner)
    assert state["agent_state"] == before
    assert [(e.code, e.node) for e in state["errors"]] == [(ErrorCode.STATE_ERROR, "summariser")]
    assert "summary refused" in state["errors"][0].message


async def test_greetings_are_not_summarised_and_a_stop_never_waits_for_a_summary(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI
) -> None:
    runner = await start_bot(llm=model_config(model, summarise="tool_turns"))
    model.script(Content("Hi!"))
    await tg.say(ALICE, "hello", expect="Hi!")
    assert len(model.chat_bodies()) == 1  # no tool ran: nothing to reconcile
    teller = Summariser(Delay(30, JSONContent({"agent_state_updates": {}})))
    model.script(*(Dynamic(teller) for _ in range(3)))
    await tg.say(ALICE, "where am I?", expect="You're in Tahoe.")
    await stop_bot(tg, runner)  # returns at once: the summary still waiting is dropped
    assert [r.status for r in model.requests][-1] in (CLIENT_GONE, NO_ANSWER)


async def test_debug_is_for_the_owner_only(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI
) -> None:
    await start_bot(llm=model_config(model))
    await tg.say(ALICE, "/debug", expect="No assistant session in this chat yet")
    model.script(Content("Hello Bob"))
    await tg.say(BOB, "hi", expect="Hello Bob")
    await tg.say(BOB, "/debug", expect=OWNER_ONLY)


async def test_the_open_question_is_the_sessions_pending_approval(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI
) -> None:
    runner = await start_bot(llm=model_config(model))
    model.script(Content("Seattle, nice."))
    await tg.say(ALICE, "I live in Seattle now", expect="Seattle, nice.")
    await tg.prompt(ALICE, "Do you live in Seattle?")
    model.script(Content("Sure."))
    await tg.say(ALICE, "what's the weather like there?", expect="Sure.")
    context = model.chat_bodies()[-1]["messages"][1]["content"]
    assert 'waiting for their answer (Yes / No / Edit buttons): "Do you live in Seattle?' in context
    assert "You said it just now" in context  # when, as the chat's message says it
    waiting = (await session_of(runner))["pending_approval"]
    assert waiting is not None
    assert (waiting.kind, waiting.field) == ("canon_question", "profile.home_city")
    debug = await tg.say(ALICE, "/debug", expect="Waiting on: Do you live in Seattle?")
    assert "(canon_question)" in debug.text
