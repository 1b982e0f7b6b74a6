"""CalDAV servers and ICS feeds (Nextcloud, Fastmail, iCloud, Radicale, any .ics URL).

Both list every event occurrence in the polling window on each pass (there
is no change token to trust across servers); event ids are stable, so an
unchanged event maps to duplicates and costs nothing, and an event that
vanished from the window is known to have been deleted.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx

from core.errors import SourceError
from core.sources.ical import calendar_events, parse_calendar
from core.sources.kinds.caldav import CalDavConfig
from core.sources.kinds.ics import IcsConfig


def window(cfg: IcsConfig, now: datetime) -> tuple[datetime, datetime]:
    """The span a pass looks at: ``past_days`` back, ``future_days`` ahead."""
    return now - timedelta(days=cfg.past_days), now + timedelta(days=cfg.future_days)


def fetch_ics(cfg: IcsConfig, now: datetime) -> list[dict[str, Any]]:
    """Occurrences in an ICS feed (http(s) URL, file:// URL or a local path)."""
    url = str(cfg.url)
    try:
        if url.startswith(("http://", "https://")):
            auth = (cfg.username, cfg.password or "") if cfg.username else None
            response = httpx.get(url, auth=auth, timeout=cfg.timeout, follow_redirects=True)
            response.raise_for_status()
            data: bytes = response.content
        else:
            data = Path(url.removeprefix("file://")).expanduser().read_bytes()
    except httpx.HTTPStatusError as e:
        raise SourceError(f"ics feed: HTTP {e.response.status_code} from {url}") from e
    except (httpx.HTTPError, OSError) as e:
        raise SourceError(f"ics feed: cannot read {url}: {e}") from e
    start, end = window(cfg, now)
    return calendar_events(parse_calendar(data, url), start, end, ZoneInfo(cfg.timezone))


def fetch_caldav(cfg: CalDavConfig, now: datetime) -> list[dict[str, Any]]:
    """Occurrences on a CalDAV calendar (``url`` a calendar) or every calendar of a principal."""
    from caldav.davclient import DAVClient
    from caldav.lib import error as dav_error

    start, end = window(cfg, now)
    zone = ZoneInfo(cfg.timezone)
    out: list[dict[str, Any]] = []
    try:
        client = DAVClient(
            url=cfg.url,
            username=cfg.username,
            password=cfg.password,
            timeout=int(cfg.timeout),
            enable_rfc6764=False,
            require_tls=cfg.ssl,
        )
        with client:
            calendars = _calendars(client, cfg)
            for calendar in calendars:
                found = calendar.search(start=start, end=end, event=True, expand=False)
                for obj in found:
                    parsed = parse_calendar(obj.data, str(obj.url))
                    out += calendar_events(parsed, start, end, zone)
    except dav_error.AuthorizationError as e:
        raise SourceError(f"caldav: not authorised at {cfg.url}: check username/password") from e
    except (dav_error.DAVError, OSError, ValueError) as e:
        raise SourceError(f"caldav: {type(e).__name__}: {e}"[:300]) from e
    except Exception as e:  # niquests' transport errors have no common public base
        if type(e).__module__.startswith(("niquests", "urllib3", "requests")):
            raise SourceError(f"caldav: cannot reach {cfg.url}: {e}"[:300]) from e
        raise
    return out


def _calendars(client: Any, cfg: CalDavConfig) -> list[Any]:
    # A URL that is itself a calendar collection is read directly; otherwise
    # every calendar of the user (or the one named by calendar_id).
    calendar = client.calendar(url=cfg.url)
    try:
        calendar.get_supported_components()
        return [calendar]
    except Exception:  # not a calendar collection: fall back to the principal
        pass
    calendars = client.principal().calendars()
    if cfg.calendar_id != "primary":
        calendars = [c for c in calendars if cfg.calendar_id in (c.name, str(c.url))]
    return list(calendars)
