"""A principal's calendars are each read within a bound of their own, through Radicale
behind a proxy that holds back the answers of chosen calendars and the poller: several
slow calendars, each in time, are read whole although together they take longer than
one bound; a calendar that never answers is given up after its own time while the pass
reads the others, and it is the source's failure in ``canon sources``, its remembered
events kept (not taken for deleted) and the next pass reading it again.

Before, one bound (``FEED_TIMEOUTS`` timeouts, two minutes by default) held the whole
pass: a principal with many slow calendars failed every pass, and nothing of it was read.
"""

from __future__ import annotations

import http.client
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from caldav.davclient import DAVClient
from source_servers import Radicale
from sources_helpers import TAKES_TRAVEL
from test_caldav_invitations import NOW, _event, _settings

from core.domain.timeutil import utc_now
from core.engine.engine import Engine
from core.sources.health import source_view
from core.sources.kinds.ics import FEED_TIMEOUTS
from core.sources.poller import poll_once, source_states
from core.store.sqlite import SQLiteStore

pytestmark = pytest.mark.timeout(120)
TIMEOUT = 1.0
"""Seconds of one wait: the held answers' gaps (``GAP``) well inside it, and Radicale
answers a request without its login at once (the fixture's ``--auth-delay 0``)."""
BOUND = FEED_TIMEOUTS * TIMEOUT
"""Each step's time: finding the calendars, then each calendar."""
HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "content-length"}


@dataclass
class _Holding:
    """Which calendars' REPORT answers the proxy holds back, by a part of their path:
    ``slow``, each in ``STEPS`` parts a ``GAP`` apart (every wait within ``TIMEOUT``);
    ``stuck``, as ``dripping`` (a byte a ``GAP`` without end) or ``silent`` (nothing, the
    connection kept open). ``reports``: the paths of the REPORTs asked."""

    slow: set[str] = field(default_factory=set)
    stuck: dict[str, str] = field(default_factory=dict)
    reports: list[str] = field(default_factory=list)
    released: threading.Event = field(default_factory=threading.Event)


GAP = 0.3 * TIMEOUT
STEPS = 8
"""A slow calendar's answer takes ``STEPS * GAP`` (0.6 of a bound): two take longer than
one bound together, each well within its own."""


@pytest.fixture
def engine(store: SQLiteStore) -> Engine:
    return Engine(store, TAKES_TRAVEL)


@pytest.fixture
def proxy(radicale: Radicale) -> Iterator[tuple[str, _Holding]]:
    """Radicale behind an HTTP proxy that holds back answers as ``_Holding`` says: its URL."""
    target = urlsplit(radicale.url)
    holding = _Holding()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *_: Any) -> None:
            pass

        def _forward(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            upstream = http.client.HTTPConnection(target.hostname or "", target.port or 80)
            headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
            upstream.request(self.command, self.path, body, headers)
            answer = upstream.getresponse()
            data = answer.read()
            upstream.close()
            if self.command == "REPORT":
                holding.reports.append(self.path)
                stuck = [how for part, how in holding.stuck.items() if part in self.path]
                if stuck:
                    self._stuck(stuck[0])
                    return
            slow = self.command == "REPORT" and any(p in self.path for p in holding.slow)
            self._hold(slow)
            self.send_response(answer.status)
            for key, value in answer.getheaders():
                if key.lower() not in HOP_BY_HOP:
                    self.send_header(key, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            step = len(data) // (STEPS - 1) + 1
            for i in range(0, len(data), step):
                self._hold(slow)
                self.wfile.write(data[i : i + step])
                self.wfile.flush()

        def _hold(self, slow: bool) -> None:
            if slow:
                holding.released.wait(GAP)

        def _stuck(self, how: str) -> None:
            if how == "silent":
                holding.released.wait(60)
                return
            self.wfile.write(b"HTTP/1.1 207 Multi-Status\r\nX-Pad: ")
            while not holding.released.wait(GAP):
                self.wfile.write(b"x")
                self.wfile.flush()

        do_GET = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = do_OPTIONS = _forward

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    ).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", holding
    finally:
        holding.released.set()
        server.shutdown()
        server.server_close()


def _principal(radicale: Radicale, calendars: dict[str, list[str]]) -> tuple[str, str, str]:
    """A user whose calendars (by id) hold the events: the user's principal path."""
    user, password = radicale.add_user()
    client = DAVClient(
        url=radicale.url, username=user, password=password, enable_rfc6764=False, require_tls=False
    )
    principal = client.principal()
    for cal_id, events in calendars.items():
        calendar = principal.make_calendar(name=cal_id, cal_id=cal_id)
        for event in events:
            calendar.save_event(event)
    return f"{user}/", user, password


def _trip(uid: str, city: str, days_ahead: int) -> str:
    return _event(
        uid, f"Trip to {city}", organizer=None, answer=None, start=NOW + timedelta(days=days_ahead)
    )


async def test_slow_calendars_each_in_time_are_read_whole(
    tmp_path: Path, radicale: Radicale, proxy: tuple[str, _Holding], engine: Engine
) -> None:
    base, holding = proxy
    calendars = {f"slow{i}": [_trip(f"t{i}", city, 10 * i + 5)] for i, city in enumerate("AB")}
    path, user, password = _principal(radicale, calendars)
    holding.slow = set(calendars)

    config = _settings(tmp_path, base + path, user, password, timeout=TIMEOUT)
    report = (await poll_once(engine, config, NOW)).sources[0]

    assert report.ok, report.error
    assert report.signals == 2
    assert sorted(p.split("/")[-2] for p in holding.reports) == sorted(calendars)


@pytest.mark.parametrize(
    ("how", "why"),
    [
        ("dripping", f"/club/ was not read whole within {BOUND:g} s"),
        ("silent", "/club/ cannot be read: ReadTimeout"),
    ],
)
async def test_a_calendar_that_never_answers_is_given_up_and_the_others_read(
    tmp_path: Path,
    radicale: Radicale,
    proxy: tuple[str, _Holding],
    engine: Engine,
    how: str,
    why: str,
) -> None:
    base, holding = proxy
    calendars = {"club": [_trip("c1", "Lisbon", 20)], "home": [_trip("h1", "Denver", 5)]}
    path, user, password = _principal(radicale, calendars)
    config = _settings(tmp_path, base + path, user, password, timeout=TIMEOUT)
    first = (await poll_once(engine, config, NOW)).sources[0]
    assert first.ok, first.error
    holding.stuck = {"/club/": how}

    report = (await poll_once(engine, config, NOW + timedelta(minutes=5))).sources[0]

    assert not report.ok
    assert why in (report.error or ""), report.error
    assert any("/club/" in s for s in report.skipped), report.skipped
    state = await source_states(engine).source_state("dav")
    assert state is not None
    known = state.cursor["known"]
    assert "c1" in known  # the club's trip is not taken for cancelled
    assert "h1" in known
    view = source_view(config.sources[0], state, utc_now())
    assert view["status"] == "failing (1x)"
    assert why in view["last_error"]
    holding.stuck = {}

    again = (await poll_once(engine, config, NOW + timedelta(minutes=10))).sources[0]

    assert again.ok, again.error
