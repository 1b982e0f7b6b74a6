"""The playground answers only its own page, never another web site the user has open.

The playground listens on 127.0.0.1 (port 8765 by default), and its chat speaks as the
user: what ``/ui/say`` is sent is the user's own word, what ``/ui/tap`` taps is the user's
answer. A browser lets any page post to a loopback address: a site the user visits could
send "I live in Moscow now" with ``Content-Type: text/plain`` (a request sent without
asking first), and one whose name it points at 127.0.0.1 after loading (DNS rebinding)
reads the chat and the panel, buttons included, and taps Yes: a stranger making a user
confirmation. So every request must name the playground's own host (``Host``: a loopback
address or ``localhost``, which a rebound name never is); one that writes must come from
the playground's own page (``Origin`` absent, as from a program, or a loopback origin)
and be JSON, which no page of another origin can send without the browser asking first.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Awaitable, Callable
from typing import Final
from urllib.parse import urlsplit

from aiohttp import web

_READS: Final = frozenset({"GET", "HEAD"})
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def loopback_name(host: str | None) -> bool:
    """Whether ``host`` (a Host header, or an origin's host, port allowed) is this machine's
    loopback, by address or as ``localhost``."""
    if not host:
        return False
    name = urlsplit(f"//{host}").hostname
    if name is None:
        return False
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def refusal(request: web.Request) -> str | None:
    """Why ``request`` did not come from the playground's own page; None when it may."""
    if not loopback_name(request.host):
        return (
            f"This playground answers only at its own address (http://127.0.0.1:…), "
            f"not as {request.host!r}."
        )
    if request.method in _READS:
        return None
    origin = request.headers.get("Origin")
    if origin is not None:
        parts = urlsplit(origin)
        if parts.scheme not in ("http", "https") or not loopback_name(parts.netloc):
            return f"Only the playground's own page may write to it, not {origin!r}."
    if request.path.startswith("/ui/") and request.content_type != "application/json":
        return "The playground's page sends JSON (Content-Type: application/json)."
    return None


@web.middleware
async def local_only(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Refuse (403, nothing read or done) a request from another site (``refusal``)."""
    why = refusal(request)
    if why is not None:
        return web.json_response({"ok": False, "error": why}, status=403)
    return await handler(request)
