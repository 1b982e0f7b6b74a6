"""``canon e2e``: the Tahoe story checked end to end in a person's own Telegram chat.

guide prints the steps, prepare starts a run on a fresh ``user:e2e-<name>``
entity, status says where the run is and verify checks from the store that
every step happened in order (exit 0 only if all did).
"""

from __future__ import annotations

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
from core.conversation.e2e_run import PREFIX, prepare_run, read_run
from core.conversation.e2e_steps import STEPS, RunEvidence, StepResult, check_run, next_step
from core.domain.timeutil import format_ts

_EXAMPLE = f"{PREFIX}ann"
entity_required = click.option(
    "--entity",
    "-e",
    required=True,
    metavar="ENTITY",
    help=f"The run's own entity, {PREFIX}<name>, mapped to your Telegram user id.",
)


@click.group()
def e2e() -> None:
    """Check Canon end to end in your own Telegram chat (the Tahoe story).

    Example: canon e2e guide --entity user:e2e-ann
    """


@e2e.command()
@click.option("--entity", "-e", default=_EXAMPLE, show_default=True, metavar="ENTITY")
def guide(entity: str) -> None:
    """Print the steps to follow in Telegram, copy-pasteable.

    Example: canon e2e guide --entity user:e2e-ann
    """
    lines = [
        "Before you start (once, in the shell that runs the bot; your user id is what",
        "@userinfobot tells you):",
        "  export TELEGRAM_BOT_TOKEN=<your bot's token>",
        "  export CANON_ALLOWED_USER_IDS=<your Telegram user id>",
        f"  export CANON_ENTITY_MAP=<your Telegram user id>={entity}",
        f"  canon e2e prepare --entity {entity}",
        "  canon bot",
        "",
        "Then, in your private chat with the bot:",
    ]
    for step in STEPS:
        lines.append(f"{step.number}. {step.name}")
        if step.say:
            lines.append(f"   type:   {step.say}")
        lines.append(f"   Canon:  {step.expect}")
        if step.tap:
            lines.append(f"   tap:    {step.tap}")
        if step.otherwise:
            lines.append(f"   ({step.otherwise})")
    lines += [
        "",
        "Any other question about the trip: tap Yes. Then check the run:",
        f"  canon e2e status --entity {entity}",
        f"  canon e2e verify --entity {entity}",
    ]
    click.echo("\n".join(lines))


@e2e.command()
@entity_required
@click.option("--reset", is_flag=True, help="Clear the entity's state first (it is a test entity).")
@now_option
@pass_ctx
@run
async def prepare(ctx: Context, entity: str, reset: bool, now_text: str | None) -> None:
    """Start a run on a fresh entity (refused if it has state, unless --reset).

    Example: canon e2e prepare --entity user:e2e-ann
    """
    now = resolve_now(now_text)
    audience = ctx.settings.audience
    async with open_engine(ctx) as engine:
        done = await prepare_run(engine, audience, entity, now=now, reset=reset)
    console = out()
    if reset:
        console.print(
            f"reset {entity}: {done.retracted} fact(s) forgotten, "
            f"{done.rejected} open question(s) answered No"
        )
    console.print(
        f"run started for {entity} at {format_ts(done.started_at)}, "
        f"in the chat of Telegram user {done.chat_id}"
    )
    if not done.seed.committed:
        console.print("Canon asks you to confirm the run's start mark first: tap Yes in the chat.")
    console.print(f"next: canon e2e guide --entity {entity}")


@e2e.command()
@entity_required
@click.option("--json", "as_json", is_flag=True, help="Machine-stable JSON output.")
@pass_ctx
@run
async def status(ctx: Context, entity: str, as_json: bool) -> None:
    """Which steps of the run are done and which is next.

    Example: canon e2e status --entity user:e2e-ann
    """
    evidence, results = await _checked(ctx, entity)
    upcoming = next_step(results)
    if as_json:
        emit_json({**_json(evidence, results), "next": upcoming.name if upcoming else None})
        return
    console = out()
    console.print(f"run of {entity} since {format_ts(evidence.started_at)}")
    for r in results:
        mark = "done" if r.done else "open"
        console.print(f"  {r.step.number}. {r.step.name}: {mark}")
    if upcoming is None:
        console.print("all steps done: canon e2e verify --entity " + entity)
        return
    what = f"type {upcoming.say!r}" if upcoming.say else f"{upcoming.expect}: tap {upcoming.tap}"
    console.print(f"next: {upcoming.number}. {upcoming.name}: {what}")


@e2e.command()
@entity_required
@click.option("--json", "as_json", is_flag=True, help="Machine-stable JSON output.")
@pass_ctx
@run
async def verify(ctx: Context, entity: str, as_json: bool) -> None:
    """Check from the store that every step happened, in order; exit 1 if one did not.

    JSON keys: entity, started_at, ok, steps[] {number, name, ok, at, problem}.

    Example: canon e2e verify --entity user:e2e-ann --json
    """
    evidence, results = await _checked(ctx, entity)
    ok = all(r.done for r in results)
    if as_json:
        emit_json(_json(evidence, results))
    else:
        console = out()
        for r in results:
            line = (
                f"ok    {r.step.number}. {r.step.name} ({format_ts(r.at)})"
                if r.done and r.at is not None
                else f"FAIL  {r.step.number}. {r.step.name}: {r.problem}"
            )
            console.print(line)
        console.print("e2e run verified" if ok else "e2e run NOT verified")
    if not ok:
        raise click.exceptions.Exit(1)


async def _checked(ctx: Context, entity: str) -> tuple[RunEvidence, list[StepResult]]:
    async with open_engine(ctx) as engine:
        evidence = await read_run(engine.store, ctx.settings.audience, entity)
    return evidence, check_run(evidence)


def _json(evidence: RunEvidence, results: list[StepResult]) -> dict[str, Any]:
    return {
        "entity": evidence.entity_id,
        "started_at": format_ts(evidence.started_at),
        "ok": all(r.done for r in results),
        "steps": [
            {
                "number": r.step.number,
                "name": r.step.name,
                "ok": r.done,
                "at": None if r.at is None else format_ts(r.at),
                "problem": r.problem or None,
            }
            for r in results
        ],
    }


COMMANDS = (e2e,)
