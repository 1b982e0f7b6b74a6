"""Each configured source's health as ``canon sources`` and ``canon status`` show it.

Its own module so that ``canon status`` reads the sources' health without loading what
polls them (the calendar, mail and HTTP clients ``core.cli.sources_cmds`` needs)."""

from __future__ import annotations

from typing import Any

from rich.table import Table

from core.cli.common import Context
from core.engine.engine import Engine
from core.sources.health import source_view


async def source_views(engine: Engine, ctx: Context, now: Any) -> list[dict[str, Any]]:
    """Each configured source's health and freshness (``canon sources``, ``canon status``)."""
    states = {s.name: s for s in await engine.store.source_states.source_states()}
    return [source_view(cfg, states.get(cfg.name), now) for cfg in ctx.settings.sources]


def sources_table(views: list[dict[str, Any]]) -> Table:
    """``source_views`` as the table both commands print."""
    table = Table("source", "kind", "status", "last sync", "weight", "reads", box=None)
    for v in views:
        status = v["status"] if not v["last_error"] else f"{v['status']}: {v['last_error'][:60]}"
        table.add_row(
            v["name"], v["kind"], status, v["freshness"], f"{v['weight']:.2f}", v["where"]
        )
    return table
