"""How long a client may take to send a request, and how many connections a server holds.

Every HTTP server Canon runs on aiohttp (``canon serve``, ``canon webhook``, the
playground) serves through these, so a client that trickles a request never ties
one up (the bot's webhook, on tornado, keeps them through ``bot.webhook_limits``, and
``canon mcp --transport http``, on uvicorn, through ``core.mcp.http_deadlines``):

* the head (request line and headers) must be complete within ``head_seconds`` of
  the connection opening or of the previous response; else the connection is
  closed. This is aiohttp's own keep-alive deadline, which closes a connection
  whose next request has not fully arrived (``runner_options``); an idle
  kept-alive connection goes at the same age.
* the body must be complete within ``body_seconds(size)`` of its head; else the
  handler is stopped, the client gets a 408 and the connection closes
  (``body_deadline``).
* a server holds at most ``max_connections``; one more is answered 503 and closed,
  with one log line each time the server fills up (``ConnectionCap``).

All three are timers or counts on the event loop, never a loop that polls.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # aiohttp loads with the first server's middleware, not with settings
    from aiohttp import web

    _Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

log = logging.getLogger(__name__)

DEFAULT_HEAD_SECONDS = 10.0
DEFAULT_BODY_BYTES_PER_SECOND = 16_384
DEFAULT_MAX_CONNECTIONS = 256

_FULL = (
    b"HTTP/1.1 503 Service Unavailable\r\n"
    b"Content-Type: text/plain\r\nContent-Length: 38\r\n"
    b"Retry-After: 1\r\nConnection: close\r\n\r\n"
    b"too many open connections: try again\r\n"
)


@dataclass(frozen=True)
class HttpLimits:
    """The deadlines and the connection count every Canon HTTP server keeps."""

    head_seconds: float = DEFAULT_HEAD_SECONDS
    """CANON_HTTP_HEAD_TIMEOUT_S: the request line and headers, from the connection's
    start or the previous response."""
    body_bytes_per_second: int = DEFAULT_BODY_BYTES_PER_SECOND
    """CANON_HTTP_BODY_MIN_RATE: the slowest upload a body is given time for."""
    max_connections: int = DEFAULT_MAX_CONNECTIONS
    """CANON_HTTP_MAX_CONNECTIONS: open connections per server (per worker)."""

    def body_seconds(self, size: int) -> float:
        """How long a body of ``size`` bytes may take once its head has arrived."""
        return self.head_seconds + size / self.body_bytes_per_second

    def runner_options(self) -> dict[str, Any]:
        """What ``web.AppRunner`` takes to keep the head deadline; a client that stops
        reading a refused body is waited for no longer than a head."""
        return {
            "keepalive_timeout": self.head_seconds,
            "lingering_time": min(10.0, self.head_seconds),
        }


def body_deadline(limits: HttpLimits, max_body: int) -> Callable[..., Awaitable[Any]]:
    """An aiohttp middleware: a request's body must arrive within ``limits.body_seconds``
    of its declared length (``max_body`` when it declares none); then the handler goes on
    without a deadline. A late body: 408, and aiohttp closes the unfinished connection."""
    from aiohttp import web

    @web.middleware
    async def deadline(request: web.Request, handler: _Handler) -> web.StreamResponse:
        body = request.content
        if not request.body_exists or body.is_eof():
            return await handler(request)
        declared = request.content_length
        size = max_body if declared is None else min(declared, max_body)
        window = asyncio.timeout(limits.body_seconds(size))
        inside = True

        def arrived() -> None:
            if inside:  # the body may end after the handler has (aiohttp drains it)
                window.reschedule(None)

        try:
            async with window:
                body.on_eof(arrived)
                return await handler(request)
        except TimeoutError:
            if not window.expired():
                raise  # the handler's own deadline, not the body's
            log.warning(
                "closing a connection from %s: its request body did not arrive within %gs",
                request.remote,
                limits.body_seconds(size),
            )
            raise web.HTTPRequestTimeout(text="the request body arrived too slowly") from None
        finally:
            inside = False

    return deadline


class ConnectionCap:
    """The protocol factory of a server (``web.AppRunner.server``) that holds at most
    ``limits.max_connections``: the next one is answered 503 and closed."""

    def __init__(self, serve: web.Server, limits: HttpLimits, name: str) -> None:
        self._serve = serve
        self._limit = limits.max_connections
        # What the refused client sent is read (and dropped) a moment, or closing with it
        # unread would reset the connection before the client reads its 503.
        self._linger = min(1.0, limits.head_seconds)
        self._name = name
        self._full = False

    def __call__(self) -> asyncio.Protocol:
        if len(self._serve.connections) < self._limit:
            self._full = False
            return self._serve()
        if not self._full:  # once each time it fills up, not once per refusal
            self._full = True
            log.warning(
                "%s has %d connections open (CANON_HTTP_MAX_CONNECTIONS): "
                "refusing new ones until one closes",
                self._name,
                self._limit,
            )
        return _Refusal(self._linger)


class _Refusal(asyncio.Protocol):
    """A connection over the cap: told so, what it sends dropped, closed when it is done
    or after ``linger`` seconds."""

    def __init__(self, linger: float) -> None:
        self._linger = linger
        self._closing: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        transport.write(_FULL)
        if transport.can_write_eof():
            transport.write_eof()
        self._closing = asyncio.get_running_loop().call_later(self._linger, transport.close)

    def data_received(self, data: bytes) -> None:
        pass

    def connection_lost(self, exc: Exception | None) -> None:
        if self._closing is not None:
            self._closing.cancel()


async def listen(
    runner: web.AppRunner, host: str, port: int, limits: HttpLimits, name: str
) -> asyncio.Server:
    """Serve ``runner``'s application on ``host``:``port`` (0: any free), capped; close
    the returned server before ``runner.cleanup()``."""
    assert runner.server is not None, "runner.setup() first"
    cap = ConnectionCap(runner.server, limits, name)
    loop = asyncio.get_running_loop()
    return await loop.create_server(cap, host, port, reuse_address=True)


def bound_port(server: asyncio.Server) -> int:
    """The port ``server`` listens on (what port 0 became)."""
    port: int = server.sockets[0].getsockname()[1]
    return port
