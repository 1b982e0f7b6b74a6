"""/setup driven by the model, through the real bot and the scripted model fake.

While the chat is in a workflow the model is asked with the current state's plan: its
instructions as a system message, only its tools, its tool choice. Its tool calls run
through the workflow runner, which refuses a tool the state does not allow; transitions
are told with the state indicator; a restarted bot continues in the right state.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from chatkit import ALICE, StartBot, session_of, stop_bot
from fakes.openai_server import Content, FakeOpenAI, ToolCall, ToolCalls
from fakes.telegram_api import FakeTelegram
from test_llm_reply import model_config

from bot.app import BotRunner
from core.agent.session import ErrorCode
from core.workflows.definition import shipped

pytestmark = pytest.mark.timeout(90)

SETUP = shipped("setup")
ENTITY = "user:primary"


@pytest.fixture
async def model() -> AsyncIterator[FakeOpenAI]:
    async with FakeOpenAI() as server:
        yield server


def offered(body: dict[str, Any]) -> list[str]:
    return [t["function"]["name"] for t in body.get("tools", [])]


def system(body: dict[str, Any]) -> list[str]:
    return [m["content"] for m in body["messages"] if m["role"] == "system"]


def tool_results(body: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in body["messages"] if m["role"] == "tool"]


async def workflow_state(runner: BotRunner) -> str | None:
    assert runner.chat is not None
    assert runner.chat.workflows is not None
    running = await runner.chat.workflows.running(ALICE, ENTITY)
    return None if running is None else running.step.state


async def test_the_model_records_the_profile_with_only_the_states_tools_and_instructions(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI
) -> None:
    runner = await start_bot(llm=model_config(model))
    await tg.say(ALICE, "/setup", expect="Setup: profile (step 1 of 4)\nTell me about you")
    model.script(
        ToolCalls((ToolCall("record_profile", {"text": "My name is Ada"}),)),
        Content("I have noted your name; please confirm it below."),
    )
    await tg.say(
        ALICE,
        "hi, I'm Ada",
        expect="Setup: calendar (step 2 of 4)\nI have noted your name; please confirm it below.",
    )
    said = "\n".join(m.text for m in tg.bot_messages(ALICE))
    assert "Setup: calendar (step 2 of 4)\nCalendars are read" in said  # the entered state's text
    prompt = await tg.prompt(ALICE, "Ada")  # Yes / No / Edit, through Canon's review loop
    for label in ("Yes", "No", "Edit"):
        assert tg.button(prompt, label)

    first, second = model.chat_bodies()
    assert offered(first) == ["record_profile", "skip"]
    assert system(first)[-1] == SETUP.state("profile").instructions
    assert "tool_choice" not in first  # the state's "auto"
    # After the transition the model is asked again, with the calendar's plan.
    assert offered(second) == ["check_calendar", "skip"]
    assert system(second)[-1] == SETUP.state("calendar").instructions
    (result,) = tool_results(second)
    assert '"ok": true' in result["content"]
    assert "Got it: your name." in result["content"]

    assert await workflow_state(runner) == "calendar"
    session = await session_of(runner)
    assert session["workflow"] is not None
    assert session["workflow"].state == "calendar"
    assert session["errors"] == []  # "I have noted" stands: record_profile backs it
    await tg.tap(ALICE, prompt, "Yes")
    await tg.settled(prompt)
    await tg.say(ALICE, "/state profile", expect="Ada")


@pytest.mark.parametrize("hallucinated", ["check_mail", "get_state"])
async def test_a_tool_outside_the_states_list_is_refused_and_the_workflow_stays(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI, hallucinated: str
) -> None:
    runner = await start_bot(llm=model_config(model))
    await tg.say(ALICE, "/setup", expect="Setup: profile (step 1 of 4)")
    model.script(
        ToolCalls((ToolCall(hallucinated, {}),), offered_only=False),
        Content("Let's start with you: what's your name?"),
    )
    await tg.say(
        ALICE,
        "go on",
        expect="Setup: profile (step 1 of 4)\nLet's start with you: what's your name?",
    )
    _, second = model.chat_bodies()
    (result,) = tool_results(second)
    assert '"refused": true' in result["content"]
    assert f"{hallucinated} is not allowed in setup state profile" in result["content"]
    assert offered(second) == ["record_profile", "skip"]
    errors = (await session_of(runner))["errors"]
    assert [(e.code, e.node) for e in errors] == [(ErrorCode.TOOL_REFUSED, "workflow")]
    assert await workflow_state(runner) == "profile"  # the workflow did not move


async def test_arguments_a_workflow_tools_schema_forbids_are_refused_before_it_runs(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI
) -> None:
    runner = await start_bot(llm=model_config(model))
    await tg.say(ALICE, "/setup", expect="Setup: profile (step 1 of 4)")
    model.script(
        ToolCalls((ToolCall("record_profile", {"text": "My name is Ada", "entity_id": "x"}),)),
        Content("Tell me your name again?"),
    )
    await tg.say(
        ALICE, "My name is Ada", expect="Setup: profile (step 1 of 4)\nTell me your name again?"
    )
    _, second = model.chat_bodies()
    (result,) = tool_results(second)
    assert "record_profile: invalid arguments: unknown argument(s)" in result["content"]
    errors = (await session_of(runner))["errors"]
    assert [(e.code, e.node) for e in errors] == [(ErrorCode.TOOL_ERROR, "workflow")]
    assert await workflow_state(runner) == "profile"  # nothing ran: the step stays
    assert runner.chat is not None
    assert await runner.chat.engine.store.events_for(ENTITY, "profile.name") == []


async def test_a_state_with_tool_choice_none_is_sent_no_tools(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI
) -> None:
    runner = await start_bot(llm=model_config(model))
    await tg.say(ALICE, "/setup", expect="Setup: profile (step 1 of 4)")
    model.script(
        ToolCalls((ToolCall("skip", {}),)),
        ToolCalls((ToolCall("skip", {}),)),
        Content("Now your mailbox."),
    )
    await tg.say(ALICE, "later, all of it", expect="Setup: mail (step 3 of 4)\nNow your mailbox.")
    model.reset()
    model.script(ToolCalls((ToolCall("skip", {}),)), Content("You are ready."))
    await tg.say(ALICE, "skip that too", expect="Setup: done (step 4 of 4)\nYou are ready.")
    said = "\n".join(m.text for m in tg.bot_messages(ALICE))
    assert "Setup: done (step 4 of 4)\nSetup is complete." in said
    mail, done = model.chat_bodies()
    assert offered(mail) == ["check_mail", "skip"]
    assert "tools" not in done
    assert "tool_choice" not in done
    assert system(done)[-1] == SETUP.state("done").instructions
    assert await workflow_state(runner) is None  # setup is over: the next turn is the usual one
    assert (await session_of(runner))["workflow"] is None


async def test_a_restarted_bot_continues_the_workflow_in_the_right_state(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI
) -> None:
    first = await start_bot(llm=model_config(model))
    await tg.say(ALICE, "/setup", expect="Setup: profile (step 1 of 4)")
    model.script(ToolCalls((ToolCall("skip", {}),)), Content("On to your calendar."))
    await tg.say(ALICE, "skip", expect="Setup: calendar (step 2 of 4)\nOn to your calendar.")
    await stop_bot(tg, first)
    model.reset()

    second = await start_bot(llm=model_config(model))
    model.script(Content("Add a calendar to your config file, then say check."))
    await tg.say(ALICE, "what now?", expect="Setup: calendar (step 2 of 4)\nAdd a calendar")
    (body,) = model.chat_bodies()
    assert offered(body) == ["check_calendar", "skip"]
    assert system(body)[-1] == SETUP.state("calendar").instructions
    assert await workflow_state(second) == "calendar"


async def test_a_state_without_a_message_tool_is_driven_after_canon_read_the_message(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI
) -> None:
    await start_bot(llm=model_config(model))
    await tg.say(ALICE, "/trip", expect="Trip: planned (step 1 of 3)\nI'll follow this trip")
    model.script(ToolCalls((ToolCall("trip_summary", {}),)), Content("Nothing is booked yet."))
    said = await tg.say(ALICE, "how is the trip looking?", expect="Nothing is booked yet.")
    # A trip runs in the background for days: its indicator is shown when it moves, not on
    # every reply.
    assert said.text == "Nothing is booked yet."
    first, second = model.chat_bodies()
    assert offered(first) == ["trip_summary", "get_state", "get_pending", "propose_observation"]
    assert system(first)[-1] == shipped("trip").state("plan").instructions
    (result,) = tool_results(second)
    assert "I know nothing about this trip yet." in result["content"]


async def test_canons_state_tools_run_in_a_trip_on_the_speakers_entities_only(
    tg: FakeTelegram, start_bot: StartBot, model: FakeOpenAI
) -> None:
    runner = await start_bot(llm=model_config(model))
    model.script(Content("Enjoy!"))
    await tg.say(ALICE, "We're in Tahoe", expect="Enjoy!")
    await tg.say(ALICE, "/trip", expect="Trip: under way (step 2 of 3)")
    model.script(
        ToolCalls(
            (
                ToolCall("get_state", {"domain": "travel"}, id="call_mine"),
                ToolCall("get_state", {"entity_id": "user:bob"}, id="call_bobs"),
            )
        ),
        Content("You're in Tahoe."),
    )
    await tg.say(ALICE, "where am I again?", expect="You're in Tahoe.")
    mine, bobs = tool_results(model.chat_bodies()[-1])
    assert '"travel.location": {"value": "Tahoe"' in mine["content"]
    assert "user:bob is not one of" in bobs["content"]
    state = await session_of(runner)
    assert [e["status"] for e in state["agent_state"]["expectations"]] == ["confirmed", "failed"]
    assert ("user:primary/travel.location", "travel.location = Tahoe") in [
        (c.source_id, c.label) for c in state["sources"]
    ]
    assert [e.code for e in state["errors"]] == [ErrorCode.TOOL_ERROR]
