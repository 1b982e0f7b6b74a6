"""A subscribed feed's redirects are bounded: at most ``MAX_REDIRECTS``, never from https
to plain http, and to a private or loopback address only when the configured feed is on
one itself, through a real HTTP server (reached as public names through it as a proxy)
and the poller: the source says why, and the private address is never asked.

Before, a feed followed up to twenty redirects to any address: a public feed (a club's,
anyone's) could point the bot at the user's router or Canon's own API on loopback and
have the answer read as their calendar.

Behind a proxy, a name is the proxy's to resolve (and to pin): it is sent unresolved, and
``canon sources`` says the feed is read through the proxy; an address written out is
judged before the proxy, and the metadata service's never reaches it. Before, a feed at
``http://169.254.169.254/`` was asked of the proxy like any feed on the user's network.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from sources_helpers import config_with, source

from core.engine.engine import Engine
from core.sources.config import parse_source
from core.sources.kinds.ics import MAX_REDIRECTS, hop_refused
from core.sources.pinned_http import MachineNetwork
from core.sources.poller import poll_once

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
TRIP = (
    b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//club//EN\r\nBEGIN:VEVENT\r\nUID:t1\r\n"
    b"DTSTAMP:20260201T000000Z\r\nDTSTART;VALUE=DATE:20260401\r\n"
    b"DTEND;VALUE=DATE:20260405\r\nSUMMARY:Trip to Lisbon\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
)
asked: list[str] = []


class _Feeds(BaseHTTPRequestHandler):
    """Every host's feeds (the server is also the proxy the public names go through):
    ``/to-loopback.ics`` redirects to this server's loopback address, ``/moved.ics`` to
    another public name, ``/hop<n>.ics`` to ``/hop<n+1>.ics``, ``/to-nowhere.ics`` to a
    host name IDNA refuses; ``/club.ics`` is the feed."""

    def log_message(self, *_: Any) -> None:
        pass

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        where = url.netloc or f"127.0.0.1:{self.server.server_address[1]}"
        asked.append(f"{where}{url.path}")
        loopback = f"http://127.0.0.1:{self.server.server_address[1]}"
        moves = {
            "/to-loopback.ics": f"{loopback}/club.ics",
            "/moved.ics": "/club.ics",
            "/to-nowhere.ics": "http://xn--/club.ics",
        }
        if url.path.startswith("/hop"):
            moves[url.path] = f"/hop{int(url.path[4:-4]) + 1}.ics"
        if url.path == "/moved.ics" and url.netloc:
            moves[url.path] = "http://calendars.example/club.ics"
        if url.path in moves:
            self.send_response(302)
            self.send_header("Location", moves[url.path])
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/calendar")
        self.send_header("Content-Length", str(len(TRIP)))
        self.end_headers()
        self.wfile.write(TRIP)


@pytest.fixture
def loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The server's loopback URL; public names (``*.example``) reach it as a proxy."""
    asked.clear()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Feeds)
    server.daemon_threads = True
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    )
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    for name in ("NO_PROXY", "no_proxy", "ALL_PROXY", "all_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HTTP_PROXY", base)
    try:
        yield base
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize(
    ("feed", "why"),
    [
        ("http://feeds.example/to-loopback.ics", "redirects to a private address"),
        ("http://feeds.example/hop0.ics", f"redirects more than {MAX_REDIRECTS} times"),
        ("http://feeds.example/to-nowhere.ics", "or where it redirects is no address"),
    ],
)
async def test_a_public_feed_is_not_followed_to_loopback_nor_round_and_round(
    tmp_path: Path, loopback: str, engine: Engine, feed: str, why: str
) -> None:
    club = source(tmp_path, name="club", kind="ics", url=feed)

    report = (await poll_once(engine, config_with(tmp_path, club), NOW)).sources[0]

    assert not report.ok
    assert why in (report.error or ""), report.error
    assert not [a for a in asked if a.startswith("127.0.0.1")]  # never asked
    assert len(asked) <= MAX_REDIRECTS + 1
    assert await engine.store.review_items(["pending", "queued"]) == []


@pytest.mark.parametrize(
    "feed",
    [
        "http://feeds.example/moved.ics",  # to another public name
        "{loopback}/moved.ics",  # a feed on the user's own network, within it
    ],
)
async def test_a_feed_moved_within_its_bounds_is_read(
    tmp_path: Path, loopback: str, engine: Engine, feed: str
) -> None:
    club = source(tmp_path, name="club", kind="ics", url=feed.format(loopback=loopback))

    report = (await poll_once(engine, config_with(tmp_path, club), NOW)).sources[0]

    assert report.ok, report.error
    assert report.signals == 1


