"""``canon serve``: the HTTP API on a local port, until SIGTERM or Ctrl-C."""

from __future__ import annotations

import asyncio
import signal

import click

from core.api.limits import MAX_BODY
from core.cli.common import Context, open_engine, run, warm_language_pipeline
from core.domain.timeutil import utc_now
from core.extraction.select import configured_extractor

pass_ctx = click.make_pass_decorator(Context)


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port", default=8787, show_default=True, type=click.IntRange(0, 65535), help="0: any free."
)
@click.option(
    "--rate",
    default=5.0,
    show_default=True,
    type=click.FloatRange(min=0.01),
    help="Requests a second per token, on average.",
)
@click.option(
    "--burst", default=20, show_default=True, type=click.IntRange(min=1), help="At once, per token."
)
@click.option(
    "--max-body",
    default=MAX_BODY,
    show_default=True,
    type=click.IntRange(min=1024),
    help="Largest request body, in bytes.",
)
@pass_ctx
@run
async def serve(ctx: Context, host: str, port: int, rate: float, burst: int, max_body: int) -> None:
    """Serve the HTTP API (/v1; the OpenAPI document at /v1/openapi.json).

    Callers authenticate with a token from 'canon token create --entity user:alice'.

    Example: canon serve --port 8787
    """
    from aiohttp import web

    from core.api.app import api_app
    from core.api.call import Services

    settings = ctx.settings
    await warm_language_pipeline()
    async with open_engine(ctx) as engine:
        services = Services(
            engine, settings.audience, configured_extractor(settings.llm), settings.rules
        )
        app = api_app(services, utc_now, max_body=max_body, rate_per_second=rate, burst=burst)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        try:
            site = web.TCPSite(runner, host, port)
            await site.start()
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(sig, stop.set)
            bound = runner.addresses[0][1] if runner.addresses else port
            click.echo(f"canon: serving the HTTP API on http://{host}:{bound}/v1", err=True)
            await stop.wait()
        finally:
            await runner.cleanup()
    click.echo("canon: stopped", err=True)


COMMANDS = (serve,)
