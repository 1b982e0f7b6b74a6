"""What every command shares: the context object, options, error edge, output."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime
from functools import wraps
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

import click
from rich.console import Console

from core.domain.timeutil import parse_ts, utc_now
from core.errors import CanonError

# What a command needs (the engine, the store, the settings) is imported when it first
# runs, not here: every command imports this module, and ``canon --help`` needs none of
# them. tests/core/test_cli_startup.py pins what stays out.
if TYPE_CHECKING:
    from core.engine.engine import Engine
    from core.extraction.types import Extractor
    from core.settings import Settings

P = ParamSpec("P")
T = TypeVar("T")

db_option = click.option(
    "--db",
    metavar="URL",
    help="Store to use: a SQLite path, sqlite:///path, memory:// or postgresql://...; "
    "also CANON_DB.",
)


@dataclass
class Context:
    """The process's environment and the top-level options; the settings read from
    them once, when a command first needs them (``canon --help`` reads nothing)."""

    environ: Mapping[str, str] = field(default_factory=lambda: dict(os.environ))
    db: str | None = None
    policy_path: str | None = None
    _settings: Settings | None = field(default=None, repr=False)

    @property
    def settings(self) -> Settings:
        if self._settings is None:
            from core.settings import load_settings

            self._settings = load_settings(self.environ, db=self.db, policy_path=self.policy_path)
        return self._settings


class CanonGroup(click.Group):
    """Turns Canon's own errors into one line on stderr and exit status 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except CanonError as e:
            click.echo(f"canon: error: {e}", err=True)
            ctx.exit(2)
        except KeyboardInterrupt:
            click.echo("canon: interrupted", err=True)
            ctx.exit(130)


def run(coro_fn: Callable[P, Coroutine[Any, Any, T]]) -> Callable[P, T]:
    """Run an async command body to completion."""

    @wraps(coro_fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        return asyncio.run(coro_fn(*args, **kwargs))

    return wrapper


@asynccontextmanager
async def open_engine(ctx: Context) -> AsyncIterator[Engine]:
    """The engine over the configured store, opened (and migrated) for one command."""
    from core.engine.engine import Engine
    from core.store.factory import open_store

    store = open_store(ctx.settings.store_url)
    await store.open()
    try:
        yield Engine(store, ctx.settings.policy)
    finally:
        await store.close()


pass_ctx = click.make_pass_decorator(Context)
"""Hands a command the ``Context`` the ``canon`` group made (every command module uses it)."""
json_option = click.option("--json", "as_json", is_flag=True, help="Machine-stable JSON output.")
"""The ``--json`` flag of the commands whose JSON keys are stable."""


def now_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--now",
        "now_text",
        metavar="RFC3339",
        help="The clock to decide with (default: the current time).",
    )(fn)


def resolve_now(now_text: str | None) -> datetime:
    return parse_ts(now_text) if now_text else utc_now()


def out() -> Console:
    """Standard output, never reading Rich markup: what Canon prints holds other people's
    words (an agent's value "Reno [/x]" made `canon why` and `canon pending` crash, and
    "[bold red]…" restyled the owner's terminal). Colour is given as spans (``Text.assemble``),
    never parsed out of text."""
    return Console(soft_wrap=True, highlight=False, markup=False)


def err() -> Console:
    """Standard error, as ``out`` (no markup)."""
    return Console(stderr=True, highlight=False, markup=False)


def emit_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, sort_keys=False) + "\n")


def is_terminal() -> bool:
    return sys.stderr.isatty()


async def gather_in_order(items: list[Awaitable[T]]) -> list[T]:
    return [await item for item in items]


async def warm_language_pipeline(extractor: Extractor | None = None) -> None:
    """Load the language pipeline before a server listens (as the bot does at start), so
    its first request is not seconds slower than the rest: where ``extractor`` reads (the
    reading process, started now, or this process; None: this process). Quietly: a
    server's stderr says where it listens; a pipeline that is missing or fails its check
    is the one line here, and each request that needs it then gets the error."""
    from core.errors import LanguageModelMissing
    from core.extraction.offline import extract_offline
    from core.extraction.select import warm_reader

    try:
        await asyncio.to_thread(warm_reader, extractor or extract_offline)
    except LanguageModelMissing as e:
        click.echo(f"canon: language pipeline unusable: {e}", err=True)
