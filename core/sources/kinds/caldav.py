"""``kind = "caldav"``: a CalDAV calendar, or every calendar of a principal.

Nextcloud, Fastmail, iCloud, Radicale. Listed whole on each pass, like a feed
(``core.sources.kinds.ics``); the caldav library loads on the first poll.
The owner's addresses (to tell invitations from their own events,
``core.sources.ical``) are the configured ``owner_addresses``, the mail
addresses of the principal's calendar-user-address-set, and the login when it is
a mail address. With none of them, a meeting with invitees is asked about.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime
from threading import Event, Timer
from time import monotonic
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self, cast
from zoneinfo import ZoneInfo

from core.errors import SourceError
from core.signals.rules import Rule
from core.sources.base import Fetched, SourceConfig, SourceTable
from core.sources.flooding_rules import MAX_OCCURRENCES
from core.sources.ical import (
    UNLISTED_KEY,
    UNREADABLE_KEY,
    calendar_events,
    owner_addresses,
    parse_calendar,
)
from core.sources.kinds.caldav_hops import guarded
from core.sources.kinds.ics import (
    CALENDAR_OPTIONS,
    FEED_TIMEOUTS,
    MAX_FEED_BYTES,
    IcsConfig,
    poll_listed,
    window,
)

if TYPE_CHECKING:
    from core.sources.kinds.caldav_pins import PinnedResolver


@dataclass(frozen=True, kw_only=True)
class CalDavConfig(IcsConfig):
    OPTIONS: ClassVar[frozenset[str]] = CALENDAR_OPTIONS | {"ssl", "calendar_id", "private_hosts"}

    ssl: bool = True
    """Refuse plain http."""
    calendar_id: str = "primary"
    """When ``url`` is a principal: the calendar to read (by name or URL); all when primary."""

    @classmethod
    def from_toml(cls, table: SourceTable) -> Self:
        return cls(
            **cls.calendar(table),
            **cls.reached(table),
            ssl=table.get("ssl", bool, True),
            calendar_id=table.get("calendar_id", str, "primary"),
        )


MAX_PASS_BYTES: Final = MAX_FEED_BYTES
"""The most one pass may read from a CalDAV server, all its answers together: as a feed."""


class _Late(SourceError):
    """A calendar (or the server, while its calendars are found) not read within its time."""


class _Allowance:
    """What one pass may read from a CalDAV server, as a feed may (``core.sources.kinds.ics``):
    ``MAX_PASS_BYTES`` in all its answers, and each step, headers included, within
    ``FEED_TIMEOUTS`` timeouts: finding the calendars is one step, and each calendar is
    one of its own (``start``), so a principal with many slow calendars is read whole when
    each is read in time, and one that is not is given up while the pass moves on. The
    caldav library reads every answer whole into memory, and ``timeout`` bounds each wait
    only: a server (anyone's, on a principal the user was given) could answer with an
    endless or gigabyte-sized calendar object, or drip one byte at a time, in its body or
    in its headers (which the library reads before any body is streamed). When a step's
    time is up, a watchdog closes the session, which ends a read blocked in the headers at
    the server's next byte or ``timeout``."""

    def __init__(self, cfg: CalDavConfig) -> None:
        self.url = cfg.url
        self.seconds = FEED_TIMEOUTS * cfg.timeout
        self.left = MAX_PASS_BYTES
        self.expired = Event()
        self._deadline = monotonic() + self.seconds
        self._watchdog: Timer | None = None
        self._session: Any = None

    def _late(self) -> _Late:
        return _Late(f"caldav: {self.url} was not read whole within {self.seconds:g} s; not read")

    def read(self, response: Any) -> bytes:
        chunks: list[bytes] = []
        for chunk in response.iter_content(-1):  # as they come, however small
            self.left -= len(chunk)
            if self.left < 0:
                raise SourceError(
                    f"caldav: {self.url} sent more than {MAX_PASS_BYTES / 1_000_000:g} MB "
                    "in one pass; not read"
                )
            if self.expired.is_set() or monotonic() > self._deadline:
                raise self._late()
            chunks.append(chunk)
        return b"".join(chunks)

    def bound(self, session: Any, pins: PinnedResolver) -> None:
        """Makes ``session`` (the client's niquests session, resolving through ``pins``)
        read each answer through ``read``: streamed, then handed to the library as if read
        whole, its redirects within their bounds (``core.sources.kinds.caldav_hops``)."""
        request: Callable[..., Any] = guarded(session.request, pins)
        self._session = session

        def bounded(method: str, url: str, **kwargs: Any) -> Any:
            expired = self.expired
            if expired.is_set():
                raise self._late()
            try:
                response = request(method, url, **{**kwargs, "stream": True})
            except Exception as e:
                if expired.is_set():  # the watchdog cut the headers off
                    raise self._late() from e
                raise
            try:
                body = self.read(response)
            except BaseException:
                response.close()  # read to its end, the connection goes back to the pool
                raise
            response._content = body
            response._content_consumed = True
            return response

        session.request = bounded

    def start(self, what: str) -> None:
        """A step of its own, ``what`` (a calendar's URL) read within ``seconds`` from now:
        past them, the watchdog closes the session."""
        self.close()
        self.url = what
        expired = self.expired = Event()
        self._deadline = monotonic() + self.seconds

        def expire() -> None:
            if expired is self.expired:  # not a step that is over
                expired.set()
                self._session.close()

        self._watchdog = Timer(self.seconds, expire)
        self._watchdog.daemon = True
        self._watchdog.start()

    def close(self) -> None:
        if self._watchdog is not None:
            self._watchdog.cancel()


def _read_calendar(
    calendar: Any,
    cfg: CalDavConfig,
    owner: frozenset[str],
    now: datetime,
    budget: int,
) -> list[dict[str, Any]]:
    """One calendar's occurrences in the window, at most ``budget`` of them."""
    start, end = window(cfg, now)
    zone = ZoneInfo(cfg.timezone or "UTC")
    out: list[dict[str, Any]] = []
    for obj in calendar.search(start=start, end=end, event=True, expand=False):
        parsed = parse_calendar(obj.data, str(obj.url))
        out += calendar_events(parsed, start, end, zone, owner, budget - len(out))
    return out


def fetch_caldav(cfg: CalDavConfig, now: datetime) -> list[dict[str, Any]]:
    """Occurrences on a CalDAV calendar (``url`` a calendar) or every calendar of a principal;
    a calendar of several that cannot be read (not within its own time, or its server's
    error for it) is a stand-in (``UNLISTED_KEY``) and the pass reads the others."""
    import niquests
    from caldav.davclient import DAVClient
    from caldav.lib import error as dav_error

    from core.sources import pinned_http
    from core.sources.kinds.caldav_pins import PinnedResolver

    out: list[dict[str, Any]] = []
    unread: list[Exception] = []
    try:
        client = DAVClient(
            url=cfg.url,
            username=cfg.username,
            password=cfg.password,
            # Annotated int, passed to niquests, which takes seconds as a float: int() made
            # 0.5 no bound on each wait at all (0) and 2.75 two seconds.
            timeout=cast(int, cfg.timeout),
            enable_rfc6764=False,
            require_tls=cfg.ssl,
        )
        # The client's own resolver would resolve each name again to connect: its sockets
        # go to the addresses checked instead (core.sources.kinds.caldav_pins).
        pins = PinnedResolver(pinned_http.MACHINE, cfg.private_hosts)
        client.session.close()
        client.session = niquests.Session(resolver=pins)
        allowance = _Allowance(cfg)
        allowance.bound(client.session, pins)
        with client, closing(allowance):
            allowance.start(cfg.url)
            calendars = _calendars(client, cfg)
            # A login that is a mail address (iCloud, Fastmail, most hosted servers) is
            # the owner's: their own meetings are then not asked about as invitations.
            owner = (
                frozenset(cfg.owner_addresses)
                | _server_addresses(client)
                | owner_addresses([cfg.username or ""])
            )
            for calendar in calendars:
                allowance.start(str(calendar.url))
                # One budget of occurrences for the whole pass: a server can hold any number.
                try:
                    out += _read_calendar(calendar, cfg, owner, now, MAX_OCCURRENCES - len(out))
                except Exception as e:  # the others are still read, each in its own time
                    why = _unread(calendar, e)
                    if why is None:
                        raise
                    unread.append(e)
                    out.append({"id": str(calendar.url), UNREADABLE_KEY: why, UNLISTED_KEY: True})
            if unread and len(unread) == len(calendars):  # nothing was read: as one calendar
                raise unread[0]
    except dav_error.AuthorizationError as e:
        raise SourceError(f"caldav: not authorised at {cfg.url}: check username/password") from e
    except (dav_error.DAVError, OSError, ValueError) as e:
        raise SourceError(f"caldav: {type(e).__name__}: {e}"[:300]) from e
    except Exception as e:  # niquests' transport errors have no common public base
        if type(e).__module__.startswith(("niquests", "urllib3", "requests")):
            raise SourceError(f"caldav: cannot reach {cfg.url}: {e}"[:300]) from e
        raise
    return out


def _unread(calendar: Any, error: Exception) -> str | None:
    """Why ``calendar`` could not be read, when its failure is its own (too slow, an error
    or no answer from the server for it); None when it ends the pass (past the bytes a
    pass may read, or a bug)."""
    from caldav.lib import error as dav_error

    if isinstance(error, _Late):
        return str(error)
    transport = type(error).__module__.startswith(("niquests", "urllib3", "requests"))
    if isinstance(error, dav_error.DAVError | OSError) or transport:
        why = f"caldav: calendar {calendar.url} cannot be read: {type(error).__name__}: {error}"
        return why[:300]
    return None


def _server_addresses(client: Any) -> frozenset[str]:
    """The principal's calendar-user-address-set (RFC 6638), its mail addresses only;
    empty when the server offers none (Radicale names a path: configure owner_addresses)."""
    from caldav.lib import error as dav_error

    try:
        return owner_addresses(client.principal().calendar_user_address_set())
    except (dav_error.DAVError, AssertionError, AttributeError, ValueError):
        return frozenset()


CALENDAR_TYPE: Final = "{urn:ietf:params:xml:ns:caldav}calendar"


def _calendars(client: Any, cfg: CalDavConfig) -> list[Any]:
    """The calendars ``cfg.url`` names: itself when it is a calendar collection (its
    resourcetype says so; a principal may list supported components too, Radicale's
    does), otherwise every calendar of the user (or the one named by calendar_id)."""
    from caldav.elements import dav

    calendar = client.calendar(url=cfg.url)
    try:
        kinds = calendar.get_properties([dav.ResourceType()]).get(dav.ResourceType.tag)
        if CALENDAR_TYPE in (kinds if isinstance(kinds, list) else [kinds]):
            return [calendar]
    except SourceError:  # refused (a redirect off the server), not a question of kind
        raise
    except Exception:  # not a collection it can describe: fall back to the principal
        pass
    calendars = client.principal().calendars()
    if cfg.calendar_id != "primary":
        calendars = [c for c in calendars if cfg.calendar_id in (c.name, str(c.url))]
    return list(calendars)


class CalDavSource:
    kind: ClassVar[str] = "caldav"
    config_type: ClassVar[type[SourceConfig]] = CalDavConfig

    def __init__(self, config: CalDavConfig) -> None:
        self.config = config

    async def poll(
        self, cursor: Mapping[str, Any], now: datetime, rules: Sequence[Rule]
    ) -> Fetched:
        return await poll_listed(self.config, fetch_caldav, cursor, now, rules)
