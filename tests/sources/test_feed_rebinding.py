"""A feed's host is resolved once per pass, and the connection goes to the address that was
checked, through the poller and a double of the internet (``Internet``: names that answer
from a script, each address leading to a real HTTP server on loopback): a name that
answers a public address to the check and loopback, ``::1``, ``::ffff:127.0.0.1`` or the
metadata service to the connection (DNS rebinding) is read from the public address, and
the server behind the private one (the user's router, Canon's own API) is never asked;
a redirect to a name whose answer carries a private IPv4 address in an IPv6 form is
refused. A normal feed, IPv4 or IPv6, is read, with its name in the Host header, and over
https its certificate is verified against its name, not the address connected to.

Before, the check resolved the name and the HTTP client resolved it again to connect:
the second answer was never checked.
"""

from __future__ import annotations

import ssl
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from feed_internet import PUBLIC_V4, PUBLIC_V6, Internet, Routes, Site, calendar
from sources_helpers import config_with, source

from core.engine.engine import Engine
from core.sources import pinned_http
from core.sources.pinned_http import is_public
from core.sources.poller import poll_once

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
PRIVATE = ("127.0.0.1", "::1", "::ffff:127.0.0.1", "169.254.169.254", "64:ff9b::a00:1")


@pytest.fixture
def sites() -> Iterator[tuple[Site, Site]]:
    """The club's feed server and the user's router (what loopback leads to)."""
    with Site(calendar("Trip to Lisbon")) as club, Site(calendar("Router admin")) as router:
        yield club, router


async def _poll(tmp_path: Path, engine: Engine, url: str) -> Any:
    club = source(tmp_path, name="club", kind="ics", url=url)
    return (await poll_once(engine, config_with(tmp_path, club), NOW)).sources[0]


@pytest.mark.parametrize("public", [PUBLIC_V4, PUBLIC_V6])
@pytest.mark.parametrize("private", PRIVATE)
async def test_a_name_that_rebinds_to_a_private_address_is_read_from_the_one_checked(
    tmp_path: Path,
    engine: Engine,
    sites: tuple[Site, Site],
    monkeypatch: pytest.MonkeyPatch,
    public: str,
    private: str,
) -> None:
    club, router = sites
    internet = Internet(club, router, {"club.example": [[public], [private]]})
    monkeypatch.setattr(pinned_http, "MACHINE", internet)

    report = await _poll(tmp_path, engine, f"http://club.example:{router.port}/club.ics")

    assert report.ok, report.error
    assert report.signals == 1
    assert internet.lookups == ["club.example"]  # once: the check's answer is connected to
    assert internet.reached == [public]
    assert router.asked == []
    assert club.asked == [(f"club.example:{router.port}", "/club.ics")]


@pytest.mark.parametrize("private", PRIVATE)
async def test_a_redirect_to_a_name_that_rebinds_is_read_from_the_address_checked(
    tmp_path: Path,
    engine: Engine,
    sites: tuple[Site, Site],
    monkeypatch: pytest.MonkeyPatch,
    private: str,
) -> None:
    club, router = sites
    club.moved_to = f"http://cdn.example:{router.port}/club.ics"
    names = {"club.example": [[PUBLIC_V4]], "cdn.example": [[PUBLIC_V6], [private]]}
    internet = Internet(club, router, names)
    monkeypatch.setattr(pinned_http, "MACHINE", internet)

    report = await _poll(tmp_path, engine, "http://club.example/moved.ics")

    assert report.ok, report.error
    assert internet.lookups == ["club.example", "cdn.example"]
    assert internet.reached == [PUBLIC_V4, PUBLIC_V6]
    assert router.asked == []


@pytest.mark.parametrize("private", PRIVATE)
async def test_a_redirect_to_a_name_on_a_private_address_is_refused_in_every_form(
    tmp_path: Path,
    engine: Engine,
    sites: tuple[Site, Site],
    monkeypatch: pytest.MonkeyPatch,
    private: str,
) -> None:
    club, router = sites
    club.moved_to = f"http://cdn.example:{router.port}/club.ics"
    names = {"club.example": [[PUBLIC_V4]], "cdn.example": [[PUBLIC_V6, private]]}
    internet = Internet(club, router, names)
    monkeypatch.setattr(pinned_http, "MACHINE", internet)

    report = await _poll(tmp_path, engine, "http://club.example/moved.ics")

    assert not report.ok
    assert "redirects to a private address" in (report.error or ""), report.error
    assert router.asked == []
    assert await engine.store.review_items(["pending", "queued"]) == []


