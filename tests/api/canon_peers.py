"""A live ``canon serve`` with two tokens (``user:primary`` and ``user:bob``), for the
tests of what runs outside Canon and talks to it: the Python client, LangGraph, OpenClaw."""

from __future__ import annotations

import socket
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from live_server import CANON, LiveServer, environment, live_server


@dataclass
class Peers:
    server: LiveServer
    tokens: dict[str, str]
    """The secret of each entity's token."""

    @property
    def url(self) -> str:
        return self.server.url


def create_token(db: Path, entity: str, *options: str, role: str = "user") -> str:
    """A ``role`` token for ``entity`` made by ``canon token create`` (more ``options``:
    ``--source-type calendar``, ``--reach family:home``)."""
    made = subprocess.run(
        [*CANON, "token", "create", "--entity", entity, "--role", role, *options],
        capture_output=True,
        text=True,
        env=environment(db),
        timeout=120,
        check=True,
    )
    return made.stdout.strip()


@contextmanager
def live_peers(db: Path, *options: str) -> Iterator[Peers]:
    """The server (rate limits off unless ``options`` say otherwise) and both tokens."""
    limits = options or ("--rate", "100000", "--burst", "100000")
    with live_server(db, *limits) as server:
        yield Peers(
            server, {"user:primary": server.token, "user:bob": create_token(db, "user:bob")}
        )


@contextmanager
def silent_port() -> Iterator[str]:
    """A URL whose port accepts connections and never answers (a hung Canon)."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"


def closed_port() -> str:
    """A URL where nothing listens (Canon is down)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}"
