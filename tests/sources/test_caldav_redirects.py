"""A CalDAV server's redirects stay on its own origin, and no request of a pass goes to the
cloud's metadata service, through a real Radicale behind a doorway server on loopback
that moves some of its paths: the source says why in ``canon sources``, and where the
redirect pointed is never asked.

Before, the HTTP client followed any redirect: a CalDAV server (or whoever sits in the
middle of a plain-http one) could send Canon, with its PROPFIND and REPORT, to
``169.254.169.254`` or to Canon's own API on loopback, and have the answer read (and
quoted in the error) as the calendar.
"""

from __future__ import annotations

import http.client
from collections.abc import Iterator
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest
from caldav.davclient import DAVClient
from network_doubles import LoopbackServer, answers_with
from source_servers import Radicale
from sources_helpers import config_with, source

from core.engine.engine import Engine
from core.sources.health import source_view
from core.sources.kinds.caldav_hops import hop_refused
from core.sources.poller import poll_once, source_states

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
TRIP = (
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:trip-lisbon\r\n"
    "DTSTAMP:20260201T000000Z\r\nDTSTART;VALUE=DATE:20260401\r\nDTEND;VALUE=DATE:20260405\r\n"
    "SUMMARY:Trip to Lisbon\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
)


@pytest.fixture
def api() -> Iterator[LoopbackServer]:
    """Canon's own API (or anything else on loopback): what it answers must never be read."""
    with LoopbackServer(answers_with(b'{"token": "canon-api-secret"}')) as server:
        yield server


@pytest.fixture
def doorway(radicale: Radicale, api: LoopbackServer) -> Iterator[LoopbackServer]:
    """Radicale, passed through, but ``/to-api/...`` redirects (307) to the API,
    ``/to-metadata/...`` (302) to the metadata service, ``/to-https/...`` to https on
    the same host, and ``/moved/<path>`` (301) to ``/<path>`` on the doorway itself."""
    upstream = radicale.url.rstrip("/").removeprefix("http://")

    def answer(server: LoopbackServer, handler: BaseHTTPRequestHandler) -> None:
        path = handler.path
        moves = {
            "/to-api/": f"{api.origin}/",
            "/to-metadata/": "http://169.254.169.254/",
            "/to-https/": f"https://127.0.0.1:{server.port}/",
            "/moved/": "/",
        }
        for prefix, goes in moves.items():
            if path.startswith(prefix):
                status = 301 if prefix == "/moved/" else 307 if prefix == "/to-api/" else 302
                handler.send_response(status)
                handler.send_header("Location", goes + path.removeprefix(prefix))
                handler.send_header("Content-Length", "0")
                handler.end_headers()
                return
        length = int(handler.headers.get("Content-Length") or 0)
        body = handler.rfile.read(length) if length else None
        headers = {k: v for k, v in handler.headers.items() if k.lower() != "host"}
        connection = http.client.HTTPConnection(upstream, timeout=30)
        connection.request(handler.command, path, body, headers)
        got = connection.getresponse()
        data = got.read()
        handler.send_response(got.status)
        for k, v in got.getheaders():
            if k.lower() not in ("transfer-encoding", "connection", "content-length"):
                handler.send_header(k, v)
        handler.send_header("Content-Length", str(len(data)))
        handler.end_headers()
        handler.wfile.write(data)
        connection.close()

    with LoopbackServer(answer) as server:
        yield server


@pytest.fixture
def family(radicale: Radicale) -> tuple[str, str, str]:
    """A Radicale user with a calendar holding a trip: (user, password, the calendar's path)."""
    user, password = radicale.add_user()
    client = DAVClient(
        url=radicale.url, username=user, password=password, enable_rfc6764=False, require_tls=False
    )
    calendar = client.principal().make_calendar(name="family", cal_id="family")
    calendar.save_event(TRIP)
    return user, password, str(calendar.url).removeprefix(radicale.url.rstrip("/"))


