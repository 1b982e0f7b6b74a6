"""Canon inside a real LangGraph StateGraph, against a live ``canon serve``: the context
node puts the block before the model, and a scripted model calls every Canon tool."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from canon_peers import Peers, closed_port, live_peers
from canon_testing import make_observation
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, SystemMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import START, MessagesState, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.prebuilt import ToolNode, tools_condition

from core.client import CanonClient
from core.client.langgraph import CONTEXT_ID, canon_tools, context_node

TOOL_CALLS = [
    {"name": "canon_state", "args": {}, "id": "call-state"},
    {"name": "canon_why", "args": {"field": "travel.location"}, "id": "call-why"},
    {"name": "canon_pending", "args": {}, "id": "call-pending"},
    {
        "name": "canon_propose",
        "args": {"field": "project.garden.status", "value": "blocked", "evidence": "no seeds"},
        "id": "call-propose",
    },
    {
        "name": "canon_propose",
        "args": {"field": "travel.location", "value": "Reno", "evidence": "we drove on to Reno"},
        "id": "call-propose-against",
    },
    {"name": "canon_why", "args": {"field": "travel.nowhere"}, "id": "call-why-unknown"},
]


class ScriptedModel:
    """Stands in for the model: calls every tool once, then answers; keeps what it saw."""

    def __init__(self) -> None:
        self.seen: list[list[AnyMessage]] = []

    async def __call__(self, state: MessagesState) -> dict[str, Any]:
        self.seen.append(list(state["messages"]))
        if isinstance(state["messages"][-1], HumanMessage):
            return {"messages": [AIMessage("", tool_calls=TOOL_CALLS)]}
        return {"messages": [AIMessage("Noted.")]}


def agent(canon: CanonClient, model: ScriptedModel) -> CompiledStateGraph[Any, Any, Any, Any]:
    graph = StateGraph(MessagesState)
    graph.add_node("canon_context", context_node(canon, max_tokens=400))
    graph.add_node("model", model)
    graph.add_node("tools", ToolNode(canon_tools(canon, entity="user:primary")))
    graph.add_edge(START, "canon_context")
    graph.add_edge("canon_context", "model")
    graph.add_conditional_edges("model", tools_condition)
    graph.add_edge("tools", "model")
    return graph.compile(checkpointer=InMemorySaver())


@pytest.fixture(scope="module")
def peers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Peers]:
    with live_peers(tmp_path_factory.mktemp("langgraph") / "canon.db") as running:
        yield running


@pytest.fixture
async def canon(peers: Peers) -> AsyncIterator[CanonClient]:
    async with CanonClient(peers.url, peers.tokens["user:primary"]) as client:
        yield client


async def test_the_model_sees_canons_context_and_uses_every_tool(canon: CanonClient) -> None:
    at = datetime.now(UTC)
    await canon.post_observations([make_observation("travel.location", "Tahoe", at=at)])
    model = ScriptedModel()
    turn = {"messages": [SystemMessage("You are helpful."), HumanMessage("Where am I?")]}

    done = await agent(canon, model).ainvoke(turn, {"configurable": {"thread_id": "t1"}})

    first = model.seen[0]
    assert [type(m) for m in first] == [SystemMessage, SystemMessage, HumanMessage]
    assert first[1].id == CONTEXT_ID
    assert "Tahoe" in first[1].text
    results = {m.tool_call_id: m for m in done["messages"] if isinstance(m, ToolMessage)}
    assert "travel.location" in results["call-state"].text
    assert "Tahoe" in results["call-state"].text
    assert "Tahoe" in results["call-why"].text
    assert "will ask the user to confirm project.garden.status" in results["call-propose"].text
    # A proposal against what is held is asked too (never set aside unseen, never committed).
    assert "will ask the user to confirm travel.location" in results["call-propose-against"].text
    assert results["call-why-unknown"].status == "error"
    assert "nothing is known about travel.nowhere" in results["call-why-unknown"].text
    assert done["messages"][-1].text == "Noted."

    [asked] = [q for q in await canon.questions() if q.field == "project.garden.status"]
    assert asked.candidate_value == "blocked"
    [against] = [q for q in await canon.questions() if q.field == "travel.location"]
    assert against.candidate_value == "Reno"
    state = (await canon.state())["user:primary"]
    assert "project.garden.status" not in state  # asked, not committed
    assert state["travel.location"].value == "Tahoe"


async def test_each_turn_replaces_the_context_instead_of_stacking_it(canon: CanonClient) -> None:
    model = ScriptedModel()
    graph = agent(canon, model)
    thread = {"configurable": {"thread_id": "t2"}}
    await graph.ainvoke({"messages": [HumanMessage("Where am I?")]}, thread)
    done = await graph.ainvoke({"messages": [HumanMessage("And now?")]}, thread)
    contexts = [m for m in done["messages"] if m.id == CONTEXT_ID]
    assert len(contexts) == 1
    assert done["messages"][0].id == CONTEXT_ID


async def test_the_pending_tool_lists_the_questions(canon: CanonClient) -> None:
    said = await canon.post_message("I moved to Oakland", message_id="lg-m1")
    [question] = said.questions
    [pending] = [t for t in canon_tools(canon, entity="user:primary") if t.name == "canon_pending"]
    listed = await pending.ainvoke({})
    assert f"[{question.id}] Do you live in Oakland?" in listed


async def test_without_canon_the_turn_goes_on_without_context() -> None:
    model = ScriptedModel()
    async with CanonClient(closed_port(), "token") as down:
        done = await agent(down, model).ainvoke(
            {"messages": [HumanMessage("Where am I?")]}, {"configurable": {"thread_id": "t3"}}
        )
    assert [type(m) for m in model.seen[0]] == [HumanMessage]
    errors = [m for m in done["messages"] if isinstance(m, ToolMessage)]
    assert {m.status for m in errors} == {"error"}
    assert all("cannot be reached" in m.text for m in errors)
    assert done["messages"][-1].text == "Noted."
