"""A subscribed calendar feed that never ends, or unpacks to far more than it sent, is
refused as soon as it passes ``MAX_FEED_BYTES``, through a real HTTP server and the
poller: the source reports why, nothing is read from it, and the next honest feed is.

Before, the whole body was held in memory first (``response.content``): whoever serves a
feed the user subscribed to (a school's, a club's) could send an endless body or a
30 KB gzip that unpacks to gigabytes, in the bot's own process.
"""

from __future__ import annotations

import gzip
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from sources_helpers import config_with, source

from core.engine.engine import Engine
from core.errors import SourceError
from core.sources.kinds.ics import MAX_FEED_BYTES, fetch_ics
from core.sources.poller import poll_once

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
HEAD = b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//far//EN\r\n"
PAD = b"X-PAD:" + b"x" * 1000 + b"\r\n"
TRIP = (
    b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//club//EN\r\nBEGIN:VEVENT\r\nUID:t1\r\n"
    b"DTSTAMP:20260201T000000Z\r\nDTSTART;VALUE=DATE:20260401\r\n"
    b"DTEND;VALUE=DATE:20260405\r\nSUMMARY:Trip to Lisbon\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
)
OVER = MAX_FEED_BYTES + 10 * len(PAD) * 1000
"""Bytes a hostile feed sends (or unpacks to): a little more than the limit, so that
before the limit the test itself stays small."""


def _padding() -> Iterator[bytes]:
    yield HEAD
    sent = len(HEAD)
    while sent < OVER:
        chunk = PAD * 1000
        sent += len(chunk)
        yield chunk


class _Feeds(BaseHTTPRequestHandler):
    """``/endless.ics``: chunked, with no length; ``/bomb.ics``: gzip of the padding;
    ``/honest.ics``: a small feed with one trip."""

    bomb = gzip.compress(b"".join(_padding()), compresslevel=9)

    def log_message(self, *_: Any) -> None:
        pass

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/calendar")
        if self.path == "/endless.ics":
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            try:
                for chunk in _padding():
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                self.wfile.write(b"0\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                pass  # the reader stopped, as it should
            return
        body = self.bomb if self.path == "/bomb.ics" else TRIP
        if self.path == "/bomb.ics":
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture
def base() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Feeds)
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    )
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_the_bomb_is_small_on_the_wire() -> None:
    assert len(_Feeds.bomb) < MAX_FEED_BYTES // 100


@pytest.mark.parametrize("feed", ["endless.ics", "bomb.ics"])
async def test_a_feed_past_the_limit_is_refused_and_the_source_says_why(
    tmp_path: Path, base: str, engine: Engine, feed: str
) -> None:
    hostile = source(tmp_path, name="club", kind="ics", url=f"{base}{feed}")

    report = (await poll_once(engine, config_with(tmp_path, hostile), NOW)).sources[0]

    assert not report.ok
    assert "larger than 20 MB" in (report.error or ""), report.error
    assert await engine.store.review_items(["pending", "queued"]) == []

    honest = source(tmp_path, name="club", kind="ics", url=f"{base}honest.ics")
    again = (await poll_once(engine, config_with(tmp_path, honest), NOW)).sources[0]
    assert again.ok, again.error
    assert again.signals == 1


def test_a_local_feed_past_the_limit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "huge.ics"
    with path.open("wb") as file:
        file.writelines(_padding())
    with pytest.raises(SourceError, match="larger than 20 MB"):
        fetch_ics(source(tmp_path, name="huge", kind="ics", url=str(path)), NOW)
