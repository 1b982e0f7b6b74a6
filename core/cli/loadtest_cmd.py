"""``canon loadtest``: simulated users driving ``canon serve`` over HTTP; throughput and turn times.

Each run starts ``canon serve --workers N`` as its own processes on the store
(a fresh SQLite file, or the PostgreSQL database given), issues a token per
simulated user and lets every user take turns at once, each turn what an app
does for one message (``core.bench.workers``: ``POST /v1/messages``, an answer to
each question it raised, ``GET /v1/context``), then the model's answer, which
is simulated on the client side by waiting ``--model-latency`` milliseconds (the
API itself calls no model with the offline reader). With ``--workers 1,2`` the
same users and turns run once per worker count, one after the other, so the
figures sit side by side from one run. Printed, never asserted; ``canon bench
--db postgresql://...`` prints the workers figure in alternating rounds.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import click
from rich.table import Table

from core.bench.workers import RunFigures, WorkersConfig, drive, served
from core.cli.common import emit_json, out, run


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
    counts = tuple(int(c) for c in worker_counts.split(",") if c.strip())
    config = WorkersConfig(users, turns, counts, rounds=1, latency_s=model_latency / 1000.0)
    results: list[RunFigures] = []
    for i, workers in enumerate(counts):
        with tempfile.TemporaryDirectory(prefix="canon-loadtest-") as tmp:
            url = db_url or str(Path(tmp) / "load.db")
            secrets = await issue_tokens(url, [f"user:load{i}x{u}" for u in range(users)])
            async with served(url, workers) as (base, pids):
                results.append(await drive(url, base, secrets, config, workers, pids))
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
    for row in runs:
        if row["error_kinds"]:  # what failed, so an error explains itself
            kinds = ", ".join(f"{kind} ×{n}" for kind, n in row["error_kinds"].items())
            out().print(f"{row['workers']} worker(s): {kinds}")


async def issue_tokens(url: str, entities: list[str]) -> list[str]:
    """A user token per entity (the user's own app: their words, their answers), issued
    on the store as ``canon token create --role user`` does."""
    from core.api.tokens import issue_token
    from core.domain.policy import default_policy
    from core.domain.timeutil import utc_now
    from core.engine.engine import Engine
    from core.store.factory import open_store

    store = open_store(url)
    await store.open()
    try:
        engine = Engine(store, default_policy())
        return [
            (await issue_token(engine, e, "loadtest", utc_now(), role="user")).secret
            for e in entities
        ]
    finally:
        await store.close()


COMMANDS = (loadtest,)
