"""The assistant's turn, as a LangGraph graph over the session state, checkpointed per thread.

    START -> prepare -> [compress] -> model <-> tools      (model: claims checked) -> END
                                   \\-> offline                (claims checked)     -> END
                                   \\-> a route -> claim_check                      -> END

- ``prepare``: the last 20 messages of the append-only conversation log, oldest first,
  minus those already summarised, become the ``messages`` channel; the prompt's size is
  measured into ``token_count``.
- ``compress`` (only past 70% of the model's window): older messages are summarised into
  ``history_summary`` (by the model; offline, or when the model fails, extractively) and
  dropped from the prompt. The log keeps them.
- ``model``: two system messages (who is speaking and the rules; Canon's context block
  and the summary), then the messages. Greetings and questions about the assistant are
  sent without tools; state questions must call one first.
- ``tools``: the state tools, on the speaker's entities and the shared ones only.
- ``offline``: the offline answer from state, in the same graph, when there is no model.
- ``claim_check``: an action claimed in the reply that nothing in the turn did is cut,
  and the user is told plainly what did not happen (``core.conversation.claims``). The
  model and offline nodes apply it to their own answer (``claims_update``) and end the
  turn: the same final state one LangGraph step sooner. A plain turn is one step:
  ``prepare`` runs the model (or offline) node itself when that is where the turn goes
  (each step costs LangGraph its task set-up, callbacks and bookkeeping). Errors the
  check records still name ``claim_check``, and the summariser writes as that node.

More routes (a workflow's subgraph) plug in with ``TurnRoute``: after ``prepare`` a turn
goes to the first route whose ``when(state)`` holds, else to the model (or offline); a
route's node ends in ``claim_check`` like the model does. ``prepare`` puts the chat's
active workflow (``ReplyRequest.workflow``) in the ``workflow`` channel, which the model's
workflow route (``core.conversation.workflow_turn``) reads.

Who runs it: the nodes are ``turn_nodes``; the graph is ``graph_of`` them. A plain turn
(``prepare`` answers it, and the model's tool rounds) is run by the same nodes without
LangGraph's loop (``core.conversation.plain_turn``: the loop's per-run set-up and
bookkeeping were a third of a turn's CPU with 100 chats at once), leaving the checkpoint
this graph would leave; a turn that compresses or takes a route runs in the compiled
graph. The prompt's text is ``core.conversation.turn_prompt``.

Thread ids are ``{mode}-{entity}-{chat}``; the caller's runtime context (``Turn``) carries
what is not state: the request, the tools, the turn's id. Nothing in it is checkpointed.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, RemoveMessage, ToolMessage
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import REMOVE_ALL_MESSAGES
from langgraph.runtime import Runtime
from langgraph.types import Command

from core.agent.session import (
    CHANNELS,
    AgentError,
    ErrorCode,
    SessionState,
    initial_state,
)
from core.conversation import compression
from core.conversation.chat_model import ChatModel, ModelFailed, ToolChoice
from core.conversation.claims import RECORDED_BY_CANON, check_claims
from core.conversation.offline_replies import message_kind, offline_answer
from core.conversation.responder import HISTORY_MESSAGES, ReplyRequest, StateTools
from core.conversation.tool_calls import TOOLS
from core.conversation.tool_node import run_state_calls
from core.conversation.turn_prompt import SUMMARY_PROMPT, agent_notes, system_texts
from core.conversation.turn_summary import turn_messages
from core.domain.records import ChatMessage

MAX_TOOL_ROUNDS = 3
OFFLINE_WINDOW = 8_192
"""The prompt budget of the offline graph, which has no model to set one."""
SUMMARISED_THROUGH = "summarised_through_seq"
"""Scratchpad key: the last log message (by seq) folded into the history summary."""
CHAT_MODE = "chat"


@dataclass(frozen=True)
class Turn:
    """One turn's runtime context: everything a node needs that is not session state."""

    request: ReplyRequest
    tools: StateTools | None
    turn_id: str
    thread: str = "session"
    """The checkpoint thread: the session's id in its agent state."""


@dataclass(frozen=True)
class TurnRoute:
    """A node (a compiled workflow subgraph, say) that takes the turn when ``when`` holds.

    The node gets the session state and the ``Turn`` like the model node, and answers
    by adding an ``AIMessage`` to ``messages``; the claim check reads it next.
    """

    name: str
    node: Any
    """A LangGraph node: an async function of (state, runtime) or a compiled graph."""
    when: Callable[[SessionState], bool]
    """Read after ``prepare`` (and ``compress``): whether this route takes the turn."""


class Node(Protocol):
    """A node of the turn: an async function of the state and the runtime, giving an
    update (a dict) or a ``Command``."""

    def __call__(self, state: SessionState, runtime: Runtime[Turn]) -> Awaitable[Any]: ...


def thread_id(mode: str, entity: str, chat_id: int) -> str:
    """The checkpoint thread of one conversation: ``{mode}-{entity}-{chat}``."""
    return f"{mode}-{entity}-{chat_id}"


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


def _this_turn(messages: Sequence[AnyMessage]) -> list[AnyMessage]:
    """The messages after the newest user message: the turn's tool calls and answers."""
    turn = turn_messages(messages)
    return turn[1:] if turn and isinstance(turn[0], HumanMessage) else turn


def _error(code: ErrorCode, message: str, turn: Turn, node: str) -> AgentError:
    return AgentError(code, message[:300], turn.request.now, recoverable=True, node=node)


