"""The ``canon`` command line: a thin layer over the engine.

Every command parses its arguments, calls core, and formats the result: a
readable table for people, ``--json`` for programs. Errors print one line
(``canon: error: ...``) and exit 2; bad input never prints a traceback.

    canon init                          create the store (CANON_DB or --db)
    canon ingest observations.jsonl     feed StateObservations, one JSON per line
    canon state --json                  what Canon believes
    canon pending                       what it is waiting to ask you
    canon answer 01a2 confirm           answer a prompt (an id prefix is enough)
    canon why travel                    the evidence behind values (a field, domain or name)
    canon replay tests/scenarios/tahoe_incident.json --json
    canon demo                          the Tahoe story, step by step
    canon metrics --since 7d --json     success metrics from the event log
    canon report --out report.html      the metrics over time, charted, in one HTML file
    canon mcp --entity user:alice       serve one entity to an MCP client (stdio or HTTP)
    canon policy show                   the policy in force per domain (stage, thresholds)
    canon migrate-store sqlite:///a.db postgresql://host/canon   copy a store, verified
"""

from __future__ import annotations

from typing import Any

import click

from core.cli.command_table import COMMANDS
from core.cli.common import Context, db_option
from core.cli.lazy import LazyGroup


@click.group(
    cls=LazyGroup,
    lazy=COMMANDS,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@db_option
@click.option(
    "--policy",
    "policy_path",
    metavar="TOML",
    help="Policy overrides (TOML); also CANON_POLICY.",
)
@click.version_option(package_name="canon-state", prog_name="canon")
@click.pass_context
def cli(ctx: click.Context, db: str | None, policy_path: str | None) -> None:
    """Canon keeps an assistant's beliefs true: it resolves conflicting evidence
    per domain and asks you, one question at a time, about what changed."""
    ctx.obj = Context(db=db, policy_path=policy_path)
    # A command that reads messages loads the language pipeline on first use (no
    # other command imports spaCy); a slow load is said on stderr, never stdout.
    from core.extraction.linguistics import parse

    parse.announce_loading(lambda line: click.echo(f"canon: {line}", err=True))


def main(argv: list[str] | None = None) -> Any:
    """Entry point of the ``canon`` console script."""
    return cli.main(args=argv, prog_name="canon")
