"""Running the MCP server on a transport: stdio for a client that spawns ``canon mcp``,
streamable HTTP for one that connects to it."""

from __future__ import annotations

import json
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from core.api.limits import MAX_BODY, RateLimiter
from core.errors import CanonError
from core.http_limits import HttpLimits

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

MCP_PATH = "/mcp"


async def serve_stdio(server: MCPServer) -> None:
    """Serve over stdin and stdout until the client closes stdin."""
    await server.run_stdio_async()


@dataclass(frozen=True)
class Refused:
    """Why a request is not let in: 401 (no token the entity may use) or 429 (the token's
    bucket, shared with ``canon serve``, is empty for ``wait`` seconds)."""

    error: str
    status: int = 401
    wait: float = 0.0


Authorize = Callable[[str], Awaitable[Refused | None]]
"""The bearer secret of a request -> None if it may act for the server's entity now, else
why not."""
ASGIApp = Callable[[Any, Any, Any], Awaitable[None]]


def require_bearer(app: ASGIApp, authorize: Authorize) -> ASGIApp:
    """``app`` behind a bearer-token check: a request without a token the server's entity
    may use is answered 401, one over its token's rate 429, before the MCP layer sees it."""

    async def guarded(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        header = dict(scope.get("headers") or ()).get(b"authorization", b"").decode("latin-1")
        kind, _, secret = header.partition(" ")
        refusal = (
            Refused("a bearer token is required (canon token create --entity ...)")
            if kind.lower() != "bearer" or not secret.strip()
            else await authorize(secret.strip())
        )
        if refusal is None:
            await app(scope, receive, send)
            return
        body = json.dumps({"error": refusal.error}).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
        ]
        if refusal.status == 401:
            headers.append((b"www-authenticate", b'Bearer realm="canon"'))
        else:
            headers.append((b"retry-after", RateLimiter.retry_after(refusal.wait).encode()))
        await send({"type": "http.response.start", "status": refusal.status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    return guarded


async def serve_http(
    server: MCPServer,
    host: str,
    port: int,
    announce: Callable[[str], None],
    authorize: Authorize | None = None,
    limits: HttpLimits | None = None,
) -> None:
    """Serve streamable HTTP on ``host``:``port`` (0: a free port) until stopped; with
    ``authorize``, every request needs a bearer token it accepts.

    The socket is bound and listening before ``announce`` gets the URL, so a client
    that reads it can connect at once; port 0 is how a test gets a free port.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen()
    except OSError as e:
        sock.close()
        raise CanonError(f"cannot listen on {host}:{port}: {e.strerror or e}") from e
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    app: ASGIApp = server.streamable_http_app(streamable_http_path=MCP_PATH, host=host)
    if authorize is not None:
        app = require_bearer(app, authorize)
    # uvicorn loads for HTTP only: a client that spawns canon mcp over stdio never needs it.
    import uvicorn

    from core.mcp.http_deadlines import uvicorn_options

    options = uvicorn_options(limits or HttpLimits(), MAX_BODY)
    config = uvicorn.Config(app, log_level="warning", lifespan="on", **options)
    announce(f"http://{shown}:{bound}{MCP_PATH}")
    try:
        await uvicorn.Server(config).serve(sockets=[sock])
    finally:
        sock.close()
