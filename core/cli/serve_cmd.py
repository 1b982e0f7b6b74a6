"""``canon serve``: the HTTP API on a local port, until SIGTERM or Ctrl-C.

With ``--workers N`` the command binds the port itself and starts N worker
processes (this same command line, each told the descriptor of a channel of its own):
it accepts each new connection and hands it to the next worker in turn
(``core.api.handout``: the kernel's SO_REUSEPORT spread kept-alive connections as
unevenly as coins fall). Every worker opens its own connection to the store, which is what they
share: tokens, rate-limit buckets, questions and answers. It waits until every
worker is ready before it says where it listens, stops them all on SIGTERM or
Ctrl-C, and stops them all (failing) when one dies, so a service manager restarts
the whole set."""

from __future__ import annotations

import asyncio
import signal
import socket
import subprocess
import sys
from collections.abc import Sequence

import click

from core.api.handout import Handout, channels, take_connections
from core.api.limits import MAX_BODY
from core.cli.common import Context, open_engine, pass_ctx, run, warm_language_pipeline
from core.domain.timeutil import utc_now
from core.errors import ConfigError
from core.http_limits import ConnectionCap, body_deadline, bound_port, listen
from core.store.factory import parse_store_url

READY = "ready"
"""What a worker prints on its stdout once it accepts connections."""


_MAX_LINE = 65_536
"""The longest request line or header a worker reads (aiohttp's own: 8,190 bytes)."""


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
    help="Requests a second per token, on average (shared by all workers).",
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
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(min=1),
    help="Processes serving the one port (more than one needs a SQLite file or PostgreSQL).",
)
@click.option(
    "--worker-channel", type=int, default=None, hidden=True, help="Where connections arrive."
)
@pass_ctx
@run
async def serve(
    ctx: Context,
    host: str,
    port: int,
    rate: float,
    burst: int,
    max_body: int,
    workers: int,
    worker_channel: int | None,
) -> None:
    """Serve the HTTP API (/v1; the OpenAPI document at /v1/openapi.json).

    Callers authenticate with a token from 'canon token create --entity user:alice'.

    Example: canon serve --port 8787 --workers 2
    """
    if worker_channel is None and workers > 1:
        if parse_store_url(ctx.settings.store_url).backend == "memory":
            raise ConfigError("--workers needs a store they can share: a SQLite file or PostgreSQL")
        await _supervise(host, port, workers)
        return
    from aiohttp import web

    from core.api.app import api_app
    from core.api.call import Services
    from core.extraction.reading_process import close_reading_process
    from core.extraction.select import configured_extractor

    settings = ctx.settings
    extractor = configured_extractor(settings.llm, settings.reader)
    async with open_engine(ctx) as engine:
        services = Services(engine, settings.audience, extractor, settings.rules)
        app = api_app(services, utc_now, max_body=max_body, rate_per_second=rate, burst=burst)
        # A request line or header up to 64 KiB reaches Canon, whose schemas answer a query
        # too long with a problem document (422); aiohttp's own limit (8,190 bytes) answered
        # a long query with a plain-text 400 the OpenAPI document does not list.
        # A client trickling its request is cut off; one more connection than allowed, refused.
        app.middlewares.append(body_deadline(settings.http, max_body))
        runner = web.AppRunner(
            app,
            access_log=None,
            max_line_size=_MAX_LINE,
            max_field_size=_MAX_LINE,
            **settings.http.runner_options(),
        )
        await runner.setup()
        # The language pipeline loads before the port takes requests, not in the first one
        # (loaded once the port listened, an answer that came during the load waited past
        # its client's 5 s on a busy machine: tests/api/test_workers.py).
        await warm_language_pipeline(extractor)
        stop_taking = None
        listening = None
        try:
            if worker_channel is None:
                listening = await listen(runner, host, port, settings.http, "canon serve")
            else:
                assert runner.server is not None  # set up above
                channel = socket.socket(fileno=worker_channel)
                cap = ConnectionCap(runner.server, settings.http, "canon serve")
                stop_taking = take_connections(channel, cap)
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(sig, stop.set)
            if worker_channel is None:
                assert listening is not None
                bound = bound_port(listening)
                click.echo(f"canon: serving the HTTP API on http://{host}:{bound}/v1", err=True)
            else:
                click.echo(READY)  # to the supervisor, on the pipe it reads
            await stop.wait()
        finally:
            if stop_taking is not None:
                stop_taking()
            if listening is not None:
                listening.close()
            await runner.cleanup()
            await asyncio.to_thread(close_reading_process)  # no reader outlives its server
    if worker_channel is None:
        click.echo("canon: stopped", err=True)


async def _supervise(host: str, port: int, workers: int) -> None:
    """Bind, start ``workers`` worker processes, hand them the port's connections in turn,
    wait, stop them all."""
    listening = socket.create_server((host, port), backlog=1024)
    pairs = channels(workers)
    handout = Handout(listening, [ours for ours, _ in pairs])
    try:
        procs: list[asyncio.subprocess.Process] = []
        try:
            for _, theirs in pairs:
                fd = theirs.fileno()
                command = [sys.executable, *sys.orig_argv[1:], "--worker-channel", str(fd)]
                procs.append(
                    await asyncio.create_subprocess_exec(
                        *command, pass_fds=(fd,), stdout=subprocess.PIPE, stdin=subprocess.DEVNULL
                    )
                )
                theirs.close()  # the worker has its own copy: its end closes when it exits
            for proc in procs:
                if not await _ready(proc):
                    raise click.ClickException(
                        f"a worker stopped before it was ready (exit status {proc.returncode})"
                    )
            handout.start()  # connections waited in the backlog until every worker was ready
            bound = listening.getsockname()[1]
            click.echo(
                f"canon: serving the HTTP API on http://{host}:{bound}/v1 ({workers} workers)",
                err=True,
            )
            ended = await _until_stopped_or_one_ends(procs)
            if ended is not None:
                raise click.ClickException(
                    f"worker {ended.pid} stopped (exit status {ended.returncode}); "
                    "stopping the others"
                )
        finally:
            handout.stop()
            await _stop_all(procs)
    finally:
        listening.close()
        for pair in pairs:
            for end in pair:
                end.close()
    click.echo("canon: stopped", err=True)


async def _ready(proc: asyncio.subprocess.Process) -> bool:
    """Whether the worker said it is ready (False: it ended first)."""
    assert proc.stdout is not None
    while line := await proc.stdout.readline():
        if line.decode().strip() == READY:
            return True
    return False


async def _until_stopped_or_one_ends(
    procs: Sequence[asyncio.subprocess.Process],
) -> asyncio.subprocess.Process | None:
    """Wait for SIGTERM or Ctrl-C (None) or for a worker to end (that worker)."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    waits = {asyncio.ensure_future(p.wait()): p for p in procs}
    stopping = asyncio.ensure_future(stop.wait())
    try:
        done, _ = await asyncio.wait({*waits, stopping}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (*waits, stopping):
            task.cancel()
    if stopping in done:
        return None
    return next(waits[t] for t in done if t in waits)


async def _stop_all(procs: Sequence[asyncio.subprocess.Process]) -> None:
    """SIGTERM every worker still running, then wait for each (SIGKILL after 30 s)."""
    for proc in procs:
        if proc.returncode is None:
            proc.send_signal(signal.SIGTERM)
    for proc in procs:
        try:
            await asyncio.wait_for(proc.wait(), 30)
        except TimeoutError:
            proc.kill()
            await proc.wait()


COMMANDS = (serve,)
