"""The nodes of the assistant's turn (``turn_nodes``): prepare, compress, model, tools,
offline and claim_check, each an async function of (state, runtime). The graph
(``core.conversation.turn_graph``) runs them, and so does the plain runner
(``core.conversation.plain_turn``); the module docstring of the graph says what each does."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, RemoveMessage
from langgraph.graph.message import REMOVE_ALL_MESSAGES
from langgraph.runtime import Runtime
from langgraph.types import Command

from core.agent.session import CHANNELS, AgentError, ErrorCode, SessionState, initial_state
from core.conversation import compression
from core.conversation.chat_model import ChatModel, ModelFailed, ToolChoice
from core.conversation.offline_replies import message_kind
from core.conversation.responder import HISTORY_MESSAGES, answered_offline
from core.conversation.tool_calls import TOOLS
from core.conversation.tool_node import run_state_calls
from core.conversation.turn_claim_check import answered, claims_update, this_turn
from core.conversation.turn_context import MAX_TOOL_ROUNDS, Node, Turn, TurnRoute, turn_error
from core.conversation.turn_prompt import SUMMARY_PROMPT, agent_notes, system_texts
from core.domain.chat_records import ChatMessage

OFFLINE_WINDOW = 8_192
"""The prompt budget of the offline graph, which has no model to set one."""
SUMMARISED_THROUGH = "summarised_through_seq"
"""Scratchpad key: the last log message (by seq) folded into the history summary."""


def _log_message(m: ChatMessage, known: dict[str | None, AnyMessage]) -> AnyMessage:
    """The log message as a prompt message; the one the session already holds for it if
    it is the same (building a message object is a pydantic validation: most of a prompt
    of twenty was rebuilt, identical, every turn)."""
    kind = HumanMessage if m.role == "user" else AIMessage
    mid = f"log-{m.seq}"
    held = known.get(mid)
    if type(held) is kind and held.content == m.text and not held.response_metadata:
        return held
    return kind(content=m.text, id=mid)


def _seq(message: AnyMessage) -> int:
    mid = message.id or ""
    return int(mid[4:]) if mid.startswith("log-") and mid[4:].isdigit() else 0


@dataclass(frozen=True)
class TurnNodes:
    """The turn's nodes, each an async function of (state, runtime): the graph runs them,
    and so does the plain runner (``core.conversation.plain_turn``)."""

    answer: str
    """The node that answers a plain turn: ``model``, or ``offline`` with no model."""
    prepare: Node
    compress: Node
    model: Node | None
    tools: Node | None
    offline: Node | None
    claim_check: Node
    after_compress: Callable[[SessionState], Awaitable[str]]


def turn_nodes(model: ChatModel | None, routes: Sequence[TurnRoute] = ()) -> TurnNodes:
    """The turn's nodes for ``model`` (None: offline) and ``routes``."""
    window = model.window if model is not None else OFFLINE_WINDOW
    answer = "model" if model is not None else "offline"

    async def prepare(state: SessionState, runtime: Runtime[Turn]) -> Command[str]:
        turn = runtime.context
        request = turn.request
        through = _through(state)
        window_log = [m for m in request.log[-HISTORY_MESSAGES:] if m.seq > through]
        known = {m.id: m for m in state.get("messages", ())}
        messages = [_log_message(m, known) for m in window_log]
        last = messages[-1] if messages else None
        if not (isinstance(last, HumanMessage) and last.content == request.text):
            messages.append(HumanMessage(content=request.text, id=f"{turn.turn_id}-user"))
        system = system_texts(request, state.get("history_summary"), agent_notes(state))
        # A thread's first turn: every channel gets its default (no separate read for it).
        defaults: dict[str, Any] = {}
        if any(k not in state for k in CHANNELS):
            fresh = initial_state(session_id=turn.thread)
            defaults = {k: v for k, v in fresh.items() if k not in state}
        running = request.workflow
        update: dict[str, Any] = {
            **defaults,
            "token_count": compression.prompt_tokens(system, messages),
            # What routes read: the workflow the chat is in now (None: not in one).
            "workflow": None if running is None else running.step.workflow,
            "pending_approval": request.open_question,
        }
        # The next node is chosen here, on the state as it is after this update (every
        # message replaced, every other key written whole), rather than by a conditional
        # edge: LangGraph reads an edge's state by copying every channel and applying the
        # node's writes again, and runs a plain function in a worker thread; a plain
        # turn paid both on every step.
        after = cast("SessionState", {**state, **update, "messages": messages})
        update["messages"] = [RemoveMessage(id=REMOVE_ALL_MESSAGES), *messages]
        goto = after_prepare(after)
        if goto != answer:
            return Command(update=update, goto=goto)
        # A plain turn is answered in this step, on the state as the model node would read
        # it one step later; both nodes' writes go out in order, each channel's reducer
        # applied to them one after the other, as over two steps (LangGraph's cost is per
        # step: its tasks, callbacks and bookkeeping were half a plain turn's).
        answered = await (call_model if model is not None else offline)(after, runtime)
        writes = [*update.items(), *cast("dict[str, Any]", answered.update).items()]
        return Command(update=writes, goto=answered.goto)

    def after_prepare(state: SessionState) -> str:
        older = compression.split_for_summary(state["messages"]).older
        if older and compression.over_threshold(state["token_count"], window):
            return "compress"
        return choose(state)

    def choose(state: SessionState) -> str:
        return next((r.name for r in routes if r.when(state)), answer)

    async def after_compress(state: SessionState) -> str:
        # Past the threshold only, so rare: an edge (async, so no worker thread) is enough.
        return choose(state)

    async def compress(state: SessionState, runtime: Runtime[Turn]) -> dict[str, Any]:
        turn = runtime.context
        split = compression.split_for_summary(state["messages"])
        previous = state.get("history_summary")
        errors: list[AgentError] = []
        summary = None
        if model is not None:
            earlier = f"Summary so far: {previous}\n\n" if previous else ""
            text = earlier + compression.transcript(split.older)
            try:
                made = await model.complete([SUMMARY_PROMPT], [HumanMessage(content=text)])
                summary = str(made.content).strip() or None
            except ModelFailed as e:
                errors.append(turn_error(ErrorCode.LLM_ERROR, f"summary: {e}", turn, "compress"))
        if summary is None:
            summary = compression.extractive_summary(previous, split.older)
        through = max((_seq(m) for m in split.older), default=0)
        system = system_texts(turn.request, summary, agent_notes(state))
        return {
            "messages": [RemoveMessage(id=m.id) for m in split.older if m.id],
            "history_summary": summary,
            "scratchpad": {SUMMARISED_THROUGH: max(through, _through(state))},
            "token_count": compression.prompt_tokens(system, split.recent),
            "errors": errors,
        }

    async def call_model(state: SessionState, runtime: Runtime[Turn]) -> Command[str]:
        assert model is not None
        turn = runtime.context
        request = turn.request
        rounds = sum(1 for m in this_turn(state["messages"]) if isinstance(m, AIMessage))
        kind = message_kind(request.text)
        tools = TOOLS if kind != "chat" and turn.tools is not None else []
        choice: ToolChoice = "required" if tools and kind == "state" and rounds == 0 else "auto"
        system = system_texts(request, state.get("history_summary"), agent_notes(state))
        try:
            if rounds > MAX_TOOL_ROUNDS:
                raise ModelFailed("the model kept calling tools")
            reply = await model.complete(system, state["messages"], tools, choice)
        except ModelFailed as e:
            text = answered_offline(request)
            via = f"offline ({e})"
            message = AIMessage(
                content=text, id=f"{turn.turn_id}-ai", response_metadata={"via": via}
            )
            error = turn_error(ErrorCode.LLM_ERROR, str(e), turn, "model")
            return answered(state, turn, {"messages": [message], "errors": [error]})
        calls = reply.tool_calls if tools else []
        message = AIMessage(
            content=reply.content,
            tool_calls=calls,
            id=f"{turn.turn_id}-ai-{rounds}",
            response_metadata={"via": "llm"},
        )
        # The next node from the message just made (see ``prepare`` for why not an edge).
        if calls:
            return Command(update={"messages": [message]}, goto="tools")
        return answered(state, turn, {"messages": [message]})

    async def call_tools(state: SessionState, runtime: Runtime[Turn]) -> dict[str, Any]:
        turn = runtime.context
        last = state["messages"][-1]
        assert isinstance(last, AIMessage)
        assert turn.tools is not None
        done = await run_state_calls(
            turn.tools,
            last.tool_calls,
            agent_state=state["agent_state"],
            sources=state["sources"],
            turn_id=turn.turn_id,
            now=turn.request.now,
            node="tools",
        )
        return {
            "messages": list(done.messages),
            "errors": list(done.errors),
            "agent_state": done.agent_state,
            "sources": list(done.sources),
        }

    async def offline(state: SessionState, runtime: Runtime[Turn]) -> Command[str]:
        request = runtime.context.request
        text = answered_offline(request)
        message = AIMessage(
            content=text, id=f"{runtime.context.turn_id}-ai", response_metadata={"via": "offline"}
        )
        return answered(state, runtime.context, {"messages": [message]})

    async def claim_check(state: SessionState, runtime: Runtime[Turn]) -> dict[str, Any]:
        return claims_update(state["messages"], runtime.context)

    return TurnNodes(
        answer,
        prepare,
        compress,
        call_model if model is not None else None,
        call_tools if model is not None else None,
        offline if model is None else None,
        claim_check,
        after_compress,
    )


def _through(state: SessionState) -> int:
    return int(state.get("scratchpad", {}).get(SUMMARISED_THROUGH, 0))
