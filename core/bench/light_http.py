"""A load generator's HTTP/1.1 client: one kept-alive connection, as little CPU as it takes.

The workers figure measures the server on a 2-core machine, where every millisecond
the client spends is taken from the server it measures. A full client (aiohttp's, with
its cookie jar, connector and per-request tracing) spent about as much CPU per turn as
a tenth of a worker; this one writes the request bytes itself and reads a response
by its Content-Length, on one connection kept alive for a simulated user's whole run
(no TCP handshake, no new server-side connection per request). It speaks only what
``canon serve`` answers: no chunked bodies, no redirects, no TLS.

The connection is an ``asyncio.Protocol``, not a stream pair: the bytes that arrive are
kept until a whole response is there, and only then is its head read, in one pass over
bytes, not header line by header line through a ``StreamReader`` (each line a coroutine
call, a decode and a split): the client's CPU a turn is a share of what the workers
figure divides, as the server's is.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any
from urllib.parse import urlsplit

_END_OF_HEAD = b"\r\n\r\n"


class LightHttpError(Exception):
    """The server closed the connection or answered in a way this client cannot read."""


class KeptAlive:
    """One HTTP/1.1 connection to ``base`` (``http://host:port``), reused request after request."""

    def __init__(self, base: str, headers: dict[str, str]) -> None:
        parts = urlsplit(base)
        if parts.hostname is None or parts.port is None:
            raise ValueError(f"{base!r} is not http://host:port")
        self._host, self._port = parts.hostname, parts.port
        self._head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        self._head += f"Host: {self._host}:{self._port}\r\n"
        self._conn: _Responses | None = None

    async def request(self, method: str, path: str, body: Any = None) -> tuple[int, bytes]:
        """The status and body of ``method path`` (``body`` sent as JSON); reconnects once
        if the kept connection was closed by the server in between."""
        payload = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\n{self._head}Content-Length: {len(payload)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        message = (head + "\r\n").encode() + payload
        try:
            return await self._exchange(message)
        except (ConnectionError, LightHttpError):
            await self.close()
            return await self._exchange(message)

    async def _exchange(self, message: bytes) -> tuple[int, bytes]:
        if self._conn is None or self._conn.lost:
            loop = asyncio.get_running_loop()
            _, self._conn = await loop.create_connection(_Responses, self._host, self._port)
        status, data, keep = await self._conn.send(message)
        if not keep:
            await self.close()
        return status, data

    async def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            conn.close()


class _Responses(asyncio.Protocol):
    """The client side of one connection: a request written, its response awaited whole."""

    def __init__(self) -> None:
        self._transport: asyncio.Transport | None = None
        self._received = bytearray()
        self._waiting: asyncio.Future[tuple[int, bytes, bool]] | None = None
        self.lost = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport

    def send(self, message: bytes) -> asyncio.Future[tuple[int, bytes, bool]]:
        """Write ``message``; its response (status, body, whether the connection stays open)."""
        if self._transport is None or self.lost:
            raise LightHttpError("the server closed the connection")
        self._waiting = asyncio.get_running_loop().create_future()
        self._transport.write(message)
        return self._waiting

    def data_received(self, data: bytes) -> None:
        self._received += data
        waiting = self._waiting
        if waiting is None or waiting.done():
            return
        try:
            response = self._complete()
        except LightHttpError as e:
            waiting.set_exception(e)
            return
        if response is not None:
            waiting.set_result(response)

    def _complete(self) -> tuple[int, bytes, bool] | None:
        """The response received whole, taken out of the buffer; None while it is not."""
        received = self._received
        end = received.find(_END_OF_HEAD)
        if end < 0:
            return None
        head = bytes(received[:end]).lower()
        length = 0
        at = head.find(b"\r\ncontent-length:")
        if at >= 0:
            stop = head.find(b"\r\n", at + 2)
            length = int(head[at + 17 : stop if stop >= 0 else len(head)])
        if b"\r\ntransfer-encoding:" in head:
            raise LightHttpError("cannot read a body without its Content-Length")
        total = end + len(_END_OF_HEAD) + length
        if len(received) < total:
            return None
        try:
            status = int(head.split(b" ", 2)[1])
        except (IndexError, ValueError) as e:
            raise LightHttpError(f"not an HTTP status line: {head[:40]!r}") from e
        body = bytes(received[end + len(_END_OF_HEAD) : total])
        del received[:total]
        return status, body, b"\r\nconnection: close" not in head

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        waiting = self._waiting
        if waiting is not None and not waiting.done():
            waiting.set_exception(LightHttpError("the server closed the connection"))

    def close(self) -> None:
        if self._transport is not None:
            self._transport.close()
