"""Moving a series forward to just before the window (``bring_forward``) never changes
what is read in the window, for any daily, weekly or monthly rule people's calendars
hold, with or without COUNT, in UTC, a zone with summer time, or all day: the
occurrences are those the library finds walking the series from its DTSTART."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import recurring_ical_events  # type: ignore[import-untyped]
from hypothesis import given, settings
from hypothesis import strategies as st

from core.sources.ical import calendar_events, parse_calendar

NOW = datetime(2026, 3, 29, 12, 0, tzinfo=UTC)  # the day Europe's summer time begins
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


@st.composite
def series(draw: st.DrawFn) -> tuple[str, str]:
    """A DTSTART line (up to 40 years back) and an RRULE."""
    back = draw(st.integers(0, 40 * 365))
    first = datetime(2026, 3, 20, 9, 30) - timedelta(days=back)
    frequency = draw(st.sampled_from(["DAILY", "WEEKLY", "MONTHLY"]))
    parts = [f"FREQ={frequency}", f"INTERVAL={draw(st.integers(1, 5))}"]
    if frequency != "MONTHLY" and draw(st.booleans()):
        days = draw(st.lists(st.sampled_from(DAYS), min_size=1, max_size=3, unique=True))
        parts.append("BYDAY=" + ",".join(days))
    if draw(st.booleans()):
        hours = draw(st.lists(st.integers(0, 23), min_size=1, max_size=3, unique=True))
        parts.append("BYHOUR=" + ",".join(map(str, hours)))
    if draw(st.booleans()):
        parts.append(f"COUNT={draw(st.integers(1, 30_000))}")
    if frequency == "WEEKLY" and draw(st.booleans()):
        parts.append("WKST=SU")
    zone = draw(st.sampled_from(["utc", "berlin", "all day"]))
    if zone == "utc":
        begins = f"DTSTART:{first:%Y%m%dT%H%M%S}Z"
    elif zone == "berlin":
        begins = f"DTSTART;TZID=Europe/Berlin:{first:%Y%m%dT%H%M%S}"
    else:
        parts = [p for p in parts if not p.startswith("BYHOUR")]
        begins = f"DTSTART;VALUE=DATE:{first:%Y%m%d}"
    return begins, ";".join(parts)


def _document(begins: str, rule: str) -> str:
    return "\r\n".join(
        [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//moved//EN",
            "BEGIN:VEVENT",
            "UID:moved",
            "DTSTAMP:20260201T000000Z",
            begins,
            f"RRULE:{rule}",
            "SUMMARY:Practice",
            "END:VEVENT",
            "END:VCALENDAR",
            "",
        ]
    )


@settings(max_examples=60)
@given(series())
def test_a_series_moved_forward_has_the_same_occurrences(drawn: tuple[str, str]) -> None:
    document = _document(*drawn)
    start, end = NOW - timedelta(days=7), NOW + timedelta(days=60)

    walked = recurring_ical_events.of(parse_calendar(document, "s")).between(start, end)
    read = calendar_events(parse_calendar(document, "s"), start, end, ZoneInfo("UTC"))

    def instant(value: object) -> str:
        if isinstance(value, datetime):
            return value.astimezone(UTC).isoformat() if value.tzinfo else value.isoformat()
        return str(value)

    expected = sorted(instant(c["DTSTART"].dt) for c in walked)
    assert sorted(instant(_parsed(e["start"])) for e in read) == expected


def _parsed(text: str) -> object:
    """An instant read back, or an all-day event's day as it was written."""
    return datetime.fromisoformat(text) if "T" in text else text
