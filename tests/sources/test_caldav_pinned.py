"""A CalDAV pass connects to the addresses it checked, and reads a private address by name
only when the user listed the name, through the poller, a real Radicale and a double of
the network (``Lan``: names answer from a script, each address is wired to a real server
on loopback, Radicale or a stand-in for the user's router and Canon's API):

- a name that answers a public address to the check and loopback, ``::1``, the metadata
  service... to the connection (DNS rebinding) is read from the public address, resolved
  once, and the server behind the private one never asked;
- a user's own Radicale on a LAN name is read when the name is in ``private_hosts``, and
  refused otherwise with why in ``canon sources``; the metadata service is refused however
  it is named or listed; an IP literal and a ``localhost`` name need no listing.

Before, the metadata check resolved the name apart from the client, which resolved it
again to connect (the second answer was never checked), and a name on the user's router
or on loopback was read as a calendar whoever answered DNS for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from caldav.davclient import DAVClient
from feed_internet import PUBLIC_V4, PUBLIC_V6
from network_doubles import LoopbackServer, ScriptedNames, answers_with
from source_servers import Radicale
from sources_helpers import config_with, source

from core.engine.engine import Engine
from core.errors import ConfigError
from core.sources import pinned_http
from core.sources.config import parse_source
from core.sources.health import source_view
from core.sources.poller import poll_once, source_states

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
TRIP = (
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:trip-lisbon\r\n"
    "DTSTAMP:20260201T000000Z\r\nDTSTART;VALUE=DATE:20260401\r\nDTEND;VALUE=DATE:20260405\r\n"
    "SUMMARY:Trip to Lisbon\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
)
PRIVATE = ("127.0.0.1", "::1", "::ffff:127.0.0.1", "10.0.0.7", "169.254.169.254", "fd00:ec2::254")
METADATA = ("169.254.169.254", "fd00:ec2::254", "::ffff:169.254.169.254")


class Lan(ScriptedNames):
    """The network: names answer from ``names`` (``ScriptedNames``); a connection to an
    address in ``to_radicale`` reaches Radicale, to any other the router."""

    def __init__(
        self, names: dict[str, list[list[str]]], to_radicale: set[str], radicale: int, router: int
    ) -> None:
        super().__init__(names)
        self.to_radicale = to_radicale
        self.ports = {"radicale": radicale, "router": router}

    def transport(self) -> httpx.AsyncBaseTransport:
        raise AssertionError("a CalDAV pass connects its own sockets")

    def wire(self, address: str, port: int) -> tuple[str, int]:
        self.reached.append(address)
        return "127.0.0.1", self.ports["radicale" if address in self.to_radicale else "router"]


@pytest.fixture
def router() -> Iterator[LoopbackServer]:
    """Anything on the user's network (their router, Canon's own API): every request to it
    is kept, and what it answers must never be read."""
    with LoopbackServer(answers_with(b"{}")) as server:
        yield server


@pytest.fixture(autouse=True)
def _machine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pinned_http, "MACHINE", pinned_http.MACHINE)  # restored after


@pytest.fixture
def family(radicale: Radicale) -> tuple[str, str, str]:
    """A Radicale user with a calendar holding a trip: (user, password, the calendar's path)."""
    user, password = radicale.add_user()
    client = DAVClient(
        url=radicale.url, username=user, password=password, enable_rfc6764=False, require_tls=False
    )
    calendar = client.principal().make_calendar(name="family", cal_id="family")
    calendar.save_event(TRIP)
    return user, password, str(calendar.url).removeprefix(radicale.url.rstrip("/"))


async def _poll(
    tmp_path: Path, engine: Engine, url: str, family: tuple[str, str, str], **extra: Any
) -> tuple[Any, dict[str, Any]]:
    user, password, path = family
    dav = source(
        tmp_path,
        name="dav",
        kind="caldav",
        url=f"{url}{path}",
        username=user,
        password=password,
        ssl=False,
        **extra,
    )
    report = (await poll_once(engine, config_with(tmp_path, dav), NOW)).sources[0]
    state = await source_states(engine).source_state("dav")
    return report, source_view(dav, state, NOW)  # what ``canon sources`` shows


def _port(radicale: Radicale) -> int:
    return urlsplit(radicale.url).port or 0


@pytest.mark.parametrize("public", [PUBLIC_V4, PUBLIC_V6])
@pytest.mark.parametrize("private", PRIVATE)
async def test_a_name_that_rebinds_to_a_private_address_is_read_from_the_one_checked(
    tmp_path: Path,
    engine: Engine,
    radicale: Radicale,
    router: LoopbackServer,
    family: tuple[str, str, str],
    public: str,
    private: str,
) -> None:
    lan = Lan({"dav.example": [[public], [private]]}, {public}, _port(radicale), router.port)
    pinned_http.MACHINE = lan

    report, shown = await _poll(tmp_path, engine, f"http://dav.example:{_port(radicale)}", family)

    assert report.ok, report.error
    assert report.signals == 1  # the trip
    assert shown["last_error"] is None, shown
    assert lan.lookups == ["dav.example"]  # once: the check's answer is connected to
    assert set(lan.reached) == {public}
    assert router.asked == []


@pytest.mark.parametrize(
    ("address", "listed", "why"),
    [
        ("192.168.1.20", [], "a private address by name (nas.lan is not in the source's"),
        ("10.0.0.7", ["other.lan"], "a private address by name (nas.lan is not in the source's"),
        ("fe80::1", [], "a private address by name (nas.lan is not in the source's"),
        ("::ffff:192.168.1.20", [], "a private address by name"),
        ("169.254.169.254", [], "the cloud's metadata service"),
        *((m, ["nas.lan"], "the cloud's metadata service") for m in METADATA),  # listed or not
    ],
)
async def test_a_name_on_a_private_address_not_listed_is_refused_and_never_asked(
    tmp_path: Path,
    engine: Engine,
    radicale: Radicale,
    router: LoopbackServer,
    family: tuple[str, str, str],
    address: str,
    listed: list[str],
    why: str,
) -> None:
    lan = Lan({"nas.lan": [[address]]}, {address}, _port(radicale), router.port)
    pinned_http.MACHINE = lan

    report, shown = await _poll(
        tmp_path, engine, "http://nas.lan:5232", family, private_hosts=listed
    )

    assert not report.ok
    assert why in (report.error or ""), report.error
    assert why in (shown["last_error"] or ""), shown
    assert lan.reached == []  # no connection at all
    assert router.asked == []
    assert await engine.store.review_items(["pending", "queued"]) == []


@pytest.mark.parametrize(
    ("url", "names", "listed"),
    [
        ("http://nas.lan:5232", {"nas.lan": [["192.168.1.20"]]}, ["nas.lan"]),
        ("http://NAS.lan.:5232", {"nas.lan": [["192.168.1.20"]]}, ["nas.LAN"]),
        ("http://nas.lan:5232", {"nas.lan": [["fd12::20"]]}, ["nas.lan"]),
        ("http://192.168.1.20:5232", {}, []),  # an IP literal, written by the user
        ("http://cal.localhost:5232", {"cal.localhost": [["127.0.0.1"]]}, []),
    ],
)
async def test_the_users_own_radicale_on_their_network_is_read_when_vouched_for(
    tmp_path: Path,
    engine: Engine,
    radicale: Radicale,
    router: LoopbackServer,
    family: tuple[str, str, str],
    url: str,
    names: dict[str, list[list[str]]],
    listed: list[str],
) -> None:
    lan = Lan(names, {"192.168.1.20", "fd12::20", "127.0.0.1"}, _port(radicale), router.port)
    pinned_http.MACHINE = lan

    report, shown = await _poll(tmp_path, engine, url, family, private_hosts=listed)

    assert report.ok, report.error
    assert report.signals == 1
    assert shown["last_error"] is None, shown
    assert router.asked == []


@pytest.mark.parametrize("listed", ["nas.lan", [""], [3]])
def test_private_hosts_of_a_caldav_source_is_a_list_of_names(
    tmp_path: Path, listed: object
) -> None:
    with pytest.raises(ConfigError, match="private_hosts must be a list of host names"):
        source(tmp_path, name="dav", kind="caldav", url="http://nas.lan/", private_hosts=listed)


def test_a_caldav_server_behind_a_proxy_says_so_in_canon_sources(tmp_path: Path) -> None:
    raw = {"name": "dav", "kind": "caldav", "url": "https://dav.example/cal/"}
    environ = {"HTTPS_PROXY": "http://user:secret@proxy.corp:3128"}

    dav = parse_source(raw, 0, environ, tmp_path)

    assert dav.describe() == (
        "https://dav.example/cal/ (through the proxy http://proxy.corp:3128, "
        "which resolves its names)"
    )
