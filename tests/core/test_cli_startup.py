"""A command line start loads what its command needs and nothing else.

``canon`` knows its commands from a table (``core.cli.command_table``) and imports a
command's module only when that command runs or shows its own help, so ``canon state``
does not pay for the extraction pipeline, spaCy, LangGraph or PostgreSQL's driver. These
tests pin what a fresh process loads (never how long it takes), and that the table says
of every command exactly what the command says of itself.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import subprocess
import sys
from importlib.metadata import EntryPoint
from pathlib import Path

import click
import pytest
from budgets import budget
from click.testing import CliRunner
from fresh_interpreter import probe_answer

import core.cli
from core.cli import cli
from core.cli.command_table import COMMANDS
from core.cli.lazy import LazyGroup

HEAVY = (
    "spacy",
    "langgraph",
    "psycopg",
    "core.extraction.offline",
    "core.extraction.batch",
    "core.extraction.clause_claims",
    "core.api",
    "core.mcp",
    "icalendar",
    "core.sources.registry",
    # The extractor's rules the engine once pulled in with the one reading it needs (the
    # day an arrival's words tell, ``core.extraction.arrival_days``; what a bill is named
    # by, ``core.extraction.owed_kinds``; the firm a job's end names,
    # ``core.extraction.firm_left``): who is where, tense and intent, a bill's sum, a job.
    "core.extraction.arrivals",
    "core.extraction.offline_consistency",
    "core.extraction.intent_tense",
    "core.extraction.family_carer_states",
    "core.extraction.bill_comes_to",
    "core.extraction.goods_returns",
    "core.extraction.profile_after",
    "core.extraction.profile_employer",
)
"""Never loaded by a command that does not read messages, serve, poll sources, or use
PostgreSQL."""


def command_modules() -> list[str]:
    """Every module of core.cli that defines commands (a ``COMMANDS`` tuple)."""
    names = [
        f"core.cli.{m.name}"
        for m in pkgutil.iter_modules(core.cli.__path__)
        if m.name != "__main__"  # running it runs canon
    ]
    return sorted(
        n for n in names if isinstance(getattr(importlib.import_module(n), "COMMANDS", None), tuple)
    )


def loaded_after(args: list[str], db: Path) -> set[str]:
    """The modules a fresh interpreter holds after ``canon *args`` ran in it."""
    probe = (
        "import json, sys\n"
        "from core.cli import main\n"
        "try:\n"
        f"    main({args!r})\n"
        "except SystemExit as e:\n"
        "    assert not e.code, e.code\n"
        "print(json.dumps(sorted(sys.modules)), file=sys.stderr)\n"
    )
    return set(probe_answer(probe, env={**os.environ, "CANON_DB": str(db)}, stream="stderr"))


@pytest.fixture
def empty_store(tmp_path: Path) -> Path:
    db = tmp_path / "canon.db"
    subprocess.run(
        [sys.executable, "-m", "core.cli", "--db", str(db), "init"],
        check=True,
        capture_output=True,
        timeout=budget(60),
    )
    return db


@pytest.mark.parametrize(
    ("args", "own_module"),
    [
        (["--help"], None),
        (["state"], "core.cli.belief_cmds"),
        (["state", "--json"], "core.cli.belief_cmds"),
        (["pending"], "core.cli.question_cmds"),
    ],
)
def test_a_command_imports_its_own_module_and_nothing_heavy(
    args: list[str], own_module: str | None, empty_store: Path
) -> None:
    loaded = loaded_after(args, empty_store)
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))
    others = set(command_modules()) - {own_module}
    assert not loaded & others, sorted(loaded & others)
    if own_module is not None:
        assert own_module in loaded


def test_help_loads_neither_settings_nor_engine_nor_store(empty_store: Path) -> None:
    """``canon --help`` lists every command, the bot plugin included, from names and
    summaries: nothing a command needs to run is loaded to list it."""
    loaded = loaded_after(["--help"], empty_store)
    assert "bot.cli" in loaded
    assert not loaded & {"core.settings", "core.engine.engine", "core.store", "bot.app"}


def test_the_table_lists_every_command_that_core_defines() -> None:
    defined = {
        command.name: f"{module}.{attr}"
        for module in command_modules()
        for attr, command in vars(importlib.import_module(module)).items()
        if isinstance(command, click.Command)
        and command in importlib.import_module(module).COMMANDS
    }
    listed = {name: f"{entry.module}.{entry.attribute}" for name, entry in COMMANDS.items()}
    assert listed == defined


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_table_summarises_a_command_as_its_help_does(name: str) -> None:
    entry = COMMANDS[name]
    command = entry.load()
    stand_in = entry.listing(name)
    for limit in (20, 45, 60, 80, 200):
        assert stand_in.get_short_help_str(limit) == command.get_short_help_str(limit), limit


def test_help_lists_every_command_and_plugin_with_its_summary() -> None:
    help_text = CliRunner().invoke(cli, ["--help"], terminal_width=200).output
    listing = help_text.split("Commands:\n", 1)[1]
    names = [line.split()[0] for line in listing.splitlines() if line.strip()]
    assert names == sorted({*COMMANDS, "bot"})
    for name, entry in COMMANDS.items():
        assert entry.listing(name).get_short_help_str(200 - 6 - len(max(names, key=len))) in (
            listing
        )


PLUGIN = """
import click

