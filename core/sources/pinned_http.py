"""HTTP connections that go to the address that was checked, for a feed anyone may serve.

Checking a host's address and then letting the HTTP client connect by name resolves the
name twice, and whoever answers for it can answer a public address to the check and
``127.0.0.1`` (or the cloud's metadata service) to the connection: DNS rebinding.
``Pins`` resolves each host once for a whole download; the check reads those addresses
and ``PinnedTransport`` connects to them, by address, with the name kept in the ``Host``
header and as the TLS server name (the certificate is verified against the name).

Which hosts may be read at all (``Pins.refusal``): a name on a public address; a private,
loopback or link-local address only when the user wrote it themselves, as an IP literal,
a ``localhost`` name or a name in the feed's ``private_hosts``. Anyone who answers DNS for
a name (whoever owns the domain of a feed the user subscribed to) could otherwise point
it, on its first lookup, at the user's router, Canon's own API or ``10.x``, and have what
answers read as a calendar. The cloud's metadata service (``169.254.169.254``,
``fd00:ec2::254``, in any IPv6 form) is never read, however it is named or listed.

An HTTP proxy set in the environment (``HTTP_PROXY``, ``HTTPS_PROXY``, ``ALL_PROXY``, not
for the hosts of ``NO_PROXY``) is still honoured: the user chose it. A name is sent to it
unresolved (Canon's resolver may not know the proxy's names, and asking it would leak
them), so the proxy resolves it, and pinning it and refusing its private addresses are
the proxy's job; an IP literal is judged here, before the proxy, as without one. A feed
read through a proxy says so in ``canon sources``.

The machine's resolver and its connections are a ``Network``: tests put the internet's
in its place (a name that answers differently each time, public addresses that lead to
servers on loopback).
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import urllib.request
from collections.abc import Mapping, Sequence
from typing import Final, Protocol

import httpx

NAT64: Final = ipaddress.ip_network("64:ff9b::/96")
"""The well-known NAT64 prefix: its addresses lead to the IPv4 address in their last 32 bits."""


METADATA: Final = frozenset(ipaddress.ip_address(a) for a in ("169.254.169.254", "fd00:ec2::254"))
"""The cloud's instance metadata service (AWS, GCP, Azure; AWS's IPv6 one): it hands out
the machine's credentials to whoever asks, so no feed is ever read from it."""


