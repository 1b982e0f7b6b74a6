"""A workflow definition compiled to a LangGraph ``StateGraph``.

The graph mirrors the definition: one node per workflow state, one per transition.

    START → receive ─┬─ start ──► begin ──► state_<initial>
                     ├─ tool / tick ──────► state_<current>
                     └─ cancel, or nothing running ──► END
    state_<s> ──► move_<i> (the first of s's transitions that holds) ──► state_<target>
              └─► END (none holds: wait for the next input)
    move_<i>  ──► END when the target is terminal or the step limit is reached

A run handles one input (an ``Event``): start, a tool call, a tick (something changed
outside the conversation: only automatic transitions are checked) or cancel. A state's node
gates the call (a tool outside the state's list, or any tool under ``tool_choice: none``, is
refused: logged, recorded as a TOOL_REFUSED error and returned to the caller), runs it,
merges what it collected, then picks the transition to take. A move's node takes it, so the
state history and the data are in the checkpoint after every step; entering a state checks
that state's transitions at once, so automatic chains (plan → under way when the trip is
already under way) run in one input.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Annotated, Any, Literal, Protocol, TypedDict

from langgraph.graph import END, START, StateGraph

from core.agent.session import ActiveWorkflow, AgentError, ErrorCode, JsonObject, accumulate
from core.errors import CanonError, WorkflowInvalid
from core.workflows.definition import Condition, TransitionSpec, WorkflowDefinition

log = logging.getLogger(__name__)

Status = Literal["idle", "active", "done", "cancelled", "step_limit"]
EventKind = Literal["start", "tool", "tick", "cancel"]


class Event(TypedDict):
    """One input to a run: what happened, and (for ``tool``) which tool with which arguments."""

    kind: EventKind
    tool: str
    args: JsonObject


@dataclass(frozen=True, slots=True)
class WorkflowContext:
    """What a tool sees of the workflow it runs in."""

    entity_id: str
    state: str
    data: JsonObject
    at: datetime
    step: int


@dataclass(frozen=True, slots=True)
class ToolOutcome:
    """What a tool did: whether it succeeded (a tool trigger needs success), what to tell the
    user, and data to collect (merged into the workflow's data by key)."""

    ok: bool
    message: str
    data: JsonObject = field(default_factory=dict)


class Node(Protocol):
    """A graph node as LangGraph calls it (the parameter is named ``state``)."""

    def __call__(self, state: WorkflowRun) -> Awaitable[JsonObject]: ...


WorkflowTool = Callable[[JsonObject, WorkflowContext], Awaitable[ToolOutcome]]
"""A tool: its call's arguments and the workflow's context in, an outcome out."""


class Beliefs(Protocol):
    """Canon's committed state as conditions read it (a ``core.store.Store`` is one)."""

    async def fact(self, entity_id: str, field: str) -> Any: ...


class WorkflowRun(TypedDict):
    """The graph's state, checkpointed after every node."""

    workflow: ActiveWorkflow | None
    status: Status
    entity_id: str
    at: datetime
    event: Event
    consumed: bool
    """Whether this run's tool call was handled (a state entered later does not see it)."""
    fired: str | None
    """The tool that succeeded in this run, for tool-triggered transitions."""
    outcome: JsonObject | None
    """The last tool call's result as the caller sees it (``tool``, ``ok``, ``refused``, ``message``)."""
    move: int | None
    moved: list[JsonObject]
    """The transitions taken in this run."""
    history: Annotated[list[JsonObject], accumulate]
    """Every transition ever taken (``from``, ``to``, ``at``, ``trigger``), oldest first."""
    errors: Annotated[list[AgentError], accumulate]


def _node(key: str) -> str:
    return f"state_{key}"


def _move(index: int) -> str:
    return f"move_{index}"


def require_tools(definition: WorkflowDefinition, tools: Mapping[str, WorkflowTool]) -> None:
    """WorkflowInvalid unless every tool a state names is in ``tools``."""
    missing = sorted(definition.tools - set(tools))
    if missing:
        raise WorkflowInvalid(f"{definition.origin}: no implementation for tools {missing}")


def build_graph(
    definition: WorkflowDefinition, tools: Mapping[str, WorkflowTool], beliefs: Beliefs
) -> StateGraph[WorkflowRun, None, WorkflowRun, WorkflowRun]:
    """The uncompiled graph; ``compile(checkpointer=...)`` it. Every tool a state names must
    be in ``tools`` (WorkflowInvalid otherwise)."""
    require_tools(definition, tools)
    graph = StateGraph(WorkflowRun)
    graph.add_node("receive", _receive)
    graph.add_node("begin", _begin(definition))
    graph.add_edge(START, "receive")
    state_nodes = [_node(s) for s in definition.states]
    graph.add_conditional_edges("receive", _after_receive, ["begin", *state_nodes, END])
    graph.add_edge("begin", _node(definition.initial))
    for key in definition.states:
        graph.add_node(_node(key), _state_node(definition, key, tools, beliefs))
        targets = [_move(t.index) for t in definition.leaving(key)]
        graph.add_conditional_edges(_node(key), _after_state, [*targets, END])
    for t in definition.transitions:
        graph.add_node(_move(t.index), _move_node(definition, t))
        graph.add_conditional_edges(_move(t.index), _after_move, [_node(t.target), END])
    return graph


async def _receive(state: WorkflowRun) -> JsonObject:
    """A new input: forget the last run's results; a cancel ends the workflow here."""
    reset: JsonObject = {"consumed": False, "fired": None, "outcome": None, "move": None}
    reset["moved"] = []
    running = state.get("status") == "active"
    if state["event"]["kind"] == "cancel" and running:
        return {**reset, "status": "cancelled"}
    if state["event"]["kind"] == "tool" and not running:
        name = state["event"]["tool"]
        return {**reset, "outcome": _said(name, False, "No workflow is running.")}
    return reset


def _after_receive(state: WorkflowRun) -> str:
    kind = state["event"]["kind"]
    running = state.get("status") == "active" and state.get("workflow") is not None
    if kind == "start" and not running:
        return "begin"
    if kind == "cancel" or not running:
        return END
    workflow = state["workflow"]
    assert workflow is not None
    return _node(workflow.state)


def _begin(definition: WorkflowDefinition) -> Node:
    async def begin(state: WorkflowRun) -> JsonObject:
        at = state["at"]
        entry = {"from": None, "to": definition.initial, "at": at.isoformat(), "trigger": "start"}
        return {
            "workflow": ActiveWorkflow(definition.id, definition.initial, at),
            "status": "active",
            "history": [entry],
            "moved": [entry],
        }

    return begin


def _state_node(
    definition: WorkflowDefinition, key: str, tools: Mapping[str, WorkflowTool], beliefs: Beliefs
) -> Node:
    spec = definition.state(key)

    async def handle(state: WorkflowRun) -> JsonObject:
        workflow = state["workflow"]
        assert workflow is not None
        event, at = state["event"], state["at"]
        update: JsonObject = {}
        if event["kind"] == "tool" and not state["consumed"]:
            update["consumed"] = True
            name = event["tool"]
            if not spec.allows(name):
                allowed = ", ".join(spec.tools) if spec.tool_choice != "none" else "none"
                why = f"{name} is not allowed in {definition.id} state {key} (allowed: {allowed})"
                log.warning("workflow tool refused: %s", why)
                update["outcome"] = {**_said(name, False, why), "refused": True}
                update["errors"] = [AgentError(ErrorCode.TOOL_REFUSED, why, at, False, key)]
            else:
                context = WorkflowContext(
                    state["entity_id"], key, dict(workflow.data), at, workflow.step
                )
                try:
                    outcome = await tools[name](dict(event["args"]), context)
                except CanonError as e:
                    outcome = ToolOutcome(False, str(e))
                    update["errors"] = [AgentError(ErrorCode.TOOL_ERROR, str(e), at, True, key)]
                update["outcome"] = _said(name, outcome.ok, outcome.message)
                if outcome.ok:
                    update["fired"] = name
                if outcome.data:
                    workflow = replace(workflow, data={**workflow.data, **outcome.data})
                    update["workflow"] = workflow
        fired = update.get("fired")
        user_turn = event["kind"] != "tick"
        update["move"] = None
        for t in definition.leaving(key):
            if t.on_tool is not None and t.on_tool == fired:
                update["move"] = t.index
                break
            checked = t.when is not None and (t.automatic or user_turn)
            if checked and await _holds(t.when, state["entity_id"], workflow.data, beliefs):
                update["move"] = t.index
                break
        return update

    return handle


def _after_state(state: WorkflowRun) -> str:
    move = state.get("move")
    return END if move is None else _move(move)


def _move_node(definition: WorkflowDefinition, t: TransitionSpec) -> Node:
    async def take(state: WorkflowRun) -> JsonObject:
        workflow = state["workflow"]
        assert workflow is not None
        at = state["at"]
        if workflow.step + 1 > definition.max_steps:
            why = (
                f"{definition.id} stopped at its step limit ({definition.max_steps}) in {t.source}"
            )
            log.warning("workflow %s", why)
            error = AgentError(ErrorCode.STATE_ERROR, why, at, False, t.source)
            return {"status": "step_limit", "errors": [error], "move": None}
        entry = {"from": t.source, "to": t.target, "at": at.isoformat(), "trigger": t.trigger}
        moved = replace(
            workflow, state=t.target, step=workflow.step + 1, visited=(*workflow.visited, t.source)
        )
        return {
            "workflow": moved,
            "status": "done" if t.target in definition.terminal else "active",
            "history": [entry],
            "moved": [*state["moved"], entry],
            "fired": None,
            "move": None,
        }

    return take


def _after_move(state: WorkflowRun) -> str:
    workflow = state["workflow"]
    if state["status"] != "active" or workflow is None:
        return END
    return _node(workflow.state)


async def _holds(
    condition: Condition | None, entity_id: str, data: JsonObject, beliefs: Beliefs
) -> bool:
    assert condition is not None
    if condition.fact is not None:
        fact = await beliefs.fact(entity_id, condition.fact)
        return condition.holds(None if fact is None else fact.value)
    assert condition.data is not None
    return condition.holds(data.get(condition.data))


def _said(tool: str, ok: bool, message: str) -> JsonObject:
    return {"tool": tool, "ok": ok, "refused": False, "message": message}
