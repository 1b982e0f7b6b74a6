"""iCalendar (RFC 5545) data to SignalEvent ``calendar_event`` payloads.

Shared by the CalDAV and ICS sources. Recurring events are expanded inside
the polling window (RRULE, RDATE, EXDATE, and RECURRENCE-ID overrides that
move or cancel one occurrence) by ``recurring_ical_events``; times keep their
own zone (TZID), and floating times take the source's configured zone.

An event someone else organised (ORGANIZER is not one of the owner's addresses)
is an invitation: the payload's ``invitation`` names the organiser (their
address, else their CN) and the owner's answer (the PARTSTAT of the ATTENDEE
that is the owner; NEEDS-ACTION, RFC 5545's default, when the owner is not
listed). With no owner address known, an event whose organiser invited anyone may be a
stranger's invitation as well as the owner's own meeting: its answer is ``unknown`` and
it is asked like one not yet accepted (anyone can put an invitation on a calendar); an
event that invites nobody is the owner's own.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, timedelta
from typing import Any, Final
from zoneinfo import ZoneInfo

import icalendar

from core.errors import SourceError
from core.signals.trust import address_key
from core.sources.flooding_rules import MAX_OCCURRENCES, occurrences, unflood
from core.sources.unreadable_events import drop_unreadable

SERIES_KEY = "_series"
"""Key (removed before the payload is sent) naming the recurring series of an occurrence."""
UNREADABLE_KEY = "_unreadable"
"""Key of a stand-in ``{"id": uid, UNREADABLE_KEY: why}`` for an event left out as
unreadable (``core.sources.unreadable_events``): not read, and not deleted either; the
pass lists it among what it skipped (``core.sources.kinds.ics.unreadable_skipped``). An event without a UID
has the id ''."""
UNLISTED_KEY = "_unlisted"
"""Key of a stand-in ``{"id": calendar_url, UNREADABLE_KEY: why, UNLISTED_KEY: True}`` for
a calendar a pass could not list (one of a principal's several, given up after its own
time, ``core.sources.kinds.caldav``): its events are unknown this pass, so no remembered
event is taken for deleted, and the pass lists it among what it skipped."""
_ANSWERS: Final = {
    "NEEDS-ACTION": "needs_action",
    "ACCEPTED": "accepted",
    "TENTATIVE": "tentative",
    "DECLINED": "declined",
    "DELEGATED": "declined",  # someone else goes in the owner's place
}
_RANK: Final = ("accepted", "tentative", "needs_action", "declined")
"""When several of the owner's addresses are invited, the most committed answer counts."""


def calendar_address(value: object) -> str:
    """A calendar user address (``mailto:Me@Example.com``) as compared: ``me@example.com``."""
    text = str(value).strip()
    if text[:7].lower() == "mailto:":
        text = text[7:]
    return address_key(text.strip())


def owner_addresses(values: Iterable[object]) -> frozenset[str]:
    """The owner's addresses among ``values`` (configured, or the server's address set):
    mail addresses only, since ORGANIZER and ATTENDEE name people by them."""
    found = {calendar_address(v) for v in values if v}
    return frozenset(a for a in found if "@" in a and not a.startswith(("/", "http")))


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def invitation(component: Any, owner: frozenset[str]) -> dict[str, str] | None:
    """Who organised ``component`` and the owner's answer, when it is not the owner's own
    event; None when it is. With ``owner`` empty (nobody to compare with), an organiser
    who invited others may be anyone: the answer is ``unknown``."""
    organizer = component.get("ORGANIZER")
    if organizer is None:
        return None
    address = calendar_address(organizer)
    if address in owner:
        return None
    params = getattr(organizer, "params", {})
    who = " ".join((address or str(params.get("CN") or "")).split())
    if not who:
        return None  # an ORGANIZER naming nobody says nothing about who asked
    if not owner:
        # An invitation always invites someone (RFC 5546); a lone ORGANIZER is how some
        # calendars (Google's feeds) mark the owner's own events.
        invited = {calendar_address(a) for a in _as_list(component.get("ATTENDEE"))}
        return {"organizer": who[:256], "response": "unknown"} if invited - {address} else None
    answers = [
        _ANSWERS.get(str(a.params.get("PARTSTAT", "NEEDS-ACTION")).upper(), "needs_action")
        for a in _as_list(component.get("ATTENDEE"))
        if calendar_address(a) in owner
    ]
    response = min(answers, key=_RANK.index, default="needs_action")
    return {"organizer": who[:256], "response": response}


def _moment(value: date | datetime, zone: ZoneInfo) -> date | datetime:
    if isinstance(value, datetime) and value.tzinfo is None:
        return value.replace(tzinfo=zone)
    return value


def _iso(value: date | datetime) -> str:
    return value.isoformat()


def _text(component: Any, key: str, limit: int) -> str | None:
    value = component.get(key)
    if isinstance(value, list):  # given twice: the first (str() would print the list)
        value = value[0] if value else None
    if value is None:
        return None
    # Spaces collapse within a line, but a line break stays one: it ends a place read from
    # the title ("Trip to Denver\nIgnore previous..." is a trip to Denver), as in the
    # titles Google and `canon webhook` deliver.
    lines = (" ".join(line.split()) for line in str(value).splitlines())
    text = "\n".join(line for line in lines if line)
    return text[:limit] if text else None


def parse_calendar(data: str | bytes, ref: str) -> icalendar.Calendar:
    try:
        return icalendar.Calendar.from_ical(data)
    except (ValueError, KeyError, IndexError) as e:
        raise SourceError(f"{ref}: not an iCalendar document: {e}") from e


def calendar_events(
    calendar: icalendar.Calendar,
    start: datetime,
    end: datetime,
    zone: ZoneInfo,
    owner: frozenset[str] = frozenset(),
    limit: int = MAX_OCCURRENCES,
) -> list[dict[str, Any]]:
    """Payloads of every event occurrence overlapping [start, end); ``owner``: the
    calendar owner's addresses (``owner_addresses``), to tell invitations apart. A rule
    repeating more often than daily is read as one event, and a calendar of more than
    ``limit`` occurrences is a SourceError (``core.sources.flooding_rules``)."""
    # First: one broken event must not cost the others (nor be taken for deleted).
    unread = drop_unreadable(calendar)
    unflood(calendar)  # then: an event that loses its rule is no series
    recurring = {
        str(c.get("UID"))
        for c in calendar.walk("VEVENT")
        if c.get("RRULE") or c.get("RDATE") or c.get("RECURRENCE-ID")
    }
    out: list[dict[str, Any]] = [{"id": uid[:1024], UNREADABLE_KEY: why} for uid, why in unread]
    for comp in occurrences(calendar, start, end, limit):
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
        invited = invitation(comp, owner)
        if invited is not None:
            payload["invitation"] = invited
        out.append(payload)
    return out
