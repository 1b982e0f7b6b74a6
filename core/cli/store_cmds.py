"""Commands about the store itself: copying it to another backend."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import click

from core.cli.common import emit_json, out, run
from core.errors import ConfigError
from core.store.factory import open_store, parse_store_url, redacted
from core.store.portable import CopyReport, PortableStore, copy_store


@click.command("migrate-store")
@click.argument("source_url", metavar="SOURCE")
@click.argument("destination_url", metavar="DESTINATION")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def migrate_store(source_url: str, destination_url: str, as_json: bool) -> None:
    """Copy a whole store (event log, history, questions, dead letters, conversation,
    sources, workspace) into a new, empty store on any backend, and verify the copy:
    the same row count per table and the same SHA-256 over every row.

    Example: canon migrate-store sqlite:///home/sam/canon.db postgresql://canon@db/canon
    """
    source_at = parse_store_url(source_url)
    if source_at.backend == "sqlite" and not Path(source_at.target).is_file():
        raise ConfigError(f"no store at {source_at.target}")
    if parse_store_url(destination_url) == source_at:
        raise ConfigError("the source and the destination are the same store")
    report = _copy(source_url, destination_url)
    _print(report, redacted(source_url), redacted(destination_url), as_json)


@run
async def _copy(source_url: str, destination_url: str) -> CopyReport:
    source, destination = open_store(source_url), open_store(destination_url)
    for store, url in ((source, source_url), (destination, destination_url)):
        if not hasattr(store, "export_table"):
            raise ConfigError(f"the store {redacted(url)} cannot be copied")
    await source.open()
    try:
        await destination.open()
        try:
            report = await copy_store(cast(PortableStore, source), cast(PortableStore, destination))
        finally:
            await destination.close()
    finally:
        await source.close()
    return report


def _print(report: CopyReport, source: str, destination: str, as_json: bool) -> None:
    if as_json:
        emit_json({"source": source, "destination": destination, **report.as_json()})
        return
    console = out()
    for table in report.tables:
        console.print(f"{table.name:<24} {table.rows:>9} rows  sha256 {table.sha256[:16]}")
    console.print(
        f"copied {report.rows} rows from {source} to {destination}; "
        f"both read back with sha256 {report.sha256}"
    )


COMMANDS = (migrate_store,)
