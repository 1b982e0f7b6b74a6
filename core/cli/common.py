"""What every command shares: the context object, options, error edge, output."""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime
from functools import wraps
from typing import Any, ParamSpec, TypeVar

import click
from rich.console import Console

from core.config import Config, load_config
from core.domain.timeutil import parse_ts, utc_now
from core.engine.engine import Engine
from core.errors import CanonError
from core.store.sqlite import SQLiteStore

P = ParamSpec("P")
T = TypeVar("T")

db_option = click.option(
    "--db", envvar="CANON_DB", metavar="PATH", help="SQLite store to use; also CANON_DB."
)


@dataclass
class Context:
    """Options of the top-level group, and the config read from them once."""

    db: str | None = None
    policy_path: str | None = None
    _config: Config | None = field(default=None, repr=False)

    @property
    def config(self) -> Config:
        if self._config is None:
            self._config = load_config(db=self.db, policy_path=self.policy_path)
        return self._config


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
    store = SQLiteStore(ctx.config.db_path)
    await store.open()
    try:
        yield Engine(store, ctx.config.policy)
    finally:
        await store.close()


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
    return Console(soft_wrap=True, highlight=False)


def err() -> Console:
    return Console(stderr=True, highlight=False)


def emit_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, sort_keys=False) + "\n")


def is_terminal() -> bool:
    return sys.stderr.isatty()


async def gather_in_order(items: list[Awaitable[T]]) -> list[T]:
    return [await item for item in items]
