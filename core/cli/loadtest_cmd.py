"""``canon loadtest``: simulated users driving ``canon serve`` over HTTP; throughput and turn times.

Each run starts ``canon serve --workers N`` as its own processes on the store
(a fresh SQLite file, or the PostgreSQL database given), issues a token per
simulated user and lets every user take turns at once, each turn what an agent
does for one message: ``POST /v1/messages`` (extract, validate, resolve, commit),
``GET /v1/context`` (the block its model reads), then the model's answer, which
is simulated on the client side by waiting ``--model-latency`` milliseconds (the
API itself calls no model with the offline reader). With ``--workers 1,2`` the
same users and turns run once per worker count, one after the other, so the
figures sit side by side from one run. Printed, never asserted.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from rich.table import Table

from core.cli.common import emit_json, out, run

LISTENING = re.compile(r"serving the HTTP API on (http://\S+)/v1")


@dataclass(frozen=True)
class RunFigures:
    workers: int
    turns: int
    errors: int
    seconds: float
    turn_ms: list[float]

    def as_dict(self, first: RunFigures) -> dict[str, Any]:
        rate = self.turns / self.seconds if self.seconds else 0.0
        first_rate = first.turns / first.seconds if first.seconds else 0.0
        ordered = sorted(self.turn_ms) or [0.0]
        return {
            "workers": self.workers,
            "turns": self.turns,
            "errors": self.errors,
            "turns_per_s": round(rate, 1),
            "turn_p50_ms": round(statistics.median(ordered), 1),
            "turn_p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 1),
            "speedup": round(rate / first_rate, 2) if first_rate else None,
        }


@click.command()
@click.option("--users", default=8, show_default=True, type=click.IntRange(min=1))
@click.option(
    "--turns", default=40, show_default=True, type=click.IntRange(min=1), help="Per user."
)
@click.option(
    "--workers",
    "worker_counts",
    default="1,2",
    show_default=True,
    help="canon serve --workers for each run, comma-separated (the first is the baseline).",
)
@click.option(
    "--model-latency",
    default=0.0,
    show_default=True,
    type=click.FloatRange(min=0),
    help="Milliseconds a turn waits for the (simulated) model.",
)
@click.option(
    "--db",
    "db_url",
    metavar="URL",
    help="A postgresql:// database to run on (it fills up); default: a fresh SQLite file per run.",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON object.")
@run
async def loadtest(
    users: int,
    turns: int,
    worker_counts: str,
    model_latency: float,
    db_url: str | None,
    as_json: bool,
) -> None:
    """Drive simulated users through the HTTP API; print turns/s and p50/p99 turn time.

    Example: canon loadtest --users 8 --turns 40 --workers 1,2 --db postgresql://localhost/load
    """
    counts = [int(c) for c in worker_counts.split(",") if c.strip()]
    results: list[RunFigures] = []
    for i, workers in enumerate(counts):
        with tempfile.TemporaryDirectory(prefix="canon-loadtest-") as tmp:
            url = db_url or str(Path(tmp) / "load.db")
            secrets = await _tokens(url, [f"user:load{i}x{u}" for u in range(users)])
            async with _served(url, workers) as base:
                results.append(await _drive(base, secrets, turns, model_latency / 1000.0, workers))
    store = "postgresql" if db_url else "sqlite"
    runs = [r.as_dict(results[0]) for r in results]
    if as_json:
        emit_json({"store": store, "users": users, "model_latency_ms": model_latency, "runs": runs})
        return
    table = Table(title=f"canon loadtest: {users} users on {store}, model {model_latency:g} ms")
    columns = ("workers", "turns", "errors", "turns_per_s", "turn_p50_ms", "turn_p99_ms")
    for column in columns:
        table.add_column(column, justify="right")
    table.add_column("beside the first", justify="right")
    for row in runs:
        table.add_row(*(str(row[c]) for c in columns), f"{row['speedup']}×")
    out().print(table)


async def _tokens(url: str, entities: list[str]) -> list[str]:
    """A token per entity, issued on the store (as ``canon token create`` does)."""
    from core.api.tokens import issue_token
    from core.domain.policy import default_policy
    from core.domain.timeutil import utc_now
    from core.engine.engine import Engine
    from core.store.factory import open_store

    store = open_store(url)
    await store.open()
    try:
        engine = Engine(store, default_policy())
        return [(await issue_token(engine, e, "loadtest", utc_now())).secret for e in entities]
    finally:
        await store.close()


@contextlib.asynccontextmanager
async def _served(url: str, workers: int) -> AsyncIterator[str]:
    """``canon serve --workers`` on ``url`` with limits out of the way; its base URL."""
    env = {**os.environ, "CANON_DB": url}
    command = [sys.executable, "-m", "core.cli", "serve", "--port", "0", "--workers", str(workers)]
    command += ["--rate", "1000000", "--burst", "1000000"]
    proc = await asyncio.create_subprocess_exec(
        *command, env=env, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE
    )
    assert proc.stderr is not None
    try:
        seen = []
        while line := (await proc.stderr.readline()).decode():
            seen.append(line)
            if found := LISTENING.search(line):
                break
        else:
            raise click.ClickException("canon serve did not start:\n" + "".join(seen))
        yield found.group(1)
    finally:
        if proc.returncode is None:
            proc.terminate()
            await proc.wait()


async def _drive(
    base: str, secrets: list[str], turns: int, latency: float, workers: int
) -> RunFigures:
    import aiohttp

    from core.bench.extraction import compose_messages

    texts = compose_messages(max(50, len(secrets) * turns))
    turn_ms: list[float] = []
    errors = 0

    async def user(u: int, secret: str, session: aiohttp.ClientSession) -> None:
        nonlocal errors
        auth = {"Authorization": f"Bearer {secret}"}
        for t in range(turns):
            text = texts[(u * turns + t) % len(texts)]
            began = time.perf_counter()
            try:
                async with session.post(
                    f"{base}/v1/messages",
                    json={"text": text, "message_id": f"load-{u}-{t}"},
                    headers=auth,
                ) as said:
                    await said.read()
                async with session.get(f"{base}/v1/context", headers=auth) as context:
                    await context.read()
                ok = said.status == 200 and context.status == 200
            except (aiohttp.ClientError, TimeoutError):
                ok = False
            await asyncio.sleep(latency)
            if ok:
                turn_ms.append((time.perf_counter() - began) * 1000.0)
            else:
                errors += 1

    # One connection per user, new for every request, so each request finds a worker
    # as a new client would (keep-alive would tie a user to one worker).
    connector = aiohttp.TCPConnector(limit=len(secrets), force_close=True)
    async with aiohttp.ClientSession(connector=connector) as session:
        began = time.perf_counter()
        await asyncio.gather(*(user(u, s, session) for u, s in enumerate(secrets)))
        seconds = time.perf_counter() - began
    return RunFigures(workers, len(secrets) * turns, errors, seconds, turn_ms)


COMMANDS = (loadtest,)
