"""The bot's webhook server keeps the deadlines and the connection cap of ``core.http_limits``.

python-telegram-bot serves the webhook with tornado's ``HTTPServer``, made without
deadlines: a client could take an hour over a request's headers and forever over its
body. Tornado's own knob sets what every ``HTTPServer`` the process makes is given
(``HTTPServer.configure``), so ``limit_webhook_server`` sets it before the webhook starts:

* the head within ``head_seconds`` (tornado's ``idle_connection_timeout``: the headers
  of each request, the first one's from the connection's start);
* the body within ``body_seconds`` of the largest update taken, ``MAX_UPDATE_BYTES``
  (Telegram's updates are a few kilobytes);
* python-telegram-bot's webhook application reads its bodies update by update: one it
  cannot read is answered 200 and skipped (``bot.unreadable_updates``);
* at most ``max_connections`` open: one more is answered 503 and closed, with one log
  line each time the server fills up.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop
from tornado.iostream import IOStream, StreamClosedError
from tornado.web import Application

from bot.unreadable_updates import read_webhook_bodies
from core.http_limits import HttpLimits

log = logging.getLogger(__name__)

MAX_UPDATE_BYTES = 1_048_576
"""The largest webhook body read: an update is JSON of a few kilobytes."""

_FULL = (
    b"HTTP/1.1 503 Service Unavailable\r\n"
    b"Content-Length: 0\r\nRetry-After: 1\r\nConnection: close\r\n\r\n"
)


def limit_webhook_server(limits: HttpLimits) -> None:
    """Every tornado ``HTTPServer`` this process makes from now on keeps ``limits``."""
    HTTPServer.configure(
        _CappedHTTPServer,
        idle_connection_timeout=limits.head_seconds,
        body_timeout=limits.body_seconds(MAX_UPDATE_BYTES),
        max_body_size=MAX_UPDATE_BYTES,
        max_connections=limits.max_connections,
    )


class _CappedHTTPServer(HTTPServer):
    """tornado's HTTP server, holding at most ``max_connections`` connections."""

    def initialize(self, *args: Any, max_connections: int = 256, **kwargs: Any) -> None:
        super().initialize(*args, **kwargs)
        if isinstance(self.request_callback, Application):
            read_webhook_bodies(self.request_callback)
        self._head_seconds = float(kwargs.get("idle_connection_timeout") or 1.0)
        self._limit = max_connections
        self._open = 0
        self._full = False

    def handle_stream(self, stream: IOStream, address: tuple[Any, ...]) -> None:
        if self._open < self._limit:
            self._open += 1
            self._full = False
            super().handle_stream(stream, address)
            return
        if not self._full:  # once each time it fills up, not once per refusal
            self._full = True
            log.warning(
                "the bot's webhook has %d connections open (CANON_HTTP_MAX_CONNECTIONS): "
                "refusing new ones until one closes",
                self._limit,
            )
        IOLoop.current().spawn_callback(_refuse, stream, min(1.0, self._head_seconds))

    def on_close(self, server_conn: object) -> None:
        self._open -= 1
        super().on_close(server_conn)


async def _refuse(stream: IOStream, linger: float) -> None:
    """Tell a connection over the cap so, drop what it sends a moment (closing with it
    unread would reset the connection before the client reads the 503), close it."""
    try:
        await stream.write(_FULL)
        async with asyncio.timeout(linger):
            while True:
                await stream.read_bytes(65_536, partial=True)
    except (StreamClosedError, TimeoutError):
        pass
    finally:
        stream.close()
