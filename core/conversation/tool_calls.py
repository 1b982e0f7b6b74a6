"""How a call of a state tool is run (the specs are ``core.conversation.tool_specs``).

Every tool runs on ``StateTools``, which holds only the speaker's entities and the
shared ones: a call naming anyone else's entity is refused with an error the model can
read, never answered. A bad call (broken JSON, arguments its own schema forbids: a wrong
type, a missing or unknown argument) is answered the same way, before anything runs.
"""

from __future__ import annotations

import json
from typing import Any

from core.conversation.responder import StateTools
from core.conversation.tool_specs import TOOL_NAMES, TOOLS
from core.errors import CanonError
from core.jsonschema_args import argument_errors

__all__ = ["TOOLS", "TOOL_NAMES", "parse_arguments", "run_tool", "succeeded"]

_SCHEMAS = {t["function"]["name"]: t["function"]["parameters"] for t in TOOLS}


def succeeded(result: Any) -> bool:
    """Whether a tool's result reports success (a refusal or an error is ``ok: false``)."""
    return not (isinstance(result, dict) and result.get("ok") is False)


async def run_tool(tools: StateTools, name: str, args: dict[str, Any]) -> Any:
    """Run one tool call; a bad call is answered with an error the model can read."""
    if "__error__" in args:
        return {"ok": False, "error": str(args["__error__"])[:200]}
    if name not in _SCHEMAS:
        return {"ok": False, "error": f"no tool {name!r}"}
    if problem := argument_errors(name, _SCHEMAS[name], args):
        return {"ok": False, "error": problem[:200]}
    try:
        entity = args.get("entity_id")
        if entity is not None and not isinstance(entity, str):
            raise ValueError("entity_id must be text")
        if name == "get_state":
            domain = args.get("domain")
            return await tools.get_state(None if domain is None else str(domain), entity)
        if name == "get_pending":
            return await tools.get_pending()
        if name == "propose_observation":
            value = args.get("value")
            if not isinstance(value, str | int | float | bool):
                raise ValueError("value must be text, a number or true/false")
            return await tools.propose_observation(
                str(args["field"]), value, entity, reason=str(args.get("reason", ""))
            )
        return {"ok": False, "error": f"no tool {name!r}"}
    except (ValueError, KeyError, TypeError, CanonError) as e:
        return {"ok": False, "error": str(e)[:200]}


def parse_arguments(arguments: str | None) -> dict[str, Any]:
    """A tool call's arguments as an object; a broken one becomes an error for the model."""
    try:
        args = json.loads(arguments or "{}")
    except ValueError as e:
        return {"__error__": f"arguments are not JSON: {e}"}
    return args if isinstance(args, dict) else {"__error__": "arguments must be an object"}
