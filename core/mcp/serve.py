"""Running the MCP server on a transport: stdio for a client that spawns ``canon mcp``,
streamable HTTP for one that connects to it."""

from __future__ import annotations

import json
import socket
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Final

from core.api.limits import MAX_BODY, RateLimiter
from core.errors import CanonError
from core.http_limits import HttpLimits
from core.mcp.gate import HANDSHAKES, Knock, Refused

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

MCP_PATH = "/mcp"


async def serve_stdio(server: MCPServer) -> None:
    """Serve over stdin and stdout until the client closes stdin."""
    await server.run_stdio_async()


Authorize = Callable[[Knock], Awaitable[Refused | None]]
"""What the door sees of a request -> None if it may act for the server's entity now, else
why not (``core.mcp.gate.McpGate.admit``)."""
ASGIApp = Callable[[Any, Any, Any], Awaitable[None]]
Receive = Callable[[], Awaitable[dict[str, Any]]]
KeepOversize = Callable[[str, str, str], Awaitable[None]]
"""(bearer secret, excerpt of the body, why) -> the refused body kept in the dead-letter
queue as the secret's owner's."""
EXCERPT: Final = 2000
"""The bytes of an oversize body kept in its dead letter: enough to see what it was."""


def require_bearer(
    app: ASGIApp,
    authorize: Authorize,
    max_body: int = MAX_BODY,
    keep_oversize: KeepOversize | None = None,
) -> ASGIApp:
    """``app`` behind a bearer-token check: a request without a token the server's entity
    may use is answered 401, one over a rate 429, one with a body over ``max_body`` bytes
    413, before the MCP layer sees it (the SDK reads a body whole, with no limit of its
    own). A POST's body is read here, to tell a handshake from a call, and handed on.
    An oversize body is kept (``keep_oversize``: its first ``EXCERPT`` bytes, never the
    whole) only once its bearer is let in as a call: a stranger fills no queue."""

    async def oversize(send: Any, scope: Any, secret: str, head: bytes) -> None:
        """Refuse an oversize body 413; keep its excerpt if its bearer may call."""
        client = scope.get("client")
        # Spent as a call: a flood of big bodies is held to the rate like any other.
        refusal = await authorize(Knock(secret, str(client[0]) if client else "unknown"))
        if refusal is not None:
            await _refuse(send, refusal)
            return
        why = f"the body is larger than {max_body} bytes"
        if keep_oversize is not None:
            excerpt = head.decode("utf-8", errors="backslashreplace")
            await keep_oversize(secret, excerpt, f"POST {MCP_PATH}: 413 {why}")
        await _refuse(send, Refused(why, 413))

    async def guarded(scope: Any, receive: Receive, send: Any) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        header = dict(scope.get("headers") or ()).get(b"authorization", b"").decode("latin-1")
        kind, _, secret = header.partition(" ")
        if kind.lower() != "bearer" or not secret.strip():
            await _refuse(
                send, Refused("a bearer token is required (canon token create --entity ...)")
            )
            return
        body = b""
        if scope["method"] == "POST":
            try:
                read = await _body(receive, max_body)
            except _Gone:
                return  # the client left before its body was in: nobody to answer
            head, whole = read
            if not whole:
                await oversize(send, scope, secret.strip(), head)
                return
            body = head
        client = scope.get("client")
        address = str(client[0]) if client else "unknown"
        knock = Knock(secret.strip(), address, is_handshake(scope["method"], body))
        refusal = await authorize(knock)
        if refusal is not None:
            await _refuse(send, refusal)
            return
        if scope["method"] != "POST":
            await app(scope, receive, send)
            return
        handed = False

        async def replay() -> dict[str, Any]:
            nonlocal handed
            if handed:
                return await receive()  # what comes after the body: a disconnect
            handed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await app(scope, replay, send)

    return guarded


def is_handshake(method: str, body: bytes) -> bool:
    """Whether a request opens or ends a session, or asks what it offers, rather than
    calling anything: a GET (the session's event stream), a DELETE (its end), or a POST
    of JSON-RPC messages every one of which is a handshake (``HANDSHAKES``)."""
    if method in ("GET", "DELETE"):
        return True
    try:
        message = json.loads(body)
    except (ValueError, RecursionError):
        return False  # the SDK answers it with a parse error, as a call
    messages = message if isinstance(message, list) else [message]
    return bool(messages) and all(
        isinstance(m, dict) and isinstance(m.get("method"), str) and m["method"] in HANDSHAKES
        for m in messages
    )


class _Gone(Exception):
    """The client disconnected while its request's body was being read."""


async def _body(receive: Receive, max_body: int) -> tuple[bytes, bool]:
    """The request's body and True, or its first ``EXCERPT`` bytes and False once it is
    over ``max_body`` bytes (not read on)."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            raise _Gone
        chunk = message.get("body", b"")
        size += len(chunk)
        chunks.append(chunk)
        if size > max_body:
            return b"".join(chunks)[:EXCERPT], False
        if not message.get("more_body", False):
            return b"".join(chunks), True


async def _refuse(send: Any, refusal: Refused) -> None:
    body = json.dumps({"error": refusal.error}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    if refusal.status == 401:
        headers.append((b"www-authenticate", b'Bearer realm="canon"'))
    elif refusal.status == 429:
        headers.append((b"retry-after", RateLimiter.retry_after(refusal.wait).encode()))
    await send({"type": "http.response.start", "status": refusal.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def serve_http(
    server: MCPServer,
    host: str,
    port: int,
    announce: Callable[[str], None],
    authorize: Authorize | None = None,
    limits: HttpLimits | None = None,
    keep_oversize: KeepOversize | None = None,
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
        app = require_bearer(app, authorize, keep_oversize=keep_oversize)
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
