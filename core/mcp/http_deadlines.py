"""``canon mcp --http`` keeps the deadlines and the connection cap of ``core.http_limits``.

uvicorn gives a request's head and body no deadline: its keep-alive timer starts only
after a response and any byte received stops it, so a client trickling headers holds a
connection for ever. ``deadlined_protocol`` is uvicorn's own HTTP protocol (h11) with
one timer per connection: armed for the head when the connection opens and after each
response; when a head arrives, re-armed for its body (``body_seconds`` of its declared
length, else of ``max_body``) or stopped if it has none; stopped when the body is in.
When it fires, the connection closes. uvicorn's ``limit_concurrency`` answers a request
over ``max_connections`` with 503 (``uvicorn_options``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from core.http_limits import HttpLimits

log = logging.getLogger(__name__)


def uvicorn_options(limits: HttpLimits, max_body: int) -> dict[str, Any]:
    """What ``uvicorn.Config`` takes to keep ``limits``."""
    return {
        "http": deadlined_protocol(limits, max_body),
        "limit_concurrency": limits.max_connections,
    }


def deadlined_protocol(limits: HttpLimits, max_body: int) -> type[H11Protocol]:
    """uvicorn's h11 protocol with the head and body deadlines of ``limits``."""

    class Deadlined(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm(limits.head_seconds, "its request head")

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def handle_events(self) -> None:
            before = self.cycle
            super().handle_events()
            cycle = self.cycle
            if cycle is None or self.transport.is_closing():
                return
            if cycle is not before and cycle.more_body:  # a head arrived; its body is due
                self._arm(limits.body_seconds(self._declared(cycle.scope)), "its request body")
            elif not cycle.more_body:
                self._disarm()

        def on_response_complete(self) -> None:
            # The next request's head is due; armed before super() so a request it starts
            # (one already read) re-arms or stops the timer.
            self._arm(limits.head_seconds, "its request head")
            super().on_response_complete()

        def _declared(self, scope: Any) -> int:
            for name, value in scope["headers"]:
                if name == b"content-length" and value.isdigit():
                    return min(int(value), max_body)
            return max_body

        def _arm(self, seconds: float, what: str) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(seconds, self._late, seconds, what)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _late(self, seconds: float, what: str) -> None:
            self._deadline = None
            if not self.transport.is_closing():
                log.warning(
                    "closing a connection from %s: %s did not arrive within %gs",
                    self.client,
                    what,
                    seconds,
                )
                self.transport.close()

    return Deadlined
