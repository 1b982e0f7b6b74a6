"""``kind = "ics"``: an iCalendar feed (http(s) URL, file:// URL or a local path).

The feed lists every event occurrence in the polling window on each pass
(there is no change token to trust across servers); event ids are stable, so
an unchanged event maps to duplicates and costs nothing, and an event
remembered inside the window but missing now was deleted
(``core.sources.remembered``). CalDAV calendars are read the same way
(``core.sources.kinds.caldav``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self
from zoneinfo import ZoneInfo

from core.errors import SourceError
from core.signals.rules import Rule
from core.sources.base import (
    COMMON_OPTIONS,
    SECRET_OPTIONS,
    Fetched,
    SecretConfig,
    SourceConfig,
    SourceTable,
)
from core.sources.ical import (
    UNLISTED_KEY,
    UNREADABLE_KEY,
    calendar_address,
    calendar_events,
    owner_addresses,
    parse_calendar,
)
from core.sources.mailparse import Skipped
from core.sources.remembered import reconcile

if TYPE_CHECKING:
    from core.sources.pinned_http import Network

MAX_FEED_BYTES: Final = 20_000_000
"""The most a feed may hold, counted as read (after any gzip): years of a busy calendar are
a few megabytes. Whoever serves a subscribed feed (a school's, a club's, anyone's URL)
could otherwise send an endless body, or a small gzip that unpacks to gigabytes, and the
poller (the bot's own process) held all of it in memory."""
FEED_TIMEOUTS: Final = 4
"""A feed is read whole, from connecting to its last byte, within this many ``timeout``s
(two minutes by default). ``timeout`` alone bounds each wait, so a server that sent one
byte just inside it, in its headers or its body, held the poller for months before
``MAX_FEED_BYTES`` (20 million waits) and no other source was polled meanwhile."""

MAX_REDIRECTS: Final = 5
"""The most redirects a feed may follow. Each may only keep or raise its scheme (http to
https, never https to http), and lead to a private, loopback or link-local address only
when the configured feed is on one itself: a public feed (anyone's) could otherwise point
the bot, from inside the user's network, at their router or at Canon's own HTTP API, and
have what it answers read as their calendar. Each host is resolved once per pass, and
the connection goes to the address that was checked (``core.sources.pinned_http``): a
name that answers a public address to the check and loopback to the connection (DNS
rebinding) is read from the public one."""

CALENDAR_OPTIONS = (
    COMMON_OPTIONS
    | SECRET_OPTIONS
    | {
        "url",
        "past_days",
        "future_days",
        "timezone",
        "owner_addresses",
    }
)
FEED_OPTIONS = CALENDAR_OPTIONS | {"private_hosts"}


def _owner(table: SourceTable) -> tuple[str, ...]:
    raw = table.raw.get("owner_addresses", [])
    if not isinstance(raw, list) or not all(isinstance(a, str) for a in raw):
        raise table.error("owner_addresses must be a list of mail addresses")
    found = owner_addresses(raw)
    bad = [a for a in raw if calendar_address(a) not in found]
    if bad:
        raise table.error(f"owner_addresses: {bad[0]!r} is not a mail address")
    return tuple(sorted(found))


@dataclass(frozen=True, kw_only=True)
class IcsConfig(SecretConfig):
    """A feed; ``username``/``password`` are HTTP basic auth when set."""

    OPTIONS: ClassVar[frozenset[str]] = FEED_OPTIONS
    REQUIRED: ClassVar[tuple[str, ...]] = ("url",)

    url: str
    past_days: int = 7
    future_days: int = 180
    timezone: str | None = None
    """The zone of floating times (events without a TZID); None: the user's clock (their
    ``profile.timezone``, else their home city's), UTC while Canon knows neither. A
    floating "Flight to Denver 06:00" is six in the morning where the user is, the day
    they leave, never UTC's six (the evening before in Los Angeles)."""
    owner_addresses: tuple[str, ...] = ()
    """The calendar owner's addresses: an event another ORGANIZER sent is an invitation."""
    private_hosts: frozenset[str] = frozenset()
    """Host names the user vouches are on their own network (``private_hosts = ["nas.lan"]``):
    only these, IP literals and ``localhost`` names may lead to a private, loopback or
    link-local address (``core.sources.pinned_http``); any other name that does is refused."""
    proxy: str | None = None
    """The HTTP proxy the environment sends the feed through (shown; the proxy resolves)."""

    @classmethod
    def calendar(cls, table: SourceTable) -> dict[str, Any]:
        """The options every listed calendar (ICS, CalDAV) reads the same way."""
        return {
            **cls.common(table),
            "url": table.get("url", str, ""),
            "past_days": table.get("past_days", int, 7),
            "future_days": table.get("future_days", int, 180),
            "timezone": table.zone() if "timezone" in table.raw else None,
            "owner_addresses": _owner(table),
        }

    @classmethod
    def reached(cls, table: SourceTable) -> dict[str, Any]:
        """How a calendar on the web (a feed, a CalDAV server) is reached: the names vouched
        for as private, the proxy from the environment."""
        from core.sources.pinned_http import private_hosts, proxy_for

        hosts = table.raw.get("private_hosts", [])
        if not isinstance(hosts, list) or not all(isinstance(h, str) and h for h in hosts):
            raise table.error("private_hosts must be a list of host names")
        url = table.get("url", str, "")
        web = url.startswith(("http://", "https://"))
        return {
            "private_hosts": private_hosts(hosts),
            "proxy": proxy_for(url, table.environ) if web else None,
        }

    @classmethod
    def from_toml(cls, table: SourceTable) -> Self:
        return cls(**cls.calendar(table), **cls.reached(table))

    def describe(self) -> str:
        if self.proxy is None:
            return self.url
        return f"{self.url} (through the proxy {self.proxy}, which resolves its names)"


def window(cfg: IcsConfig, now: datetime) -> tuple[datetime, datetime]:
    """The span a pass looks at: ``past_days`` back, ``future_days`` ahead."""
    return now - timedelta(days=cfg.past_days), now + timedelta(days=cfg.future_days)


class _Body:
    """A feed's bytes as they come; a SourceError as soon as they pass ``MAX_FEED_BYTES``."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.chunks: list[bytes] = []
        self.size = 0

    def add(self, chunk: bytes) -> None:
        self.size += len(chunk)
        if self.size > MAX_FEED_BYTES:
            raise SourceError(
                f"ics feed: {self.url} is larger than {MAX_FEED_BYTES // 1_000_000} MB; not read"
            )
        self.chunks.append(chunk)

    def data(self) -> bytes:
        return b"".join(self.chunks)


def hop_refused(
    first: str, target: str, *, first_private: bool, target_private: bool
) -> str | None:
    """Why a feed configured at ``first`` may not be redirected to ``target`` (None: it may);
    ``*_private``: whether the host is on a private, loopback or link-local address."""
    import httpx

    was, goes = httpx.URL(first).scheme, httpx.URL(target).scheme
    if goes not in ("http", "https"):
        return f"a {goes or 'relative'} address"
    if was == "https" and goes == "http":
        return "plain http from https"
    if target_private and not first_private:
        return "a private address"
    return None


async def _download(cfg: IcsConfig, url: str, network: Network) -> bytes:
    import httpx

    from core.sources.pinned_http import PinnedTransport, Pins

    auth = (cfg.username, cfg.password or "") if cfg.username else None
    body = _Body(url)
    first = httpx.URL(url)
    # Each host is resolved once: the addresses checked here are the ones connected to.
    pins = Pins(network, cfg.private_hosts)
    refused = await pins.refusal(first)
    if refused is not None:
        raise SourceError(f"ics feed: {url} is on {refused}; not read")
    first_private = await pins.private(first)
    transport = PinnedTransport(pins)
    async with httpx.AsyncClient(
        timeout=cfg.timeout, follow_redirects=False, transport=transport
    ) as client:
        here = first
        for _ in range(MAX_REDIRECTS + 1):
            # The user's login goes to the feed's own origin only.
            own = (here.scheme, here.host, here.port) == (first.scheme, first.host, first.port)
            async with client.stream("GET", here, auth=auth if own else None) as response:
                if response.is_redirect:
                    target = here.join(response.headers["location"])
                    web = target.scheme in ("http", "https")
                    why = hop_refused(
                        str(first),
                        str(target),
                        first_private=first_private,
                        target_private=web and await pins.private(target),
                    ) or (await pins.refusal(target) if web else None)
                    if why is not None:
                        raise SourceError(
                            f"ics feed: {url} redirects to {why} ({target}); not read"
                        )
                    here = target
                    continue
                response.raise_for_status()
                async for chunk in response.aiter_bytes():
                    body.add(chunk)
                return body.data()
    raise SourceError(f"ics feed: {url} redirects more than {MAX_REDIRECTS} times; not read")


def _read_url(cfg: IcsConfig, url: str) -> bytes:
    """The feed at an http(s) URL, whole within ``FEED_TIMEOUTS`` timeouts (the poller
    calls this in a worker thread, which has no event loop of its own)."""
    from core.sources import pinned_http

    limit = FEED_TIMEOUTS * cfg.timeout
    try:
        return asyncio.run(asyncio.wait_for(_download(cfg, url, pinned_http.MACHINE), limit))
    except TimeoutError as e:
        raise SourceError(f"ics feed: {url} was not read whole within {limit:g} s; not read") from e


def _read_file(url: str) -> bytes:
    body = _Body(url)
    with Path(url.removeprefix("file://")).expanduser().open("rb") as file:
        for chunk in iter(lambda: file.read(1 << 20), b""):
            body.add(chunk)
    return body.data()


def fetch_ics(cfg: IcsConfig, now: datetime) -> list[dict[str, Any]]:
    """Occurrences in an ICS feed (http(s) URL, file:// URL or a local path)."""
    import httpx

    url = str(cfg.url)
    try:
        data = _read_url(cfg, url) if url.startswith(("http://", "https://")) else _read_file(url)
    except httpx.HTTPStatusError as e:
        raise SourceError(f"ics feed: HTTP {e.response.status_code} from {url}") from e
    except (httpx.InvalidURL, UnicodeError) as e:  # a Location (or the URL) IDNA refuses
        raise SourceError(f"ics feed: {url} or where it redirects is no address: {e}") from e
    except (httpx.HTTPError, OSError) as e:
        raise SourceError(f"ics feed: cannot read {url}: {e}") from e
    start, end = window(cfg, now)
    owner = frozenset(cfg.owner_addresses)
    zone = ZoneInfo(cfg.timezone or "UTC")
    return calendar_events(parse_calendar(data, url), start, end, zone, owner)


async def poll_listed(
    config: IcsConfig,
    list_events: Callable[[Any, datetime], list[dict[str, Any]]],
    cursor: Mapping[str, Any],
    now: datetime,
    rules: Sequence[Rule],
) -> Fetched:
    """A pass of a calendar that lists its whole window: what changed, what vanished."""
    events = await asyncio.to_thread(list_events, config, now)
    done = reconcile(
        events,
        cursor.get("known", {}),
        now,
        window=window(config, now),
        keep_days=config.past_days,
        rules=rules,
    )
    unlisted = [str(e[UNREADABLE_KEY]) for e in events if e.get(UNLISTED_KEY)]
    return Fetched(
        "calendar_event",
        done.emit,
        {"known": done.known},
        unreadable_skipped(events),
        "; ".join(unlisted)[:500] if unlisted else None,
    )


def unreadable_skipped(events: Sequence[Mapping[str, Any]]) -> list[Skipped]:
    """The events of a pass left out as unreadable (``UNREADABLE_KEY``), each with why: the
    poll report lists them (``canon poll``, the API's sources), not only the log."""
    return [
        Skipped(str(e["id"]) or "an event without a UID", f"cannot be read: {e[UNREADABLE_KEY]}")
        for e in events
        if e.get(UNREADABLE_KEY)
    ]


class IcsSource:
    kind: ClassVar[str] = "ics"
    config_type: ClassVar[type[SourceConfig]] = IcsConfig

    def __init__(self, config: IcsConfig) -> None:
        self.config = config

    async def poll(
        self, cursor: Mapping[str, Any], now: datetime, rules: Sequence[Rule]
    ) -> Fetched:
        return await poll_listed(self.config, fetch_ics, cursor, now, rules)
