"""A session state round-trips through JSON, whatever it holds; bad JSON is one clear error."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from canon_testing import NOW
from hypothesis import given
from hypothesis import strategies as st
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, SystemMessage, ToolMessage

from core.agent.agent_state import AgentState, empty_agent_state
from core.agent.delta import apply_delta
from core.agent.session import (
    ActiveWorkflow,
    AgentError,
    ApprovalRequest,
    CanonQuestion,
    ErrorCode,
    PlanApproval,
    SessionState,
    SourceCitation,
    ToolCallApproval,
    initial_state,
)
from core.agent.session_json import from_json, to_json
from core.errors import AgentStateError

text = st.text(max_size=20)
ids = st.text(alphabet="abcdef0123456789-", min_size=1, max_size=12)
zones = st.sampled_from(
    [UTC, timezone(timedelta(hours=5, minutes=30)), timezone(-timedelta(hours=8))]
)
moments = st.datetimes(
    min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1), timezones=zones
)
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**53), 2**53)
    | st.floats(allow_nan=False, allow_infinity=False)
    | text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text, inner, max_size=3),
    max_leaves=8,
)
json_objects = st.dictionaries(text, json_values, max_size=4)


@st.composite
def messages(draw: st.DrawFn) -> AnyMessage:
    message_id = draw(ids)
    content = draw(text)
    kind = draw(st.sampled_from(["human", "ai", "ai_tool_call", "tool", "system"]))
    if kind == "human":
        return HumanMessage(content, id=message_id)
    if kind == "ai":
        return AIMessage(content, id=message_id)
    if kind == "ai_tool_call":
        call = {"name": draw(ids), "args": draw(json_objects), "id": draw(ids)}
        return AIMessage(content, id=message_id, tool_calls=[call])
    if kind == "tool":
        return ToolMessage(content, tool_call_id=draw(ids), id=message_id)
    return SystemMessage(content, id=message_id)


approvals: st.SearchStrategy[ApprovalRequest] = st.one_of(
    st.builds(CanonQuestion, ids, moments, text, ids, ids, text),
    st.builds(ToolCallApproval, ids, moments, text, ids, json_objects),
    st.builds(PlanApproval, ids, moments, text, st.lists(text, max_size=3).map(tuple)),
)
workflows = st.builds(
    ActiveWorkflow,
    name=ids,
    state=ids,
    started_at=moments,
    step=st.integers(0, 50),
    visited=st.lists(ids, max_size=3).map(tuple),
    data=json_objects,
)


@st.composite
def agent_states(draw: st.DrawFn) -> AgentState:
    """An agent state reached by deltas, as the runtime reaches every one."""
    state = empty_agent_state(draw(ids))
    assumptions = draw(st.lists(ids, max_size=3, unique=True))
    expectations = draw(st.lists(ids, max_size=3, unique=True))
    delta = {
        "entities": [{"op": "add", "value": {"id": "user:primary", "kind": "user"}}],
        "assumptions": [
            {"op": "add", "value": {"id": a, "hypothesis": "h " + a, "confidence": 0.7}}
            for a in assumptions
        ],
        "expectations": [
            {
                "op": "add",
                "value": {
                    "id": e,
                    "action": "get_state",
                    "expected_outcome": "facts",
                    "expected_count": draw(st.integers(0, 9)),
                },
            }
            for e in expectations
        ],
    }
    return apply_delta(state, delta, draw(moments))


@st.composite
def session_states(draw: st.DrawFn) -> SessionState:
    state = initial_state(
        messages=draw(st.lists(messages(), max_size=4, unique_by=lambda m: m.id)),
        workflow=draw(st.none() | workflows),
        scratchpad=draw(json_objects),
        history_summary=draw(st.none() | text),
    )
    state["sources"] = draw(
        st.lists(st.builds(SourceCitation, ids, text, moments, text), max_size=3)
    )
    state["errors"] = draw(
        st.lists(
            st.builds(
                AgentError,
                st.sampled_from(ErrorCode),
                text,
                moments,
                st.booleans(),
                st.none() | ids,
            ),
            max_size=3,
        )
    )
    state["pending_approval"] = draw(st.none() | approvals)
    state["token_count"] = draw(st.integers(0, 200_000))
    state["agent_state"] = draw(agent_states())
    return state


@given(session_states())
def test_every_state_round_trips_through_json(state: SessionState) -> None:
    text = to_json(state)
    assert from_json(text) == state
    assert to_json(from_json(text)) == text


def test_timestamps_are_written_in_utc() -> None:
    state = initial_state()
    state["errors"] = [
        AgentError(ErrorCode.TOOL_ERROR, "x", NOW.astimezone(timezone(timedelta(hours=2))), False)
    ]
    assert json.loads(to_json(state))["errors"][0]["at"] == "2026-02-19T14:30:00Z"


def test_a_value_json_cannot_hold_is_refused_when_writing() -> None:
    state = initial_state(scratchpad={"ratio": float("nan")})
    with pytest.raises(AgentStateError, match="not JSON"):
        to_json(state)


def _valid() -> dict[str, Any]:
    state = initial_state()
    state["errors"] = [AgentError(ErrorCode.TOOL_ERROR, "x", NOW, False)]
    state["pending_approval"] = PlanApproval("r1", NOW, "Go?", ("a",))
    document: dict[str, Any] = json.loads(to_json(state))
    return document


def _change(path: str, value: Any) -> str:
    document = _valid()
    target = document
    *parents, last = path.split(".")
    for part in parents:
        target = target[int(part)] if part.isdigit() else target[part]
    if value is ...:
        del target[last]
    else:
        target[last] = value
    return json.dumps(document)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[]", "expected an object"),
        ("{", "JSONDecodeError"),
        (_change("token_count", ...), "missing channels \\['token_count'\\]"),
        (_change("surprise", 1), "unknown \\['surprise'\\]"),
        (_change("token_count", -1), "expected a count"),
        (_change("token_count", True), "expected a count"),
        (_change("errors.0.code", "CACHE_ERROR"), "not a valid ErrorCode"),
        (_change("errors.0.at", "2026-02-19T14:30:00"), "no UTC offset"),
        (_change("errors.0.recoverable", "yes"), "true or false"),
        (_change("pending_approval.kind", "vote"), "unknown approval kind 'vote'"),
        (_change("pending_approval.steps", [1]), "expected text"),
        (_change("scratchpad", []), "scratchpad must be an object"),
        (_change("agent_state.assumptions", [{"id": "a"}]), "PayloadInvalid"),
    ],
)
def test_what_is_not_a_session_state_is_one_clear_error(text: str, problem: str) -> None:
    with pytest.raises(AgentStateError, match=problem):
        from_json(text)
