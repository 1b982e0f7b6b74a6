"""A load generator's HTTP/1.1 client: one kept-alive connection, as little CPU as it takes.

The workers figure measures the server on a 2-core machine, where every millisecond
the client spends is taken from the server it measures. A full client (aiohttp's, with
its cookie jar, connector and per-request tracing) spent about as much CPU per turn as
a tenth of a worker; this one writes the request bytes itself and reads a response
by its Content-Length, on one connection kept alive for a simulated user's whole run
(no TCP handshake, no new server-side connection per request). It speaks only what
``canon serve`` answers: no chunked bodies, no redirects, no TLS.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any
from urllib.parse import urlsplit


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
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

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
        except (ConnectionError, asyncio.IncompleteReadError, LightHttpError):
            await self.close()
            return await self._exchange(message)

    async def _exchange(self, message: bytes) -> tuple[int, bytes]:
        if self._writer is None:
            self._reader, self._writer = await asyncio.open_connection(self._host, self._port)
        assert self._reader is not None
        self._writer.write(message)
        status_line = await self._reader.readline()
        if not status_line:
            raise LightHttpError("the server closed the connection")
        status = int(status_line.split(b" ", 2)[1])
        length = 0
        keep = True
        while (line := await self._reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            name = name.strip().lower()
            if name == "content-length":
                length = int(value)
            elif name == "connection" and value.strip().lower() == "close":
                keep = False
            elif name == "transfer-encoding":
                raise LightHttpError(f"cannot read a {value.strip()} body")
        data = await self._reader.readexactly(length)
        if not keep:
            await self.close()
        return status, data

    async def close(self) -> None:
        writer, self._reader, self._writer = self._writer, None, None
        if writer is not None:
            writer.close()
            with contextlib.suppress(ConnectionError):  # already gone: nothing to close
                await writer.wait_closed()
