"""A plain turn run without LangGraph's loop leaves the checkpoint the graph leaves: the
same values, versions, versions seen, metadata and parent, turn after turn, on every kind
of plain turn (the model's answer, its tool rounds, a cut claim, a failed model, offline,
an open question); and the graph goes on from it (a route, the summariser, compaction)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import AIMessage, AnyMessage, ToolCall
from langgraph.checkpoint.base import CheckpointTuple
from langgraph.runtime import Runtime

from core.agent.session import CanonQuestion, ErrorCode, SessionState
from core.conversation.assistant import AssistantGraph
from core.conversation.chat_model import ModelFailed, ToolChoice
from core.conversation.claims import NOTES, Action
from core.conversation.responder import ReplyRequest, StateTools
from core.conversation.turn_context import Turn, TurnRoute, thread_id
from core.engine.engine import Engine
from core.store.checkpoints import open_checkpointer
from tests.conversation.test_turn_graph import (
    CHAT,
    NOW,
    TEXTS,
    prompt_size,
    request,
    smallest_window_holding,
)

THREAD = thread_id("chat", "user:42", CHAT)
CONFIG: Any = {"configurable": {"thread_id": THREAD}}


class ScriptModel:
    """Answers by the user's last words: ``tool`` calls get_state first, ``fail`` fails,
    ``claim`` claims a save nothing did; anything else is answered "ok"."""

    def __init__(self, window: int = 128_000) -> None:
        self.window = window

    async def complete(
        self,
        system: Sequence[str],
        messages: Sequence[AnyMessage],
        tools: Sequence[dict[str, Any]] = (),
        tool_choice: ToolChoice = "auto",
        model: str | None = None,
    ) -> AIMessage:
        last = messages[-1]
        asked = next(m for m in reversed(messages) if m.type == "human").content
        if asked == "fail":
            raise ModelFailed("APITimeoutError: timed out")
        if asked == "claim":
            return AIMessage(content="Done. I've saved your trip.")
        if asked.startswith("tool") and last.type == "human":
            call = ToolCall(name="get_state", args={}, id=f"call-{len(messages)}")
            return AIMessage(content="", tool_calls=[call])
        return AIMessage(content="ok")

    async def close(self) -> None:
        return None


def conversation(words: Sequence[str]) -> list[ReplyRequest]:
    """One request a turn: the user says each of ``words``, the assistant answers "ok"."""
    texts: list[str] = []
    out = []
    for word in words:
        texts.append(word)
        out.append(request(texts))
        texts.append("ok")
    return out


def shape(saved: CheckpointTuple | None) -> dict[str, Any]:
    """A checkpoint as the graph's next run reads it: versions by their counter (the rest
    of a version is random), times and ids left out."""
    assert saved is not None

    def counters(versions: dict[str, Any]) -> dict[str, int]:
        return {k: int(str(v).split(".")[0]) for k, v in versions.items()}

    checkpoint = saved.checkpoint
    return {
        "keys": sorted(checkpoint),
        "v": checkpoint["v"],
        "values": checkpoint["channel_values"],
        "versions": counters(checkpoint["channel_versions"]),
        "seen": {n: counters(seen) for n, seen in checkpoint["versions_seen"].items()},
        "updated": checkpoint.get("updated_channels"),
        "metadata": saved.metadata,
        "has_parent": saved.parent_config is not None,
        "pending": saved.pending_writes,
    }


async def graph_turn(
    assistant: AssistantGraph, req: ReplyRequest, tools: StateTools | None
) -> None:
    """The turn as the graph runs it (what ``reply`` did before the plain runner)."""
    turn = Turn(req, tools, req.turn_id or "turn", THREAD)
    start: Any = {}
    await assistant.graph.ainvoke(start, CONFIG, context=turn, durability="exit")


SCRIPTS = {
    "answers": ["hello", "how are you", "thanks"],
    "tool rounds": ["tool: where am I", "tool: and now", "thanks"],
    "a cut claim": ["hello", "claim", "ok then"],
    "a failed model": ["hello", "fail", "again"],
}


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def two_stores(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, str]:
    """Two empty checkpoint stores of one backend: the graph's and the plain runner's."""
    if request.param == "memory":
        return "memory://", "memory://"
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'graph.db'}", f"sqlite:///{tmp_path / 'plain.db'}"
    cluster = request.getfixturevalue("postgres_cluster")
    return cluster.create_database(), cluster.create_database()


@pytest.mark.parametrize("script", SCRIPTS.values(), ids=list(SCRIPTS))
async def test_a_plain_turn_leaves_the_checkpoint_the_graph_leaves(
    script: list[str], engine: Engine, two_stores: tuple[str, str]
) -> None:
    async with (
        open_checkpointer(two_stores[0]) as graph_saver,
        open_checkpointer(two_stores[1]) as plain_saver,
    ):
        by_graph = AssistantGraph(ScriptModel(), graph_saver)
        plain = AssistantGraph(ScriptModel(), plain_saver)
        await _side_by_side(by_graph, plain, script, engine)


class GraphRuns:
    """Counts the runs of an assistant's compiled graph (the turns not run plainly)."""

    def __init__(self, assistant: AssistantGraph) -> None:
        self.count = 0
        run = assistant.graph.ainvoke

        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.count += 1
            return await run(*args, **kwargs)

        assistant.graph.ainvoke = counted  # type: ignore[method-assign]