@click.command()
def hello() -> None:
    \"\"\"Say hello.\"\"\"
    click.echo("hello from a plugin")
"""


def test_a_plugin_loads_only_when_named_and_a_broken_one_is_not_listed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "canon_plugin_sample.py").write_text(PLUGIN)
    monkeypatch.syspath_prepend(str(tmp_path))
    plugins = [
        EntryPoint("hello", "canon_plugin_sample:hello", "canon.commands"),
        EntryPoint("broken", "canon_no_such_plugin:nothing", "canon.commands"),
        EntryPoint("state", "canon_plugin_sample:hello", "canon.commands"),
    ]
    group = LazyGroup(name="canon", lazy=COMMANDS)
    monkeypatch.setattr("core.cli.lazy.entry_points", lambda group: plugins)

    assert group.list_commands(click.Context(group)) == sorted({*COMMANDS, "hello", "broken"})
    assert "canon_plugin_sample" not in sys.modules
    said = CliRunner().invoke(group, ["hello"])
    assert (said.exit_code, said.output) == (0, "hello from a plugin\n")
    listing = CliRunner().invoke(group, ["--help"]).output
    assert "hello" in listing
    assert "broken" not in listing
    assert group.broken_plugins
    assert group.broken_plugins[0].startswith("broken: ")
    missing = CliRunner().invoke(group, ["broken"])
    assert missing.exit_code == 2
    assert "No such command 'broken'" in missing.output
    # A built-in name is never taken over by a plugin.
    assert group.get_command(click.Context(group), "state") is COMMANDS["state"].load()


def test_the_supervisor_of_several_workers_reads_no_text(tmp_path: Path) -> None:
    """``canon serve --workers 2`` hands connections to its workers and reads no message
    itself: it starts supervising with neither the extraction rules nor spaCy nor the
    API's handlers loaded (each worker loads them; the supervisor would pay a second for
    nothing at every start)."""
    probe = (
        "import asyncio, json, sys\n"
        "import core.cli.serve_cmd as serve_cmd\n"
        "async def supervise(host, port, workers):\n"
        "    print(json.dumps(sorted(sys.modules)), file=sys.stderr)\n"
        "serve_cmd._supervise = supervise\n"
        "from core.cli import main\n"
        "try:\n"
        "    main(['serve', '--workers', '2', '--port', '0'])\n"
        "except SystemExit as e:\n"
        "    assert not e.code, e.code\n"
    )
    env = {**os.environ, "CANON_DB": str(tmp_path / "canon.db")}
    loaded = set(probe_answer(probe, env=env, stream="stderr"))
    assert "core.cli.serve_cmd" in loaded
    heavy = {
        *HEAVY,
        "core.api.app",
        "core.extraction.select",
        "core.engine.engine",
    } - {"core.api"}
    assert not loaded & heavy, sorted(loaded & heavy)


def test_an_mcp_server_over_stdio_loads_neither_the_chat_nor_the_http_stack(
    tmp_path: Path,
) -> None:
    """``canon mcp`` is started by an assistant for each session: its tools take structured
    values, so it never loads the chat (LangGraph with it) nor, over stdio, aiohttp (the
    HTTP API's reach and tokens) nor markdown-it (read only when a zone is)."""
    probe = (
        "import json, sys\n"
        "import core.mcp.serve as serve\n"
        "async def stdio(server):\n"
        "    print(json.dumps(sorted(sys.modules)), file=sys.stderr)\n"
        "serve.serve_stdio = stdio\n"
        "from core.cli import main\n"
        "try:\n"
        "    main(['mcp', '--entity', 'user:alice'])\n"
        "except SystemExit as e:\n"
        "    assert not e.code, e.code\n"
    )
    env = {**os.environ, "CANON_DB": str(tmp_path / "canon.db")}
    loaded = set(probe_answer(probe, env=env, stream="stderr"))
    assert "core.mcp.scoped" in loaded
    heavy = {"spacy", "langgraph", "core.conversation.chat_base", "aiohttp", "markdown_it"}
    assert not loaded & heavy, sorted(loaded & heavy)


def test_status_reads_the_sources_health_without_what_polls_them(empty_store: Path) -> None:
    """``canon status`` shows each source's health as ``canon sources`` does, from the
    store: it loads neither the poller nor a calendar, mail or HTTP client."""
    loaded = loaded_after(["status"], empty_store)
    assert "core.cli.source_views" in loaded
    polling = {"core.sources.poller", "core.sources.registry", "icalendar", "httpx"}
    assert not loaded & polling, sorted(loaded & polling)
