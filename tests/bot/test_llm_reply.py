"""The model's reply path (the turn graph), against the strict OpenAI-compatible fake.

The bot sends a system message with the speaker's identity, the context block and
the conversation in order; a state question must call a tool first; the model's tool
calls read state and propose changes that the user must confirm; a failing model
leaves the user with the offline answer.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest
from chatkit import ALICE, StartBot
from fakes.openai_server import (
    DEFAULT_KEY,
    DEFAULT_MODEL,
    Content,
    FakeOpenAI,
    ToolCall,
    ToolCalls,
    rate_limited,
)
from fakes.telegram_api import FakeTelegram

from core.conversation.turn_prompt import SYSTEM_PROMPT
from core.extraction.llm_config import LLMConfig

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
async def model() -> AsyncIterator[FakeOpenAI]:
    async with FakeOpenAI() as server:
        yield server


def model_config(model: FakeOpenAI, **more: object) -> LLMConfig:
    """The bot's CANON_LLM_* pointing at the fake.

    The end-of-turn summariser is off unless a test turns it on (``summarise=...``): it
    would take a scripted reply of its own after every turn with a tool call.
    """
    options: dict[str, object] = {"summarise": "off", **more}
    return LLMConfig(
        base_url=model.base_url,
        model=DEFAULT_MODEL,
        api_key=DEFAULT_KEY,
        timeout_s=5.0,
        max_retries=1,
        **options,  # type: ignore[arg-type]
    )


async def test_the_reply_sees_system_prompt_context_and_history_in_order(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI
) -> None:
    await start_bot(llm=model_config(model))
    model.script(
        Content("Enjoy the lake!"),
        ToolCalls((ToolCall("get_state", {"domain": "travel"}, id="call_where"),)),
        Content("You're in Tahoe."),
    )
    await tg.say(ALICE, "We're in Tahoe", expect="Enjoy the lake!")
    await tg.say(ALICE, "where am I?", expect="You're in Tahoe.")
    asked, answered = model.chat_bodies()[-2:]
    assert asked["tool_choice"] == "required"  # a state question reads state first
    messages = answered["messages"]
    assert messages[0]["role"] == "system"
    assert messages[0]["content"].startswith(SYSTEM_PROMPT)
    assert f"Telegram user {ALICE} (Canon entity user:primary)" in messages[0]["content"]
    assert messages[1]["role"] == "system"
    assert "travel.location = Tahoe (conversation_assertive, just now)" in messages[1]["content"]
    assert [(m["role"], m["content"]) for m in messages[2:6]] == [
        ("user", "We're in Tahoe"),
        ("assistant", "Noted: you're in Tahoe; your trip is under way."),
        ("assistant", "Enjoy the lake!"),
        ("user", "where am I?"),
    ]
    assert messages[6]["tool_calls"][0]["function"]["name"] == "get_state"
    assert messages[7]["role"] == "tool"
    assert messages[7]["tool_call_id"] == "call_where"
    assert '"travel.location": {"value": "Tahoe"' in messages[7]["content"]
    assert {t["function"]["name"] for t in answered["tools"]} == {
        "get_state",
        "get_pending",
        "propose_observation",
    }


async def test_a_proposal_by_the_model_is_asked_never_committed(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI
) -> None:
    runner = await start_bot(llm=model_config(model))
    model.script(
        ToolCalls((ToolCall("get_state", {"domain": "travel"}),)),
        ToolCalls(
            (
                ToolCall(
                    "propose_observation",
                    {"field": "travel.location", "value": "Reno", "reason": "user mentioned it"},
                ),
            )
        ),
        Content("I'll check that with you."),
    )
    await tg.say(ALICE, "hmm, thinking about the weekend", expect="I'll check that with you.")
    prompt = await tg.prompt(ALICE, "Are you in Reno?")
    assert runner.chat is not None
    assert await runner.chat.engine.store.fact("user:primary", "travel.location") is None
    events = await runner.chat.engine.store.events_for("user:primary", "travel.location")
    assert [(e.source_type, e.value) for e in events] == [("agent", "Reno")]
    tool_results = [m for m in model.chat_bodies()[-1]["messages"] if m["role"] == "tool"]
    assert len(tool_results) == 2
    await tg.tap(ALICE, prompt, "Yes")
    await tg.settled(prompt)
    fact = await runner.chat.engine.store.fact("user:primary", "travel.location")
    assert fact is not None
    assert (fact.value, fact.source_type) == ("Reno", "user_confirmation")


async def test_an_argument_the_tools_schema_forbids_is_an_error_the_model_sees(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI
) -> None:
    await start_bot(llm=model_config(model))
    model.script(
        ToolCalls((ToolCall("get_pending", {"entity_id": "user:bruno"}, id="call_bruno"),)),
        Content("I cannot see Bruno's questions."),
    )
    await tg.say(ALICE, "what is pending for bruno?", expect="I cannot see Bruno's questions.")
    [result] = [m for m in model.chat_bodies()[-1]["messages"] if m["role"] == "tool"]
    assert result["tool_call_id"] == "call_bruno"
    refused = json.loads(result["content"])
    assert refused["ok"] is False
    assert "unknown argument(s) ('entity_id' was unexpected)" in refused["error"]


async def test_a_model_that_fails_leaves_the_offline_answer(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI
) -> None:
    await start_bot(llm=model_config(model))
    model.script(rate_limited(), rate_limited(), rate_limited())
    await tg.say(ALICE, "what's pending?", expect="Nothing is waiting for your confirmation.")