@pytest.mark.parametrize(
    ("first", "target", "first_private", "target_private", "refused"),
    [
        ("https://a.example/f.ics", "https://b.example/f.ics", False, False, None),
        ("http://a.example/f.ics", "https://a.example/f.ics", False, False, None),
        ("https://a.example/f.ics", "http://a.example/f.ics", False, False, "plain http"),
        ("https://a.example/f.ics", "http://10.0.0.1/f.ics", False, True, "plain http"),
        ("https://a.example/f.ics", "https://10.0.0.1/f.ics", False, True, "a private address"),
        ("https://10.0.0.2/f.ics", "https://10.0.0.1/f.ics", True, True, None),
        ("https://a.example/f.ics", "file:///etc/passwd", False, False, "a file address"),
        ("https://a.example/f.ics", "ftp://a.example/f.ics", False, False, "a ftp address"),
    ],
)
def test_which_hops_a_feed_may_take(
    first: str, target: str, first_private: bool, target_private: bool, refused: str | None
) -> None:
    why = hop_refused(first, target, first_private=first_private, target_private=target_private)
    assert (why is None) == (refused is None)
    assert refused is None or refused in (why or ""), why


@pytest.mark.parametrize(
    "feed", ["http://169.254.169.254/latest/meta-data/", "http://[fd00:ec2::254]/latest/"]
)
async def test_behind_a_proxy_the_metadata_service_written_out_is_refused_before_it(
    tmp_path: Path, loopback: str, engine: Engine, feed: str
) -> None:
    club = source(tmp_path, name="club", kind="ics", url=feed)

    report = (await poll_once(engine, config_with(tmp_path, club), NOW)).sources[0]

    assert not report.ok
    assert "the cloud's metadata service" in (report.error or ""), report.error
    assert asked == []  # the proxy was never asked for it


async def test_behind_a_proxy_a_name_is_resolved_by_the_proxy_not_here(
    tmp_path: Path, loopback: str, engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    looked_up: list[str] = []

    async def resolve(_: object, host: str, port: int) -> list[str]:
        looked_up.append(host)
        return ["10.0.0.7"]  # what this machine's resolver would say: not what is asked

    monkeypatch.setattr(MachineNetwork, "resolve", resolve)
    club = source(tmp_path, name="club", kind="ics", url="http://nas.example/club.ics")

    report = (await poll_once(engine, config_with(tmp_path, club), NOW)).sources[0]

    assert report.ok, report.error
    assert looked_up == []
    assert asked == ["nas.example/club.ics"]


@pytest.mark.parametrize(
    ("url", "environ", "shown"),
    [
        ("http://a.example/f.ics", {}, "http://a.example/f.ics"),
        (
            "http://a.example/f.ics",
            {"HTTP_PROXY": "http://me:secret@proxy.lan:3128"},
            "http://a.example/f.ics (through the proxy http://proxy.lan:3128, which resolves"
            " its names)",
        ),
        (
            "https://a.example/f.ics",
            {"https_proxy": "http://proxy.lan:3128", "HTTPS_PROXY": "http://other.lan:1"},
            "https://a.example/f.ics (through the proxy http://proxy.lan:3128, which resolves"
            " its names)",
        ),
        ("https://a.example/f.ics", {"HTTP_PROXY": "http://proxy.lan:3128"}, "https://a."),
        (
            "http://a.example/f.ics",
            {"ALL_PROXY": "http://proxy.lan:3128", "NO_PROXY": "a.example"},
            "http://a.example/f.ics",
        ),
        ("/home/me/cal.ics", {"ALL_PROXY": "http://proxy.lan:3128"}, "/home/me/cal.ics"),
    ],
)
def test_canon_sources_says_which_feeds_a_proxy_reads(
    tmp_path: Path, url: str, environ: dict[str, str], shown: str
) -> None:
    raw = {"name": "club", "kind": "ics", "url": url}

    where = parse_source(raw, 0, environ, tmp_path).describe()

    assert where.startswith(shown), where
    assert "secret" not in where
    assert ("through the proxy" in where) == ("through the proxy" in shown)
