"""Events of a calendar that cannot be read, left out so the rest of it is read.

A calendar is anyone's document (a subscribed feed, an invitation a stranger put on the
user's CalDAV calendar): one event with a time given twice, a rule or date list the
parser cannot take, a time of day where a date belongs, or a moment the clock cannot
hold (an end in 9999 seen from UTC, a duration of a million weeks) made the whole
calendar a SourceError, or an internal error, on every pass, and none of its other
events was read. Each such event is now removed before the calendar is expanded
(``core.sources.ical``), named in the log with why, as ``unflood`` names the rules it
drops (``core.sources.flooding_rules``); what Canon remembers of it is kept, not taken
for deleted (``core.sources.remembered``).
"""

from __future__ import annotations

import logging
from datetime import UTC, date, datetime, time, timedelta
from typing import Any, Final

import icalendar

from core.sources.flooding_rules import floods

_log = logging.getLogger(__name__)

MARGIN: Final = timedelta(days=2)
"""How far every moment must be from the ends of the clock (year 1, year 9999): any zone
a floating time is read in, and the window's edges, move it by less."""
_MOMENTS: Final = ("DTSTART", "DTEND", "RECURRENCE-ID")
_LISTS: Final = ("RDATE", "EXDATE")


def _single(event: Any, key: str) -> Any:
    value = event.get(key)
    if isinstance(value, list):
        raise ValueError(f"{key} given {len(value)} times")
    return value


def _on_the_clock(moment: object, key: str) -> None:
    """A ValueError unless ``moment`` is a date or datetime the clock holds with room."""
    if isinstance(moment, tuple):  # a PERIOD in RDATE: its start (and end or duration)
        for part in moment:
            if not isinstance(part, timedelta):
                _on_the_clock(part, key)
        return
    if isinstance(moment, datetime):
        instant = moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)
    elif isinstance(moment, date):
        instant = datetime.combine(moment, time(), UTC)
    else:
        raise ValueError(f"{key} is not a date or a time ({type(moment).__name__})")
    # Past the clock's ends (year 1, year 9999) either of these is an OverflowError.
    _earliest, _latest = instant - MARGIN, instant + MARGIN


def why_unreadable(event: Any) -> str | None:
    """Why ``event`` (a VEVENT) cannot be read, or None when it can."""
    try:
        for key in _MOMENTS:
            value = _single(event, key)
            if value is not None:
                _on_the_clock(value.dt, key)
        duration = _single(event, "DURATION")
        start = _single(event, "DTSTART")
        if duration is not None:
            if not isinstance(duration.dt, timedelta):
                raise ValueError("DURATION is not a duration")
            if start is not None:
                _on_the_clock(start.dt + duration.dt, "DTSTART + DURATION")
        for key in _LISTS:
            for value in _listed(event.get(key)):
                for moment in value.dts:
                    _on_the_clock(moment.dt, key)
        rules = _listed(event.get("RRULE"))
        for rule in rules:
            floods(rule)  # reads every part the expansion reads
        if (rules or event.get("RDATE") is not None) and start is None:
            raise ValueError("a series without DTSTART")
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError) as e:
        return f"{type(e).__name__}: {e}"[:200]
    return None


def _listed(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def drop_unreadable(calendar: icalendar.Calendar) -> list[tuple[str, str]]:
    """Removes every unreadable event from ``calendar`` (in place): (UID, why) of each,
    each UID once, an event without one ('') each time. Each is logged with why too."""
    dropped: list[tuple[str, str]] = []
    uids: set[str] = set()
    for parent in [calendar, *calendar.walk()]:
        kept = []
        for child in parent.subcomponents:
            why = why_unreadable(child) if child.name == "VEVENT" else None
            if why is None:
                kept.append(child)
                continue
            uid = str(child.get("UID") or "")
            if not uid or uid not in uids:
                uids.add(uid)
                dropped.append((uid, why))
        parent.subcomponents[:] = kept
    if dropped:
        _log.warning(
            "calendar: %d event(s) cannot be read, left out: %s",
            len(dropped),
            ", ".join(f"{uid[:200]!r} ({why})" for uid, why in dropped[:5]),
        )
    return dropped


__all__ = ["drop_unreadable", "why_unreadable"]
