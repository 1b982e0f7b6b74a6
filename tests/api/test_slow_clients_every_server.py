"""Every HTTP server Canon runs cuts off a client that trickles its request, and serves
the others meanwhile: ``canon serve`` (one process, and workers behind a handout),
``canon webhook`` and the playground's Bot API. Real servers on loopback, their deadlines
made small in their settings (``CANON_HTTP_*``); raw sockets play the slow clients. The
tests assert what happens, never how fast (``core.http_limits`` has the whole story)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from live_server import create_token, environment, live_server
from slow_clients import body_bytes, exchange, head_lines, trickle

from bot.playground.emulator import BotApiEmulator
from core.http_limits import HttpLimits
from core.sources.webhook import TIMESTAMP_HEADER

SMALL = {
    "CANON_HTTP_HEAD_TIMEOUT_S": "0.5",
    "CANON_HTTP_BODY_MIN_RATE": "100000",
    "CANON_HTTP_MAX_CONNECTIONS": "3",
}


def port_of(url: str) -> int:
    found = re.search(r":(\d+)", url.removeprefix("http://"))
    assert found is not None, url
    return int(found.group(1))


def get(path: str) -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: canon\r\nConnection: close\r\n\r\n".encode()


def post_head(path: str, length: int, *headers: str) -> bytes:
    lines = "".join(f"{h}\r\n" for h in headers)
    return (
        f"POST {path} HTTP/1.1\r\nHost: canon\r\nConnection: close\r\n{lines}"
        f"Content-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
    ).encode()


async def trickled_head_closed_while_served(port: int, normal: bytes) -> bytes:
    """A trickled head's answer (it must be closed) and a normal request's, sent meanwhile."""
    slow = asyncio.create_task(trickle(port, b"GET / HTTP/1.1\r\n", head_lines()))
    served = await exchange(port, normal)
    assert await slow == b""
    return served


@pytest.mark.parametrize("workers", [1, 2])
async def test_canon_serve(tmp_path: Path, workers: int) -> None:
    env = environment(tmp_path / "canon.db", **SMALL)
    with live_server(tmp_path / "canon.db", "--workers", str(workers), env=env) as server:
        port = port_of(server.url)
        served = await trickled_head_closed_while_served(port, get("/v1/health"))
        assert served.startswith(b"HTTP/1.1 200 OK")
        # A body trickled by an authenticated client: 408, as a problem document.
        auth = f"Authorization: Bearer {server.token}"
        late = await trickle(port, post_head("/v1/observations", 1000, auth), body_bytes())
        assert late.startswith(b"HTTP/1.1 408 Request Timeout")
        assert b"application/problem+json" in late
        assert (await exchange(port, get("/v1/health"))).startswith(b"HTTP/1.1 200 OK")


async def test_canon_serve_refuses_a_connection_over_its_cap(tmp_path: Path) -> None:
    env = environment(tmp_path / "canon.db", **{**SMALL, "CANON_HTTP_HEAD_TIMEOUT_S": "60"})
    with live_server(tmp_path / "canon.db", env=env) as server:
        port = port_of(server.url)
        held = []
        for _ in range(3):  # each proven open: it answers a request and stays
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET /v1/health HTTP/1.1\r\nHost: canon\r\n\r\n")
            assert b"200 OK" in await asyncio.wait_for(reader.readuntil(b"}"), 60)
            held.append(writer)
        refused = await exchange(port, get("/v1/health"))
        for writer in held:
            writer.close()
        assert refused.startswith(b"HTTP/1.1 503 Service Unavailable")
        server.stop()
    assert any("CANON_HTTP_MAX_CONNECTIONS" in line for line in server.stderr)


@contextmanager
def canon_process(env: dict[str, str], *args: str, says: str) -> Iterator[int]:
    """``canon *args`` as a process; the port in the line it ``says`` (a pattern) when
    it listens."""
    process = subprocess.Popen(
        [sys.executable, "-m", "core.cli", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**env, "PYTHONUNBUFFERED": "1", "PYTHONPATH": os.environ.get("PYTHONPATH", "")},
    )
    assert process.stdout is not None
    try:
        seen = []
        for line in process.stdout:
            seen.append(line)
            if found := re.search(says, line):
                yield int(found.group(1))
                break
        else:
            raise AssertionError("".join(seen))
    finally:
        process.terminate()
        process.communicate(timeout=60)


def canon_webhook(env: dict[str, str]) -> contextlib.AbstractContextManager[int]:
    """``canon webhook --port 0``; the port it listens on."""
    return canon_process(
        env, "webhook", "--port", "0", says=r"listening on http://[\d.]+:(\d+)/signals"
    )


async def test_canon_webhook(tmp_path: Path) -> None:
    env = environment(tmp_path / "canon.db", **SMALL, CANON_WEBHOOK_SECRET="s" * 32)
    with canon_webhook(env) as port:
        served = await trickled_head_closed_while_served(port, get("/signals"))
        assert served.startswith(b"HTTP/1.1 405")  # answered: POST is its one method
        stamp = f"{TIMESTAMP_HEADER}: {int(time.time())}"  # its body is read only when fresh
        late = await trickle(port, post_head("/signals", 1000, stamp), body_bytes())
        assert late.startswith(b"HTTP/1.1 408 Request Timeout")


async def test_the_playgrounds_bot_api() -> None:
    emulator = BotApiEmulator(limits=HttpLimits(head_seconds=0.5, max_connections=3))
    await emulator.start()
    try:
        served = await trickled_head_closed_while_served(
            emulator.port, get(f"/bot{emulator.token}/getMe")
        )
        assert served.startswith(b"HTTP/1.1 200 OK")
        late = await trickle(
            emulator.port, post_head(f"/bot{emulator.token}/sendMessage", 1000), body_bytes()
        )
        assert late.startswith(b"HTTP/1.1 408 Request Timeout")
    finally:
        await emulator.close()


async def test_canon_mcp_over_http(tmp_path: Path) -> None:
    env = environment(tmp_path / "canon.db", **SMALL)
    auth = f"Authorization: Bearer {create_token(tmp_path / 'canon.db', 'user:alice', env=env)}"
    args = ("mcp", "--entity", "user:alice", "--transport", "http", "--port", "0")
    with canon_process(env, *args, says=r"MCP server for \S+ at http://[\d.]+:(\d+)/mcp") as port:
        served = await trickled_head_closed_while_served(port, get("/mcp"))
        assert served.startswith(b"HTTP/1.1 ")  # answered, whatever it thinks of a bare GET
        assert await trickle(port, post_head("/mcp", 1000, auth), body_bytes()) == b""
        assert (await exchange(port, get("/mcp"))).startswith(b"HTTP/1.1 ")
