"""The turn graph's workflow route, with a scripted model and a small workflow in memory.

Each round the model gets the current state's plan (instructions, tools, tool choice,
model); tool calls go through the runner; a model that fails leaves the user's words to
the state's message tool; with no workflow in the request the usual model node answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from langchain_core.messages import AIMessage, AnyMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver

from core.agent.session import ErrorCode, JsonObject
from core.conversation.assistant import AssistantGraph
from core.conversation.chat_model import ModelFailed, ToolChoice
from core.conversation.context import ContextBlock
from core.conversation.responder import ReplyRequest
from core.conversation.turn_context import thread_id
from core.conversation.workflow_turn import workflow_route
from core.conversation.workflows import Running
from core.workflows.definition import parse_definition
from core.workflows.graph import ToolOutcome, WorkflowContext, WorkflowTool
from core.workflows.runner import WorkflowRunner

NOW = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
CHAT = 42
ENTITY = "user:42"
THREAD = f"errand-{ENTITY}-{CHAT}"

ERRAND: dict[str, Any] = {
    "id": "errand",
    "name": "Errand",
    "initial": "ask",
    "terminal": ["end"],
    "max_steps": 5,
    "states": {
        "ask": {
            "instructions": "Ask what the errand is.",
            "tools": ["note", "asked"],
            "tool_choice": "required",
            "model": "small-model",
            "message_tool": "note",
        },
        "wrap": {"instructions": "Wrap up in words.", "tools": [], "tool_choice": "none"},
        "end": {"instructions": "Done.", "tools": []},
    },
    "transitions": [
        {"from": "ask", "to": "wrap", "on_tool": "asked"},
        {"from": "wrap", "to": "end", "when": {"data": "never", "present": True}},
    ],
}
SPECS: dict[str, JsonObject] = {
    "note": {
        "description": "Note the errand.",
        "parameters": {"type": "object", "properties": {"text": {"type": "string"}}},
    }
}


def noted() -> WorkflowTool:
    async def note(args: JsonObject, ctx: WorkflowContext) -> ToolOutcome:
        return ToolOutcome(True, f"Errand: {args['text']}", {"errand": args["text"]})

    return note


async def asked_tool(args: JsonObject, ctx: WorkflowContext) -> ToolOutcome:
    return ToolOutcome(True, "asked")


class NoBeliefs:
    async def fact(self, entity_id: str, field: str) -> None:
        return None


class ScriptedModel:
    """Answers in order from ``answers`` (an exception is raised); records every call."""

    window = 128_000

    def __init__(self, *answers: AIMessage | Exception) -> None:
        self.answers = list(answers)
        self.calls: list[dict[str, Any]] = []

    async def complete(
        self,
        system: Sequence[str],
        messages: Sequence[AnyMessage],
        tools: Sequence[dict[str, Any]] = (),
        tool_choice: ToolChoice = "auto",
        model: str | None = None,
    ) -> AIMessage:
        self.calls.append(
            {
                "system": list(system),
                "messages": list(messages),
                "tools": [t["function"]["name"] for t in tools],
                "tool_choice": tool_choice,
                "model": model,
            }
        )
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer

    async def close(self) -> None:
        return None


def calling(*names: str, **args: Any) -> AIMessage:
    calls = [
        {"id": f"c{i}", "name": n, "args": dict(args), "type": "tool_call"}
        for i, n in enumerate(names)
    ]
    return AIMessage(content="", tool_calls=calls)


async def started() -> tuple[WorkflowRunner, Running]:
    saver = InMemorySaver()
    runner = WorkflowRunner(
        parse_definition(ERRAND, "errand"),
        {"note": noted(), "asked": asked_tool},
        NoBeliefs(),
        saver,
        SPECS,
    )
    step = await runner.start(THREAD, ENTITY, NOW)
    return runner, Running(runner, THREAD, step)


def request(text: str, running: Running | None) -> ReplyRequest:
    return ReplyRequest(
        text,
        NOW,
        ContextBlock("Canon knows: nothing yet", 0, 0, 10),
        (),
        (),
        chat_id=CHAT,
        speaker_id=CHAT,
        entities=(ENTITY,),
        turn_id=f"tg:{CHAT}:1",
        workflow=running,
    )


async def test_each_round_gets_the_plan_of_the_state_the_workflow_is_in() -> None:
    runner, running = await started()
    model = ScriptedModel(calling("note"), calling("asked"), AIMessage(content="Thanks."))
    graph = AssistantGraph(model, routes=(workflow_route(model),))
    reply = await graph.reply(request("buy milk", running))
    assert (reply.text, reply.via) == ("Thanks.", "llm")
    plans = [(c["system"][-1], c["tools"], c["tool_choice"], c["model"]) for c in model.calls]
    assert plans == [
        ("Ask what the errand is.", ["note", "asked"], "required", "small-model"),
        # required holds until a tool ran, or the model could never answer in words
        ("Ask what the errand is.", ["note", "asked"], "auto", "small-model"),
        ("Wrap up in words.", [], "none", None),
    ]
    assert all(len(c["system"]) == 3 for c in model.calls)  # identity, context, instructions
    step = await runner.current(THREAD)
    assert (step.state, step.workflow and step.workflow.data) == ("wrap", {"errand": "buy milk"})
    session = await graph.session(thread_id("chat", ENTITY, CHAT))
    assert session is not None
    assert session["workflow"] == step.workflow


async def test_a_refused_call_is_the_tools_error_result_and_a_session_error() -> None:
    runner, running = await started()
    model = ScriptedModel(calling("get_state"), AIMessage(content="What errand?"))
    graph = AssistantGraph(model, routes=(workflow_route(model),))
    assert (await graph.reply(request("hm", running))).text == "What errand?"
    tool = model.calls[1]["messages"][-1]
    assert isinstance(tool, ToolMessage)
    assert tool.status == "error"
    assert "get_state is not allowed in errand state ask" in str(tool.content)
    session = await graph.session(thread_id("chat", ENTITY, CHAT))
    assert session is not None
    assert [e.code for e in session["errors"]] == [ErrorCode.TOOL_REFUSED]
    assert (await runner.current(THREAD)).state == "ask"


async def test_a_failed_model_leaves_the_words_to_the_states_message_tool() -> None:
    runner, running = await started()
    model = ScriptedModel(ModelFailed("APITimeoutError: timed out"))
    graph = AssistantGraph(model, routes=(workflow_route(model),))
    reply = await graph.reply(request("post a letter", running))
    assert reply.text == "Errand: post a letter"
    assert reply.via.startswith("offline (")
    step = await runner.current(THREAD)
    assert step.workflow is not None
    assert step.workflow.data == {"errand": "post a letter"}


async def test_without_a_workflow_the_usual_model_node_answers() -> None:
    model = ScriptedModel(AIMessage(content="Hello."))
    graph = AssistantGraph(model, routes=(workflow_route(model),))
    assert (await graph.reply(request("hello", None))).text == "Hello."
    assert model.calls[0]["model"] is None
    assert len(model.calls[0]["system"]) == 2
    session = await graph.session(thread_id("chat", ENTITY, CHAT))
    assert session is not None
    assert session["workflow"] is None
