"""The claim check of a turn's answer: an action the reply claims that nothing in the turn
did is cut, and the cut recorded as an error (``core.conversation.claims`` reads the claims)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, ToolMessage
from langgraph.graph import END
from langgraph.types import Command

from core.agent.session import ErrorCode, SessionState
from core.conversation.claims import RECORDED_BY_CANON, check_claims
from core.conversation.turn_context import Turn, turn_error
from core.conversation.turn_summary import turn_messages


def this_turn(messages: Sequence[AnyMessage]) -> list[AnyMessage]:
    """The messages after the newest user message: the turn's tool calls and answers."""
    turn = turn_messages(messages)
    return turn[1:] if turn and isinstance(turn[0], HumanMessage) else turn


def claims_update(messages: Sequence[AnyMessage], turn: Turn) -> dict[str, Any]:
    """The claim check of the model's answer (the last of ``messages``): the update that
    cuts an action it claims that nothing in the turn did, and records the cut; {} if
    nothing is cut or the answer is Canon's own (offline)."""
    done_this_turn = this_turn(messages)
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
    error = turn_error(ErrorCode.LLM_ERROR, f"unbacked claim cut ({claimed})", turn, "claim_check")
    return {"messages": [rewritten], "errors": [error]}


def answered(state: SessionState, turn: Turn, update: dict[str, Any]) -> Command[str]:
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
