"""The only way an agent state changes: a delta document, applied whole or not at all.

A delta (``schemas/agent_state_delta.schema.json``) lists, per collection, operations in
order: ``add`` a new element, ``update`` fields of one by id (``patch``), ``remove`` one
by id. ``apply_delta`` checks the delta against its schema first, then applies it to a
copy: an invalid delta, an add of an id already there, an update or remove of an id that
is not, all raise and leave the state as it was. It stamps times from the ``now`` it is
handed (an item's created_at/updated_at) and never reads the clock; nothing in the state
changes with time alone.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from datetime import datetime
from typing import Any, Final, cast

from core.agent.agent_state import COLLECTIONS, AgentState, collection, read_agent_state
from core.domain.timeutil import format_ts
from core.domain.validation import validate
from core.errors import AgentStateError

SCHEMA: Final = "agent_state_delta"

AgentStateDelta = Mapping[str, Any]
"""A delta document as JSON gives it; ``apply_delta`` validates it before use."""


def apply_delta(state: AgentState, delta: AgentStateDelta, now: datetime) -> AgentState:
    """``state`` with ``delta`` applied, as a new state; ``state`` itself is never changed.

    Raises PayloadInvalid (the delta breaks its schema) or AgentStateError (it names an
    id that is, or is not, there); either way nothing is applied.
    """
    validate(SCHEMA, delta)
    stamp = format_ts(now)
    result = cast(dict[str, Any], copy.deepcopy(state))
    delta = copy.deepcopy(delta)  # the new state shares no list with its inputs
    for name in COLLECTIONS:
        elements = collection(result, name)
        for index, operation in enumerate(delta.get(name, ())):
            _apply(elements, operation, name, f"{name}[{index}]", stamp)
    if "last_summarized_at" in delta:
        result["last_summarized_at"] = delta["last_summarized_at"]
    return read_agent_state(result)


def _apply(
    elements: list[dict[str, Any]],
    operation: Mapping[str, Any],
    name: str,
    where: str,
    stamp: str,
) -> None:
    # Items carry their own times; other elements are timeless (expectations are
    # stamped by whoever checks them, in the patch).
    match operation["op"]:
        case "add":
            value = dict(operation["value"])
            if _position(elements, value["id"]) is not None:
                raise AgentStateError(
                    f"agent state delta: {where} adds {value['id']!r}, which {name} holds already"
                )
            if name == "expectations":
                value.setdefault("status", "pending")
            if name == "items":
                value["created_at"] = value["updated_at"] = stamp
            elements.append(value)
        case "update":
            position = _existing(elements, operation["id"], where, name)
            patched = {**elements[position], **operation["patch"]}
            if name == "items":
                patched["updated_at"] = stamp
            elements[position] = patched
        case "remove":
            del elements[_existing(elements, operation["id"], where, name)]


def _position(elements: list[dict[str, Any]], element_id: str) -> int | None:
    return next((i for i, e in enumerate(elements) if e["id"] == element_id), None)


def _existing(elements: list[dict[str, Any]], element_id: str, where: str, name: str) -> int:
    position = _position(elements, element_id)
    if position is None:
        raise AgentStateError(f"agent state delta: {where} names {element_id!r}, not in {name}")
    return position
