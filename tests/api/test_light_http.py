"""The load generator's client (``core.bench.light_http``) reads each response whole,
however the server's bytes arrive, keeps its connection across requests, and opens a
new one when the server closed it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import pytest

from core.bench.light_http import KeptAlive, LightHttpError

Answer = Callable[[bytes], list[bytes]]
"""The pieces to write back for one request's bytes (written one by one, with a pause)."""


def response(status: int, body: bytes, *extra: str) -> bytes:
    head = [f"HTTP/1.1 {status} X", f"Content-Length: {len(body)}", *extra]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


@asynccontextmanager
async def server(answer: Answer) -> AsyncIterator[tuple[str, list[bytes], list[int]]]:
    """A loopback server answering each request with ``answer``: its base URL, the
    requests it read and how many connections it accepted (one element each)."""
    seen: list[bytes] = []
    accepted: list[int] = []

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        accepted.append(1)
        try:
            while head := await reader.readuntil(b"\r\n\r\n"):
                length = 0
                for line in head.split(b"\r\n"):
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":")[1])
                request = head + await reader.readexactly(length)
                seen.append(request)
                pieces = answer(request)
                for piece in pieces:
                    writer.write(piece)
                    await writer.drain()
                    await asyncio.sleep(0.002)
                if any(b"Connection: close" in p for p in pieces):
                    break
        except asyncio.IncompleteReadError:
            pass
        finally:
            writer.close()

    listening = await asyncio.start_server(serve, "127.0.0.1", 0)
    port = listening.sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}", seen, accepted
    finally:
        listening.close()
        await listening.wait_closed()


@pytest.mark.parametrize(
    "cut",
    [
        pytest.param(lambda r: [r], id="in one piece"),
        pytest.param(lambda r: [r[:5], r[5:]], id="cut in the status line"),
        pytest.param(lambda r: [r[: r.index(b"\r\n\r\n") + 2], r[r.index(b"\r\n\r\n") + 2 :]], id="cut in the blank line"),
        pytest.param(lambda r: [r[:-3], r[-3:]], id="cut in the body"),
        pytest.param(lambda r: [bytes([b]) for b in r], id="a byte at a time"),
    ],
)  # fmt: skip
async def test_a_response_is_read_whole_however_its_bytes_arrive(
    cut: Callable[[bytes], list[bytes]],
) -> None:
    body = b'{"questions": [{"id": "q1"}]}'
    async with server(lambda _: cut(response(200, body, "Content-Type: application/json"))) as (
        base,
        seen,
        accepted,
    ):
        conn = KeptAlive(base, {"Authorization": "Bearer s"})
        try:
            assert await conn.request("POST", "/v1/messages", {"text": "hi"}) == (200, body)
            assert await conn.request("GET", "/v1/context") == (200, body)
        finally:
            await conn.close()
    assert len(accepted) == 1, "one connection, kept alive"
    posted, got = seen
    assert posted.startswith(b"POST /v1/messages HTTP/1.1\r\nAuthorization: Bearer s\r\n")
    assert posted.endswith(b'\r\n\r\n{"text": "hi"}')
    assert b"Content-Type: application/json" in posted
    assert got.startswith(b"GET /v1/context HTTP/1.1\r\n")
    assert b"Content-Length: 0\r\n" in got


async def test_an_empty_body_and_a_closed_connection_are_read_and_reopened() -> None:
    answers = iter(
        [
            [response(409, b"", "Connection: close")],
            [response(200, b"ok")],
        ]
    )
    async with server(lambda _: next(answers)) as (base, seen, accepted):
        conn = KeptAlive(base, {})
        try:
            assert await conn.request("POST", "/v1/questions/q1/answer", {"answer": "yes"}) == (
                409,
                b"",
            )
            assert await conn.request("GET", "/v1/context") == (200, b"ok")
        finally:
            await conn.close()
    assert (len(seen), len(accepted)) == (2, 2)


async def test_a_body_without_its_length_is_refused() -> None:
    chunked = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n"
    async with server(lambda _: [chunked]) as (base, _, _accepted):
        conn = KeptAlive(base, {})
        try:
            with pytest.raises(LightHttpError):
                await conn.request("GET", "/v1/context")
        finally:
            await conn.close()