async def test_a_feed_whose_first_address_refuses_is_read_from_its_next(
    tmp_path: Path, engine: Engine, sites: tuple[Site, Site], monkeypatch: pytest.MonkeyPatch
) -> None:
    club, router = sites
    internet = Internet(club, router, {"club.example": [[PUBLIC_V4, PUBLIC_V6]]})
    refused: list[str] = []
    routes = internet.transport

    class Refusing(httpx.AsyncBaseTransport):
        def __init__(self) -> None:
            self.inner = routes()

        async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
            if request.url.host == PUBLIC_V4:
                refused.append(PUBLIC_V4)
                raise httpx.ConnectError("connection refused", request=request)
            return await self.inner.handle_async_request(request)

    monkeypatch.setattr(internet, "transport", Refusing)
    monkeypatch.setattr(pinned_http, "MACHINE", internet)

    report = await _poll(tmp_path, engine, "http://club.example/club.ics")

    assert report.ok, report.error
    assert refused == [PUBLIC_V4]
    assert internet.reached == [PUBLIC_V6]


@pytest.mark.parametrize(
    ("address", "public"),
    [
        (PUBLIC_V4, True),
        (PUBLIC_V6, True),
        ("::ffff:93.184.216.34", True),
        ("127.0.0.1", False),
        ("127.8.9.10", False),
        ("10.0.0.1", False),
        ("192.168.1.1", False),
        ("169.254.169.254", False),  # the cloud's metadata service
        ("0.0.0.0", False),
        ("::1", False),
        ("::", False),
        ("fe80::1%eth0", False),
        ("fd00:ec2::254", False),  # AWS's metadata service over IPv6
        ("::ffff:127.0.0.1", False),  # IPv4-mapped
        ("::ffff:169.254.169.254", False),
        ("64:ff9b::7f00:1", False),  # NAT64 to 127.0.0.1
        ("64:ff9b::5db8:d822", True),  # NAT64 to a public address
        ("2002:7f00:1::1", False),  # 6to4 from 127.0.0.1
        ("::127.0.0.1", False),  # IPv4-compatible (deprecated)
    ],
)
def test_which_addresses_are_public(address: str, public: bool) -> None:
    assert is_public(address) is public


def _tls(tmp_path: Path, name: str) -> tuple[ssl.SSLContext, ssl.SSLContext]:
    """A server context with a certificate for ``name`` and a client context trusting only
    the authority that signed it."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    def subject(cn: str) -> x509.Name:
        return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])

    ca_key, key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    start = datetime.now(UTC) - timedelta(days=1)
    ca = (
        x509.CertificateBuilder()
        .issuer_name(subject("test authority"))
        .subject_name(subject("test authority"))
        .public_key(ca_key.public_key())
        .serial_number(1)
        .not_valid_before(start)
        .not_valid_after(start + timedelta(days=2))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(ca_key, hashes.SHA256())
    )
    leaf = (
        x509.CertificateBuilder()
        .issuer_name(ca.subject)
        .subject_name(subject(name))
        .public_key(key.public_key())
        .serial_number(2)
        .not_valid_before(start)
        .not_valid_after(start + timedelta(days=2))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    pem = serialization.Encoding.PEM
    chain, secret = tmp_path / "chain.pem", tmp_path / "key.pem"
    chain.write_bytes(leaf.public_bytes(pem))
    secret.write_bytes(
        key.private_bytes(pem, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server.load_cert_chain(chain, secret)
    client = ssl.create_default_context(cadata=ca.public_bytes(pem).decode())
    return server, client


@pytest.mark.parametrize(("certified", "read"), [("club.example", True), ("other.example", False)])
async def test_an_https_feed_read_by_address_is_verified_against_its_name(
    tmp_path: Path,
    engine: Engine,
    sites: tuple[Site, Site],
    monkeypatch: pytest.MonkeyPatch,
    certified: str,
    read: bool,
) -> None:
    club, router = sites
    server_tls, client_tls = _tls(tmp_path, certified)
    club.server.socket = server_tls.wrap_socket(club.server.socket, server_side=True)
    internet = Internet(club, router, {"club.example": [[PUBLIC_V4]]})

    class Trusting(Routes):
        def __init__(self, internet: Internet) -> None:
            super().__init__(internet)
            self.inner = httpx.AsyncHTTPTransport(verify=client_tls)

    monkeypatch.setattr(internet, "transport", lambda: Trusting(internet))
    monkeypatch.setattr(pinned_http, "MACHINE", internet)

    report = await _poll(tmp_path, engine, "https://club.example/club.ics")

    assert report.ok is read, report.error
    assert internet.reached == [PUBLIC_V4]
    assert read or "CERTIFICATE_VERIFY_FAILED" in (report.error or ""), report.error
    assert read or club.asked == []
