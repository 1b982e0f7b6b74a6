"""Canon's state tools run for one turn: results for the model, transitions for the agent state.

The turn graph's ``tools`` node and a workflow's turn (``workflow_turn``, for the state tools
a workflow state allows) both run calls here. Each call runs on the turn's ``StateTools``
(the speaker's entities and the shared ones only); its result goes back to the model as a
``ToolMessage``, is a transition of the session's agent state (``tool_transitions``: the
planner's expectation checked, what was seen understood) and gives its citations. A failed
call is a TOOL_ERROR, a transition the agent state's schema refuses a STATE_ERROR; neither
stops the turn.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from langchain_core.messages import ToolCall, ToolMessage

from core.agent.agent_state import AgentState
from core.agent.session import AgentError, ErrorCode, SourceCitation
from core.conversation.responder import StateTools
from core.conversation.tool_calls import run_tool, succeeded
from core.conversation.tool_transitions import after_tool
from core.errors import AgentStateError, PayloadInvalid


@dataclass(frozen=True, slots=True)
class StateCalls:
    """What a batch of calls gave: the channel updates of the node that ran them."""

    messages: tuple[ToolMessage, ...]
    errors: tuple[AgentError, ...]
    agent_state: AgentState
    sources: tuple[SourceCitation, ...]
    """Citations not in the session's sources yet."""


async def run_state_calls(
    tools: StateTools,
    calls: Sequence[ToolCall],
    *,
    agent_state: AgentState,
    sources: Sequence[SourceCitation],
    turn_id: str,
    now: datetime,
    node: str,
) -> StateCalls:
    """Run ``calls`` in order; ``node`` names who ran them in the errors."""
    speaker = tools.entities[0] if tools.entities else "unknown"
    messages: list[ToolMessage] = []
    errors: list[AgentError] = []
    known = {(c.source_id, c.label) for c in sources}
    cited: list[SourceCitation] = []

    def error(code: ErrorCode, message: str) -> AgentError:
        return AgentError(code, message[:300], now, recoverable=True, node=node)

    for call in calls:
        result = await run_tool(tools, call["name"], call["args"])
        ok = succeeded(result)
        if not ok:
            errors.append(error(ErrorCode.TOOL_ERROR, f"{call['name']}: {result.get('error', '')}"))
        # Every tool result is a transition of the agent state (expect, verify, see).
        key = f"{turn_id}/{call['id'] or len(messages)}"
        try:
            after = after_tool(
                agent_state,
                call["name"],
                call["args"],
                result,
                call_key=key,
                speaker=speaker,
                now=now,
            )
        except (AgentStateError, PayloadInvalid) as e:
            errors.append(error(ErrorCode.STATE_ERROR, str(e)))
        else:
            agent_state = after.state
            for c in after.citations:
                if (c.source_id, c.label) not in known:
                    known.add((c.source_id, c.label))
                    cited.append(c)
        messages.append(
            ToolMessage(
                content=json.dumps(result, default=str),
                tool_call_id=call["id"] or "",
                name=call["name"],
                id=f"{turn_id}-tool-{call['id']}",
                status="success" if ok else "error",
            )
        )
    return StateCalls(tuple(messages), tuple(errors), agent_state, tuple(cited))
