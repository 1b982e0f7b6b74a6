"""Commands for signal sources: poll, sources, install-poller, webhook."""

from __future__ import annotations

import asyncio
import re
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
from core.cli.source_views import source_views, sources_table
from core.conversation.views import review_view
from core.domain.timeutil import format_ts, utc_now
from core.engine.deadletters import RetryReport, retry_due
from core.engine.engine import Engine
from core.errors import CanonError, ConfigError
from core.sources.base import SourceConfig
from core.sources.kinds.google import GoogleConfig, authorize
from core.sources.kinds.imap import ImapConfig, wait_for_mail
from core.sources.poller import PollReport, poll_once, record_failure

_UNITS = {"s": 1, "m": 60, "h": 3600}


def parse_every(text: str) -> int:
    """'5m' -> 300 seconds ('30s', '2h' too); at least 10 seconds."""
    m = re.fullmatch(r"\s*(\d+)\s*([smh]?)\s*", text)
    if not m:
        raise ConfigError(f"--every takes a duration like 30s, 5m or 1h, not {text!r}")
    seconds = int(m.group(1)) * _UNITS[m.group(2) or "s"]
    if seconds < 10:
        raise ConfigError("--every must be at least 10s")
    return seconds


def report_view(report: PollReport) -> dict[str, Any]:
    return {
        "at": format_ts(report.at),
        "ok": report.ok,
        "sources": [
            {
                "name": s.name,
                "kind": s.kind,
                "ok": s.ok,
                "signals": s.signals,
                "observations": s.observations,
                "decisions": s.decisions,
                "skipped": list(s.skipped),
                "error": s.error,
                "weight": s.weight,
            }
            for s in report.sources
        ],
        "promoted": [review_view(r) for r in report.promoted],
        "projections": report.projections,
    }


def _print_report(report: PollReport, quiet: bool) -> None:
    console = out()
    for s in report.sources:
        if not s.ok:
            console.print(Text.assemble(("✗", "red"), f" {s.name} ({s.kind}): {s.error}"))
        elif not quiet:
            decided = ", ".join(f"{k} {v}" for k, v in sorted(s.decisions.items())) or "nothing new"
            console.print(f"✓ {s.name} ({s.kind}): {s.signals} signals; {decided}")
            for skipped in s.skipped[:5]:
                console.print(f"  skipped {skipped}")
    if not quiet and not report.sources:
        console.print("no sources configured: add [[sources]] to the CANON_CONFIG file")
    if report.promoted and not quiet:
        console.print(f"{len(report.promoted)} new question(s): see `canon pending`")


@click.command()
@click.option("--every", metavar="DURATION", help="Keep polling at this interval (30s, 5m, 1h).")
@click.option("--quiet", is_flag=True, help="Print only failures (for cron and timers).")
@json_option
@now_option
@pass_ctx
@run
async def poll(
    ctx: Context, every: str | None, quiet: bool, as_json: bool, now_text: str | None
) -> None:
    """Run one pass of every configured source (or keep polling with --every).

    Sources are the [[sources]] tables of the file CANON_CONFIG names. A failing
    source is reported and weighted down; the others still run.

    Example: CANON_CONFIG=~/.config/canon/canon.toml canon poll --every 5m
    """
    interval = parse_every(every) if every else None
    config = ctx.settings
    async with open_engine(ctx) as engine:
        while True:
            now = resolve_now(now_text) if interval is None else utc_now()
            report = await poll_once(engine, config, now)
            # Each cycle also retries the dead letters that are due (1, 5, 30 minutes).
            retried = await retry_due(engine, now, rules=config.rules)
            if as_json:
                emit_json({**report_view(report), "dead_letters": retried.__dict__})
            else:
                _print_report(report, quiet)
                _print_retries(retried, quiet)
            if interval is None:
                break
            await _wait(engine, config.sources, interval)
    if not report.ok:
        raise click.exceptions.Exit(1)


def _print_retries(report: RetryReport, quiet: bool) -> None:
    if report.permanently_failed:
        out().print(
            Text.assemble(
                (f"{report.permanently_failed} dead letter(s) failed for good", "red"),
                ": see `canon pending` and `canon dlq`",
            )
        )
    if report.retried and not quiet:
        out().print(
            f"dead letters: {report.retried} retried, {report.resolved} now valid and ingested, "
            f"{report.still_waiting} still waiting"
        )


async def _wait(engine: Engine, configured: tuple[SourceConfig, ...], seconds: int) -> None:
    """Sleep until the next pass, or less when an IMAP source with idle = true gets mail;
    a wait that fails (a server flooding it) is the source's failure until its next pass."""
    idle = [s for s in configured if isinstance(s, ImapConfig) and s.idle]
    if not idle:
        await asyncio.sleep(seconds)
        return
    started = asyncio.get_running_loop().time()
    try:
        await asyncio.to_thread(wait_for_mail, idle[0], float(seconds))
    except CanonError as e:
        await record_failure(engine, idle[0], utc_now(), str(e))
        left = seconds - (asyncio.get_running_loop().time() - started)
        await asyncio.sleep(max(0.0, left))


