"""Raw-socket clients that send a request slowly, for the tests of Canon's HTTP servers.

Each returns what the server said before it closed the connection; none measures how
long that took. ``GIVE_UP`` only ends a test whose server never closes (a hang)."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterator

GIVE_UP = 60.0
"""Seconds a trickle goes on before the test fails: the server never closed it."""


async def trickle(port: int, first: bytes, pieces: Iterator[bytes], pause: float = 0.1) -> bytes:
    """Send ``first``, then the next of ``pieces`` (``head_lines()`` or ``body_bytes()``)
    every ``pause`` seconds until the server closes; what it answered."""
    loop = asyncio.get_running_loop()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    answer = b""
    try:
        writer.write(first)
        give_up = loop.time() + GIVE_UP
        for piece in pieces:
            if loop.time() > give_up:
                raise AssertionError(f"the server kept a trickling client {GIVE_UP:g}s")
            try:
                chunk = await asyncio.wait_for(reader.read(65_536), pause)
            except TimeoutError:
                writer.write(piece)
                await writer.drain()
                continue
            if not chunk:
                return answer
            answer += chunk
    except (ConnectionResetError, BrokenPipeError):
        return answer
    finally:
        writer.close()
    raise AssertionError("the pieces ran out before the server closed")


async def exchange(port: int, request: bytes) -> bytes:
    """Send ``request`` whole and read the answer until the server closes."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request)
        await writer.drain()
        return await asyncio.wait_for(reader.read(), GIVE_UP)
    finally:
        writer.close()


def head_lines() -> Iterator[bytes]:
    """Header lines to trickle, one at a time, without end."""
    return (b"X-Slow-%d: yes\r\n" % n for n in itertools.count())


def body_bytes() -> Iterator[bytes]:
    """A body to trickle, a byte at a time, without end."""
    return itertools.repeat(b"x")
