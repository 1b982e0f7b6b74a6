"""The end-of-turn summariser's contract: what the model is told, and how its answer is read.

After a reply is sent, a model reconciles the session's agent state with what the turn
showed (design "Agent State Spec", section 10). It returns structured deltas only:

    {"agent_state_updates": {<an agent_state_delta document, items excepted>},
     "agent_state_item_updates": [<item operations>]}

``read_summary`` takes the answer (a code fence around it is tolerated), joins the two
parts into one delta, stamps ``last_summarized_at`` and applies it: a delta that breaks
its schema or names ids that are not there raises and nothing changes. The result is kept
within the agent state's bounds (``core.agent.transition.bounded``). Pure: no model
call here (``core.conversation.turn_summary`` makes it), no clock read.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, Final

from core.agent.agent_state import AgentState
from core.agent.delta import apply_delta
from core.agent.transition import bounded
from core.domain.timeutil import format_ts
from core.errors import AgentStateError

SUMMARISER_PROMPT: Final = """\
You are updating the agent_state of a Canon chat (Canon keeps a user's beliefs; you keep
your own working notes about this conversation).
Use ONLY the provided messages, tool results, and current agent_state.
Return structured deltas only. Do not invent facts or expand beyond evidence.

Update:
- current_understanding (entities + dependencies)
- assumptions/hypotheses with confidence (change a confidence only when the turn
  contradicts or supports it; never because time passed)
- expectations/invariants for actions taken (their status: pending, confirmed, failed)
- tentative/alternative hypotheses (if unresolved)
- items (task, doc, note, idea, question) the user raised, and their status

Every operation is {"op": "add", "value": {...}}, {"op": "update", "id": "...",
"patch": {...}} or {"op": "remove", "id": "..."}; ids are unique within a collection and
have no spaces. Shapes:
  entities: {"id", "kind", "name"?}   dependencies: {"id", "from", "to", "rel"?}
  assumptions: {"id", "hypothesis", "confidence" (0..1), "evidence"? [text]}
  expectations: {"id", "action", "expected_outcome", "expected_ids"?, "expected_type"?,
                 "expected_count"?, "invariant"?, "status"?}
  tentative_hypotheses: {"id", "hypothesis", "reason"?}
  items: {"id", "kind", "title", "details"?, "status" (active, resolved, discarded)}

Output JSON only, no prose:
{"agent_state_updates": {"entities": [...], "dependencies": [...], "assumptions": [...],
  "expectations": [...], "tentative_hypotheses": [...]},
 "agent_state_item_updates": [...]}
Leave out what does not change; {"agent_state_updates": {}} when nothing does."""

_FENCE = re.compile(r"^```(?:json)?\s*(.*?)\s*```$", re.DOTALL)
UPDATES: Final = "agent_state_updates"
ITEM_UPDATES: Final = "agent_state_item_updates"


def summariser_input(
    state: AgentState, messages: Sequence[Mapping[str, Any]], tool_results: Sequence[Any]
) -> str:
    """The user message the summariser reads: the state and the turn, as one JSON document."""
    document = {
        "agent_state": state,
        "messages": list(messages),
        "tool_results": list(tool_results),
    }
    return json.dumps(document, ensure_ascii=False, default=str)


def read_summary(text: str, state: AgentState, now: datetime) -> AgentState:
    """``state`` with the summariser's answer applied.

    Raises AgentStateError (not JSON, not the expected shape, an id that is or is not
    there) or PayloadInvalid (the joined delta breaks its schema); nothing is applied then.
    """
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1)
    try:
        answer = json.loads(body)
    except ValueError as e:
        raise AgentStateError(f"the summary is not JSON: {e}") from e
    if not isinstance(answer, dict):
        raise AgentStateError("the summary must be a JSON object")
    unknown = sorted(set(answer) - {UPDATES, ITEM_UPDATES})
    if unknown:
        raise AgentStateError(f"the summary has unknown keys {unknown}")
    updates = answer.get(UPDATES, {})
    items = answer.get(ITEM_UPDATES, [])
    if not isinstance(updates, dict) or not isinstance(items, list):
        raise AgentStateError(f"{UPDATES} must be an object and {ITEM_UPDATES} a list")
    if "items" in updates or "last_summarized_at" in updates:
        raise AgentStateError(f"items go in {ITEM_UPDATES}; last_summarized_at is stamped")
    delta = {**updates, "last_summarized_at": format_ts(now)}
    if items:
        delta["items"] = items
    return bounded(apply_delta(state, delta, now), now)
