"""The session state: defaults, records that refuse bad values, and what each channel's
reducer does when two nodes of a real LangGraph graph write it in the same step."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from canon_testing import NOW
from langchain_core.messages import AIMessage, HumanMessage, RemoveMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from langgraph.errors import InvalidUpdateError
from langgraph.graph import END, START, StateGraph

from core.agent.agent_state import empty_agent_state
from core.agent.session import (
    CHANNELS,
    CHECKPOINT_TYPES,
    ActiveWorkflow,
    AgentError,
    CanonQuestion,
    ErrorCode,
    PlanApproval,
    SessionState,
    SourceCitation,
    ToolCallApproval,
    accumulate,
    initial_state,
    merge_scratchpad,
)
from core.domain.timeutil import NaiveTimestamp


def error(code: ErrorCode, message: str = "failed") -> AgentError:
    return AgentError(code=code, message=message, at=NOW, recoverable=True)


def citation(source_id: str) -> SourceCitation:
    return SourceCitation(source_id=source_id, label=source_id, retrieved_at=NOW)


def question(request_id: str) -> CanonQuestion:
    return CanonQuestion(
        request_id=request_id,
        requested_at=NOW,
        prompt="Are you in Tahoe now?",
        review_item_id="01a2023b-88d6-732c-b564-2dabb0dee049",
        entity_id="user:primary",
        field="travel.status",
    )


def test_every_channel_has_a_default() -> None:
    assert initial_state() == {
        "messages": [],
        "sources": [],
        "errors": [],
        "pending_approval": None,
        "workflow": None,
        "scratchpad": {},
        "history_summary": None,
        "token_count": 0,
        "agent_state": empty_agent_state("session"),
    }
    assert set(initial_state()) == set(CHANNELS)


def test_initial_state_takes_what_a_conversation_starts_with() -> None:
    setup = ActiveWorkflow(name="setup", state="profile", started_at=NOW)
    state = initial_state(
        messages=[HumanMessage("hi", id="m1")],
        workflow=setup,
        scratchpad={"mode": "dm"},
        history_summary="Earlier: the user planned Tahoe.",
    )
    assert state["messages"] == [HumanMessage("hi", id="m1")]
    assert state["workflow"] == setup
    assert state["scratchpad"] == {"mode": "dm"}
    assert state["history_summary"] == "Earlier: the user planned Tahoe."


def test_two_initial_states_share_nothing_mutable() -> None:
    first, second = initial_state(), initial_state()
    first["errors"].append(error(ErrorCode.TOOL_ERROR))
    first["scratchpad"]["x"] = 1
    assert second["errors"] == []
    assert second["scratchpad"] == {}


NAIVE = datetime(2026, 2, 19, 14, 30)


@pytest.mark.parametrize(
    ("build", "problem"),
    [
        (lambda: AgentError(ErrorCode.LLM_ERROR, "x", NAIVE, True), NaiveTimestamp),
        (lambda: AgentError("LLM_ERROR", "x", NOW, True), ValueError),  # type: ignore[arg-type]
        (lambda: SourceCitation("event:1", "mail", NAIVE), NaiveTimestamp),
        (lambda: PlanApproval("r1", NAIVE, "go?", ("a",)), NaiveTimestamp),
        (lambda: ToolCallApproval("r1", NAIVE, "delete?", "forget", {}), NaiveTimestamp),
        (lambda: ActiveWorkflow("trip", "plan", NAIVE), NaiveTimestamp),
        (lambda: ActiveWorkflow("trip", "plan", NOW, step=-1), ValueError),
    ],
)
def test_records_refuse_naive_times_and_unknown_codes(
    build: Callable[[], object], problem: type[Exception]
) -> None:
    with pytest.raises(problem):
        build()


def test_error_codes_are_a_closed_set() -> None:
    assert sorted(ErrorCode) == sorted(
        [
            "LLM_ERROR",
            "TOOL_ERROR",
            "TOOL_REFUSED",
            "STATE_ERROR",
            "CONTEXT_ERROR",
            "STORE_ERROR",
            "APPROVAL_REJECTED",
        ]
    )
    with pytest.raises(ValueError, match="not a valid ErrorCode"):
        ErrorCode("CACHE_ERROR")


def test_approval_requests_are_told_apart_by_kind() -> None:
    kinds = {
        question("r1").kind,
        ToolCallApproval("r2", NOW, "Delete it?", "forget_fact", {"field": "x"}).kind,
        PlanApproval("r3", NOW, "Go?", ("book", "pack")).kind,
    }
    assert kinds == {"canon_question", "tool_call", "plan"}


@pytest.mark.parametrize(
    ("current", "update", "merged"),
    [
        ({}, {"a": 1}, {"a": 1}),
        ({"a": 1}, {"b": 2}, {"a": 1, "b": 2}),
        ({"a": 1}, {"a": 2}, {"a": 2}),
        ({"a": 1, "b": 2}, {"a": None}, {"b": 2}),
        ({"a": 1}, {"missing": None}, {"a": 1}),
        ({"a": {"x": 1}}, {"a": {"y": 2}}, {"a": {"y": 2}}),  # values are replaced, not deep-merged
    ],
)
def test_the_scratchpad_merges_by_key(
    current: dict[str, Any], update: dict[str, Any], merged: dict[str, Any]
) -> None:
    assert merge_scratchpad(current, update) == merged
    assert merge_scratchpad(current, update) is not current


def test_accumulate_appends_and_copies() -> None:
    current = [citation("a")]
    assert accumulate(current, [citation("b")]) == [citation("a"), citation("b")]
    assert current == [citation("a")]


def fan_out(first: dict[str, Any], second: dict[str, Any]) -> Any:
    """A graph whose two nodes run in the same step and write ``first`` and ``second``.

    Added in reverse order on purpose: LangGraph applies the writes in the order of the
    nodes' names (``a_writer`` before ``b_writer``), not the order they were added.
    """
    builder = StateGraph(SessionState)
    builder.add_node("b_writer", lambda _: second)
    builder.add_node("a_writer", lambda _: first)
    for node in ("b_writer", "a_writer"):
        builder.add_edge(START, node)
        builder.add_edge(node, END)
    return builder.compile()


CONCURRENT_WRITES: list[tuple[str, SessionState, Any, Any, Any]] = [
    # (channel: what happens, state before, node a's write, node b's write, channel after)
    (
        "messages: new ids append, in node order",
        initial_state(messages=[HumanMessage("hi", id="m1")]),
        [AIMessage("hello", id="m2")],
        [AIMessage("how can I help?", id="m3")],
        [
            HumanMessage("hi", id="m1"),
            AIMessage("hello", id="m2"),
            AIMessage("how can I help?", id="m3"),
        ],
    ),
    (
        "messages: a known id replaces the message in place",
        initial_state(messages=[HumanMessage("hi", id="m1"), AIMessage("draft", id="m2")]),
        [AIMessage("final", id="m2")],
        [AIMessage("later", id="m3")],
        [HumanMessage("hi", id="m1"), AIMessage("final", id="m2"), AIMessage("later", id="m3")],
    ),
    (
        "messages: RemoveMessage deletes by id while the other node appends",
        initial_state(messages=[HumanMessage("hi", id="m1"), AIMessage("oops", id="m2")]),
        [RemoveMessage(id="m2")],
        [AIMessage("hello", id="m3")],
        [HumanMessage("hi", id="m1"), AIMessage("hello", id="m3")],
    ),
    (
        "sources: both citations kept",
        initial_state(),
        [citation("fact:travel.status")],
        [citation("event:42")],
        [citation("fact:travel.status"), citation("event:42")],
    ),
    (
        "errors: both errors kept, even identical ones",
        initial_state(),
        [error(ErrorCode.TOOL_ERROR)],
        [error(ErrorCode.TOOL_ERROR)],
        [error(ErrorCode.TOOL_ERROR), error(ErrorCode.TOOL_ERROR)],
    ),
    (
        "scratchpad: keys merged, the later node wins a shared key, None removes",
        initial_state(scratchpad={"old": 1, "gone": 2}),
        {"shared": "a", "mine": 1},
        {"shared": "b", "gone": None},
        {"old": 1, "shared": "b", "mine": 1},
    ),
]


@pytest.mark.parametrize(
    ("case", "start", "first", "second", "expected"),
    CONCURRENT_WRITES,
    ids=[c[0] for c in CONCURRENT_WRITES],
)
def test_concurrent_writes_to_a_reducer_channel(
    case: str, start: SessionState, first: Any, second: Any, expected: Any
) -> None:
    channel = case.split(":")[0]
    result = fan_out({channel: first}, {channel: second}).invoke(start)
    assert result[channel] == expected
    untouched = {c: v for c, v in result.items() if c != channel}
    assert untouched == {c: v for c, v in start.items() if c != channel}


SINGLE_VALUED: list[tuple[str, Any, Any]] = [
    ("pending_approval", question("r1"), question("r2")),
    (
        "workflow",
        ActiveWorkflow("setup", "calendar", NOW),
        ActiveWorkflow("trip", "plan", NOW),
    ),
    ("history_summary", "one summary", "another"),
    ("token_count", 100, 200),
]


@pytest.mark.parametrize(("channel", "first", "second"), SINGLE_VALUED)
def test_two_concurrent_writes_to_a_single_valued_channel_are_refused(
    channel: str, first: Any, second: Any
) -> None:
    with pytest.raises(InvalidUpdateError, match=f"At key '{channel}'"):
        fan_out({channel: first}, {channel: second}).invoke(initial_state())


@pytest.mark.parametrize(("channel", "first", "second"), SINGLE_VALUED)
def test_a_single_valued_channel_takes_one_write_per_step(
    channel: str, first: Any, second: Any
) -> None:
    result = fan_out({channel: first}, {}).invoke(initial_state())
    assert result[channel] == first


def full_state() -> SessionState:
    plus_two = timezone(timedelta(hours=2))
    state = initial_state(
        messages=[
            HumanMessage("Delete my Tahoe trip", id="m1"),
            AIMessage(
                "",
                id="m2",
                tool_calls=[
                    {"name": "forget_fact", "args": {"field": "travel.status"}, "id": "c1"}
                ],
            ),
        ],
        workflow=ActiveWorkflow(
            "trip", "under_way", NOW, step=1, visited=("plan",), data={"city": "Tahoe"}
        ),
        scratchpad={"note": "asked once"},
        history_summary="The user planned a trip.",
    )
    state["sources"] = [citation("fact:travel.status")]
    state["errors"] = [AgentError(ErrorCode.LLM_ERROR, "timeout", NOW.astimezone(plus_two), True)]
    state["pending_approval"] = ToolCallApproval(
        "r1", NOW, "Forget travel.status?", "forget_fact", {"field": "travel.status"}
    )
    state["token_count"] = 321
    return state


def test_the_state_survives_a_checkpoint_with_only_its_own_types_allowed() -> None:
    serde = JsonPlusSerializer(allowed_msgpack_modules=CHECKPOINT_TYPES)
    builder = StateGraph(SessionState)
    builder.add_node("turn", lambda _: {"sources": [citation("event:42")]})
    builder.add_edge(START, "turn")
    graph = builder.compile(checkpointer=InMemorySaver(serde=serde))
    thread = {"configurable": {"thread_id": "dm-user:primary-1"}}
    state = full_state()

    graph.invoke(state, thread)

    expected = {**state, "sources": [*state["sources"], citation("event:42")]}
    assert graph.get_state(thread).values == expected


def test_timestamps_compare_as_instants() -> None:
    moved = NOW.astimezone(timezone(timedelta(hours=-8)))
    assert error(ErrorCode.LLM_ERROR) == AgentError(ErrorCode.LLM_ERROR, "failed", moved, True)
    assert moved.tzinfo != UTC
