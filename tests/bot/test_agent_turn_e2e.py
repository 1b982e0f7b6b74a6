"""The assistant's turn graph, driven through the real bot and the scripted model fake.

Greetings call no tools; a model that claims what it did not do is caught before the
user reads it; each user's tools see only their own entities and the shared ones;
older turns are summarised past the threshold and the summary survives a restart.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from chatkit import ALICE, BOB, StartBot, session_of, stop_bot
from fakes.openai_server import Content, Dynamic, FakeOpenAI, Reply, ToolCall, ToolCalls
from fakes.telegram_api import FakeTelegram
from test_llm_reply import model_config

from core.agent.session import ErrorCode
from core.conversation.claims import NOTES, Action
from core.conversation.turn_prompt import SUMMARY_PROMPT

pytestmark = pytest.mark.timeout(90)


@pytest.fixture
async def model() -> AsyncIterator[FakeOpenAI]:
    async with FakeOpenAI() as server:
        yield server


def tool_results(body: dict[str, Any]) -> list[str]:
    return [m["content"] for m in body["messages"] if m["role"] == "tool"]


@pytest.mark.parametrize("text", ["hello", "thanks!", "what is your name?", "who are you"])
async def test_greetings_and_questions_about_the_assistant_offer_no_tools(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI, text: str
) -> None:
    await start_bot(llm=model_config(model))
    model.script(Content("Hi! I'm your assistant."))
    await tg.say(ALICE, text, expect="Hi! I'm your assistant.")
    (body,) = model.chat_bodies()
    assert "tools" not in body


@pytest.mark.parametrize(
    ("text", "lie", "note"),
    [
        ("delete all that", "Done! I've deleted everything.", NOTES[Action.DELETE]),
        ("hmm, Reno maybe", "I've noted that you're in Reno.", NOTES[Action.RECORD]),
        ("email Bob about it", "Sure. I've sent Bob an email.", NOTES[Action.SEND]),
    ],
)
async def test_a_model_that_claims_an_action_it_did_not_take_is_caught(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI, text: str, lie: str, note: str
) -> None:
    runner = await start_bot(llm=model_config(model))
    model.script(Content(lie))
    said = await tg.say(ALICE, text, expect=note)
    assert lie not in said.text
    errors = (await session_of(runner, "user:primary", ALICE))["errors"]
    assert [(e.code, e.node) for e in errors] == [(ErrorCode.LLM_ERROR, "claim_check")]
    assert "unbacked claim" in errors[0].message


async def test_a_claim_backed_by_the_tool_call_of_its_turn_stands(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI
) -> None:
    runner = await start_bot(llm=model_config(model))
    model.script(
        ToolCalls(
            (ToolCall("propose_observation", {"field": "travel.location", "value": "Reno"}),)
        ),
        Content("I've noted Reno; tap Yes to confirm it."),
    )
    await tg.say(ALICE, "hmm, Reno maybe", expect="I've noted Reno; tap Yes to confirm it.")
    await tg.prompt(ALICE, "Are you in Reno?")
    assert (await session_of(runner, "user:primary", ALICE))["errors"] == []
    # The next turn has no tool call: the same words are a claim again, and cut.
    model.script(Content("I've noted Reno."))
    await tg.say(ALICE, "and Tahoe after", expect=NOTES[Action.RECORD])


async def test_a_claim_backed_by_canon_recording_the_message_stands(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI
) -> None:
    runner = await start_bot(llm=model_config(model))
    model.script(Content("I've noted that you're in Tahoe. Enjoy!"))
    await tg.say(ALICE, "We're in Tahoe", expect="I've noted that you're in Tahoe. Enjoy!")
    assert (await session_of(runner, "user:primary", ALICE))["errors"] == []


async def test_each_users_tools_see_only_their_own_and_the_shared_entities(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI
) -> None:
    await start_bot(llm=model_config(model))
    model.script(Content("Enjoy!"))
    await tg.say(ALICE, "We're in Tahoe", expect="Enjoy!")
    model.script(
        ToolCalls(
            (
                ToolCall("get_state", {}),
                ToolCall("get_state", {"entity_id": "user:primary"}),
                ToolCall("get_pending", {}),
            )
        ),
        Content("I don't know where you are."),
    )
    await tg.say(BOB, "where am I?", expect="I don't know where you are.")
    own, other, pending = tool_results(model.chat_bodies()[-1])
    assert own == "{}"  # Bob has no facts; Alice's Tahoe is not his
    assert "user:primary is not one of ['user:bob', 'family:home']" in other
    assert pending == "[]"
    assert "Tahoe" not in str(model.chat_bodies()[-1]["messages"])


class Storyteller:
    """Scripts the fake: the summary request gets ``SUMMARY``, every other one "reply {n}"."""

    SUMMARY = "Alice told a story in parts, all about la."

    def __init__(self) -> None:
        self.replies = 0
        self.summaries: list[dict[str, Any]] = []

    def __call__(self, body: dict[str, Any]) -> Reply:
        if body["messages"][0]["content"] == SUMMARY_PROMPT:
            self.summaries.append(body)
            return Content(self.SUMMARY)
        self.replies += 1
        return Content(f"reply {self.replies - 1}")


async def test_older_turns_are_summarised_and_the_summary_survives_a_restart(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI
) -> None:
    llm = model_config(model, context_window=560)  # 70% of it is passed after a few turns
    runner = await start_bot(llm=llm)
    teller = Storyteller()
    model.script(*(Dynamic(teller) for _ in range(20)))
    said = [f"story part {i}: " + "la " * 30 for i in range(10)]
    for i, text in enumerate(said):
        await tg.say(ALICE, text, expect=f"reply {i}")
        if teller.summaries:
            break
    else:
        pytest.fail("the history was never summarised")
    assert i >= 2  # not before the prompt grew past the threshold
    (request,) = teller.summaries
    assert "story part 0" in request["messages"][-1]["content"]
    reply_prompt = model.chat_bodies()[-1]["messages"]
    assert teller.SUMMARY in reply_prompt[1]["content"]
    assert not any(m["content"] == said[0] for m in reply_prompt)
    assert {"role": "user", "content": said[i]} in reply_prompt
    state = await session_of(runner, "user:primary", ALICE)
    assert state["history_summary"] == teller.SUMMARY
    assert runner.chat is not None
    log = await runner.chat.log.messages(ALICE)
    assert [m.text for m in log if m.role == "user"] == said[: i + 1]  # the log lost nothing
    await stop_bot(tg, runner)

    model.reset()
    restarted = await start_bot(llm=llm)
    model.script(Content("welcome back"))
    await tg.say(ALICE, "hi again", expect="welcome back")
    prompt = model.chat_bodies()[-1]["messages"]
    assert teller.SUMMARY in prompt[1]["content"]
    assert not any(m["content"] == said[0] for m in prompt)  # still summarised, not replayed
    assert (await session_of(restarted, "user:primary", ALICE))["history_summary"] == (
        teller.SUMMARY
    )
