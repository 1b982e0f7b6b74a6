"""A double of the internet for feed tests: names answer from a script, each address leads
to a real HTTP server on loopback (a public one to the club's, any other to the router)."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
from network_doubles import ScriptedNames

from core.sources.pinned_http import is_public

PUBLIC_V4 = "93.184.216.34"
PUBLIC_V6 = "2606:2800:220:1:248:1893:25c8:1946"


def calendar(summary: str) -> bytes:
    return (
        b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:t1\r\n"
        b"DTSTAMP:20260201T000000Z\r\nDTSTART;VALUE=DATE:20260401\r\n"
        b"DTEND;VALUE=DATE:20260405\r\nSUMMARY:" + summary.encode() + b"\r\n"
        b"END:VEVENT\r\nEND:VCALENDAR\r\n"
    )


@dataclass
class Site:
    """A real HTTP server on loopback: ``/club.ics`` is ``calendar``, ``/moved.ics``
    redirects to ``moved_to``; every request's Host header and path are kept."""

    calendar: bytes
    moved_to: str = ""
    asked: list[tuple[str, str]] = field(default_factory=list)
    port: int = 0

    def __enter__(self) -> Site:
        site = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_: Any) -> None:
                pass

            def do_GET(self) -> None:
                site.asked.append((self.headers.get("Host", ""), self.path))
                if self.path == "/moved.ics":
                    self.send_response(302)
                    self.send_header("Location", site.moved_to)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Length", str(len(site.calendar)))
                self.end_headers()
                self.wfile.write(site.calendar)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()
        return self

    def __exit__(self, *_: object) -> None:
        self.server.shutdown()
        self.server.server_close()


class Routes(httpx.AsyncBaseTransport):
    """The internet's wires: a request to a public address reaches the club's server, to
    any other address the router (both on loopback); ``reached`` lists the addresses."""

    def __init__(self, internet: Internet) -> None:
        self.internet = internet
        self.inner = httpx.AsyncHTTPTransport()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        address = request.url.host
        self.internet.reached.append(address)
        site = self.internet.club if is_public(address) else self.internet.router
        request.url = request.url.copy_with(host="127.0.0.1", port=site.port)
        return await self.inner.handle_async_request(request)

    async def aclose(self) -> None:
        await self.inner.aclose()


class Internet(ScriptedNames):
    """Names answer from ``names`` (``ScriptedNames``); a public address is wired to the
    club's server, any other to the router."""

    def __init__(self, club: Site, router: Site, names: dict[str, list[list[str]]]) -> None:
        super().__init__(names)
        self.club, self.router = club, router

    def transport(self) -> httpx.AsyncBaseTransport:
        return Routes(self)

    def wire(self, address: str, port: int) -> tuple[str, int]:
        self.reached.append(address)
        site = self.club if is_public(address) else self.router
        return "127.0.0.1", site.port
