"""``canon status``: Canon at a glance, on one screen or in one JSON document.

Facts, questions, dead letters (and the DLQ SLO), alerts, hand edits reverted in
Canon's zones, sources and their health, and each domain's rollout. It reads every
part of the store and says nothing about polling, so it is a command of its own; the
sources' part is the same view and table ``canon sources`` prints
(``core.cli.source_views``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import click
from rich.text import Text

from core.cli.common import (
    Context,
    emit_json,
    json_option,
    now_option,
    open_engine,
    out,
    pass_ctx,
    resolve_now,
    run,
)
from core.cli.policy_cmds import DEFAULT_TITLE, entities_table, rollout_entities, rollout_table
from core.cli.scope import entity_option, items_of, letters_of
from core.cli.source_views import source_views, sources_table
from core.domain.rollout import DomainStatus
from core.domain.timeutil import format_ts
from core.engine.deadletters import dlq_slo
from core.store.factory import redacted
from core.workspace.projection import workspace_store


@click.command()
@entity_option
@json_option
@now_option
@pass_ctx
@run
async def status(ctx: Context, entity: str | None, as_json: bool, now_text: str | None) -> None:
    """Canon at a glance: facts, questions, dead letters, sources and their health, and
    per domain its rollout (stage, thresholds in force, calibration_remaining,
    confirmations_remaining, learning; JSON key "rollout").

    --entity counts only that entity's facts, questions and dead letters, and shows its
    rollout (its own calibration). Without it, "rollout" is the store-wide default (what
    an entity with no changes yet meets) and "rollout_entities" each entity's own, for
    every entity with facts or a rollout of its own.

    Example: canon status
    """
    now = resolve_now(now_text)
    async with open_engine(ctx) as engine:
        store = engine.store
        facts = await store.facts(entity)
        pending = items_of(await store.review_items(["pending"]), entity)
        queued = items_of(await store.review_items(["queued"]), entity)
        letters = letters_of(await store.dead_letters(), entity)
        alerts = (await store.alerts())[-5:]
        undelivered = await store.open_alerts()
        views = await source_views(engine, ctx, now)
        drift = await workspace_store(engine).events(("drift",))
        rollout = await engine.rollout.statuses(entity)
        by_entity: dict[str, list[DomainStatus]] = {}
        if entity is None:
            known = {f.entity_id for f in facts}
            for name in await rollout_entities(engine, None, known):
                by_entity[name] = await engine.rollout.statuses(name)
    failing = [v["name"] for v in views if v["failures"]]
    slo = dlq_slo(letters, now)
    data: dict[str, Any] = {
        "db": redacted(ctx.settings.store_url),
        "facts": len(facts),
        "pending": len(pending),
        "queued": len(queued),
        "dead_letters": dict(Counter(d.status for d in letters)),
        "sources": views,
        "failing_sources": failing,
        "recent_alerts": [
            {"at": format_ts(at), "kind": kind, "message": message}
            for at, kind, _, message in alerts
        ],
        # Hand edits inside Canon's STATE zones: reverted, recorded, never applied.
        "drift_reverted": [
            {"at": format_ts(e.at), "file": e.file, "zone_id": e.zone_id} for e in drift[-5:]
        ],
        "drift_total": len(drift),
        # Alerts not delivered to the owner yet (the bot sends them), and the design's DLQ SLO.
        "open_alerts": [
            {"at": format_ts(a.created_at), "kind": a.kind, "message": a.message}
            for a in undelivered
        ],
        "dlq_slo": {**slo.__dict__, "holds": slo.holds},
        "rollout": [s.as_json() for s in rollout],
    }
    if entity is None:
        data["rollout_entities"] = {
            name: [s.as_json() for s in shown] for name, shown in by_entity.items()
        }
    if as_json:
        emit_json(data)
        return
    console = out()
    console.print(
        f"{data['facts']} facts · {data['pending']} pending, {data['queued']} queued · "
        f"{len(letters)} dead letters · store {data['db']}"
    )
    for alert in data["open_alerts"]:
        console.print(Text.assemble(("alert", "red"), f" {alert['at']}: {alert['message']}"))
    if slo.holds:
        console.print(
            f"DLQ SLO holds: {slo.unresolved} unresolved dead letter(s), none older than 24 h"
        )
    else:
        console.print(
            Text.assemble(
                ("DLQ SLO broken", "red"),
                f": {slo.older_than_24h} dead letter(s) unresolved for "
                "more than 24 h (see `canon pending`, `canon dlq`)",
            )
        )
    if views:
        console.print(sources_table(views))
    console.print(rollout_table(rollout, DEFAULT_TITLE if entity is None else entity))
    if by_entity:
        console.print(entities_table(by_entity))
    for name in failing:
        console.print(
            Text.assemble(
                (f"source {name} is failing", "red"),
                ": its evidence counts less until it recovers",
            )
        )
    if drift:
        last = drift[-1]
        console.print(
            f"{len(drift)} hand edit(s) inside Canon's zones were reverted (last: "
            f"{last.file} zone {last.zone_id}, {format_ts(last.at)}); edit beliefs in a "
            "STATE-INPUT zone instead"
        )


COMMANDS = (status,)
