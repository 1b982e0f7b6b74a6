"""The trip workflow's tool and when a trip starts one (``definitions/trip.yaml``).

The trip's transitions are conditions on ``travel.status`` as Canon has COMMITTED it, so a
trip mentioned and only asked about stays where it is; the Yes (or evidence strong enough
to commit) moves it. A trip workflow starts when a plan commits: the committed
``travel.status`` is ``planning`` and no trip workflow was started since that commit.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from core.agent.session import JsonObject
from core.domain import phrasing
from core.store.protocol import Store
from core.workflows.graph import ToolOutcome, WorkflowContext, WorkflowTool

TRIP_FIELDS = (
    "travel.status",
    "travel.destination",
    "travel.location",
    "travel.depart_date",
    "travel.return_date",
)

TRIP_TOOL_SPECS: dict[str, JsonObject] = {
    "trip_summary": {
        "description": "What Canon believes about the trip now (status, destination, dates).",
        "parameters": {"type": "object", "properties": {}, "additionalProperties": False},
    }
}
"""The tool's OpenAI function spec (description and JSON-schema parameters)."""


def trip_tools(store: Store) -> dict[str, WorkflowTool]:
    """The tools ``trip.yaml`` names, reading one store."""

    async def trip_summary(args: JsonObject, ctx: WorkflowContext) -> ToolOutcome:
        known: JsonObject = {}
        for field in TRIP_FIELDS:
            fact = await store.fact(ctx.entity_id, field)
            if fact is not None:
                known[field] = fact.value
        if not known:
            return ToolOutcome(True, "I know nothing about this trip yet.")
        parts = [
            f"{phrasing.label(f, ctx.entity_id, ctx.entity_id)}: {v}" for f, v in known.items()
        ]
        return ToolOutcome(True, "; ".join(parts) + ".", {"trip": known})

    return {"trip_summary": trip_summary}


async def plan_committed_since(
    store: Store, entity_id: str, history: Sequence[JsonObject]
) -> datetime | None:
    """When the trip now planned was committed, if no trip workflow started since; else None."""
    fact: Any = await store.fact(entity_id, "travel.status")
    if fact is None or fact.value != "planning":
        return None
    starts = [h["at"] for h in history if h.get("trigger") == "start"]
    committed: datetime = fact.committed_at
    if starts and datetime.fromisoformat(starts[-1]) >= committed:
        return None
    return committed
