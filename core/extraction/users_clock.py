"""The user's clock, read from their committed values: their time zone, else their home
city's. The engine, the answers and the renderers (HEARTBEAT.md, MEMORY.md) all decide
"today" with it, so it sits below all of them, beside the gazetteer that knows each
city's zone."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from core.domain.state import Scalar
from core.extraction.gazetteer import time_zone_of


def users_zone(state: Mapping[str, Scalar]) -> str | None:
    """The IANA zone of the user's clock: the committed ``profile.timezone``, else the
    zone of the home city ("I live in Portland": America/Los_Angeles, so that a message
    sent at 4 pm there is not read on UTC's tomorrow), else None."""
    zone = state.get("profile.timezone")
    if isinstance(zone, str) and zone:
        return zone
    home = state.get("profile.home_city")
    return time_zone_of(home) if isinstance(home, str) else None


def time_where(state: Mapping[str, Scalar], now: datetime) -> datetime:
    """``now`` on the user's clock (``users_zone``), else ``now``'s own."""
    zone = users_zone(state)
    if zone is not None:
        try:
            return now.astimezone(ZoneInfo(zone))
        except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: "America" is a folder
            pass
    return now


def today_where(state: Mapping[str, Scalar], now: datetime) -> date:
    """Today where the user is: their committed time zone, else ``now``'s own."""
    return time_where(state, now).date()