def claims_update(messages: Sequence[AnyMessage], turn: Turn) -> dict[str, Any]:
    """The claim check of the model's answer (the last of ``messages``): the update that
    cuts an action it claims that nothing in the turn did, and records the cut; {} if
    nothing is cut or the answer is Canon's own (offline)."""
    done_this_turn = _this_turn(messages)
    reply = done_this_turn[-1] if done_this_turn else None
    if not isinstance(reply, AIMessage) or not isinstance(reply.content, str):
        return {}
    # Canon's own offline answers are its templates, not a model's words: "tell me what's
    # going on and I'll remember it" is a promise Canon keeps, not a claim to cut.
    if str(reply.response_metadata.get("via", "")).startswith("offline"):
        return {}
    done = {
        m.name or "" for m in done_this_turn if isinstance(m, ToolMessage) and m.status == "success"
    }
    if turn.request.recorded:
        done.add(RECORDED_BY_CANON)
    checked = check_claims(reply.content, done)
    if not checked.rewritten:
        return {}
    claimed = "; ".join(f"{a}: {s}" for a, s in checked.unbacked)
    rewritten = AIMessage(
        content=checked.text,
        id=reply.id,
        response_metadata={**reply.response_metadata, "claims_cut": len(checked.unbacked)},
    )
    error = _error(ErrorCode.LLM_ERROR, f"unbacked claim cut ({claimed})", turn, "claim_check")
    return {"messages": [rewritten], "errors": [error]}


def _answered(state: SessionState, turn: Turn, update: dict[str, Any]) -> Command[str]:
    """The end of a turn its answer node checks itself: ``update`` (whose last message is
    the answer) with the claim check applied, and no further node. The same update the
    ``claim_check`` node would make one step later (the rewritten answer keeps the id, so
    it replaces the original), without the step: LangGraph's cost is per step, and a
    plain turn was prepare, model and claim_check."""
    made: list[AnyMessage] = update["messages"]
    cut = claims_update([*state["messages"], *made], turn)
    if cut:
        update = {
            **update,
            "messages": [*made[:-1], *cut["messages"]],
            "errors": [*update.get("errors", ()), *cut["errors"]],
        }
    return Command(update=update, goto=END)


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
                errors.append(_error(ErrorCode.LLM_ERROR, f"summary: {e}", turn, "compress"))
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
        rounds = sum(1 for m in _this_turn(state["messages"]) if isinstance(m, AIMessage))
        kind = message_kind(request.text)
        tools = TOOLS if kind != "chat" and turn.tools is not None else []
        choice: ToolChoice = "required" if tools and kind == "state" and rounds == 0 else "auto"
        system = system_texts(request, state.get("history_summary"), agent_notes(state))
        try:
            if rounds > MAX_TOOL_ROUNDS:
                raise ModelFailed("the model kept calling tools")
            reply = await model.complete(system, state["messages"], tools, choice)
        except ModelFailed as e:
            text = offline_answer(
                request.text,
                request.facts,
                request.open_items,
                request.now,
                request.reader,
                request.shown_item,
                request.asked_others,
            )
            via = f"offline ({e})"
            message = AIMessage(
                content=text, id=f"{turn.turn_id}-ai", response_metadata={"via": via}
            )
            error = _error(ErrorCode.LLM_ERROR, str(e), turn, "model")
            return _answered(state, turn, {"messages": [message], "errors": [error]})
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
        return _answered(state, turn, {"messages": [message]})

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
        text = offline_answer(
            request.text,
            request.facts,
            request.open_items,
            request.now,
            request.reader,
            request.shown_item,
            request.asked_others,
        )
        message = AIMessage(
            content=text, id=f"{runtime.context.turn_id}-ai", response_metadata={"via": "offline"}
        )
        return _answered(state, runtime.context, {"messages": [message]})

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


def build_turn_graph(
    model: ChatModel | None, routes: Sequence[TurnRoute] = ()
) -> StateGraph[SessionState, Turn, SessionState, SessionState]:
    """The turn graph, not compiled: compile it with a checkpointer."""
    return graph_of(turn_nodes(model, routes), routes)


def graph_of(
    nodes: TurnNodes, routes: Sequence[TurnRoute] = ()
) -> StateGraph[SessionState, Turn, SessionState, SessionState]:
    """The turn graph of ``nodes``, not compiled."""
    answer = nodes.answer
    graph: StateGraph[SessionState, Turn, SessionState, SessionState] = StateGraph(
        SessionState, context_schema=Turn
    )
    targets = [answer, *(r.name for r in routes)]
    answers = ("tools", END) if nodes.model is not None else (END,)
    graph.add_node("prepare", nodes.prepare, destinations=("compress", *targets, *answers))
    graph.add_node("compress", nodes.compress)
    graph.add_node("claim_check", nodes.claim_check)
    if nodes.model is not None and nodes.tools is not None:
        graph.add_node("model", nodes.model, destinations=("tools", END))
        graph.add_node("tools", nodes.tools)
        graph.add_edge("tools", "model")
    elif nodes.offline is not None:
        graph.add_node("offline", nodes.offline, destinations=(END,))
    for route in routes:
        graph.add_node(route.name, route.node)
        graph.add_edge(route.name, "claim_check")
    graph.add_edge(START, "prepare")
    graph.add_conditional_edges("compress", nodes.after_compress, targets)
    graph.add_edge("claim_check", END)
    return graph


def _through(state: SessionState) -> int:
    return int(state.get("scratchpad", {}).get(SUMMARISED_THROUGH, 0))
