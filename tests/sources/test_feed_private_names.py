"""Which hosts a feed may be read from, through the poller and a double of the internet
(``Internet``: names answer from a script, public addresses lead to the club's real HTTP
server on loopback, every other one to the router's): a name whose very first answer is
private, loopback or link-local is refused, and the router never asked, unless the user
vouched for it (``private_hosts``), wrote an IP literal or a ``localhost`` name; the
cloud's metadata service is refused however it is written or listed. What was refused
says why in ``canon sources``.

Before, only a name that changed its answer between the check and the connection was
caught: one that answered ``10.0.0.1`` or ``169.254.169.254`` from the start was read as
"a feed on the user's own network", so whoever answers DNS for a subscribed feed's domain
could have the bot read the user's router or the machine's cloud credentials.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from feed_internet import PUBLIC_V4, Internet, Site, calendar
from sources_helpers import config_with

from core.engine.engine import Engine
from core.sources import pinned_http
from core.sources.config import parse_source
from core.sources.health import source_view
from core.sources.poller import poll_once, source_states

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
PRIVATE = ("127.0.0.1", "10.0.0.7", "192.168.1.1", "::1", "fe80::1", "::ffff:10.0.0.7")
METADATA = ("169.254.169.254", "fd00:ec2::254", "::ffff:169.254.169.254", "64:ff9b::a9fe:a9fe")


@pytest.fixture
def sites() -> Iterator[tuple[Site, Site]]:
    with Site(calendar("Trip to Lisbon")) as club, Site(calendar("Trip to Porto")) as router:
        yield club, router


def _raw(url: str = "http://cal.attacker.example/club.ics", **extra: Any) -> dict[str, Any]:
    return {"name": "club", "kind": "ics", "url": url, **extra}


async def _poll(tmp_path: Path, engine: Engine, internet: Internet, url: str, **extra: Any) -> Any:
    settings = config_with(tmp_path, parse_source(_raw(url, **extra), 0, {}, tmp_path))
    pinned_http.MACHINE = internet
    return (await poll_once(engine, settings, NOW)).sources[0]


@pytest.fixture(autouse=True)
def _machine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pinned_http, "MACHINE", pinned_http.MACHINE)  # restored after


@pytest.mark.parametrize("private", PRIVATE + METADATA)
async def test_a_name_on_a_private_address_from_its_first_answer_is_refused(
    tmp_path: Path, engine: Engine, sites: tuple[Site, Site], private: str
) -> None:
    club, router = sites
    internet = Internet(club, router, {"cal.attacker.example": [[private]]})

    report = await _poll(tmp_path, engine, internet, "http://cal.attacker.example/club.ics")

    assert not report.ok
    why = "metadata service" if private in METADATA else "private address by name"
    assert why in (report.error or ""), report.error
    assert internet.reached == []
    assert router.asked == []
    assert await engine.store.review_items(["pending", "queued"]) == []
    state = await source_states(engine).source_state("club")
    shown = source_view(parse_source(_raw(), 0, {}, tmp_path), state, NOW)  # canon sources
    assert why in (shown["last_error"] or ""), shown


@pytest.mark.parametrize(
    ("url", "listed"),
    [
        ("http://nas.home.arpa/club.ics", ["nas.home.arpa"]),
        ("http://NAS.home.arpa/club.ics", ["nas.HOME.arpa."]),  # as DNS compares names
        ("http://10.0.0.7/club.ics", []),  # an address the user wrote themselves
        ("http://[::1]/club.ics", []),
        ("http://localhost/club.ics", []),
        ("http://calendar.localhost/club.ics", []),
    ],
)
async def test_a_feed_the_user_placed_on_their_network_is_read(
    tmp_path: Path, engine: Engine, sites: tuple[Site, Site], url: str, listed: list[str]
) -> None:
    club, router = sites
    names = {"nas.home.arpa": [["192.168.1.20"]], "localhost": [["127.0.0.1"]]}
    names["calendar.localhost"] = [["::1"]]
    internet = Internet(club, router, names)

    report = await _poll(tmp_path, engine, internet, url, private_hosts=listed)

    assert report.ok, report.error
    assert report.signals == 1
    assert len(router.asked) == 1


@pytest.mark.parametrize("metadata", METADATA)
async def test_the_metadata_service_is_never_read_even_listed_or_written_out(
    tmp_path: Path, engine: Engine, sites: tuple[Site, Site], metadata: str
) -> None:
    club, router = sites
    internet = Internet(club, router, {"meta.home.arpa": [[metadata]]})
    literal = f"[{metadata}]" if ":" in metadata else metadata

    for url in (f"http://{literal}/club.ics", "http://meta.home.arpa/club.ics"):
        report = await _poll(tmp_path, engine, internet, url, private_hosts=["meta.home.arpa"])

        assert not report.ok
        assert "metadata service" in (report.error or ""), report.error
    assert internet.reached == []


async def test_a_public_feed_redirected_to_an_unlisted_private_name_is_refused(
    tmp_path: Path, engine: Engine, sites: tuple[Site, Site]
) -> None:
    club, router = sites
    club.moved_to = "http://nas.home.arpa/club.ics"
    names = {"club.example": [[PUBLIC_V4]], "nas.home.arpa": [["192.168.1.20"]]}
    internet = Internet(club, router, names)

    report = await _poll(tmp_path, engine, internet, "http://club.example/moved.ics")

    assert not report.ok
    assert "redirects to a private address" in (report.error or ""), report.error
    assert router.asked == []


async def test_a_private_feed_redirected_to_the_metadata_service_is_refused(
    tmp_path: Path, engine: Engine, sites: tuple[Site, Site]
) -> None:
    club, router = sites
    router.moved_to = "http://169.254.169.254/latest/meta-data/"
    internet = Internet(club, router, {})

    report = await _poll(tmp_path, engine, internet, "http://10.0.0.7/moved.ics")

    assert not report.ok
    assert "redirects to the cloud's metadata service" in (report.error or ""), report.error
    assert internet.reached == ["10.0.0.7"]


@pytest.mark.parametrize("listed", [["nas.home.arpa", ""], "nas.home.arpa", [1]])
def test_private_hosts_is_a_list_of_names(tmp_path: Path, listed: object) -> None:
    from core.errors import ConfigError

    raw = {"name": "club", "kind": "ics", "url": "http://x.example/", "private_hosts": listed}
    with pytest.raises(ConfigError, match="private_hosts must be a list of host names"):
        parse_source(raw, 0, {}, tmp_path)
