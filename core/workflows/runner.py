"""Run one workflow over any LangGraph checkpointer: start, call a tool, tick, cancel, read.

Each conversation has its own thread (``thread_id(definition, entity, chat)``); the graph's
state is checkpointed after every node, so a new process with the same checkpointer (a
SQLite file, a PostgreSQL database) continues where the last one stopped.

What the assistant's model needs in the current state (its instructions, the tools it may
call, the tool choice, the model) is ``WorkflowRunner.plan``, the design's ``prepareStep``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph.state import CompiledStateGraph

from core.agent.session import ActiveWorkflow, AgentError, JsonObject
from core.domain.timeutil import NaiveTimestamp
from core.jsonschema_args import argument_errors
from core.workflows.definition import ToolChoice, WorkflowDefinition
from core.workflows.graph import (
    Beliefs,
    Event,
    EventKind,
    Status,
    WorkflowRun,
    WorkflowTool,
    build_graph,
    require_tools,
)


@dataclass(frozen=True, slots=True)
class StepPlan:
    """What the model is given in a state (the design's ``prepareStep``)."""

    instructions: str
    tools: tuple[str, ...]
    tool_choice: ToolChoice
    model: str | None


@dataclass(frozen=True, slots=True)
class WorkflowStep:
    """Where a thread's workflow is after a run, and what the run did."""

    definition: WorkflowDefinition
    status: Status
    workflow: ActiveWorkflow | None
    outcome: JsonObject | None
    """The tool call's result (``tool``, ``ok``, ``refused``, ``message``), if the run had one."""
    moved: tuple[JsonObject, ...]
    """Transitions this run took (``from``, ``to``, ``at``, ``trigger``)."""
    history: tuple[JsonObject, ...]
    """Every transition of the thread, oldest first."""
    errors: tuple[AgentError, ...] = ()
    """Every refusal and failure of the thread, oldest first."""

    @property
    def active(self) -> bool:
        return self.status == "active"

    @property
    def state(self) -> str | None:
        return None if self.workflow is None else self.workflow.state

    @property
    def refused(self) -> bool:
        return bool(self.outcome and self.outcome.get("refused"))

    @property
    def indicator(self) -> str:
        """'Setup: calendar (step 2 of 4)'; empty when the workflow never started."""
        if self.workflow is None:
            return ""
        return self.definition.indicator(self.workflow.state)


def thread_id(definition: WorkflowDefinition, entity_id: str, chat_id: int | str) -> str:
    """The checkpoint thread of one workflow in one conversation: ``{workflow}-{entity}-{chat}``."""
    return f"{definition.id}-{entity_id}-{chat_id}"


class WorkflowRunner:
    """One workflow definition compiled with its tools, over a checkpointer."""

    def __init__(
        self,
        definition: WorkflowDefinition,
        tools: Mapping[str, WorkflowTool],
        beliefs: Beliefs,
        checkpointer: BaseCheckpointSaver[Any],
        specs: Mapping[str, JsonObject] | None = None,
    ) -> None:
        self.definition = definition
        self.specs = dict(specs or {})
        """The tools' function specs (``description``, ``parameters``) as a model sees them."""
        require_tools(definition, tools)
        self._parts = (tools, beliefs)
        self._checkpointer = checkpointer
        self._graph: CompiledStateGraph[WorkflowRun, None, WorkflowRun, WorkflowRun] | None = None
        # Each move and its state node are two graph steps; a little slack for receive/begin.
        self._limit = 2 * definition.max_steps + 8

    @property
    def graph(self) -> CompiledStateGraph[WorkflowRun, None, WorkflowRun, WorkflowRun]:
        """The compiled graph, made on first use: compiling is about 13 ms of CPU a workflow,
        paid at every bot start while most chats never run one (``current`` needs no graph
        for a thread that never started)."""
        if self._graph is None:
            tools, beliefs = self._parts
            built = build_graph(self.definition, tools, beliefs)
            self._graph = built.compile(checkpointer=self._checkpointer)
        return self._graph

    def _config(self, thread: str) -> RunnableConfig:
        return {"configurable": {"thread_id": thread}, "recursion_limit": self._limit}

    async def start(self, thread: str, entity_id: str, at: datetime) -> WorkflowStep:
        """Start the workflow (a running one just reports where it is)."""
        return await self._run(thread, entity_id, at, "start")

    async def call(
        self, thread: str, entity_id: str, tool: str, args: JsonObject, at: datetime
    ) -> WorkflowStep:
        """A tool call in the current state: refused unless the state allows it."""
        return await self._run(thread, entity_id, at, "tool", tool, args)

    async def tick(self, thread: str, entity_id: str, at: datetime) -> WorkflowStep:
        """Something changed outside the conversation: check the automatic transitions."""
        return await self._run(thread, entity_id, at, "tick")

    async def cancel(self, thread: str, entity_id: str, at: datetime) -> WorkflowStep:
        """Leave the workflow; its history and data stay in the checkpoint."""
        return await self._run(thread, entity_id, at, "cancel")

    async def current(self, thread: str) -> WorkflowStep:
        """Where the thread is, without running anything."""
        if await self._checkpointer.aget_tuple(self._config(thread)) is None:
            return self._step(cast(WorkflowRun, {}), fresh=False)  # never started
        snapshot = await self.graph.aget_state(self._config(thread))
        return self._step(cast(WorkflowRun, snapshot.values), fresh=False)

    def plan(self, state: str) -> StepPlan:
        spec = self.definition.state(state)
        return StepPlan(spec.instructions, spec.tools, spec.tool_choice, spec.model)

    def functions(self, plan: StepPlan) -> list[JsonObject]:
        """The plan's tools as OpenAI function specs; none under ``tool_choice: none``.
        A tool without a spec takes no arguments."""
        if plan.tool_choice == "none":
            return []
        return [
            {"type": "function", "function": {"name": name, **self._spec(name)}}
            for name in plan.tools
        ]

    def argument_errors(self, name: str, args: JsonObject) -> str | None:
        """None when ``args`` fit the tool's own schema (its spec's ``parameters``); else
        what is wrong, for the model to read. A tool without a spec takes no arguments."""
        parameters = self._spec(name).get("parameters")
        return argument_errors(name, parameters if isinstance(parameters, dict) else {}, args)

    def _spec(self, name: str) -> JsonObject:
        no_args = {"type": "object", "properties": {}, "additionalProperties": False}
        return self.specs.get(name) or {
            "description": name.replace("_", " "),
            "parameters": no_args,
        }

    async def _run(
        self,
        thread: str,
        entity_id: str,
        at: datetime,
        kind: EventKind,
        tool: str = "",
        args: JsonObject | None = None,
    ) -> WorkflowStep:
        if at.tzinfo is None or at.utcoffset() is None:
            raise NaiveTimestamp(f"a workflow step's time must carry a UTC offset, got {at}")
        event: Event = {"kind": kind, "tool": tool, "args": dict(args or {})}
        given = cast(WorkflowRun, {"event": event, "at": at, "entity_id": entity_id})
        values = await self.graph.ainvoke(given, self._config(thread))
        return self._step(cast(WorkflowRun, values), fresh=True)

    def _step(self, run: WorkflowRun, *, fresh: bool) -> WorkflowStep:
        return WorkflowStep(
            definition=self.definition,
            status=run.get("status", "idle"),
            workflow=run.get("workflow"),
            outcome=run.get("outcome") if fresh else None,
            moved=tuple(run.get("moved", ())) if fresh else (),
            history=tuple(run.get("history", ())),
            errors=tuple(run.get("errors", ())),
        )
