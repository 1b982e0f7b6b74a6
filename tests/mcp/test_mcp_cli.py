"""`canon mcp` refuses what it cannot serve with one line and exit status 2, never a traceback."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

CANON = [sys.executable, "-m", "core.cli"]


def canon_mcp(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CANON_DB": str(tmp_path / "canon.db"), "HOME": str(tmp_path)}
    return subprocess.run(
        [*CANON, "mcp", *args],
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--entity", "Alice"], "'Alice' is not an entity like user:alice"),
        (["--entity", "user:alice\n"], "is not an entity like user:alice"),
        ([], "Missing option '--entity'"),
        (["--entity", "user:alice", "--transport", "sse"], "'sse' is not one of"),
        (
            ["--entity", "user:alice", "--transport", "http", "--no-auth"],
            "--no-auth: no server runs without a secret any more",
        ),
        (
            ["--entity", "user:alice", "--transport", "http", "--host", "0.0.0.0", "--start-key"],
            "only a loopback server may take a key for this start",
        ),
        (
            ["--entity", "user:alice", "--start-key"],
            "--start-key: only --transport http takes a key",
        ),
    ],
)
def test_bad_arguments_are_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    result = canon_mcp(tmp_path, *args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = canon_mcp(
            tmp_path, "--entity", "user:alice", "--transport", "http", "--port", str(port)
        )
    assert result.returncode == 2
    assert result.stderr.strip() == (
        f"canon: error: cannot listen on 127.0.0.1:{port}: Address already in use"
    )
