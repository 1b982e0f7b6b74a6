"""``canon rollout``: each domain's stage, the gates to the next, promotion and rollback."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import click

from core.cli.common import (
    Context,
    emit_json,
    now_option,
    open_engine,
    out,
    pass_ctx,
    resolve_now,
    run,
)
from core.cli.scope import entity_option
from core.domain.rollout import PolicyEvent, RolloutState, domain_thresholds
from core.domain.timeutil import format_ts
from core.engine.engine import Engine
from core.engine.learning import learn_day, stage1_failures
from core.engine.rollback import check_rollout
from core.engine.rollout_gates import Promotion, read_rollout, rollout_report, stage_label
from core.engine.rollout_gates import promote as promote_domain
from core.errors import ConfigError


@click.group()
def rollout() -> None:
    """Autonomy earned per domain: stages M, 0 (shadow), 1 (assisted), 2 (calibrated),
    3 (autonomous), promoted only when the design's gates pass.

    Example: canon rollout status; canon rollout promote travel
    """


@rollout.command()
@entity_option
@click.option("--json", "as_json", is_flag=True, help="One JSON object (stable keys).")
@now_option
@pass_ctx
@run
async def status(ctx: Context, entity: str | None, as_json: bool, now_text: str | None) -> None:
    """Each domain's stage and since when, thresholds in force, calibration left, and
    each gate of its next promotion with its measured value, threshold and pass/fail:
    for --entity (its own rollout, inputs and incidents), or else the store-wide default
    (the whole store), naming the entities that have a rollout of their own.

    JSON keys: now; entity (null: the default); learning_enabled; entities_with_own_rollout;
    domains[] {domain, stage, stage_since, ask_threshold, auto_threshold, confirm_next,
    calibration_remaining, next_stage, ready, gates[] {name, op, threshold, value, passed,
    reason}}.

    Example: canon rollout status --entity user:primary --json
    """
    now = resolve_now(now_text)
    async with open_engine(ctx) as engine:
        state, promotions = await rollout_report(engine, now, entity)
        left = {s.domain: s.calibration_remaining for s in await engine.rollout.statuses(entity)}
        own = await engine.rollout.entities_with_events()
    if as_json:
        data = _status_json(engine, state, promotions, now)
        for d in data["domains"]:
            d["calibration_remaining"] = left[d["domain"]]
        emit_json({**data, "entity": entity, "entities_with_own_rollout": own})
        return
    console = out()
    whose = "store-wide default" if entity is None else entity
    console.print(
        f"{format_ts(now)}; {whose}; learning {'on' if state.learning_enabled else 'off'}"
    )
    if entity is None and own:
        console.print(f"entities with a rollout of their own (--entity): {', '.join(own)}")
    for p in promotions:
        ask, auto = domain_thresholds(engine.policy, state, p.domain)
        since = f"since {format_ts(p.since)}" if p.since else "initial stage"
        nxt = f"gates to Stage {p.to}" if p.to else "ongoing check"
        calibrating = f"calibrating: {left[p.domain]} left; " if left[p.domain] else ""
        console.print(
            f"\n{p.domain}: Stage {stage_label(p.stage)}, {since}; "
            f"ask {ask:.2f}, auto {auto:.2f}; {calibrating}{nxt}:"
        )
        for g in p.gates:
            console.print(f"  {g.line()}")


def _status_json(
    engine: Engine, state: RolloutState, promotions: list[Promotion], now: datetime
) -> dict[str, Any]:
    domains = []
    for p in promotions:
        ask, auto = domain_thresholds(engine.policy, state, p.domain)
        domains.append(
            {
                "domain": p.domain,
                "stage": p.stage,
                "stage_since": format_ts(p.since) if p.since else None,
                "ask_threshold": ask,
                "auto_threshold": auto,
                "confirm_next": state.domain(p.domain).confirm_next,
                "next_stage": p.to,
                "ready": p.passed,
                "gates": [
                    {
                        "name": g.name,
                        "op": g.op,
                        "threshold": g.threshold,
                        "value": g.value,
                        "passed": g.passed,
                        "reason": g.reason,
                    }
                    for g in p.gates
                ],
            }
        )
    return {
        "now": format_ts(now),
        "learning_enabled": state.learning_enabled,
        "domains": domains,
    }


@rollout.command()
@click.argument("domain")
@entity_option
@now_option
@pass_ctx
@run
async def promote(ctx: Context, domain: str, entity: str | None, now_text: str | None) -> None:
    """Move DOMAIN to its next stage, if every gate passes; otherwise exit 1 and
    print one line per failing gate. There is no --force: a gate is the design's
    hard promotion criterion. Without --entity the store-wide default moves (gates over
    the whole store); with it, only that entity's rollout (gates over its own data).

    Example: canon rollout promote travel --entity user:primary
    """
    now = resolve_now(now_text)
    async with open_engine(ctx) as engine:
        p, moved = await promote_domain(engine, domain, now, entity)
    if not moved or p.to is None:
        for g in p.failing():
            click.echo(f"canon: {domain} stays at Stage {p.stage}: gate {g.line()}", err=True)
        raise SystemExit(1)
    click.echo(f"{domain}: Stage {stage_label(p.stage)} -> Stage {stage_label(p.to)}")


@rollout.command()
@now_option
@pass_ctx
@run
async def check(ctx: Context, now_text: str | None) -> None:
    """Apply the rollback rules to the last 7 days (the bot does this periodically);
    print what changed. Running it again changes nothing.

    Example: canon rollout check
    """
    now = resolve_now(now_text)
    async with open_engine(ctx) as engine:
        fired = await check_rollout(engine, now)
    for rule in fired:
        click.echo(rule.message)
    if not fired:
        click.echo("No rollback rule applies.")


@rollout.command()
@click.argument("domain")
@click.argument("kind", type=click.Choice(["data_loss", "p0"]))
@click.argument("what")
@now_option
@pass_ctx
@run
async def incident(ctx: Context, domain: str, kind: str, what: str, now_text: str | None) -> None:
    """Record an incident the owner found: data_loss (a committed value lost or
    changed without a commit saying so) or p0 (a value Canon committed alone was
    wrong). Incidents block promotions; a P0 in travel/financial rolls back.

    Example: canon rollout incident travel data_loss "the trip's dates vanished"
    """
    now = resolve_now(now_text)
    async with open_engine(ctx) as engine:
        state, _events = await read_rollout(engine)
        if domain not in state.domains:
            raise ConfigError(f"unknown domain {domain!r} (known: {', '.join(state.domains)})")
        event = PolicyEvent(
            f"incident:{kind}:{domain}:{format_ts(now)}",
            now, "incident", domain, kind, None, {"what": what, "by": "owner"}, what, "owner",
        )  # fmt: skip
        await engine.record_policy_events([event])
        fired = await check_rollout(engine, now)
    click.echo(f"Recorded a {kind} incident in {domain}.")
    for rule in fired:
        click.echo(rule.message)


@rollout.command()
@now_option
@pass_ctx
@run
async def learn(ctx: Context, now_text: str | None) -> None:
    """Learn thresholds and reliabilities from the last complete UTC day (the bot's
    daily job does this); only while learning is on. Running it again changes nothing.

    Example: canon rollout learn
    """
    now = resolve_now(now_text)
    async with open_engine(ctx) as engine:
        state, _ = await read_rollout(engine)
        if not state.learning_enabled:
            click.echo("Learning is off; nothing learned (canon rollout learning on).")
            return
        events = await learn_day(engine, now.date() - timedelta(days=1), now)
    for e in events:
        click.echo(f"{e.domain or e.key}: {e.reason}")
    if not events:
        click.echo("Nothing to learn from that day.")


@rollout.command()
@click.argument("switch", type=click.Choice(["on", "off"]))
@now_option
@pass_ctx
@run
async def learning(ctx: Context, switch: str, now_text: str | None) -> None:
    """Turn adaptive learning on (only when Stage 1's criteria passed on each of the
    last 7 days; exit 1 naming each day that failed) or off.

    Example: canon rollout learning on
    """
    now = resolve_now(now_text)
    async with open_engine(ctx) as engine:
        state, _ = await read_rollout(engine)
        wanted = switch == "on"
        if state.learning_enabled == wanted:
            click.echo(f"Learning is already {switch}.")
            return
        if wanted:
            failed = await stage1_failures(engine, now.date())
            if failed:
                for line in failed:
                    click.echo(f"canon: learning stays off: {line}", err=True)
                raise SystemExit(1)
        event = PolicyEvent(
            f"learning-switch:{switch}:{state.last_seq}",
            now, "learning", None, "learning", state.learning_enabled, wanted,
            f"turned {switch} by the owner", "owner",
        )  # fmt: skip
        await engine.record_policy_events([event])
    click.echo(f"Learning is {switch}.")


COMMANDS = (rollout,)
