"""The workflows a chat can be in, as CanonChat drives them: at most one at a time per chat.

``/setup`` starts onboarding; a trip workflow starts by itself when a planned trip commits
(or with ``/trip``); ``/cancel`` leaves either. With no model, while a state names a
``message_tool``, the user's plain messages are that tool's input ("skip" calls ``skip``
where allowed); other states leave messages to the conversation. With a model, the model
drives every turn of the workflow with the state's plan (``workflow_turn``); ``told`` says
what such a turn did. After anything commits, the chat's workflow is
ticked, so transitions that follow committed beliefs fire then. Every message a workflow
sends starts with its one-line state indicator ("Setup: calendar (step 2 of 4)").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver

from core.agent.session import JsonObject
from core.conversation.tool_specs import TOOL_NAMES, TOOLS
from core.engine.engine import Engine
from core.extraction.types import Extractor
from core.signals.rules import Rule
from core.workflows.definition import shipped
from core.workflows.graph import ToolOutcome, WorkflowContext, WorkflowTool
from core.workflows.runner import WorkflowRunner, WorkflowStep, thread_id
from core.workflows.setup import SETUP_TOOL_SPECS, SourcesReader, setup_tools
from core.workflows.trip import TRIP_TOOL_SPECS, plan_committed_since, trip_tools

SKIP_WORDS = frozenset({"skip", "next", "skip it", "later"})
STATE_TOOL_SPECS: dict[str, JsonObject] = {
    t["function"]["name"]: {k: v for k, v in t["function"].items() if k != "name"} for t in TOOLS
}
"""Canon's state tools as a workflow state offers them to the model."""


def in_turn_only(names: Iterable[str]) -> dict[str, WorkflowTool]:
    """Canon's state tools as a workflow lists them: they run in the assistant's turn, on
    the speaker's StateTools (``workflow_turn``); called through the runner, they say so."""

    def refusal(name: str) -> WorkflowTool:
        async def run(args: JsonObject, ctx: WorkflowContext) -> ToolOutcome:
            return ToolOutcome(False, f"{name} runs in the assistant's turn, not as a step")

        return run

    return {name: refusal(name) for name in names}


@dataclass(frozen=True)
class Running:
    runner: WorkflowRunner
    thread: str
    step: WorkflowStep

    @property
    def takes_messages(self) -> bool:
        """Whether the state takes the user's plain messages (it names a ``message_tool``)."""
        state = self.step.state
        return state is not None and self.step.definition.state(state).message_tool is not None

    async def take_message(
        self, entity: str, text: str, message_ref: str, now: datetime
    ) -> WorkflowStep | None:
        """The state's message tool on the user's words ("skip" skips where the state
        allows it); None when the state takes no messages."""
        state = self.step.state
        spec = None if state is None else self.step.definition.state(state)
        if spec is None or spec.message_tool is None:
            return None
        skip = text.strip().lower().rstrip(".!") in SKIP_WORDS and spec.allows("skip")
        tool = "skip" if skip else spec.message_tool
        args: JsonObject = {"text": text, "message_ref": message_ref}
        return await self.runner.call(self.thread, entity, tool, args, now)


