"""The playground answers only whoever holds the key printed when it started.

The playground's chat speaks as the user, and it listens on 127.0.0.1, where every
process of every account on the machine can reach it: without a key, another user's
process could read the chat and the panel and tap Yes, a stranger making a user
confirmation. So, as Jupyter does, each start makes a fresh secret; ``canon bot`` prints
the address with it (``http://127.0.0.1:8765/?key=…``), and the first visit keeps it in a
cookie (HttpOnly, SameSite=Strict, named after the port, so two playgrounds side by side
do not overwrite each other's), so the page's own requests carry it. A program may send it
as ``?key=`` or ``Authorization: Bearer …``. A request without it is a 403 and nothing is
read or done. The Bot API routes (``/bot<token>/…``) have their own per-start token.
"""

from __future__ import annotations

import hmac
import secrets

from aiohttp import web

from bot.playground.local_only import Handler

REFUSED = (
    "This playground answers only the address `canon bot` printed when it started "
    "(http://127.0.0.1:…/?key=…): open that address."
)


def new_key() -> str:
    """A fresh secret for one start: 256 bits, URL-safe."""
    return secrets.token_urlsafe(32)


def cookie_name(port: int) -> str:
    """The cookie that keeps the key; cookies ignore ports, so the port is in the name."""
    return f"canon-playground-{port}"


class PageKey:
    """The secret for one start, and the middleware that asks every page request for it."""

    def __init__(self, key: str | None = None) -> None:
        self.key = key or new_key()
        self.port = 0

    def offered(self, request: web.Request) -> str:
        """The key the request offers: the query's, the bearer token's, or the cookie's."""
        if "key" in request.query:
            return request.query["key"]
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        if scheme.lower() == "bearer" and token:
            return token.strip()
        return request.cookies.get(cookie_name(self.port), "")

    def holds(self, request: web.Request) -> bool:
        return hmac.compare_digest(self.offered(request).encode(), self.key.encode())

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Refuse (403) a page request without this start's key; keep it in a cookie."""
        if "token" in request.match_info:  # the Bot API's route: its own per-start token
            return await handler(request)
        if not self.holds(request):
            if not request.path.startswith("/ui/"):  # a person opening the page: words
                return web.Response(text=REFUSED, status=403)
            return web.json_response({"ok": False, "error": REFUSED}, status=403)
        response = await handler(request)
        if "key" in request.query and request.cookies.get(cookie_name(self.port)) != self.key:
            response.set_cookie(
                cookie_name(self.port), self.key, path="/", httponly=True, samesite="Strict"
            )
        return response
