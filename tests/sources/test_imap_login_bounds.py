"""An IMAP server's greeting and its replies up to the end of LOGIN are bounded like IDLE's
notices, through a small IMAP server on loopback that misbehaves before any mail is
asked for (Dovecot never does) and the poller: one that sends more than
``MAX_LOGIN_BYTES`` (lines without end, or a literal of a gigabyte) is cut off by what
it sent, and one that drips a byte at a time is given up after ``LOGIN_TIMEOUTS``
timeouts; each is the source's failure, with why, in ``canon sources``, and nothing of
it is taken.

Before, imaplib read the greeting and LOGIN's reply for as long as they came (and a
literal whole, whatever size it announced), and each wait was bounded only by
``timeout``: a server could fill the poller's memory or hold every later pass for ever.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sources_helpers import config_with, imap_source

from core.engine.engine import Engine
from core.sources.health import source_view
from core.sources.kinds import imap
from core.sources.poller import poll_once, source_states

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
LIMIT = 20_000
"""The most the greeting and LOGIN may bring in these tests (the real bound reads alike)."""
GREETING = b"* OK [CAPABILITY IMAP4rev1] ready\r\n"


class _Server:
    """An IMAP server that answers as ``behaviour`` says; ``well`` is a server that
    behaves (an empty folder)."""

    def __init__(self, behaviour: str) -> None:
        self.behaviour = behaviour
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._session, args=(conn,), daemon=True).start()

    def _send(self, conn: socket.socket, data: bytes) -> None:
        conn.sendall(data)

    def _without_end(self, conn: socket.socket, piece: bytes, pause: float = 0.0) -> None:
        while True:
            self._send(conn, piece)
            time.sleep(pause)

    def _greet(self, conn: socket.socket) -> None:
        how = self.behaviour
        if how == "floods the greeting":
            self._send(conn, GREETING)
            self._without_end(conn, b"* OK still greeting\r\n" * 100)
        if how == "greets with a gigabyte":
            self._send(conn, b"* OK {1000000000}\r\n")
            self._without_end(conn, b"x" * 65536)
        if how == "drips the greeting":
            self._without_end(conn, b"*", pause=0.2)
        self._send(conn, GREETING)

    def _login(self, conn: socket.socket, tag: bytes) -> None:
        how = self.behaviour
        if how == "floods the login":
            self._without_end(conn, b"* CAPABILITY IMAP4rev1 IDLE\r\n" * 100)
        if how == "logs in with a gigabyte":
            self._send(conn, b"* CAPABILITY {1000000000}\r\n")
            self._without_end(conn, b"x" * 65536)
        if how == "drips the login":
            self._without_end(conn, b"*", pause=0.2)
        self._send(conn, tag + b" OK logged in\r\n")

    def _session(self, conn: socket.socket) -> None:
        with conn, conn.makefile("rb") as lines:
            try:
                self._greet(conn)
                for line in lines:
                    tag, command = line.rstrip(b"\r\n").split(b" ", 1)
                    verb = command.split(b" ")[0].upper()
                    if verb == b"LOGIN":
                        self._login(conn, tag)
                        continue
                    answer = {
                        b"CAPABILITY": b"* CAPABILITY IMAP4rev1\r\n",
                        b"EXAMINE": b"* 0 EXISTS\r\n* OK [UIDVALIDITY 7] ok\r\n",
                        b"SELECT": b"* 0 EXISTS\r\n* OK [UIDVALIDITY 7] ok\r\n",
                        b"UID": b"* SEARCH\r\n",
                        b"LOGOUT": b"* BYE\r\n",
                    }.get(verb, b"")
                    self._send(conn, answer + tag + b" OK done\r\n")
                    if verb == b"LOGOUT":
                        return
            except (OSError, ValueError):
                pass  # the reader gave up, as it should

    def close(self) -> None:
        self.listener.close()


@pytest.fixture
def server(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[_Server]:
    monkeypatch.setattr(imap, "MAX_LOGIN_BYTES", LIMIT)
    running = _Server(request.param)
    yield running
    running.close()


async def _poll(tmp_path: Path, engine: Engine, server: _Server) -> tuple[object, str]:
    cfg = imap_source(tmp_path, server.port, "me", "secret", timeout=1)
    report = (await poll_once(engine, config_with(tmp_path, cfg), NOW)).sources[0]
    state = await source_states(engine).source_state("mail")
    return report, source_view(cfg, state, NOW)["last_error"] or ""


@pytest.mark.parametrize(
    ("server", "why"),
    [
        ("floods the greeting", "sent more than 20 kB before logging in; not read"),
        ("greets with a gigabyte", "sent more than 20 kB before logging in; not read"),
        ("floods the login", "sent more than 20 kB before logging in; not read"),
        ("logs in with a gigabyte", "sent more than 20 kB before logging in; not read"),
        ("drips the greeting", "did not greet and log in within 3 s; not read"),
        ("drips the login", "did not greet and log in within 3 s; not read"),
    ],
    indirect=["server"],
)
async def test_a_server_that_will_not_stop_before_login_is_cut_off_with_why_shown(
    tmp_path: Path, engine: Engine, server: _Server, why: str
) -> None:
    report, shown = await _poll(tmp_path, engine, server)

    assert not report.ok  # type: ignore[attr-defined]
    assert shown == f"imap: 127.0.0.1 {why}"
    assert await engine.store.review_items(["pending", "queued"]) == []


@pytest.mark.parametrize("server", ["well"], indirect=True)
async def test_a_server_that_greets_and_logs_in_briefly_is_read(
    tmp_path: Path, engine: Engine, server: _Server
) -> None:
    report, shown = await _poll(tmp_path, engine, server)

    assert report.ok, shown  # type: ignore[attr-defined]
    assert shown == ""
