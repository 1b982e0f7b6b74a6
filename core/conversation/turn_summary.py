"""The end-of-turn summariser, run after the reply is out: the model's deltas, schema-checked.

``AssistantGraph`` starts ``summary_update`` as a background task once a turn's reply is
returned, so the user never waits for it; the next turn of the same thread waits for it
first, so two updates of one session never interleave. What it returns is written to the
session's checkpoint: the reconciled agent state, or an error (the model failed, or its
answer was not a valid delta) with the state as it was.

Which turns are summarised is ``CANON_LLM_SUMMARISE``: ``tool_turns`` (the default: turns
where a tool ran, which is when expectations and assumptions move), ``every_turn`` or ``off``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, ToolMessage

from core.agent.session import AgentError, ErrorCode, SessionState
from core.agent.summariser import SUMMARISER_PROMPT, read_summary, summariser_input
from core.conversation.chat_model import ChatModel, ModelFailed
from core.errors import AgentStateError, PayloadInvalid
from core.extraction.llm_config import SummariseMode


def wants_summary(mode: SummariseMode, turn: Sequence[AnyMessage]) -> bool:
    """Whether a turn (its messages, the user's first) is summarised under ``mode``."""
    answered_by_model = any(
        isinstance(m, AIMessage) and m.response_metadata.get("via") == "llm" for m in turn
    )
    if mode == "off" or not answered_by_model:
        return False
    return mode == "every_turn" or any(isinstance(m, ToolMessage) for m in turn)


def turn_messages(messages: Sequence[AnyMessage]) -> list[AnyMessage]:
    """The turn's messages: the newest user message and everything after it."""
    for i in range(len(messages) - 1, -1, -1):
        if isinstance(messages[i], HumanMessage):
            return list(messages[i:])
    return list(messages)


async def summary_update(model: ChatModel, state: SessionState, now: datetime) -> dict[str, Any]:
    """The checkpoint update the summariser makes of the turn that ended in ``state``."""
    turn = turn_messages(state["messages"])
    said: list[dict[str, Any]] = []
    results: list[dict[str, Any]] = []
    for m in turn:
        text = m.content if isinstance(m.content, str) else str(m.content)
        if isinstance(m, ToolMessage):
            results.append({"tool": m.name, "status": m.status, "result": text[:4000]})
        elif isinstance(m, HumanMessage):
            said.append({"role": "user", "content": text[:4000]})
        elif isinstance(m, AIMessage):
            calls = [{"tool": c["name"], "args": c["args"]} for c in m.tool_calls]
            said.append({"role": "assistant", "content": text[:4000], "tool_calls": calls})
    document = summariser_input(state["agent_state"], said, results)
    try:
        answer = await model.complete([SUMMARISER_PROMPT], [HumanMessage(content=document)])
    except ModelFailed as e:
        return {"errors": [_error(ErrorCode.LLM_ERROR, f"summariser: {e}", now, True)]}
    text = answer.content if isinstance(answer.content, str) else str(answer.content)
    try:
        return {"agent_state": read_summary(text, state["agent_state"], now)}
    except (AgentStateError, PayloadInvalid) as e:
        return {"errors": [_error(ErrorCode.STATE_ERROR, f"summary refused: {e}", now, False)]}


def _error(code: ErrorCode, message: str, now: datetime, recoverable: bool) -> AgentError:
    return AgentError(code, message[:300], now, recoverable, node="summariser")