class ChatWorkflows:
    """Runners by workflow id, over one checkpointer, for every chat of one bot."""

    def __init__(self, engine: Engine, runners: Mapping[str, WorkflowRunner]) -> None:
        self.engine = engine
        self.runners = dict(runners)

    @classmethod
    def shipped(
        cls,
        engine: Engine,
        extractor: Extractor,
        checkpointer: BaseCheckpointSaver[Any],
        read_sources: SourcesReader = tuple,
        rules: Sequence[Rule] = (),
    ) -> ChatWorkflows:
        """``setup`` and ``trip``, as Canon ships them."""
        setup = setup_tools(engine, extractor, read_sources, rules)
        trip = {**trip_tools(engine.store), **in_turn_only(TOOL_NAMES)}
        trip_specs = {**TRIP_TOOL_SPECS, **STATE_TOOL_SPECS}
        return cls(
            engine,
            {
                "setup": WorkflowRunner(
                    shipped("setup"), setup, engine.store, checkpointer, SETUP_TOOL_SPECS
                ),
                "trip": WorkflowRunner(
                    shipped("trip"), trip, engine.store, checkpointer, trip_specs
                ),
            },
        )

    def _thread(self, runner: WorkflowRunner, entity: str, chat_id: int) -> str:
        return thread_id(runner.definition, entity, chat_id)

    async def running(self, chat_id: int, entity: str) -> Running | None:
        """The chat's active workflow, if any."""
        for runner in self.runners.values():
            thread = self._thread(runner, entity, chat_id)
            step = await runner.current(thread)
            if step.active:
                return Running(runner, thread, step)
        return None

    async def start(self, workflow_id: str, chat_id: int, entity: str, now: datetime) -> list[str]:
        """Start ``workflow_id`` (or say where it is, if it runs already)."""
        current = await self.running(chat_id, entity)
        if current is not None and current.runner.definition.id != workflow_id:
            name = current.runner.definition.name
            return [f"{current.step.indicator}\nYou're in {name}; /cancel leaves it first."]
        runner = self.runners[workflow_id]
        step = await runner.start(self._thread(runner, entity, chat_id), entity, now)
        return _entered(step) or [_with_indicator(step, _entry(step))]

    async def on_message(
        self, chat_id: int, entity: str, text: str, message_ref: str, now: datetime
    ) -> list[str] | None:
        """The workflow's reply to a plain message; None when no workflow takes messages."""
        current = await self.running(chat_id, entity)
        step = (
            None if current is None else await current.take_message(entity, text, message_ref, now)
        )
        if current is None or step is None:
            return None
        said = [] if step.outcome is None else [str(step.outcome["message"])]
        before = current.step.indicator
        return [f"{before}\n{line}" for line in said] + _entered(step)

    async def told(self, before: Running, reply: str) -> list[str]:
        """What the chat says after a turn the model drove (``workflow_turn``): one message
        per state entered since ``before``, then the model's reply (under the indicator of
        where the workflow is now, when the user is answering one of its steps)."""
        after = await before.runner.current(before.thread)
        moved = after.history[len(before.step.history) :]
        # A step the user is answering (setup's) shows where they are on every reply; a
        # background workflow (a trip, for days) says so only when it moves.
        said = _with_indicator(after, reply) if before.takes_messages else reply
        return [*_entered(replace(after, moved=moved)), said]

    async def changed(self, chat_id: int, entity: str, now: datetime) -> list[str]:
        """Something committed: move the chat's workflow if a belief says so, or start a
        trip workflow for a trip planned since the last one started."""
        current = await self.running(chat_id, entity)
        if current is not None:
            return _entered(await current.runner.tick(current.thread, entity, now))
        trip = self.runners.get("trip")
        if trip is None:
            return []
        thread = self._thread(trip, entity, chat_id)
        past = await trip.current(thread)
        if await plan_committed_since(self.engine.store, entity, past.history) is None:
            return []
        return _entered(await trip.start(thread, entity, now))

    async def cancel(self, chat_id: int, entity: str, now: datetime) -> str | None:
        """Leave the chat's workflow; what to tell the user, or None if none was running."""
        current = await self.running(chat_id, entity)
        if current is None:
            return None
        await current.runner.cancel(current.thread, entity, now)
        definition = current.runner.definition
        return f"Left {current.step.indicator}. /{definition.id} starts it again."


def _entry(step: WorkflowStep) -> str:
    assert step.state is not None
    return step.definition.state(step.state).entry_text


def _with_indicator(step: WorkflowStep, text: str) -> str:
    return f"{step.indicator}\n{text}"


def _entered(step: WorkflowStep) -> list[str]:
    """One message per state the run entered: its indicator and what it says on entry."""
    definition = step.definition
    texts = [
        f"{definition.indicator(m['to'])}\n{definition.state(m['to']).entry_text}"
        for m in step.moved
    ]
    if step.status == "step_limit":
        texts.append(f"{step.indicator}\n{definition.name} stopped: it took too many steps.")
    return texts
