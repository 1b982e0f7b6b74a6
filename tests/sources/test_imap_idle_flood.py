"""Waiting for mail (IMAP IDLE) is bounded like every other read, through a small IMAP
server on loopback that misbehaves while idle (Dovecot never does) and ``canon poll
--every``'s wait: a server that streams notices without end is cut off past
``MAX_IDLE_BYTES`` and one that drips after the wait is over past ``IDLE_GRACE``
timeouts, each a SourceError shown by ``canon sources`` as the source's failure, while
keep-alives do not end a wait that then sees its mail.

Before, imapclient read IDLE's lines for as long as they came: a flooding server filled
the poller's memory and the wait (and so every later pass) never ended.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sources_helpers import imap_source

from core.cli.sources_cmds import _wait
from core.domain.timeutil import utc_now
from core.engine.engine import Engine
from core.errors import SourceError
from core.sources.health import source_view
from core.sources.kinds import imap
from core.sources.kinds.imap import ImapConfig, wait_for_mail
from core.sources.poller import source_states

pytestmark = pytest.mark.timeout(60)
LIMIT = 100_000
"""The most IDLE may bring in these tests (the real bound, 1 MB, reads the same way)."""
NOTICE = b"* 1 FETCH (FLAGS (\\Seen))\r\n"


class _Server:
    """An IMAP server of one folder whose IDLE is ``behaviour``: ``floods`` (notices
    without end), ``keeps_alive`` (a few keep-alives, then new mail), ``drips`` (after
    DONE, a notice now and then, never the end of the IDLE)."""

    def __init__(self, behaviour: str) -> None:
        self.behaviour = behaviour
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.sent_while_idle = 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._session, args=(conn,), daemon=True).start()

    def _idle(self, conn: socket.socket, lines: Iterator[bytes], tag: str) -> None:
        conn.sendall(b"+ idling\r\n")
        if self.behaviour == "floods":
            while True:
                conn.sendall(NOTICE * 100)
                self.sent_while_idle += len(NOTICE) * 100
        if self.behaviour == "keeps_alive":
            for _ in range(3):
                conn.sendall(b"* OK still here\r\n")
                time.sleep(0.05)
            conn.sendall(b"* 2 EXISTS\r\n")
        next(lines)  # DONE
        if self.behaviour == "drips":
            while True:
                conn.sendall(NOTICE)
                time.sleep(0.2)
        conn.sendall(tag.encode() + b" OK idle done\r\n")

    def _session(self, conn: socket.socket) -> None:
        with conn, conn.makefile("rb") as lines:
            try:
                conn.sendall(b"* OK [CAPABILITY IMAP4rev1 IDLE] ready\r\n")
                for line in lines:
                    tag, command = line.decode().rstrip("\r\n").split(" ", 1)
                    verb = command.split(" ")[0].upper()
                    if verb == "IDLE":
                        self._idle(conn, iter(lines), tag)
                        continue
                    answer = {
                        "SELECT": b"* 1 EXISTS\r\n* OK [UIDVALIDITY 7] ok\r\n",
                        "EXAMINE": b"* 1 EXISTS\r\n* OK [UIDVALIDITY 7] ok\r\n",
                        "CAPABILITY": b"* CAPABILITY IMAP4rev1 IDLE\r\n",
                        "LOGOUT": b"* BYE\r\n",
                    }.get(verb, b"")
                    conn.sendall(answer + tag.encode() + b" OK done\r\n")
                    if verb == "LOGOUT":
                        return
            except (OSError, StopIteration):
                pass  # the reader gave up, as it should

    def close(self) -> None:
        self.listener.close()


@pytest.fixture
def server(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[_Server]:
    monkeypatch.setattr(imap, "MAX_IDLE_BYTES", LIMIT)
    running = _Server(request.param)
    yield running
    running.close()


def _mail(tmp_path: Path, server: _Server) -> ImapConfig:
    cfg = imap_source(tmp_path, server.port, "me", "secret", idle=True, timeout=1)
    assert isinstance(cfg, ImapConfig)
    return cfg


@pytest.mark.parametrize("server", ["floods"], indirect=True)
def test_a_server_that_floods_the_wait_is_cut_off_by_what_is_read(
    tmp_path: Path, server: _Server
) -> None:
    with pytest.raises(SourceError, match=r"more than 0\.1 MB of notices while idle"):
        wait_for_mail(_mail(tmp_path, server), timeout=30)


@pytest.mark.parametrize("server", ["drips"], indirect=True)
def test_a_server_that_drips_after_the_wait_is_given_up(tmp_path: Path, server: _Server) -> None:
    with pytest.raises(SourceError, match=r"did not end the wait within 2\.5 s"):
        wait_for_mail(_mail(tmp_path, server), timeout=0.5)


@pytest.mark.parametrize("server", ["keeps_alive"], indirect=True)
def test_keep_alives_do_not_end_a_wait_that_then_sees_mail(tmp_path: Path, server: _Server) -> None:
    assert wait_for_mail(_mail(tmp_path, server), timeout=30) is True


@pytest.mark.parametrize("server", ["floods"], indirect=True)
async def test_a_flooded_wait_is_the_sources_failure_in_canon_sources(
    tmp_path: Path, server: _Server, engine: Engine
) -> None:
    cfg = _mail(tmp_path, server)

    await _wait(engine, (cfg,), 1)

    state = await source_states(engine).source_state("mail")
    view = source_view(cfg, state, utc_now())
    assert view["status"] == "failing (1x)"
    assert "more than 0.1 MB of notices while idle" in view["last_error"]
    assert [kind for _, kind, _, _ in await engine.store.alerts()] == ["source_failed"]
