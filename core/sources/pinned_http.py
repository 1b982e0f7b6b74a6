"""HTTP connections that go to the address that was checked, for a feed anyone may serve.

Checking a host's address and then letting the HTTP client connect by name resolves the
name twice, and whoever answers for it can answer a public address to the check and
``127.0.0.1`` (or the cloud's metadata service) to the connection: DNS rebinding.
``Pins`` resolves each host once for a whole download; the check reads those addresses
and ``PinnedTransport`` connects to them, by address, with the name kept in the ``Host``
header and as the TLS server name (the certificate is verified against the name).

An HTTP proxy set in the environment (``HTTP_PROXY``, ``HTTPS_PROXY``, ``ALL_PROXY``, not
for the hosts of ``NO_PROXY``) is still honoured: the user chose it, and it resolves the
name itself, so through it the check is only as good as the proxy's own.

The machine's resolver and its connections are a ``Network``: tests put the internet's
in its place (a name that answers differently each time, public addresses that lead to
servers on loopback).
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import urllib.request
from collections.abc import Sequence
from typing import Final, Protocol

import httpx

NAT64: Final = ipaddress.ip_network("64:ff9b::/96")
"""The well-known NAT64 prefix: its addresses lead to the IPv4 address in their last 32 bits."""


def is_public(address: str) -> bool:
    """Whether ``address`` (``::1``, ``fe80::1%eth0``, ``10.0.0.1``...) is globally reachable,
    judged with every IPv4 address an IPv6 one carries: ``::ffff:127.0.0.1`` (mapped),
    ``64:ff9b::7f00:1`` (NAT64), ``2002:7f00:1::`` (6to4) and ``::127.0.0.1`` (compatible)
    reach loopback however global their IPv6 form looks."""
    ip = ipaddress.ip_address(address.split("%")[0])
    if not ip.is_global:
        return False
    if isinstance(ip, ipaddress.IPv4Address):
        return True
    carried = [ip.ipv4_mapped, ip.sixtofour]
    if ip in NAT64 or int(ip) >> 32 == 0:  # NAT64, or the deprecated IPv4-compatible form
        carried.append(ipaddress.IPv4Address(int(ip) & 0xFFFF_FFFF))
    return all(v4.is_global for v4 in carried if v4 is not None)


class Network(Protocol):
    """Where names are resolved and connections made."""

    async def resolve(self, host: str, port: int) -> Sequence[str]:
        """``host``'s addresses (an address resolves to itself); OSError when it has none."""
        ...

    def transport(self) -> httpx.AsyncBaseTransport:
        """A transport that connects to the address in each request's URL."""
        ...

    def proxy(self, url: httpx.URL) -> str | None:
        """The HTTP proxy ``url`` is read through, if any."""
        ...


class MachineNetwork:
    """The machine's own resolver (``getaddrinfo``) and connections."""

    async def resolve(self, host: str, port: int) -> Sequence[str]:
        try:
            found = await asyncio.get_running_loop().getaddrinfo(
                host, port, type=socket.SOCK_STREAM
            )
        except UnicodeError as e:
            raise OSError(f"{host!r} is no host name: {e}") from e
        return list(dict.fromkeys(str(info[4][0]) for info in found))

    def transport(self) -> httpx.AsyncBaseTransport:
        return httpx.AsyncHTTPTransport(trust_env=True)

    def proxy(self, url: httpx.URL) -> str | None:
        proxies = urllib.request.getproxies()
        found = proxies.get(url.scheme) or proxies.get("all")
        return None if not found or urllib.request.proxy_bypass(url.host) else found


MACHINE: Network = MachineNetwork()
"""The network feeds are read through (tests put a double in its place)."""


class Pins:
    """Each host's addresses, resolved once for one download: what is checked is what is
    connected to, however the name's answers change meanwhile."""

    def __init__(self, network: Network) -> None:
        self.network = network
        self._found: dict[tuple[str, int], tuple[str, ...]] = {}

    async def addresses(self, url: httpx.URL) -> tuple[str, ...]:
        """The addresses of ``url``'s host; OSError when it has none."""
        port = url.port or (443 if url.scheme == "https" else 80)
        key = (url.host, port)
        if key not in self._found:
            found = tuple(await self.network.resolve(url.host, port))
            if not found:
                raise OSError(f"{url.host} has no address")
            self._found[key] = found
        return self._found[key]

    async def private(self, url: httpx.URL) -> bool:
        """Whether ``url``'s host has any address that is not public (unresolvable: not,
        the connection fails by itself)."""
        try:
            return not all(is_public(a) for a in await self.addresses(url))
        except OSError:
            return False


class PinnedTransport(httpx.AsyncBaseTransport):
    """Sends each request to one of its host's pinned addresses (the next on a refused
    connection), through one transport per host name, so that no TLS connection made for
    one name carries another's requests."""

    def __init__(self, pins: Pins) -> None:
        self.pins = pins
        self._by_host: dict[str, httpx.AsyncBaseTransport] = {}

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        host = request.url.host
        proxy = self.pins.network.proxy(request.url)
        if proxy is not None:  # the proxy connects by name
            via = self._by_host.setdefault(
                f"proxy {proxy}", httpx.AsyncHTTPTransport(proxy=proxy, trust_env=True)
            )
            return await via.handle_async_request(request)
        try:
            addresses = await self.pins.addresses(request.url)
        except OSError as e:
            raise httpx.ConnectError(f"cannot resolve {host}: {e}", request=request) from e
        transport = self._by_host.setdefault(host, self.pins.network.transport())
        for i, address in enumerate(addresses):
            pinned = httpx.Request(
                request.method,
                request.url.copy_with(host=address.split("%")[0]),
                headers=request.headers,  # Host: still the name
                stream=request.stream,
                extensions={**request.extensions, "sni_hostname": host},
            )
            try:
                return await transport.handle_async_request(pinned)
            except httpx.ConnectError:
                if i == len(addresses) - 1:
                    raise
        raise httpx.ConnectError(f"{host} has no address", request=request)

    async def aclose(self) -> None:
        for transport in self._by_host.values():
            await transport.aclose()