def _carried(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address leads to: ``::ffff:127.0.0.1`` (mapped),
    ``64:ff9b::7f00:1`` (NAT64), ``2002:7f00:1::`` (6to4), ``::127.0.0.1`` (compatible)."""
    if isinstance(ip, ipaddress.IPv4Address):
        return []
    carried = [v4 for v4 in (ip.ipv4_mapped, ip.sixtofour) if v4 is not None]
    if ip in NAT64 or int(ip) >> 32 == 0:  # NAT64, or the deprecated IPv4-compatible form
        carried.append(ipaddress.IPv4Address(int(ip) & 0xFFFF_FFFF))
    return carried


def is_public(address: str) -> bool:
    """Whether ``address`` (``::1``, ``fe80::1%eth0``, ``10.0.0.1``...) is globally reachable,
    judged with every IPv4 address an IPv6 one carries (``_carried``): those reach
    loopback however global their IPv6 form looks."""
    ip = ipaddress.ip_address(address.split("%")[0])
    return ip.is_global and all(v4.is_global for v4 in _carried(ip))


def is_metadata(address: str) -> bool:
    """Whether ``address`` is the metadata service's (``METADATA``), in any IPv6 form."""
    ip = ipaddress.ip_address(address.split("%")[0])
    return ip in METADATA or any(v4 in METADATA for v4 in _carried(ip))


def is_literal(host: str) -> bool:
    """Whether ``host`` is an IP address written out (``10.0.0.2``, ``::1``), not a name."""
    try:
        ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return False
    return True


def is_local_name(host: str) -> bool:
    """``localhost`` and its subdomains (RFC 6761): names for this machine by definition."""
    name = host.lower().rstrip(".")
    return name == "localhost" or name.endswith(".localhost")


def private_hosts(names: Sequence[str]) -> frozenset[str]:
    """Host names as ``Pins`` compares them (lower case, no trailing dot)."""
    return frozenset(n.strip().lower().rstrip(".") for n in names)


def proxy_for(url: str, environ: Mapping[str, str]) -> str | None:
    """The proxy ``environ`` (``HTTP_PROXY``... as ``urllib`` reads them) sends ``url``
    through, without its login: for saying where a feed is read through."""
    proxies = {
        k[:-6].lower(): v
        for k, v in sorted(environ.items(), key=lambda kv: kv[0].islower())  # lower case wins
        if k.lower().endswith("_proxy") and v.strip()
    }
    target = httpx.URL(url)
    found = proxies.get(target.scheme) or proxies.get("all")
    if not found or _bypassed(target.host, proxies.get("no", "")):
        return None
    try:
        shown = httpx.URL(found)
    except httpx.InvalidURL:
        return found.rsplit("@", 1)[-1]
    return str(shown.copy_with(username=None, password=None)).rstrip("/")


def _bypassed(host: str, no_proxy: str) -> bool:
    """Whether ``NO_PROXY`` (``*``, or hosts and domains: ``a.lan,.corp.example``) names
    ``host``, as ``urllib`` reads it."""
    names = [n.strip().lower().lstrip(".") for n in no_proxy.split(",") if n.strip()]
    host = host.lower()
    return "*" in names or any(host == n or host.endswith(f".{n}") for n in names)


def refusal(host: str, found: Sequence[str], allowed: frozenset[str]) -> str | None:
    """Why ``host``, found at ``found``, may not be read (None: it may): the metadata
    service never; a private address only as a literal, a ``localhost`` name or a name in
    ``allowed`` (the source's ``private_hosts``)."""
    if any(is_metadata(a) for a in found):
        return "the cloud's metadata service"
    name = host.lower().rstrip(".")
    if all(is_public(a) for a in found) or is_literal(name) or is_local_name(name):
        return None
    if name in allowed:
        return None
    return f"a private address by name ({name} is not in the source's private_hosts)"


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

    def wire(self, address: str, port: int) -> tuple[str, int]:
        """Where a socket connected to ``address``:``port`` goes (the machine: there), for a
        client that connects its own sockets to the addresses it is given (CalDAV's)."""
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

    def wire(self, address: str, port: int) -> tuple[str, int]:
        return address, port


MACHINE: Network = MachineNetwork()
"""The network feeds are read through (tests put a double in its place)."""


class Pins:
    """Each host's addresses, resolved once for one download: what is checked is what is
    connected to, however the name's answers change meanwhile."""

    def __init__(self, network: Network, allowed: frozenset[str] = frozenset()) -> None:
        self.network = network
        self.allowed = allowed
        """Names (``private_hosts``) the user listed as on their own network."""
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

    def _by_proxy(self, url: httpx.URL) -> bool:
        """Whether ``url``'s host is a name the proxy resolves (not judged here)."""
        return not is_literal(url.host) and self.network.proxy(url) is not None

    async def private(self, url: httpx.URL) -> bool:
        """Whether ``url``'s host has any address that is not public (unresolvable, or a
        name a proxy resolves: not; the connection fails by itself, or the proxy judges)."""
        if self._by_proxy(url):
            return False
        try:
            return not all(is_public(a) for a in await self.addresses(url))
        except OSError:
            return False

    async def refusal(self, url: httpx.URL) -> str | None:
        """Why ``url``'s host may not be read at all (None: it may): the metadata service
        never; a private address only as a literal, a ``localhost`` name or a listed one."""
        if self._by_proxy(url):
            return None
        try:
            found = await self.addresses(url)
        except OSError:
            return None
        return refusal(url.host, found, self.allowed)


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
