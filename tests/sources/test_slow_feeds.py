"""A subscribed feed whose server sends one byte at a time, each just inside the source's
``timeout``, is given up after ``FEED_TIMEOUTS`` timeouts in all, through a real HTTP
server and the poller: the source reports why, nothing is read from it, and the next
honest feed is.

Before, ``timeout`` bounded each wait only: a server dripping its headers or its body
held the poller (and every source after it) for as long as it liked, up to 20 million
waits for the 20 MB limit.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from sources_helpers import config_with, source

from core.engine.engine import Engine
from core.sources.kinds.ics import FEED_TIMEOUTS
from core.sources.poller import poll_once

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
TIMEOUT = 1.0
"""The source's ``timeout``: twenty times the gap between two dripped bytes."""
GAP = 0.05
TRIP = (
    b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//club//EN\r\nBEGIN:VEVENT\r\nUID:t1\r\n"
    b"DTSTAMP:20260201T000000Z\r\nDTSTART;VALUE=DATE:20260401\r\n"
    b"DTEND;VALUE=DATE:20260405\r\nSUMMARY:Trip to Lisbon\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
)
stop = threading.Event()


class _Feeds(BaseHTTPRequestHandler):
    """``/drip-body.ics``: headers, then a body a byte every GAP; ``/drip-head.ics``: a
    header a byte every GAP; ``/honest.ics``: a small feed with one trip."""

    def log_message(self, *_: Any) -> None:
        pass

    def _drip(self, data: bytes) -> None:
        for byte in data:
            if stop.is_set():
                return
            self.wfile.write(bytes([byte]))
            self.wfile.flush()
            time.sleep(GAP)

    def do_GET(self) -> None:
        try:
            if self.path == "/drip-head.ics":
                self.wfile.write(b"HTTP/1.1 200 OK\r\n")
                self._drip(b"X-Pad: " + b"x" * 10_000)
                return
            body = TRIP if self.path == "/honest.ics" else b"BEGIN:VCALENDAR\r\n" * 10_000
            self.send_response(200)
            self.send_header("Content-Type", "text/calendar")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.path == "/drip-body.ics":
                self._drip(body)
            else:
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the reader gave up, as it should


@pytest.fixture
def base() -> Iterator[str]:
    stop.clear()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Feeds)
    server.daemon_threads = True
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    )
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        stop.set()
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("feed", ["drip-head.ics", "drip-body.ics"])
async def test_a_feed_that_drips_is_given_up_and_the_source_says_why(
    tmp_path: Path, base: str, engine: Engine, feed: str
) -> None:
    slow = source(tmp_path, name="club", kind="ics", url=f"{base}{feed}", timeout=TIMEOUT)

    report = (await poll_once(engine, config_with(tmp_path, slow), NOW)).sources[0]

    assert not report.ok
    limit = f"{FEED_TIMEOUTS * TIMEOUT:g} s"
    assert f"was not read whole within {limit}" in (report.error or ""), report.error
    assert await engine.store.review_items(["pending", "queued"]) == []

    honest = source(tmp_path, name="club", kind="ics", url=f"{base}honest.ics", timeout=TIMEOUT)
    again = (await poll_once(engine, config_with(tmp_path, honest), NOW)).sources[0]
    assert again.ok, again.error
    assert again.signals == 1
