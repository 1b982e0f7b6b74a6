"""Running the MCP server on a transport: stdio for a client that spawns ``canon mcp``,
streamable HTTP for one that connects to it."""

from __future__ import annotations

import socket
from collections.abc import Callable

import uvicorn
from mcp.server.mcpserver import MCPServer

from core.errors import CanonError

MCP_PATH = "/mcp"
LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})


async def serve_stdio(server: MCPServer) -> None:
    """Serve over stdin and stdout until the client closes stdin."""
    await server.run_stdio_async()


async def serve_http(
    server: MCPServer, host: str, port: int, announce: Callable[[str], None]
) -> None:
    """Serve streamable HTTP on ``host``:``port`` (0: a free port) until stopped.

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
    app = server.streamable_http_app(streamable_http_path=MCP_PATH, host=host)
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    announce(f"http://{shown}:{bound}{MCP_PATH}")
    try:
        await uvicorn.Server(config).serve(sockets=[sock])
    finally:
        sock.close()
