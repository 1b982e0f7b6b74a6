"""A client that sends its request slowly never ties up a Canon server (``core.http_limits``).

A small aiohttp application served the way Canon serves its own, on loopback, with
deadlines made small in its settings; raw sockets play the slow clients. The tests
assert what happens (closed, answered 408 or 503, served), never how fast."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from aiohttp import web
from slow_clients import body_bytes, exchange, head_lines, trickle

from core.errors import ConfigError
from core.http_limits import HttpLimits, body_deadline, bound_port, listen
from core.settings import load_settings

LIMITS = HttpLimits(head_seconds=0.5, body_bytes_per_second=10_000, max_connections=3)
MAX_BODY = 10_000


def get(path: str = "/") -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: canon\r\nConnection: close\r\n\r\n".encode()


def post_head(length: int) -> bytes:
    return (
        f"POST /upload HTTP/1.1\r\nHost: canon\r\nConnection: close\r\n"
        f"Content-Length: {length}\r\n\r\n"
    ).encode()


@asynccontextmanager
async def serving(limits: HttpLimits) -> AsyncIterator[int]:
    """A port served as Canon serves: GET / answers "served", POST /upload the size it
    read, and POST /slow answers "done" half a second after reading its body."""

    async def hello(_request: web.Request) -> web.Response:
        return web.Response(text="served")

    async def upload(request: web.Request) -> web.Response:
        return web.Response(text=f"read {len(await request.read())}")

    async def slow(request: web.Request) -> web.Response:
        await request.read()
        await asyncio.sleep(0.5)
        return web.Response(text="done")

    app = web.Application(client_max_size=MAX_BODY)
    app.middlewares.append(body_deadline(limits, MAX_BODY))
    app.router.add_get("/", hello)
    app.router.add_post("/upload", upload)
    app.router.add_post("/slow", slow)
    runner = web.AppRunner(app, **limits.runner_options())
    await runner.setup()
    server = await listen(runner, "127.0.0.1", 0, limits, "the test server")
    try:
        yield bound_port(server)
    finally:
        server.close()
        await runner.cleanup()


@pytest.fixture
async def port() -> AsyncIterator[int]:
    async with serving(LIMITS) as port:
        yield port


async def test_a_trickled_head_is_closed_while_other_clients_are_served(port: int) -> None:
    slow = asyncio.create_task(trickle(port, b"GET / HTTP/1.1\r\n", head_lines()))
    served = [await exchange(port, get()) for _ in range(3)]
    assert await slow == b""  # closed, nothing answered: its request never arrived
    assert all(b"200 OK" in answer and answer.endswith(b"served") for answer in served)


async def test_a_connection_that_sends_nothing_is_closed(port: int) -> None:
    assert await trickle(port, b"", iter(lambda: b"", None)) == b""


async def test_a_trickled_body_is_answered_408_and_closed_while_others_are_served(
    port: int,
) -> None:
    # 1,000 bytes are given 0.6 s; at a byte a tick they never all come.
    slow = asyncio.create_task(trickle(port, post_head(1000), body_bytes(), pause=0.05))
    served = await exchange(port, get())
    answer = await slow
    assert answer.startswith(b"HTTP/1.1 408 Request Timeout")
    assert b"200 OK" in served


async def test_a_trickled_chunked_body_is_given_the_largest_bodys_time_then_408() -> None:
    head = (
        b"POST /upload HTTP/1.1\r\nHost: canon\r\nConnection: close\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    limits = HttpLimits(head_seconds=0.2, body_bytes_per_second=100_000)
    assert limits.body_seconds(MAX_BODY) == pytest.approx(0.3)
    async with serving(limits) as port:
        answer = await trickle(port, head, iter(lambda: b"1\r\nx\r\n", None), pause=0.1)
    assert answer.startswith(b"HTTP/1.1 408")


async def test_a_slow_but_steady_upload_within_its_time_is_read_whole(port: int) -> None:
    # 20 bytes are given 0.502 s; they come in four pieces, each sent at once.
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(post_head(20))
    for _ in range(4):
        await asyncio.sleep(0.01)
        writer.write(b"abcde")
        await writer.drain()
    answer = await asyncio.wait_for(reader.read(), 60)
    writer.close()
    assert b"200 OK" in answer
    assert answer.endswith(b"read 20")


async def test_a_body_that_arrived_leaves_the_handler_no_deadline() -> None:
    """The deadline is the body's: a handler slower than it, once the body is in, answers."""
    limits = HttpLimits(head_seconds=0.1, body_bytes_per_second=100_000)
    assert limits.body_seconds(3) < 0.5  # the handler's half second
    async with serving(limits) as port:
        answer = await exchange(port, post_head(3).replace(b"/upload", b"/slow") + b"abc")
    assert b"200 OK" in answer
    assert answer.endswith(b"done")


async def test_one_connection_over_the_cap_is_refused_503_with_one_log_line(
    port: int, caplog: pytest.LogCaptureFixture
) -> None:
    held = []
    for _ in range(LIMITS.max_connections):  # each proven open: it answers a request
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET / HTTP/1.1\r\nHost: canon\r\n\r\n")
        assert b"200 OK" in await asyncio.wait_for(reader.readuntil(b"served"), 60)
        held.append(writer)
    with caplog.at_level(logging.WARNING, logger="core.http_limits"):
        refused = [await exchange(port, get()) for _ in range(2)]
    assert all(r.startswith(b"HTTP/1.1 503 Service Unavailable") for r in refused)
    assert [r.getMessage() for r in caplog.records] == [
        "the test server has 3 connections open (CANON_HTTP_MAX_CONNECTIONS): "
        "refusing new ones until one closes"
    ]
    held.pop().close()
    for _ in range(100):  # the server sees the close when its loop next turns
        answer = await exchange(port, get())
        if b"200 OK" in answer:
            break
        await asyncio.sleep(0.05)
    assert b"200 OK" in answer
    for writer in held:
        writer.close()


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, HttpLimits(10.0, 16_384, 256)),
        (
            {
                "CANON_HTTP_HEAD_TIMEOUT_S": "2.5",
                "CANON_HTTP_BODY_MIN_RATE": "1000",
                "CANON_HTTP_MAX_CONNECTIONS": "40",
            },
            HttpLimits(2.5, 1000, 40),
        ),
    ],
)
def test_the_limits_are_read_once_into_the_settings(
    environ: dict[str, str], expected: HttpLimits
) -> None:
    assert load_settings({"CANON_DB": "memory://", **environ}).http == expected


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("CANON_HTTP_HEAD_TIMEOUT_S", "0"),
        ("CANON_HTTP_HEAD_TIMEOUT_S", "soon"),
        ("CANON_HTTP_BODY_MIN_RATE", "0"),
        ("CANON_HTTP_MAX_CONNECTIONS", "-1"),
        ("CANON_HTTP_MAX_CONNECTIONS", "1.5"),
    ],
)
def test_a_bad_limit_is_one_error_naming_it(name: str, value: str) -> None:
    with pytest.raises(ConfigError, match=name):
        load_settings({"CANON_DB": "memory://", name: value})
