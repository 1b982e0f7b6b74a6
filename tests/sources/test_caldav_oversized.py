"""A CalDAV server that answers with more than a pass may read, or drips its answers a
byte at a time, through a real CalDAV server (Radicale on loopback, behind a dripping
proxy for the second) and the poller: the source reports why, nothing is read from it,
and the next pass of an honest calendar is.

Before, the caldav library read every answer whole into memory, whatever its size, and
``timeout`` bounded each wait only: a calendar anyone shares with the user (a principal
they were given, invitations with megabytes of description) held it all in the bot's own
process, or held the poller for as long as its server liked.

A server that drips its headers (the status line, then one header a byte at a time) is
given up the same way: before, the headers were read before any limit applied, so such a
server held the sync for as long as it liked.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from source_servers import Radicale
from sources_helpers import TAKES_TRAVEL
from test_caldav_invitations import NOW, _calendar, _event, _settings

from core.engine.engine import Engine
from core.sources.kinds import caldav
from core.sources.kinds.ics import FEED_TIMEOUTS
from core.sources.poller import poll_once
from core.store.sqlite import SQLiteStore

pytestmark = pytest.mark.timeout(120)

SMALLER_LIMIT = 1_000_000
"""The pass's limit in these tests: the real one (``MAX_PASS_BYTES``, 20 MB) would have
Radicale take a minute to store what goes past it; the reading is the same."""
PADDED_EVENTS = 3
"""Events of half the limit each: past it together, each one a size a server takes."""
GAP = 0.02
"""Seconds between two bytes the dripping proxy sends: a fiftieth of TIMEOUT."""
TIMEOUT = 1.0
"""Each wait's bound: long enough for a busy machine's Radicale to start its answer (0.5
was not, while Radicale slept a second before each 401; the fixture now has it answer
at once), the drip far inside it."""


@pytest.fixture
def engine(store: SQLiteStore) -> Engine:
    return Engine(store, TAKES_TRAVEL)


def _padded(uid: str) -> str:
    lines = "\r\n".join(f"X-PAD-{i}:" + "x" * 60 for i in range(SMALLER_LIMIT // 2 // 70))
    return _event(uid, "Trip to Denver", organizer=None, answer=None).replace(
        "END:VEVENT", f"{lines}\r\nEND:VEVENT"
    )


async def _honest_pass_reads(tmp_path: Path, radicale: Radicale, engine: Engine) -> None:
    honest, user, password, _ = _calendar(radicale, _event("t1", "Trip to Denver", organizer=None))
    again = (await poll_once(engine, _settings(tmp_path, honest, user, password), NOW)).sources[0]
    assert again.ok, again.error
    assert again.signals == 1


async def test_a_calendar_past_the_limit_is_refused_and_the_source_says_why(
    tmp_path: Path, radicale: Radicale, engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(caldav, "MAX_PASS_BYTES", SMALLER_LIMIT)
    url, user, password, _ = _calendar(
        radicale, *(_padded(f"big{i}") for i in range(PADDED_EVENTS))
    )

    report = (await poll_once(engine, _settings(tmp_path, url, user, password), NOW)).sources[0]

    assert not report.ok
    assert "sent more than 1 MB in one pass; not read" in (report.error or ""), report.error
    assert await engine.store.review_items(["pending", "queued"]) == []
    await _honest_pass_reads(tmp_path, radicale, engine)


def _pipe(source: socket.socket, sink: socket.socket, drip: bool, stop: threading.Event) -> None:
    try:
        while data := source.recv(65536):
            for i in range(len(data)) if drip else [None]:
                if stop.is_set():
                    return
                sink.sendall(data if i is None else data[i : i + 1])
                if drip:
                    time.sleep(GAP)
    except OSError:
        pass  # either side closed
    finally:
        for end in (source, sink):
            end.close()


@pytest.fixture
def dripping(radicale: Radicale) -> Iterator[str]:
    """Radicale behind a proxy that sends its answers a byte every GAP: the proxy's URL."""
    target = urlsplit(radicale.url)
    listener = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                client, _ = listener.accept()
            except OSError:
                return
            upstream = socket.create_connection((target.hostname or "", target.port or 80))
            for args in ((client, upstream, False), (upstream, client, True)):
                threading.Thread(target=_pipe, args=(*args, stop), daemon=True).start()

    threading.Thread(target=serve, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}/"
    finally:
        stop.set()
        listener.close()


async def test_a_server_that_drips_is_given_up_and_the_source_says_why(
    tmp_path: Path, radicale: Radicale, dripping: str, engine: Engine
) -> None:
    url, user, password, _ = _calendar(radicale, _event("t1", "Trip to Denver", organizer=None))
    slow = url.replace(radicale.url, dripping)

    config = _settings(tmp_path, slow, user, password, timeout=TIMEOUT)
    report = (await poll_once(engine, config, NOW)).sources[0]

    assert not report.ok
    limit = f"{FEED_TIMEOUTS * TIMEOUT:g} s"
    assert f"was not read whole within {limit}; not read" in (report.error or ""), report.error
    assert await engine.store.review_items(["pending", "queued"]) == []
    await _honest_pass_reads(tmp_path, radicale, engine)


@pytest.fixture
def dripping_headers() -> Iterator[str]:
    """A server that answers every request with a status line, then a header a byte every
    ten GAPs, never ending it: its URL."""
    listener = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def answer(client: socket.socket) -> None:
        with client:
            try:
                client.recv(65536)
                client.sendall(b"HTTP/1.1 207 Multi-Status\r\nX-Pad: ")
                while not stop.is_set():
                    client.sendall(b"x")
                    time.sleep(10 * GAP)
            except OSError:
                pass  # the reader gave up, as it should

    def serve() -> None:
        while not stop.is_set():
            try:
                client, _ = listener.accept()
            except OSError:
                return
            threading.Thread(target=answer, args=(client,), daemon=True).start()

    threading.Thread(target=serve, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}/dav/mine/"
    finally:
        stop.set()
        listener.close()


async def test_a_server_that_drips_its_headers_is_given_up_and_the_source_says_why(
    tmp_path: Path, radicale: Radicale, dripping_headers: str, engine: Engine
) -> None:
    config = _settings(tmp_path, dripping_headers, "me", "secret", timeout=TIMEOUT)

    report = (await poll_once(engine, config, NOW)).sources[0]

    assert not report.ok
    limit = f"{FEED_TIMEOUTS * TIMEOUT:g} s"
    assert f"was not read whole within {limit}; not read" in (report.error or ""), report.error
    assert await engine.store.review_items(["pending", "queued"]) == []
    await _honest_pass_reads(tmp_path, radicale, engine)