@click.group(invoke_without_command=True)
@json_option
@now_option
@pass_ctx
@click.pass_context
def sources(click_ctx: click.Context, ctx: Context, as_json: bool, now_text: str | None) -> None:
    """List configured sources with their freshness and health.

    Example: canon sources --json
    """
    if click_ctx.invoked_subcommand is not None:
        return

    async def body() -> None:
        async with open_engine(ctx) as engine:
            views = await source_views(engine, ctx, resolve_now(now_text))
        if as_json:
            emit_json(views)
        elif not views:
            out().print("no sources configured: add [[sources]] to the CANON_CONFIG file")
        else:
            out().print(sources_table(views))

    asyncio.run(body())


@sources.command("auth")
@click.argument("name")
@click.option("--no-browser", is_flag=True, help="Print the URL instead of opening a browser.")
@pass_ctx
def sources_auth(ctx: Context, name: str, no_browser: bool) -> None:
    """Connect a Google account: run the OAuth consent flow and store the token (0600).

    Example: canon sources auth work-calendar
    """
    cfg = next((s for s in ctx.settings.sources if s.name == name), None)
    if not isinstance(cfg, GoogleConfig):
        raise ConfigError(f"no google source named {name!r} in the CANON_CONFIG file")
    path = authorize(cfg, open_browser=not no_browser)
    out().print(f"token stored in {path} (readable by you only)")


_SCHEDULERS = click.option(
    "--cron", "scheduler", flag_value="cron", help="A crontab line (Linux, macOS)."
)


def _scheduler_options(fn: Any) -> Any:
    fn = click.option(
        "--launchd", "scheduler", flag_value="launchd", help="A launchd agent (macOS)."
    )(fn)
    fn = click.option("--systemd", "scheduler", flag_value="systemd", help="A systemd user timer.")(
        fn
    )
    return _SCHEDULERS(fn)


@click.command("install-poller")
@_scheduler_options
@click.option("--every", default="5m", show_default=True, help="Interval (minutes granularity).")
@click.option("--dry-run", is_flag=True, help="Show what would be written; change nothing.")
def install_poller(scheduler: str | None, every: str, dry_run: bool) -> None:
    """Schedule `canon poll` with cron, systemd or launchd (CANON_* settings carried over).

    Example: CANON_CONFIG=~/.config/canon/canon.toml canon install-poller --systemd --every 10m
    """
    _install(scheduler, every, dry_run, install=True)


@click.command("uninstall-poller")
@_scheduler_options
@click.option("--dry-run", is_flag=True, help="Show what would be removed; change nothing.")
def uninstall_poller(scheduler: str | None, dry_run: bool) -> None:
    """Remove the scheduled poller installed by install-poller.

    Example: canon uninstall-poller --cron
    """
    _install(scheduler, "5m", dry_run, install=False)


def _install(scheduler: str | None, every: str, dry_run: bool, *, install: bool) -> None:
    from core.sources import install as inst

    if scheduler is None:
        raise ConfigError("choose one of --cron, --systemd or --launchd")
    minutes = max(1, parse_every(every) // 60)
    env = dict(click.get_current_context().ensure_object(Context).environ)
    console = out()
    if scheduler == "cron":
        if dry_run:
            line = inst.cron_line(minutes, inst.canon_executable(), env)
            console.print(
                f"crontab line: {line}" if install else "would remove the canon-poller line"
            )
            return
        console.print(inst.edit_crontab(install, minutes, env))
        return
    p = inst.plan(scheduler, minutes, inst.home_dir(env), env, install=install)  # type: ignore[arg-type]
    if dry_run:
        for path, text in p.files:
            console.print(f"--- {path}\n{text}")
        for path in p.remove:
            console.print(f"would remove {path}")
        for command in p.commands:
            console.print(f"would run: {' '.join(command)}")
        return
    for line in inst.apply(p):
        console.print(line)


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8787, show_default=True, type=int)
@click.option(
    "--secret-env",
    default="CANON_WEBHOOK_SECRET",
    show_default=True,
    help="Environment variable holding the shared HMAC secret (16+ bytes).",
)
@pass_ctx
def webhook(ctx: Context, host: str, port: int, secret_env: str) -> None:
    """Serve POST /signals for pushed, HMAC-signed SignalEvents.

    Example: CANON_WEBHOOK_SECRET=$(openssl rand -hex 32) canon webhook --port 8787
    """
    from aiohttp import web

    from core.http_limits import body_deadline, bound_port, listen
    from core.sources.webhook import MAX_BODY, webhook_app

    secret = ctx.environ.get(secret_env, "")
    if len(secret) < 16:
        raise ConfigError(f"set {secret_env} to a secret of at least 16 characters")

    limits = ctx.settings.http

    async def serve() -> None:
        async with open_engine(ctx) as engine:
            app = webhook_app(engine, secret.encode(), utc_now, rules=ctx.settings.rules)
            app.middlewares.append(body_deadline(limits, MAX_BODY))
            runner = web.AppRunner(app, **limits.runner_options())
            await runner.setup()
            listening = await listen(runner, host, port, limits, "canon webhook")
            out().print(f"listening on http://{host}:{bound_port(listening)}/signals")
            try:
                await asyncio.Event().wait()
            finally:
                listening.close()
                await runner.cleanup()

    asyncio.run(serve())


COMMANDS = (poll, sources, install_poller, uninstall_poller, webhook)
