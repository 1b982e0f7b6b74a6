"""Commands that set up the store and feed it: init, ingest."""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator, Sequence
from typing import IO, Any

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from core.cli.common import (
    Context,
    emit_json,
    err,
    is_terminal,
    json_option,
    now_option,
    open_engine,
    out,
    pass_ctx,
    resolve_now,
    run,
)
from core.engine.engine import Engine
from core.jsonlines import Line, read_jsonl
from core.store.factory import redacted

INGEST_BATCH = 256
"""Observations per durable transaction in `canon ingest` (group commit, as `canon bench`)."""


@click.command()
@pass_ctx
@run
async def init(ctx: Context) -> None:
    """Create the store and apply migrations.

    Example: canon --db ~/canon.db init
    """
    async with open_engine(ctx):
        pass
    out().print(f"Canon store ready at {redacted(ctx.settings.store_url)}")


@click.command()
@click.argument("source", type=click.File("rb"), metavar="FILE|-")
@now_option
@json_option
@pass_ctx
@run
async def ingest(ctx: Context, source: IO[bytes], now_text: str | None, as_json: bool) -> None:
    """Feed StateObservations, one JSON object per line.

    Lines that are not valid JSON or fail the schema go to the dead-letter
    queue (see `canon dlq`); the rest are resolved and stored.

    Example: canon ingest observations.jsonl
    """
    now = resolve_now(now_text)
    lines = list(read_jsonl(source, getattr(source, "name", "input")))
    counts: Counter[str] = Counter()
    async with open_engine(ctx) as engine:
        with Progress(
            TextColumn("ingesting"),
            BarColumn(),
            MofNCompleteColumn(),
            console=err(),
            disable=not is_terminal(),
            transient=True,
        ) as progress:
            task = progress.add_task("ingest", total=len(lines))
            async for decision in _ingest_lines(engine, lines, now):
                counts[decision] += 1
                progress.advance(task)
    summary = {
        k: counts.get(k, 0)
        for k in ("auto_commit", "ask_user", "tentative_reject", "duplicate", "invalid")
    }
    if as_json:
        emit_json({"lines": len(lines), **summary})
        return
    table = Table(title=f"Ingested {len(lines)} observation(s)")
    for key in summary:
        table.add_column(key, justify="right")
    table.add_row(*(str(v) for v in summary.values()))
    out().print(table)
    if summary["invalid"]:
        err().print(
            f"{summary['invalid']} invalid line(s) went to the dead-letter queue (canon dlq)"
        )


async def _ingest_lines(engine: Engine, lines: Sequence[Line], now: Any) -> AsyncIterator[str]:
    """Each line's decision, in order. Parsed lines go in one durable transaction per
    run of up to INGEST_BATCH (group commit); a line that could not be read is
    dead-lettered as its raw text, between the runs around it."""
    run: list[Any] = []
    for line in lines:
        if line.error is None:
            run.append(line.value)
            if len(run) < INGEST_BATCH:
                continue
        if run:
            for outcome in await engine.ingest_batch(run, now=now):
                yield outcome.decision
            run = []
        if line.error is not None:
            errors = [f"line {line.number}: {line.error}"]
            letter = await engine.ingest_invalid("state_observation", line.text, errors, now=now)
            yield letter.decision
    if run:
        for outcome in await engine.ingest_batch(run, now=now):
            yield outcome.decision


COMMANDS = (init, ingest)
