"""``canon policy``: the policy in force per domain now, and the log of how it changed."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import click
from rich.table import Table

from core.cli.common import Context, emit_json, json_option, open_engine, out, pass_ctx, run
from core.cli.scope import entity_option
from core.domain.fields import DOMAINS
from core.domain.rollout import DomainStatus, PolicyEvent
from core.domain.timeutil import format_ts
from core.engine.engine import Engine
from core.errors import ConfigError

DEFAULT_TITLE = "rollout: store-wide default (what an entity with no changes yet meets)"
COLUMNS = ("domain", "stage", "ask", "auto", "alone from", "calibration", "must ask")


def rollout_table(statuses: Sequence[DomainStatus], title: str = "rollout") -> Table:
    """One row per domain: stage, thresholds in force, what is still asked, learning."""
    table = Table(title=title)
    for column in COLUMNS:
        table.add_column(column)
    for s in statuses:
        table.add_row(*_cells(s))
    learning = statuses[0].learning if statuses else False
    table.caption = f"adaptive learning {'on' if learning else 'off'}"
    return table


def entities_table(by_entity: Mapping[str, Sequence[DomainStatus]]) -> Table:
    """Each entity's rollout: one row per entity and domain."""
    table = Table(title="rollout per entity")
    for column in ("entity", *COLUMNS):
        table.add_column(column)
    for entity, statuses in by_entity.items():
        for s in statuses:
            table.add_row(entity, *_cells(s))
    return table


def _cells(s: DomainStatus) -> tuple[str, ...]:
    alone = s.acts_alone_from
    return (
        s.domain,
        f"{s.stage} {s.stage_name}",
        f"{s.ask_threshold:.2f}",
        f"{s.auto_threshold:.2f}",
        "never (asks)" if alone is None else f"{alone:.2f}",
        f"{s.calibration_remaining} left" if s.calibration_remaining else "done",
        str(s.confirmations_remaining or "-"),
    )


async def rollout_entities(engine: Engine, entity: str | None, known: Iterable[str]) -> list[str]:
    """The entities whose rollout to show: ``entity`` if given, else every entity in
    ``known`` (those with facts) or with policy events of its own, sorted."""
    if entity is not None:
        return [entity]
    return sorted({*known, *await engine.rollout.entities_with_events()})


def event_json(e: PolicyEvent) -> dict[str, Any]:
    return {
        "seq": e.seq,
        "at": format_ts(e.at),
        "kind": e.kind,
        "domain": e.domain,
        "key": e.key,
        "old": e.old,
        "new": e.new,
        "reason": e.reason,
        "actor": e.actor,
        "entity": e.entity,
    }


@click.group()
def policy() -> None:
    """The policy in force (thresholds, stages, reliabilities) and how it changed.

    Example: canon policy show
    """


@policy.command("show")
@entity_option
@json_option
@pass_ctx
@run
async def policy_show(ctx: Context, entity: str | None, as_json: bool) -> None:
    """The effective policy per domain now: the configured policy with the rollout applied,
    for --entity (its stages, thresholds and its own calibration), or else the store-wide
    default (what an entity with no changes yet meets) and each entity's own rollout.

    JSON keys: entity (null: the default); learning; domains[] {domain, stage, stage_name,
    ask_threshold, auto_threshold, margin_threshold, acts_alone_from (null: everything is
    asked), calibration_remaining, confirmations_remaining, learning, limits[]};
    source_reliability {source type: value in force}; origin[] (the policy files);
    without --entity also entities {entity: domains[] as above, for each entity with
    facts or a rollout of its own}.

    Example: canon policy show --entity user:primary --json
    """
    async with open_engine(ctx) as engine:
        statuses = await engine.rollout.statuses(entity)
        effective = await engine.rollout.policy_for(entity)
        state = await engine.rollout.state(entity)
        others: dict[str, list[DomainStatus]] = {}
        if entity is None:
            known = {f.entity_id for f in await engine.store.facts(None)}
            for name in await rollout_entities(engine, None, known):
                others[name] = await engine.rollout.statuses(name)

    def domains_json(shown: Sequence[DomainStatus]) -> list[dict[str, Any]]:
        return [
            {
                **s.as_json(),
                "margin_threshold": effective.domain(s.domain).margin_threshold,
                "limits": list(s.limits.notes),
            }
            for s in shown
        ]

    reliability = dict(effective.source_reliability)
    data: dict[str, Any] = {
        "entity": entity,
        "learning": state.learning_enabled,
        "domains": domains_json(statuses),
        "source_reliability": reliability,
        "origin": list(effective.origin),
    }
    if entity is None:
        data["entities"] = {name: domains_json(shown) for name, shown in others.items()}
    if as_json:
        emit_json(data)
        return
    console = out()
    console.print(rollout_table(statuses, DEFAULT_TITLE if entity is None else entity))
    for s in statuses:
        for note in s.limits.notes:
            console.print(f"{s.domain}: {note}")
    if others:
        console.print(entities_table(others))
    console.print(
        "source reliability: " + ", ".join(f"{k} {v:.2f}" for k, v in reliability.items())
    )


@policy.command("history")
@click.option("--domain", help="Only this domain's changes (and those to every domain).")
@json_option
@pass_ctx
@run
async def policy_history(ctx: Context, domain: str | None, as_json: bool) -> None:
    """The policy-change log, oldest first: what changed, when, who, and why.

    Changes to every domain at once (the learning switch, a source's reliability)
    are listed with --domain too. An event for one entity names it; the others apply
    to every entity. JSON: a list of {seq, at, kind, domain, key, old, new, reason,
    actor, entity (null: every entity)}.

    Example: canon policy history --domain travel
    """
    if domain is not None and domain not in DOMAINS:
        raise ConfigError(f"unknown domain {domain!r} (known: {', '.join(DOMAINS)})")
    async with open_engine(ctx) as engine:
        events = await engine.store.policy_log.policy_events()
    shown = [e for e in events if domain is None or e.domain in (None, domain)]
    if as_json:
        emit_json([event_json(e) for e in shown])
        return
    console = out()
    if not shown:
        console.print("no policy changes yet: every domain is as configured")
        return
    for e in shown:
        where = e.domain or "all domains"
        if e.entity is not None:
            where = f"{e.entity} {where}"
        change = f"{e.kind} {e.key}".strip() if e.key and e.key != e.kind else e.kind
        console.print(
            f"{format_ts(e.at)} {where}: {change} {e.old} -> {e.new} ({e.actor}: {e.reason})",
        )


COMMANDS = (policy,)
