"""A second `make run` (`canon bot` without a token) on a taken port: one clear line, no traceback.

The playground that holds the port is a process of its own; the refused `canon bot` runs in
this interpreter (``canon_cli.canon``): what it prints and exits with is the same, without
a new Python loading the language pipeline for a command that stops at the port."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

from canon_cli import Ran, canon

CANON = [sys.executable, "-m", "core.cli"]


def environment(db: Path, **extra: str) -> dict[str, str]:
    env = {**os.environ, "CANON_DB": str(db), **extra}
    for name in ("TELEGRAM_BOT_TOKEN", "CANON_PLAYGROUND_PORT"):
        if name not in extra:
            env.pop(name, None)
    return env


def here(env: dict[str, str]) -> dict[str, str | None]:
    """``env`` for a command run in this interpreter: what it leaves out is unset here too."""
    unset = ("TELEGRAM_BOT_TOKEN", "CANON_PLAYGROUND_PORT")
    return {**env, **{name: None for name in unset if name not in env}}


def assert_port_taken(result: Ran, port: int) -> None:
    assert result.returncode == 2
    assert result.stderr.startswith(f"canon: error: port {port} is already in use")
    assert "--playground-port N or CANON_PLAYGROUND_PORT=N" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stdout + result.stderr


def test_a_second_playground_on_the_same_port_says_the_port_is_taken(tmp_path: Path) -> None:
    db = tmp_path / "canon.db"
    first = subprocess.Popen(
        [*CANON, "bot", "--playground-port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment(db),
    )
    try:
        assert first.stdout is not None
        banner = first.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", banner)
        assert found, banner + (first.stderr.read() if first.stderr else "")
        port = int(found.group(1))
        second = canon("bot", env=here(environment(db, CANON_PLAYGROUND_PORT=str(port))))
        assert_port_taken(second, port)
        assert first.poll() is None  # the first one is untouched
    finally:
        first.send_signal(signal.SIGTERM)
        first.wait(timeout=60)
    assert first.returncode == 0


def test_an_occupied_port_given_with_the_option_is_one_clear_error(tmp_path: Path) -> None:
    with socket.socket() as occupant:
        occupant.bind(("127.0.0.1", 0))
        occupant.listen()
        port = occupant.getsockname()[1]
        result = canon(
            "bot", "--playground-port", str(port), env=here(environment(tmp_path / "canon.db"))
        )
    assert_port_taken(result, port)
