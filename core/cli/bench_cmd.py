"""``canon bench``: print the figures; the README says what they were here."""

from __future__ import annotations

from typing import cast

import click
from rich.progress import BarColumn, Progress, TextColumn
from rich.table import Table

from core.bench.extraction import BASELINES
from core.bench.ingest import INGEST_BASELINES, BenchConfig, run_bench
from core.cli.common import Context, emit_json, err, is_terminal, out, pass_ctx, run
from core.cli.loadtest_cmd import issue_tokens
from core.extraction.reader_mode import READER_MODES, ReaderMode


@click.command()
@click.option("--json", "as_json", is_flag=True, help="One JSON object (stable keys).")
@click.option("--facts", default=100_000, show_default=True, help="Committed facts present.")
@click.option("--observations", default=5_000, show_default=True, help="Observations to ingest.")
@click.option(
    "--singles",
    default=2_000,
    show_default=True,
    help="Observations ingested one by one, each its own transaction (latency, ratio).",
)
@click.option(
    "--messages",
    default=600,
    show_default=True,
    help="Chat messages end to end (extract, validate, resolve, one durable commit).",
)
@click.option(
    "--turns",
    default=200,
    show_default=True,
    help="Bot turns timed with no open questions, and as many with 2,000 open.",
)
@click.option(
    "--extract-messages",
    default=600,
    show_default=True,
    help="Messages the extractor reads beside raw spaCy (half batched, half one by one).",
)
@click.option(
    "--db",
    "db_url",
    metavar="URL",
    help="An empty store to run on (file path, sqlite:///path or postgresql://; the API "
    "workers figure needs PostgreSQL); default: a temporary file.",
)
@click.option(
    "--users",
    default="10,100",
    show_default=True,
    help="How many people write at once to a slow model (comma-separated counts).",
)
@click.option(
    "--model-latency",
    default=1.5,
    show_default=True,
    help="Seconds the model of the many-people figures takes to answer.",
)
@click.option(
    "--reader",
    type=click.Choice(READER_MODES),
    help="Where the many-people and workers figures read messages (default: CANON_READER).",
)
@pass_ctx
@run
async def bench(
    ctx: Context,
    as_json: bool,
    facts: int,
    observations: int,
    singles: int,
    messages: int,
    turns: int,
    extract_messages: int,
    db_url: str | None,
    users: str,
    model_latency: float,
    reader: str | None,
) -> None:
    """Measure ingest and extraction speed beside raw SQLite and raw spaCy baselines.

    Never the store of CANON_DB: the bench fills its store with facts.

    Example: canon bench --json --db /tmp/bench.db
    """
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        console=err(),
        disable=not is_terminal(),
        transient=True,
    ) as progress:
        task = progress.add_task("benchmark", total=None)

        def report(label: str, done: int, total: int) -> None:
            progress.update(task, description=label, completed=done, total=total)

        config = BenchConfig(
            facts=facts,
            observations=observations,
            latency_samples=singles,
            db=db_url,
            extract_messages=extract_messages,
        )
        figures = await run_bench(config, report)
        # The chat, LangGraph and the model client load here, not with every canon command.
        from core.bench import (
            agent,
            concurrent_chats,
            conversation,
            message,
            shared_nothing,
            workers,
            workers_bench,
        )

        figures.update(await message.message_figures(messages, progress=report))

        figures.update(
            await conversation.bot_turn_figures(
                conversation.TurnBenchConfig(turns=turns), progress=report
            )
        )
        report("assistant turns", 0, 1)
        figures.update(await agent.agent_turn_figures())
        report("many people at once", 0, 1)
        chats = concurrent_chats.ConcurrentChatsConfig(
            users=tuple(int(n) for n in users.split(",") if n.strip()),
            latency_s=model_latency,
            reader=cast(ReaderMode, reader) if reader else ctx.settings.reader,
        )
        figures.update(await concurrent_chats.concurrent_chat_figures(chats))
        report("API workers on PostgreSQL", 0, 1)
        api_workers = workers.WorkersConfig(reader=chats.reader)
        figures.update(await workers_bench.workers_figures(db_url, api_workers, issue_tokens))
    if as_json:
        emit_json(figures)
        return
    table = Table(title=f"canon bench ({figures['durability']})")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_column("beside it, same run", justify="right")
    beside_of = {
        **INGEST_BASELINES,
        **BASELINES,
        **message.BESIDE,
        **conversation.BESIDE,
        **agent.BESIDE,
        **concurrent_chats.beside(chats),
        **workers.beside(),
        **shared_nothing.BESIDE,
    }
    if "postgresql_baseline_rows_per_s" in figures:  # the raw driver of the store measured
        beside_of["ingest_single_tx_obs_per_s"] = "postgresql_baseline_rows_per_s"
    shown_beside = set(beside_of.values())
    for key, value in figures.items():
        if key == "durability" or key in shown_beside:
            continue
        beside = beside_of.get(key)
        table.add_row(key, str(value), str(figures[beside]) if beside else "")
    out().print(table)


COMMANDS = (bench,)