async def _side_by_side(
    by_graph: AssistantGraph, plain: AssistantGraph, script: list[str], engine: Engine
) -> None:
    runs = GraphRuns(plain)
    for req in conversation(script):
        await graph_turn(by_graph, req, StateTools(engine, ["user:42"], NOW, "graph"))
        await plain.reply(req, StateTools(engine, ["user:42"], NOW, "plain"))
        graph_saved = await by_graph.checkpointer.aget_tuple(CONFIG)
        plain_saved = await plain.checkpointer.aget_tuple(CONFIG)
        assert shape(plain_saved) == shape(graph_saved)
        assert await plain.session(THREAD) == await by_graph.session(THREAD)
    assert runs.count == 0  # every turn was plain
    history = [c.metadata["step"] async for c in plain.checkpointer.alist(CONFIG)]
    assert history == [c.metadata["step"] async for c in by_graph.checkpointer.alist(CONFIG)]


async def test_offline_and_with_an_open_question_too() -> None:
    question = CanonQuestion("tok-1", NOW, "Are you in Reno?", "item-1", "user:42", "x.y")
    by_graph, plain = AssistantGraph(), AssistantGraph()
    runs = GraphRuns(plain)
    for n, req in enumerate(conversation(["hello", "what do you know", "thanks"])):
        asked = replace(req, open_question=question) if n == 1 else req
        await graph_turn(by_graph, asked, None)
        await plain.reply(asked)
        assert shape(await plain.checkpointer.aget_tuple(CONFIG)) == shape(
            await by_graph.checkpointer.aget_tuple(CONFIG)
        )
    assert runs.count == 0


async def test_the_tool_rounds_are_in_the_session_and_the_answer_is_the_models(
    engine: Engine,
) -> None:
    plain = AssistantGraph(ScriptModel())
    reply = await plain.reply(
        request(["tool: where am I"]), StateTools(engine, ["user:42"], NOW, "t")
    )
    assert (reply.text, reply.via) == ("ok", "llm")
    session = await plain.session(THREAD)
    assert session is not None
    assert [m.type for m in session["messages"]] == ["human", "ai", "tool", "ai"]


async def test_the_graph_goes_on_from_a_plain_turns_checkpoint(tmp_path: Path) -> None:
    async def setup_step(state: SessionState, runtime: Runtime[Turn]) -> dict[str, Any]:
        return {"messages": [AIMessage(content="Step 2 of 4. I've saved your calendar.")]}

    route = TurnRoute("setup", setup_step, lambda s: s["scratchpad"].get("in_setup") is True)
    async with open_checkpointer(f"sqlite:///{tmp_path / 'canon.db'}") as saver:
        await _goes_on(AssistantGraph(ScriptModel(), saver, routes=[route]))


async def _goes_on(assistant: AssistantGraph) -> None:
    runs = GraphRuns(assistant)
    turns = conversation(["hello", "next", "claim", "bye"])
    assert (await assistant.reply(turns[0])).text == "ok"  # plain
    assert runs.count == 0
    await assistant.graph.aupdate_state(CONFIG, {"scratchpad": {"in_setup": True}})
    reply = await assistant.reply(turns[1])  # the route: the graph, from the plain checkpoint
    assert reply.text == f"Step 2 of 4.\n{NOTES[Action.RECORD]}"
    assert runs.count == 1
    await assistant.graph.aupdate_state(CONFIG, {"scratchpad": {"in_setup": None}})
    assert (await assistant.reply(turns[2])).text.endswith(NOTES[Action.RECORD])  # plain again
    assert runs.count == 1
    session = await assistant.session(THREAD)
    assert session is not None
    assert [(e.code, e.node) for e in session["errors"]] == [
        (ErrorCode.LLM_ERROR, "claim_check"),
        (ErrorCode.LLM_ERROR, "claim_check"),
    ]
    steps = [c.metadata["step"] async for c in assistant.checkpointer.alist(CONFIG)]
    assert steps == sorted(steps, reverse=True)
    assert len(set(steps)) == len(steps)
    await assistant.compact()
    assert len([c async for c in assistant.checkpointer.alist(CONFIG)]) == 1
    assert (await assistant.reply(turns[3])).text == "ok"
    assert await assistant.session(THREAD) is not None


async def test_a_compressing_turn_runs_in_the_graph_and_the_next_plain_turn_goes_on_from_it() -> (
    None
):
    window = smallest_window_holding(prompt_size(TEXTS)) - 1  # TEXTS is past 70% of it
    by_graph, plain = AssistantGraph(ScriptModel(window)), AssistantGraph(ScriptModel(window))
    runs = GraphRuns(plain)
    for texts in (TEXTS, [*TEXTS, "ok", "and one more thing"]):
        await graph_turn(by_graph, request(texts), None)
        await plain.reply(request(texts))
        assert shape(await plain.checkpointer.aget_tuple(CONFIG)) == shape(
            await by_graph.checkpointer.aget_tuple(CONFIG)
        )
    assert runs.count == 1  # the compression; the turn after it was plain
    session = await plain.session(THREAD)
    assert session is not None
    assert session["history_summary"] == "ok"
    assert session["scratchpad"]["summarised_through_seq"] == 3
