"""Canon in any LangGraph agent: a node that puts Canon's context block before the
model, and tools to read state, ask why, list pending questions and propose a change.

    canon = CanonClient()                        # CANON_URL, CANON_TOKEN
    tools = canon_tools(canon, entity="user:alice")
    graph = StateGraph(MessagesState)
    graph.add_node("canon_context", context_node(canon))
    graph.add_node("model", call_model)          # your model, bound to ``tools``
    graph.add_node("tools", ToolNode(tools))
    graph.add_edge(START, "canon_context")
    graph.add_edge("canon_context", "model")
    graph.add_conditional_edges("model", tools_condition)
    graph.add_edge("tools", "model")

The context is one ``SystemMessage`` (id ``canon-context``) placed after the graph's
own leading system messages and replaced on every turn, never stacked. When Canon
cannot be asked the turn goes on without it. A proposal is always untrusted
``agent`` evidence: Canon asks the user, it never commits one on its own.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime
from typing import Any, Final, TypeVar

from langchain_core.messages import AnyMessage, RemoveMessage, SystemMessage
from langchain_core.tools import BaseTool, StructuredTool, ToolException
from langgraph.graph.message import REMOVE_ALL_MESSAGES

from core.client.beliefs import Fact
from core.client.client import CanonClient
from core.client.results import Question
from core.domain.ids import new_id
from core.domain.timeutil import format_ts, utc_now
from core.errors import CanonError

log = logging.getLogger(__name__)
CONTEXT_ID: Final = "canon-context"
T = TypeVar("T")

Node = Callable[[Mapping[str, Any]], Awaitable[dict[str, Any]]]


def context_node(client: CanonClient, *, max_tokens: int | None = None) -> Node:
    """A node that puts Canon's context block into ``messages``, before the model sees them."""

    async def canon_context(state: Mapping[str, Any]) -> dict[str, Any]:
        messages: list[AnyMessage] = [m for m in state["messages"] if m.id != CONTEXT_ID]
        try:
            text = (await client.context(max_tokens=max_tokens)).text.strip()
        except CanonError as e:  # an edge: the turn goes on without Canon
            log.warning("no Canon context this turn: %s", e)
            text = ""
        lead = next(
            (i for i, m in enumerate(messages) if not isinstance(m, SystemMessage)), len(messages)
        )
        block = [SystemMessage(text, id=CONTEXT_ID)] if text else []
        ordered = [*messages[:lead], *block, *messages[lead:]]
        return {"messages": [RemoveMessage(id=REMOVE_ALL_MESSAGES), *ordered]}

    return canon_context


def canon_tools(
    client: CanonClient, *, entity: str, clock: Callable[[], datetime] = utc_now
) -> list[BaseTool]:
    """Canon's tools for an agent acting for ``entity`` (``clock`` dates its proposals)."""

    async def canon_state() -> str:
        """What Canon knows for sure about the user: each field and its committed value."""
        state = await _asked(client.state())
        lines = [_fact_line(e, f, fact) for e, facts in state.items() for f, fact in facts.items()]
        return "\n".join(lines) or "Canon knows nothing yet."

    async def canon_why(field: str) -> str:
        """Why Canon believes a field's value: the evidence and the changes, newest last.

        Args:
            field: the field, e.g. travel.location
        """
        why = await _asked(client.why(field, entity=entity))
        current = "unknown" if why.current is None else json.dumps(why.current.value)
        lines = [f"{why.field} of {why.entity_id} is {current}."]
        lines += [
            f"- {e.event_ts:%Y-%m-%d}: {e.source.type} said {json.dumps(e.value)} ({e.decision})"
            for e in why.evidence
        ]
        return "\n".join(lines)

    async def canon_pending() -> str:
        """The questions Canon is waiting for the user to answer."""
        pending = await _asked(client.questions())
        return "\n".join(_question_line(q) for q in pending) or "No questions are waiting."

    async def canon_propose(field: str, value: str | int | float | bool, evidence: str) -> str:
        """Tell Canon something about the user that you noticed; the user confirms it first.

        Args:
            field: the field, e.g. travel.location or project.garden.status
            value: the value you believe the field has now
            evidence: the user's own words that made you think so
        """
        observation = {
            "event_id": new_id(),
            "event_ts": format_ts(clock()),
            "entity_id": entity,
            "domain": field.split(".", 1)[0],
            "field": field,
            "candidate_value": value,
            "intent": "assertive",
            "source": {"type": "agent", "ref": "langgraph"},
            "evidence_text": evidence[:1000],
            # Asked, however strong: the agent's reading is not the user's word.
            "needs_confirmation": "an assistant proposed this; the user has not said it",
        }
        [outcome] = (await _asked(client.post_observations([observation]))).results
        if outcome.decision == "invalid":
            raise ToolException(f"Canon cannot take that: {'; '.join(outcome.errors)}")
        if outcome.review_item_id is not None:
            return f"Canon will ask the user to confirm {field} = {json.dumps(value)}."
        why = "; ".join(outcome.reasons) or outcome.decision
        return f"Canon did not take {field} = {json.dumps(value)}: {why}."

    tools: list[BaseTool] = [
        StructuredTool.from_function(coroutine=f, parse_docstring=True)
        for f in (canon_state, canon_why, canon_pending, canon_propose)
    ]
    for t in tools:
        t.handle_tool_error = True  # the model reads what went wrong, the graph goes on
    return tools


async def _asked(call: Awaitable[T]) -> T:
    try:
        return await call
    except CanonError as e:
        raise ToolException(str(e)) from e


def _fact_line(entity: str, field: str, fact: Fact) -> str:
    stale = ", stale" if fact.stale else ""
    return f"{entity} {field} = {json.dumps(fact.value)} (since {fact.age}{stale})"


def _question_line(q: Question) -> str:
    return f"[{q.id}] {q.question}"
