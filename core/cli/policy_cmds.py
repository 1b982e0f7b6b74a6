"""``canon policy``: the policy in force per domain now, and the log of how it changed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click
from rich.table import Table

from core.cli.common import Context, emit_json, open_engine, out, run
from core.domain.fields import DOMAINS
from core.domain.rollout import DomainStatus, PolicyEvent
from core.domain.timeutil import format_ts
from core.errors import ConfigError

pass_ctx = click.make_pass_decorator(Context)
json_option = click.option("--json", "as_json", is_flag=True, help="Machine-stable JSON output.")


def rollout_table(statuses: Sequence[DomainStatus]) -> Table:
    """One row per domain: stage, thresholds in force, what is still asked, learning."""
    table = Table(title="rollout")
    for column in ("domain", "stage", "ask", "auto", "alone from", "calibration", "must ask"):
        table.add_column(column)
    for s in statuses:
        alone = s.acts_alone_from
        table.add_row(
            s.domain,
            f"{s.stage} {s.stage_name}",
            f"{s.ask_threshold:.2f}",
            f"{s.auto_threshold:.2f}",
            "never (asks)" if alone is None else f"{alone:.2f}",
            f"{s.calibration_remaining} left" if s.calibration_remaining else "done",
            str(s.confirmations_remaining or "-"),
        )
    learning = statuses[0].learning if statuses else False
    table.caption = f"adaptive learning {'on' if learning else 'off'}"
    return table


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
    }


@click.group()
def policy() -> None:
    """The policy in force (thresholds, stages, reliabilities) and how it changed.

    Example: canon policy show
    """


@policy.command("show")
@json_option
@pass_ctx
@run
async def policy_show(ctx: Context, as_json: bool) -> None:
    """The effective policy per domain now: the configured policy with the rollout applied.

    JSON keys: learning; domains[] {domain, stage, stage_name, ask_threshold,
    auto_threshold, margin_threshold, acts_alone_from (null: everything is asked),
    calibration_remaining, confirmations_remaining, learning, limits[]};
    source_reliability {source type: value in force}; origin[] (the policy files).

    Example: canon policy show --json
    """
    async with open_engine(ctx) as engine:
        statuses = await engine.rollout.statuses()
        in_force = await engine.rollout.in_force(s.domain for s in statuses)
    effective = in_force.policy
    domains = [
        {
            **s.as_json(),
            "margin_threshold": effective.domain(s.domain).margin_threshold,
            "limits": list(s.limits.notes),
        }
        for s in statuses
    ]
    reliability = dict(effective.source_reliability)
    data = {
        "learning": in_force.state.learning_enabled,
        "domains": domains,
        "source_reliability": reliability,
        "origin": list(effective.origin),
    }
    if as_json:
        emit_json(data)
        return
    console = out()
    console.print(rollout_table(statuses))
    for s in statuses:
        for note in s.limits.notes:
            console.print(f"{s.domain}: {note}")
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
    are listed with --domain too. JSON: a list of {seq, at, kind, domain, key, old,
    new, reason, actor}.

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
        change = f"{e.kind} {e.key}".strip() if e.key and e.key != e.kind else e.kind
        console.print(
            f"{format_ts(e.at)} {where}: {change} {e.old} -> {e.new} ({e.actor}: {e.reason})",
            markup=False,
        )


COMMANDS = (policy,)
