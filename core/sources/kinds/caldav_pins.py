"""A CalDAV pass connects to the addresses that were checked, as a feed does
(``core.sources.pinned_http``), and reads a private address by name only when the user
listed the name in the source's ``private_hosts``.

The caldav library's HTTP client (niquests) resolves each host itself when it connects.
Checking an address apart from that (as the metadata check did) resolves the name twice,
and whoever answers DNS for it could answer a public address to the check and Canon's
API on loopback, the user's router or ``169.254.169.254`` to the connection (DNS
rebinding), and have the PROPFIND, with the user's login, sent there. ``PinnedResolver``
is the client's resolver for one pass: each host is resolved once, through the same
``Network`` as feeds, the check (``refusal``) reads those addresses, and the client's
sockets connect to them and nowhere else.

A name sent to an HTTP proxy from the environment is the proxy's to resolve and judge,
as for a feed; an IP literal is judged here.
"""

from __future__ import annotations

import asyncio
import socket
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import urlsplit

import httpx

if TYPE_CHECKING:  # the same classes; niquests names them as whichever urllib3 it runs on
    from urllib3_future.contrib.resolver import BaseResolver, ProtocolResolver
else:
    from niquests.packages.urllib3.contrib.resolver import BaseResolver, ProtocolResolver

from core.sources.pinned_http import Network, is_literal, refusal

DEFAULT_PORTS: Final = {"http": 80, "https": 443}


def _name(host: str | bytes | None) -> str:
    raw = host.decode("ascii") if isinstance(host, bytes) else host or "localhost"
    return raw.strip("[]").lower().rstrip(".")


class PinnedResolver(BaseResolver):
    """Each host's addresses, resolved once for one pass through ``network``: what
    ``refusal`` checks is what the client's sockets connect to."""

    implementation = "canon-pinned"
    protocol = ProtocolResolver.CUSTOM

    def __init__(self, network: Network, allowed: frozenset[str] = frozenset()) -> None:
        super().__init__(None, None)
        self.network = network
        self.allowed = allowed
        """Names (``private_hosts``) the user listed as on their own network."""
        self._found: dict[tuple[str, int], tuple[str, ...]] = {}

    def addresses(self, host: str, port: int) -> tuple[str, ...]:
        """``host``'s addresses, the same for the whole pass; OSError when it has none.
        (The pass runs in a worker thread of its own, which has no event loop.)"""
        key = (_name(host), port)
        if key not in self._found:
            found = tuple(asyncio.run(self.network.resolve(key[0], port)))
            if not found:
                raise OSError(f"{key[0]} has no address")
            self._found[key] = found
        return self._found[key]

    def refusal(self, url: str) -> str | None:
        """Why ``url``'s host may not be asked (None: it may): the metadata service never, a
        private address only as a literal, a ``localhost`` name or a listed name."""
        parts = urlsplit(url)
        host = _name(parts.hostname)
        if not is_literal(host) and self.network.proxy(httpx.URL(url)) is not None:
            return None  # the proxy resolves the name
        try:
            found = self.addresses(host, parts.port or DEFAULT_PORTS.get(parts.scheme, 443))
        except OSError:
            return None  # the connection fails by itself
        return refusal(host, found, self.allowed)

    def getaddrinfo(
        self,
        host: bytes | str | None,
        port: str | int | None,
        family: socket.AddressFamily,
        type: socket.SocketKind,
        proto: int = 0,
        flags: int = 0,
        *,
        quic_upgrade_via_dns_rr: bool = False,
    ) -> list[Any]:
        """The pinned addresses as ``socket.getaddrinfo`` gives them (written out: no
        lookup), each where ``network`` wires it."""
        number = int(port or 0)
        try:
            addresses = self.addresses(_name(host), number)
        except OSError as e:
            raise socket.gaierror(socket.EAI_NONAME, str(e)) from e
        records: list[Any] = []
        for address in addresses:
            wired, wired_port = self.network.wire(address, number)
            try:
                records += socket.getaddrinfo(
                    wired, wired_port, family, type, proto, flags | socket.AI_NUMERICHOST
                )
            except socket.gaierror:  # of the other family than the one asked for
                continue
        if not records:
            raise socket.gaierror(socket.EAI_NONAME, f"{_name(host)} has no usable address")
        return records

    def close(self) -> None:
        pass  # nothing held: the addresses die with the pass

    def is_available(self) -> bool:
        return True
