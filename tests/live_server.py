"""``canon serve --port 0`` as a real process on loopback, with a token made by ``canon token``."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
from canon_cli import canon
from canon_testing import CALIBRATED_POLICY_FILE

from core.client_tls import client_tls

CANON = [sys.executable, "-m", "core.cli"]
LISTENING = re.compile(r"serving the HTTP API on (http://\S+)/v1")


@dataclass
class LiveServer:
    url: str
    token: str
    process: subprocess.Popen[str]
    stderr: list[str]

    def stop(self) -> int:
        """SIGTERM, then the exit status (the rest of stderr is kept)."""
        self.process.send_signal(signal.SIGTERM)
        rest = self.process.communicate(timeout=60)[1]
        self.stderr += rest.splitlines()
        return self.process.returncode


def environment(db: Path, **extra: str) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(db.parent),
        "CANON_DB": str(db),
        "CANON_POLICY": str(CALIBRATED_POLICY_FILE),
        **extra,
    }


def create_token(
    db: Path,
    entity: str,
    *options: str,
    role: str = "user",
    env: dict[str, str] | None = None,
    household: bool = True,
) -> str:
    """A ``role`` token's secret, made by ``canon token create`` as a user would (in this
    interpreter, with ``env`` as its whole environment): the one place the tests make API
    tokens (more ``options``: ``--name``, ``--source-type calendar``, ``--reach family:home``;
    without one, ``--reach household``; ``household=False``: its own entity only)."""
    given = env or environment(db)
    whole: dict[str, str | None] = {name: None for name in os.environ if name not in given}
    # A household's clients and feeds are made to reach it (``--reach household``) unless
    # the test gives a scope of its own.
    scope = () if "--reach" in options or not household else ("--reach", "household")
    made = canon(
        "token", "create", "--entity", entity, "--role", role, *scope, *options, env=whole | given
    )
    assert made.returncode == 0, made.stderr
    return made.stdout.strip()


@contextmanager
def live_server(
    db: Path, *options: str, env: dict[str, str] | None = None, role: str = "user"
) -> Iterator[LiveServer]:
    """``canon serve`` on ``db`` (``env``: the whole environment, ``environment(db)`` if None)
    and a ``role`` token for user:primary (its own client: ``user``)."""
    env = env or environment(db)
    token = create_token(db, "user:primary", role=role, env=env)
    process = subprocess.Popen(
        [*CANON, "serve", "--port", "0", *options],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    assert process.stderr is not None
    seen: list[str] = []
    url = None
    for line in process.stderr:  # the process says where it listens once it does
        seen.append(line.rstrip("\n"))
        if found := LISTENING.search(line):
            url = found.group(1)
            break
    server = LiveServer(url or "", token, process, seen)
    try:
        assert url is not None, "\n".join(seen)
        yield server
    finally:
        if process.poll() is None:
            server.stop()


@contextmanager
def unlimited_server(db: Path) -> Iterator[LiveServer]:
    """``live_server`` with no rate limit to speak of, that must end cleanly having logged
    no unexpected error (every 500 is logged as one, ``core.api.problems``)."""
    with live_server(db, "--rate", "100000", "--burst", "100000") as running:
        yield running
        assert running.stop() == 0
        assert not [line for line in running.stderr if "unexpected error" in line]


def call(server: LiveServer, method: str, path: str, body: object = None) -> httpx.Response:
    """``method`` ``path`` on ``server`` with its token, ``body`` as JSON."""
    return call_as(server.url, server.token, method, path, body)


def call_as(url: str, token: str, method: str, path: str, body: object = None) -> httpx.Response:
    """``method`` ``path`` on the server at ``url`` as ``token``'s holder, ``body`` as JSON
    (a client each call, on the process's one TLS context: a new one is 20 ms of CPU)."""
    auth = {"Authorization": f"Bearer {token}"}
    return httpx.request(
        method, f"{url}{path}", json=body, headers=auth, timeout=60, verify=client_tls()
    )
