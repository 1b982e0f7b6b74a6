"""A session state as JSON and back: ``from_json(to_json(state)) == state``.

Messages are written the way langchain-core writes them (``messages_to_dict``), records
as plain objects with RFC 3339 UTC timestamps. Reading is strict: a missing channel, an
unknown error code or approval kind, a naive timestamp is one ``AgentStateError`` naming
what is wrong, never a half-read state.
"""

from __future__ import annotations

import json
from typing import Any, cast

from langchain_core.messages import AnyMessage, messages_from_dict, messages_to_dict

from core.agent.agent_state import read_agent_state
from core.agent.session import (
    CHANNELS,
    ActiveWorkflow,
    AgentError,
    ApprovalRequest,
    CanonQuestion,
    ErrorCode,
    JsonObject,
    PlanApproval,
    SessionState,
    SourceCitation,
    ToolCallApproval,
)
from core.domain.timeutil import format_ts, parse_ts
from core.errors import AgentStateError, CanonError


def to_json(state: SessionState) -> str:
    """The state as one JSON document (keys sorted, so equal states give equal text)."""
    document = {
        "messages": messages_to_dict(state["messages"]),
        "sources": [_citation(s) for s in state["sources"]],
        "errors": [_error(e) for e in state["errors"]],
        "pending_approval": _approval(state["pending_approval"]),
        "workflow": _workflow(state["workflow"]),
        "scratchpad": state["scratchpad"],
        "history_summary": state["history_summary"],
        "token_count": state["token_count"],
        "agent_state": state["agent_state"],
    }
    try:
        return json.dumps(document, sort_keys=True, allow_nan=False, ensure_ascii=False)
    except (TypeError, ValueError) as e:
        raise AgentStateError(f"session state is not JSON: {e}") from e


def from_json(text: str) -> SessionState:
    """The state ``to_json`` wrote; AgentStateError if ``text`` is not one."""
    try:
        document = json.loads(text)
        if not isinstance(document, dict):
            raise TypeError(f"expected an object, got {type(document).__name__}")
        missing = [c for c in CHANNELS if c not in document]
        extra = sorted(set(document) - set(CHANNELS))
        if missing or extra:
            raise KeyError(f"missing channels {missing}, unknown {extra}")
        scratchpad = document["scratchpad"]
        if not isinstance(scratchpad, dict):
            raise TypeError("scratchpad must be an object")
        return SessionState(
            # messages_from_dict builds the concrete classes AnyMessage lists, typed as their base.
            messages=cast("list[AnyMessage]", messages_from_dict(document["messages"])),
            sources=[_read_citation(s) for s in document["sources"]],
            errors=[_read_error(e) for e in document["errors"]],
            pending_approval=_read_approval(document["pending_approval"]),
            workflow=_read_workflow(document["workflow"]),
            scratchpad=scratchpad,
            history_summary=_optional_str(document["history_summary"]),
            token_count=_count(document["token_count"]),
            agent_state=read_agent_state(document["agent_state"]),
        )
    except (KeyError, TypeError, ValueError, AttributeError, CanonError) as e:
        raise AgentStateError(f"not a session state: {type(e).__name__}: {e}") from e


def _citation(s: SourceCitation) -> JsonObject:
    return {
        "source_id": s.source_id,
        "label": s.label,
        "retrieved_at": format_ts(s.retrieved_at),
        "snippet": s.snippet,
    }


def _read_citation(d: JsonObject) -> SourceCitation:
    return SourceCitation(
        source_id=_str(d["source_id"]),
        label=_str(d["label"]),
        retrieved_at=parse_ts(d["retrieved_at"]),
        snippet=_str(d["snippet"]),
    )


def _error(e: AgentError) -> JsonObject:
    return {
        "code": e.code.value,
        "message": e.message,
        "at": format_ts(e.at),
        "recoverable": e.recoverable,
        "node": e.node,
    }


def _read_error(d: JsonObject) -> AgentError:
    if not isinstance(d["recoverable"], bool):
        raise TypeError("recoverable must be true or false")
    return AgentError(
        code=ErrorCode(d["code"]),
        message=_str(d["message"]),
        at=parse_ts(d["at"]),
        recoverable=d["recoverable"],
        node=_optional_str(d["node"]),
    )


def _approval(a: ApprovalRequest | None) -> JsonObject | None:
    if a is None:
        return None
    common = {
        "kind": a.kind,
        "request_id": a.request_id,
        "requested_at": format_ts(a.requested_at),
        "prompt": a.prompt,
    }
    match a:
        case CanonQuestion():
            return {
                **common,
                "review_item_id": a.review_item_id,
                "entity_id": a.entity_id,
                "field": a.field,
            }
        case ToolCallApproval():
            return {**common, "tool": a.tool, "arguments": a.arguments}
        case PlanApproval():
            return {**common, "steps": list(a.steps)}


def _read_approval(d: JsonObject | None) -> ApprovalRequest | None:
    if d is None:
        return None
    common: dict[str, Any] = {
        "request_id": _str(d["request_id"]),
        "requested_at": parse_ts(d["requested_at"]),
        "prompt": _str(d["prompt"]),
    }
    match d["kind"]:
        case "canon_question":
            return CanonQuestion(
                **common,
                review_item_id=_str(d["review_item_id"]),
                entity_id=_str(d["entity_id"]),
                field=_str(d["field"]),
            )
        case "tool_call":
            if not isinstance(d["arguments"], dict):
                raise TypeError("a tool call's arguments must be an object")
            return ToolCallApproval(**common, tool=_str(d["tool"]), arguments=d["arguments"])
        case "plan":
            return PlanApproval(**common, steps=tuple(_str(s) for s in d["steps"]))
        case other:
            raise ValueError(f"unknown approval kind {other!r}")


def _workflow(w: ActiveWorkflow | None) -> JsonObject | None:
    if w is None:
        return None
    return {
        "name": w.name,
        "state": w.state,
        "started_at": format_ts(w.started_at),
        "step": w.step,
        "visited": list(w.visited),
        "data": w.data,
    }


def _read_workflow(d: JsonObject | None) -> ActiveWorkflow | None:
    if d is None:
        return None
    if not isinstance(d["data"], dict):
        raise TypeError("a workflow's data must be an object")
    return ActiveWorkflow(
        name=_str(d["name"]),
        state=_str(d["state"]),
        started_at=parse_ts(d["started_at"]),
        step=_count(d["step"]),
        visited=tuple(_str(s) for s in d["visited"]),
        data=d["data"],
    )


def _str(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected text, got {value!r}")
    return value


def _optional_str(value: object) -> str | None:
    return None if value is None else _str(value)


def _count(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise TypeError(f"expected a count (an integer >= 0), got {value!r}")
    return value
