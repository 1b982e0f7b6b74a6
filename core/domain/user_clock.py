"""The message time on the user's own clock."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError


def on_users_clock(at: datetime, timezone: object) -> datetime:
    """``at`` in the user's IANA timezone ("America/Los_Angeles") when one is known.

    Telegram stamps messages in UTC, and "tonight" or "tomorrow" sent at 22:30 in Los
    Angeles means the user's Monday, not UTC's Tuesday. An unknown or missing timezone
    leaves ``at`` as it is.
    """
    if not isinstance(timezone, str) or not timezone:
        return at
    try:
        return at.astimezone(ZoneInfo(timezone))
    except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: "America" is a folder
        return at


def later_day(then: datetime, now: datetime | None, timezone: object) -> bool:
    """Whether ``now`` is a later calendar day than ``then`` on the user's clock: a
    question asked Saturday with "today" in it, put again on Monday, must not say it."""
    if now is None:
        return False
    return on_users_clock(now, timezone).date() > on_users_clock(then, timezone).date()


def last_day(until: datetime, timezone: object) -> date:
    """The calendar day an end closes, on the user's clock: "till sunday" ends at their
    Monday's midnight, which closes Sunday (08:00 UTC in Los Angeles, which UTC would call
    Monday); an end during a day closes that day."""
    local = on_users_clock(until, timezone)
    if local.time() == time(0):
        return local.date() - timedelta(days=1)
    return local.date()


def users_midnight(day: date, timezone: object) -> datetime:
    """The midnight that starts ``day`` on the user's clock: an all-day calendar date
    begins there (in Los Angeles, 08:00 UTC), not at UTC's. UTC's while no zone is known."""
    start = datetime.combine(day, time(0))
    if isinstance(timezone, str) and timezone:
        try:
            return start.replace(tzinfo=ZoneInfo(timezone))
        except (ZoneInfoNotFoundError, ValueError, OSError):
            pass
    return start.replace(tzinfo=UTC)


def users_midnight_after(day: date, timezone: object) -> datetime:
    """The midnight that ends ``day`` on the user's clock (their next day's start): a
    booking that checks out on the 5th holds through the 5th where the user is, not till
    UTC's midnight (the 4th's afternoon in Los Angeles). UTC's while no zone is known."""
    return users_midnight(day + timedelta(days=1), timezone)
