"""Canon's state tools as a model sees them: OpenAI function specs, and nothing else.

Kept apart from how a call is run (``core.conversation.tool_calls``) so that whatever
offers the tools (a workflow state, say) need not import what runs them.
"""

from __future__ import annotations

from typing import Any

_ENTITY = {
    "type": "string",
    "description": "An entity id; omit for the speaker. Only the speaker's and shared ones.",
}
TOOLS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": "get_state",
            "description": "Committed facts about the user, optionally for one domain.",
            "parameters": {
                "type": "object",
                "properties": {
                    "domain": {
                        "type": "string",
                        "enum": ["travel", "family", "project", "financial", "profile"],
                    },
                    "entity_id": _ENTITY,
                },
                "additionalProperties": False,
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "get_pending",
            "description": "Changes waiting for the user's confirmation.",
            "parameters": {"type": "object", "properties": {}, "additionalProperties": False},
        },
    },
    {
        "type": "function",
        "function": {
            "name": "propose_observation",
            "description": (
                "Propose a change to a field (e.g. travel.location = 'Tahoe'); "
                "the user is asked to confirm it, nothing changes before that."
            ),
            "parameters": {
                "type": "object",
                "properties": {
                    "field": {"type": "string"},
                    "value": {"type": ["string", "number", "boolean"]},
                    "reason": {"type": "string"},
                    "entity_id": _ENTITY,
                },
                "required": ["field", "value"],
                "additionalProperties": False,
            },
        },
    },
]
TOOL_NAMES = frozenset(t["function"]["name"] for t in TOOLS)
