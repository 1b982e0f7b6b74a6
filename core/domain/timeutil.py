"""Aware timestamps only: parsing and formatting RFC 3339.

Nothing in core reads the clock except ``utc_now``, which only the edges (CLI,
bot, pollers) call; everything else is handed an explicit ``now``.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from functools import lru_cache
from typing import Final

from core.errors import CanonError

DAY_YEARS: Final = range(1000, 9000)
"""The years of a day Canon counts with: far from the calendar's ends (year 1 and 9999),
where the day after "9999-12-31" (a trip's last day, an errand's overdue day) is out of
range and was a crash; wide beyond any day a person plans or remembers."""


class NaiveTimestamp(CanonError):
    """A timestamp without a UTC offset; Canon never guesses the zone."""


@lru_cache(maxsize=1024)
def parse_ts(text: str) -> datetime:
    """Parse an RFC 3339 timestamp ('Z' or an offset required).

    Kept per text (datetimes are immutable): an observation's ``ts`` is read several
    times as a batch is decided (its recency, its evidence time, its commit), and a
    batch's observations share their message's stamp."""
    try:
        value = datetime.fromisoformat(text.strip().replace("z", "Z"))
    except ValueError as e:
        raise CanonError(f"not an RFC 3339 timestamp: {text!r}") from e
    if value.tzinfo is None or value.utcoffset() is None:
        raise NaiveTimestamp(f"timestamp has no UTC offset: {text!r}")
    return value


def format_ts(value: datetime) -> str:
    """RFC 3339 in UTC with a 'Z', second precision unless sub-seconds exist."""
    if value.tzinfo is None:
        raise NaiveTimestamp("refusing to format a naive datetime")
    text = value.astimezone(UTC).isoformat()
    return text.replace("+00:00", "Z")


def utc_now() -> datetime:
    """The current time; for the edges only."""
    return datetime.now(UTC)


def hours_between(earlier: datetime, later: datetime) -> float:
    return (later - earlier).total_seconds() / 3600.0


def iso_day(value: object) -> date | None:
    """The day an ISO date or date-time value begins with, whatever its year; None for
    anything else."""
    if not isinstance(value, str) or len(value) < 10:
        return None
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None


def calendar_day(value: object) -> date | None:
    """The calendar day of an ISO date or date-time value; None for anything else, and for
    a day outside ``DAY_YEARS`` (held from before such days were refused)."""
    day = iso_day(value)
    return day if day is not None and day.year in DAY_YEARS else None