async def _poll(tmp_path: Path, engine: Engine, url: str, user: str, password: str) -> Any:
    dav = source(
        tmp_path, name="dav", kind="caldav", url=url, username=user, password=password, ssl=False
    )
    report = (await poll_once(engine, config_with(tmp_path, dav), NOW)).sources[0]
    state = await source_states(engine).source_state("dav")
    return report, source_view(dav, state, NOW)  # what ``canon sources`` shows


@pytest.mark.parametrize(
    ("prefix", "why"),
    [
        ("/to-api", "redirects to another origin (http://127.0.0.1:"),
        ("/to-metadata", "redirects to the cloud's metadata service"),
        ("/to-https", "redirects to another origin (https://127.0.0.1:"),
    ],
)
async def test_a_redirect_off_the_servers_origin_is_refused(
    tmp_path: Path,
    engine: Engine,
    doorway: LoopbackServer,
    api: LoopbackServer,
    family: tuple[str, str, str],
    prefix: str,
    why: str,
) -> None:
    user, password, path = family

    report, shown = await _poll(tmp_path, engine, f"{doorway.origin}{prefix}{path}", user, password)

    assert not report.ok
    assert why in (report.error or ""), report.error
    assert why in (shown["last_error"] or ""), shown
    assert "canon-api-secret" not in (report.error or "")
    assert api.asked == []  # never asked
    assert await engine.store.review_items(["pending", "queued"]) == []


async def test_a_calendar_moved_within_its_server_is_read(
    tmp_path: Path, engine: Engine, doorway: LoopbackServer, family: tuple[str, str, str]
) -> None:
    user, password, path = family

    report, shown = await _poll(tmp_path, engine, f"{doorway.origin}/moved{path}", user, password)

    assert report.ok, report.error
    assert shown["last_error"] is None, shown
    assert any(a.startswith("PROPFIND /moved/") for a in doorway.asked), doorway.asked
    assert report.signals == 1  # the trip


@pytest.mark.parametrize(
    "url",
    ["http://169.254.169.254/", "http://[::ffff:a9fe:a9fe]/dav/", "http://[fd00:ec2::254]/"],
)
async def test_a_server_configured_on_the_metadata_service_is_never_asked(
    tmp_path: Path, engine: Engine, url: str
) -> None:
    report, shown = await _poll(tmp_path, engine, url, "u", "p")

    assert not report.ok
    assert "is on the cloud's metadata service; not read" in (report.error or ""), report.error
    assert "metadata service" in (shown["last_error"] or ""), shown
    assert await engine.store.review_items(["pending", "queued"]) == []


@pytest.mark.parametrize(
    ("request_url", "target", "why"),
    [
        ("https://dav.example/a/", "https://dav.example/b/", None),
        ("https://dav.example/a/", "/b/", None),
        ("http://dav.example/a/", "https://dav.example/a/", None),  # upgraded to TLS
        ("http://dav.example:8080/a/", "http://DAV.example:8080/b/", None),
        ("https://dav.example/a/", "http://dav.example/a/", "another origin"),  # TLS dropped
        ("https://dav.example/a/", "https://dav.example:8443/a/", "another origin"),
        ("https://dav.example/a/", "https://other.example/a/", "another origin"),
        ("http://127.0.0.1:5232/a/", "http://127.0.0.1:8000/api/", "another origin"),
        ("https://dav.example/a/", "http://169.254.169.254/", "the cloud's metadata service"),
        ("https://dav.example/a/", "http://[::ffff:169.254.169.254]/", "metadata service"),
        ("https://dav.example/a/", "ftp://dav.example/a/", "another origin"),
    ],
)
def test_which_redirects_a_caldav_server_may_give(
    request_url: str, target: str, why: str | None
) -> None:
    refused = hop_refused(request_url, target)
    assert (refused is None) if why is None else (why in (refused or "")), refused
