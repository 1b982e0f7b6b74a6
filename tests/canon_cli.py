"""``canon`` run in this interpreter: a command line as a user types it, no new Python.

A test about what a command prints, writes or exits with runs it here: the same click
entry (``core.cli.cli``), with the environment, stdin and working directory it is given,
so imports and the language pipeline load once per test session instead of once per
command (one to two CPU seconds each). An exception that escapes is reported as the
process would report it: a traceback on stderr and exit status 1. A test about the
process itself (that it starts, what it loads, its signals, the files it leaves) spawns
it with ``spawn``, which takes the same arguments.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import traceback
from collections.abc import Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from budgets import budget
from click.testing import CliRunner, Result

from core.cli import cli


@dataclass(frozen=True)
class Ran:
    """What a finished ``canon`` command left: its exit status, stdout and stderr."""

    returncode: int
    stdout: str
    stderr: str


def canon(
    *args: str,
    env: Mapping[str, str | None] | None = None,
    stdin: str | bytes | None = None,
    cwd: Path | None = None,
) -> Ran:
    """``canon *args`` with ``env`` over the environment (None unsets a variable),
    ``stdin`` as its input and ``cwd`` as its working directory."""

    def invoke() -> Result:
        with _working_directory(cwd):
            return CliRunner().invoke(cli, list(args), input=stdin, env=env, prog_name="canon")

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        result = invoke()
    else:  # called from an async test: a command runs its own event loop, so not on this one
        with ThreadPoolExecutor(max_workers=1) as pool:
            result = pool.submit(invoke).result()
    return _as_process(result)


def _as_process(result: Result) -> Ran:
    if result.exception is None or isinstance(result.exception, SystemExit):
        return Ran(result.exit_code, result.stdout, result.stderr)
    error = result.exception
    shown = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    return Ran(1, result.stdout, result.stderr + shown)


@contextlib.contextmanager
def _working_directory(path: Path | None) -> Iterator[None]:
    if path is None:
        yield
        return
    with contextlib.chdir(path):
        yield


def spawn(
    *args: str,
    env: Mapping[str, str | None] | None = None,
    stdin: str | bytes | None = None,
    cwd: Path | None = None,
) -> Ran:
    """``canon *args`` as a new process (``python -m core.cli``), the same arguments as
    ``canon``: for what only a real process shows."""
    environ = dict(os.environ)
    for name, value in (env or {}).items():
        if value is None:
            environ.pop(name, None)
        else:
            environ[name] = value
    done = subprocess.run(
        [sys.executable, "-m", "core.cli", *args],
        input=stdin.encode() if isinstance(stdin, str) else stdin,
        capture_output=True,
        env=environ,
        cwd=cwd,
        # A guard against a hang, stretched like every budget: `canon bench` in a process
        # of its own took over two minutes at load 8-12 on two cores.
        timeout=budget(60),
    )
    return Ran(done.returncode, done.stdout.decode(), done.stderr.decode())
