"""iCalendar (RFC 5545) data to SignalEvent ``calendar_event`` payloads.

Shared by the CalDAV and ICS sources. Recurring events are expanded inside
the polling window (RRULE, RDATE, EXDATE, and RECURRENCE-ID overrides that
move or cancel one occurrence) by ``recurring_ical_events``; times keep their
own zone (TZID), and floating times take the source's configured zone.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import icalendar
import recurring_ical_events  # type: ignore[import-untyped]

from core.errors import SourceError

SERIES_KEY = "_series"
"""Key (removed before the payload is sent) naming the recurring series of an occurrence."""


def _moment(value: date | datetime, zone: ZoneInfo) -> date | datetime:
    if isinstance(value, datetime) and value.tzinfo is None:
        return value.replace(tzinfo=zone)
    return value


def _iso(value: date | datetime) -> str:
    return value.isoformat()


def _text(component: Any, key: str, limit: int) -> str | None:
    value = component.get(key)
    if value is None:
        return None
    text = " ".join(str(value).split())
    return text[:limit] if text else None


def parse_calendar(data: str | bytes, ref: str) -> icalendar.Calendar:
    try:
        return icalendar.Calendar.from_ical(data)
    except (ValueError, KeyError, IndexError) as e:
        raise SourceError(f"{ref}: not an iCalendar document: {e}") from e


def calendar_events(
    calendar: icalendar.Calendar, start: datetime, end: datetime, zone: ZoneInfo
) -> list[dict[str, Any]]:
    """Payloads of every event occurrence overlapping [start, end)."""
    recurring = {
        str(c.get("UID"))
        for c in calendar.walk("VEVENT")
        if c.get("RRULE") or c.get("RDATE") or c.get("RECURRENCE-ID")
    }
    try:
        occurrences = recurring_ical_events.of(calendar).between(start, end)
    except (ValueError, TypeError, KeyError) as e:
        raise SourceError(f"cannot expand recurring events: {e}") from e
    out: list[dict[str, Any]] = []
    for comp in occurrences:
        uid = str(comp.get("UID") or "")
        dtstart = comp.get("DTSTART")
        if not uid or dtstart is None:
            continue  # an event without identity or time claims nothing
        first = _moment(dtstart.dt, zone)
        dtend = comp.get("DTEND")
        if dtend is not None:
            last = _moment(dtend.dt, zone)
        elif comp.get("DURATION") is not None:
            last = first + comp.get("DURATION").dt
        else:
            last = first + timedelta(days=1) if not isinstance(first, datetime) else first
        payload: dict[str, Any] = {"id": uid[:1024], "summary": _text(comp, "SUMMARY", 1024) or ""}
        if uid in recurring:
            rid = comp.get("RECURRENCE-ID")
            original = _moment(rid.dt, zone) if rid is not None else first
            payload["id"] = f"{uid[:900]}@{_iso(original)}"
            payload[SERIES_KEY] = uid[:900]
        payload["start"] = _iso(first)
        payload["end"] = _iso(last)
        for key, field, limit in (
            ("LOCATION", "location", 1024),
            ("DESCRIPTION", "description", 8192),
        ):
            text = _text(comp, key, limit)
            if text:
                payload[field] = text
        status = str(comp.get("STATUS") or "").lower()
        if status in ("confirmed", "tentative", "cancelled"):
            payload["status"] = status
        out.append(payload)
    return out
