"""Workspace commands: project, watch, migrate.

The workspace is WORKSPACE if given, else CANON_WORKSPACE, else
~/.openclaw/workspace; the projection mode is --mode, else
CANON_PROJECTION_MODE, else zones.
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

import click
from rich.text import Text

from core.cli.common import (
    Context,
    emit_json,
    err,
    json_option,
    now_option,
    open_engine,
    out,
    pass_ctx,
    resolve_now,
    run,
)
from core.domain.audit import show_value
from core.domain.principals import user_principal
from core.domain.timeutil import utc_now
from core.engine.bootstrap import Finding, believe, found_question, propose
from core.engine.engine import Outcome
from core.errors import WorkspaceError
from core.signals.intake import default_extractor
from core.workspace import (
    InputReport,
    MigrationReport,
    PassReport,
    ProjectionReport,
    migrate_workspace,
    refresh_projections,
    watch_workspace,
    workspace_pass,
)
from core.workspace.settings import MODES, ProjectionMode, WorkspaceSettings

workspace_argument = click.argument(
    "workspace",
    required=False,
    type=click.Path(file_okay=False, path_type=Path),
)
mode_option = click.option(
    "--mode",
    type=click.Choice(MODES),
    default=None,
    help="zones (default) or legacy_string; also CANON_PROJECTION_MODE.",
)


def _projection(ctx: Context, mode: str | None) -> WorkspaceSettings:
    """The configured projection settings, with --mode over CANON_PROJECTION_MODE."""
    settings = ctx.settings.projection
    return settings if mode is None else replace(settings, mode=cast(ProjectionMode, mode))


def _workspace(ctx: Context, given: Path | None) -> Path:
    folder = (given or ctx.settings.workspace).expanduser()
    if not folder.is_dir():
        raise WorkspaceError(f"workspace {folder} is not a folder (set CANON_WORKSPACE)")
    return folder


@click.command()
@workspace_argument
@mode_option
@now_option
@json_option
@pass_ctx
@run
async def project(
    ctx: Context, workspace: Path | None, mode: str | None, now_text: str | None, as_json: bool
) -> None:
    """Ingest STATE-INPUT edits, then regenerate the projections once.

    Files are written only when their zones change; hand edits inside STATE
    zones are reverted and recorded as drift. Exits 1 if a file could not be
    read or projected (it is left untouched; the others are still projected).

    Example: canon project ~/.openclaw/workspace --json
    """
    folder = _workspace(ctx, workspace)
    settings = _projection(ctx, mode)
    async with open_engine(ctx) as engine:
        report = await workspace_pass(engine, folder, resolve_now(now_text), settings)
    if as_json:
        emit_json({"workspace": str(folder), **pass_view(report)})
    else:
        _print_pass(report)
    if report.inputs.errors or any(f.status == "error" for f in report.projection.files):
        raise click.exceptions.Exit(1)  # reported above; the other files were projected


@click.command()
@workspace_argument
@mode_option
@click.option("--poll", is_flag=True, help="Poll for changes (network or container mounts).")
@pass_ctx
@run
async def watch(ctx: Context, workspace: Path | None, mode: str | None, poll: bool) -> None:
    """Watch the workspace: ingest STATE-INPUT edits and re-project on every change.

    Runs until interrupted (Ctrl-C).

    Example: canon watch ~/.openclaw/workspace
    """
    folder = _workspace(ctx, workspace)
    settings = _projection(ctx, mode)
    err().print(f"watching {folder} (Ctrl-C to stop)")

    async def show(report: PassReport) -> None:
        _print_pass(report, quiet=True)

    async with open_engine(ctx) as engine:
        await watch_workspace(
            engine, folder, clock=utc_now, settings=settings, on_pass=show, force_polling=poll
        )


@click.command()
@workspace_argument
@mode_option
@now_option
@json_option
@click.option("--yes", "-y", "accept_all", is_flag=True, help="Keep every current finding.")
@click.option(
    "--interactive/--no-interactive",
    default=None,
    help="Ask about each finding here (default: when stdin is a terminal); "
    "otherwise they become one question for the bot.",
)
@pass_ctx
@run
async def migrate(
    ctx: Context,
    workspace: Path | None,
    mode: str | None,
    now_text: str | None,
    as_json: bool,
    accept_all: bool,
    interactive: bool | None,
) -> None:
    """Bootstrap state from an existing workspace and add Canon's zones to its files.

    HEARTBEAT.md, MEMORY.md and USER.md are read through the normal pipeline
    (source static_markdown); files are backed up to .canon/backups/ before
    zones are inserted; no existing text is lost. What the files say is then
    listed for you to keep or drop (kept findings are committed as your
    confirmation); lines whose date is already past are flagged stale and not
    believed. With --yes every current finding is kept; without a terminal
    they become one review question ("Things I found in your files (5): keep
    them?"): confirm keeps them all, reject drops them all, and
    canon answer ID edit "water bill" drops that thing and asks the rest
    again. Running it again changes nothing.

    Example: canon migrate ~/.openclaw/workspace
    """
    folder = _workspace(ctx, workspace)
    settings = _projection(ctx, mode)
    now = resolve_now(now_text)
    ask_here = (not as_json and sys.stdin.isatty()) if interactive is None else interactive
    console = out()
    async with open_engine(ctx) as engine:
        report = await migrate_workspace(
            engine, folder, now, extractor=default_extractor(), settings=settings
        )
        current = [f for f in report.findings if f.stale is None]
        if not as_json:
            _print_migration(report)
        kept: list[Finding] = []
        item = None
        if accept_all:
            kept = current
        elif ask_here:
            kept = [f for f in current if click.confirm(f"keep {f.line}?", default=True)]
        else:
            item = await propose(engine, current, settings.entity_id, now)
        # Kept at the terminal or with --yes: the owner's say, for the owner's entity.
        owner = user_principal(settings.entity_id)
        outcomes = await believe(engine, kept, now, answer_ref="migrate", principal=owner)
        # The zones were filled before the user's say: show what they kept or were asked.
        await refresh_projections(engine, folder, now, settings)
    believed = [o.field for o in outcomes if o.committed]
    if as_json:
        emit_json(
            {
                "workspace": str(folder),
                **migration_view(report),
                "believed": believed,
                "review_item": None if item is None else item.id,
            }
        )
        return
    for o in outcomes:
        console.print(
            f"{o.field or '?'} = {show_value(o.candidate_value)}: "
            + ("kept" if o.committed else o.decision)
        )
    if item is not None:
        console.print(f"asked in review ({item.id}): {found_question(item)}")
    elif current and not kept:
        console.print("nothing kept from the files")


def _print_migration(report: MigrationReport) -> None:
    console = out()
    counts = Counter(o.decision for o in report.outcomes)
    console.print(
        f"read {len(report.outcomes)} observation(s): "
        + (", ".join(f"{k} {v}" for k, v in sorted(counts.items())) or "none")
    )
    for zone in report.zones_added:
        console.print(f"added zone {zone}")
    for saved in report.backups:
        console.print(f"backup {saved}")
    if not report.zones_added:
        console.print("zones already present: no file changed by the migration itself")
    _print_projection(report.projection)
    if report.findings:
        console.print("found in your files:")
    for f in report.findings:
        where = f.line_ref.split(":", 1)[0]
        if f.stale is None:
            console.print(f"  {f.line} ({where})")
        else:
            console.print(
                Text.assemble(
                    "  ", ("stale, not believed:", "yellow"), f" {f.line} ({where}: {f.stale})"
                )
            )


def outcome_view(o: Outcome) -> dict[str, Any]:
    return {
        "entity_id": o.entity_id,
        "field": o.field,
        "candidate_value": o.candidate_value,
        "decision": o.decision,
        "confidence": o.confidence,
        "errors": list(o.errors),
    }


def inputs_view(r: InputReport) -> dict[str, Any]:
    return {"decisions": [outcome_view(o) for o in r.outcomes], "errors": list(r.errors)}


def projection_view(r: ProjectionReport) -> dict[str, Any]:
    return {
        "files": [{"file": f.file, "status": f.status, "detail": f.detail} for f in r.files],
        "drift": [{"file": d.file, "zone_id": d.zone_id, "found": d.found} for d in r.drift],
        "warnings": list(r.warnings),
    }


def pass_view(r: PassReport) -> dict[str, Any]:
    return {"inputs": inputs_view(r.inputs), **projection_view(r.projection)}


def migration_view(r: MigrationReport) -> dict[str, Any]:
    return {
        "decisions": [outcome_view(o) for o in r.outcomes],
        "findings": [
            {"field": f.field, "value": f.value, "line": f.line_ref, "stale": f.stale}
            for f in r.findings
        ],
        "zones_added": list(r.zones_added),
        "backups": list(r.backups),
        **projection_view(r.projection),
    }


def _print_pass(report: PassReport, *, quiet: bool = False) -> None:
    console = out()
    for o in report.inputs.outcomes:
        if o.decision == "invalid":
            why = o.errors[0] if o.errors else "invalid"
            console.print(f"STATE-INPUT line rejected: {why}")
        else:
            value = show_value(o.candidate_value)
            console.print(f"STATE-INPUT {o.field} = {value}: {o.decision}")
    for e in report.inputs.errors:
        err().print(Text(e, style="red"))
    _print_projection(report.projection, quiet=quiet)


def _print_projection(report: ProjectionReport, *, quiet: bool = False) -> None:
    console = out()
    for f in report.files:
        if f.status == "error":
            err().print(Text(f"{f.file}: {f.detail}", style="red"))
        elif not quiet or f.status == "written":
            detail = f" ({f.detail})" if f.detail else ""
            console.print(f"{f.file}: {f.status}{detail}")
    for d in report.drift:
        console.print(Text(f"drift reverted in {d.file} zone {d.zone_id}", style="yellow"))
    for w in report.warnings:
        err().print(Text(f"warning: {w}", style="yellow"))


COMMANDS = (project, watch, migrate)
