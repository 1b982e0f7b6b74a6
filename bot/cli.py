"""``canon bot``: the Telegram bot, or the local playground when there is no token."""

from __future__ import annotations

import asyncio
import errno
import logging
import secrets
import signal
from contextlib import suppress
from typing import TYPE_CHECKING

import click

from core.cli.common import Context
from core.errors import ConfigError

# `canon --help` loads this plugin to list it: what a run needs loads when it runs.
if TYPE_CHECKING:
    from bot.app import Webhook
    from core.settings import Settings

pass_ctx = click.make_pass_decorator(Context, ensure=True)


@click.command()
@click.option("--webhook", "webhook_url", metavar="URL", help="Receive updates at this URL.")
@click.option("--listen", default="127.0.0.1", show_default=True, help="Webhook listen address.")
@click.option("--port", default=8443, show_default=True, help="Webhook listen port.")
@click.option(
    "--playground-port",
    type=click.IntRange(0, 65535),
    default=None,
    help="Port of the local playground (no token; default 8765); 0 picks a free one. "
    "Also CANON_PLAYGROUND_PORT.",
)
@click.option("-v", "--verbose", is_flag=True, help="Log every request.")
@pass_ctx
def bot(
    ctx: Context,
    webhook_url: str | None,
    listen: str,
    port: int,
    playground_port: int | None,
    verbose: bool,
) -> None:
    """Run the Telegram bot (long polling, or --webhook URL).

    Needs TELEGRAM_BOT_TOKEN and CANON_ALLOWED_USER_IDS. Without a token it
    starts the local playground instead: a built-in Bot API and a web chat on
    127.0.0.1 (the URL is printed). Stops cleanly on Ctrl-C or SIGTERM.

    Example: TELEGRAM_BOT_TOKEN=123:abc CANON_ALLOWED_USER_IDS=42 canon bot
    """
    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    settings = ctx.settings
    telegram = settings.telegram
    if telegram.token is None:
        if webhook_url:
            raise ConfigError("--webhook needs TELEGRAM_BOT_TOKEN")
        chosen = telegram.playground_port if playground_port is None else playground_port
        asyncio.run(_playground(settings, chosen))
        return
    if not settings.audience.allowed_user_ids:
        raise ConfigError("CANON_ALLOWED_USER_IDS is required: nobody could use the bot")
    # The bot (python-telegram-bot, LangGraph, the model client) loads when it runs,
    # not with every canon command this plugin is registered beside.
    from bot.app import Webhook

    hook = None
    if webhook_url:
        secret = telegram.webhook_secret or secrets.token_urlsafe(32)
        hook = Webhook(webhook_url, listen, port, secret)
    asyncio.run(_telegram(settings, hook))


async def _telegram(settings: Settings, hook: Webhook | None) -> None:
    from bot.app import BotRunner

    runner = BotRunner(settings)
    await runner.start(hook)
    stopped = _stop_requested()  # before the banner: whoever reads it may stop us at once
    click.echo(f"canon bot running ({'webhook ' + hook.url if hook else 'long polling'})")
    try:
        await stopped.wait()
    finally:
        await runner.stop()


async def _playground(settings: Settings, port: int) -> None:
    from bot.playground.server import Playground
    from core.store.factory import redacted

    playground = Playground(settings, port=port)
    try:
        await playground.start()
    except OSError as e:  # the port is taken (a second `make run`) or not ours to use
        await playground.stop()
        raise ConfigError(_port_problem(port, e)) from e
    store = redacted(settings.store_url)
    stopped = _stop_requested()  # before the banner: whoever reads it may stop us at once
    click.echo(f"Canon playground: open {playground.url} (store: {store}); Ctrl-C stops.")
    try:
        await stopped.wait()
    finally:
        await playground.stop()


def _port_problem(port: int, e: OSError) -> str:
    choose = (
        "choose another with --playground-port N or CANON_PLAYGROUND_PORT=N (0 picks a free one)"
    )
    if e.errno == errno.EADDRINUSE:
        return f"port {port} is already in use (is another canon bot running?); {choose}"
    return f"cannot listen on 127.0.0.1:{port} ({e.strerror or e}); {choose}"


def _stop_requested() -> asyncio.Event:
    """An event set by SIGINT or SIGTERM (graceful shutdown), its handlers installed now:
    before the line that says the process is ready, so a SIGTERM sent by whoever read it
    (a supervisor, a test) is a clean stop, never the default handler's kill."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    return stop
