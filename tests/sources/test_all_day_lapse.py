"""An all-day trip on the calendar holds through its days on the user's clock.

An all-day event names days, not moments. Its plan used to lapse at UTC's midnight a day
after its (exclusive) end date: for Alice in Los Angeles, a trip through Sunday stopped
being her plan at 16:00 on Monday, and in Tokyo it held till 09:00 on Tuesday. Now it
lapses at the midnight a day after the end date where she is (as a booking dated by its
days does, ``core.signals.mail_mapping``), its start is her midnight, and with no zone
known it is UTC's, as before. A real Radicale on loopback; then a table of zones east and
west of UTC and the weekends their clocks change.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from canon_testing import make_observation
from source_servers import Radicale
from test_caldav_invitations import _calendar, _settings

from core.engine.engine import Engine
from core.signals.mapping import MappedObservation, map_calendar
from core.sources.poller import poll_once

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)
"""Sunday 1 March 2026, noon in Los Angeles."""


def _all_day(uid: str, summary: str, first: date, last: date) -> str:
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//canon tests//EN",
        "BEGIN:VEVENT",
        f"UID:{uid}",
        "DTSTAMP:20260201T000000Z",
        f"DTSTART;VALUE=DATE:{first:%Y%m%d}",
        f"DTEND;VALUE=DATE:{last + timedelta(days=1):%Y%m%d}",
        f"SUMMARY:{summary}",
    ]
    return "\r\n".join([*lines, "END:VEVENT", "END:VCALENDAR", ""])


async def _lives_in(engine: Engine, zone: str) -> None:
    asked = await engine.ingest(make_observation("profile.timezone", zone, at=NOW), now=NOW)
    assert asked.review_item_id is not None
    await engine.answer(asked.review_item_id, "confirm", now=NOW)


@pytest.mark.parametrize(
    ("zone", "lapses"),
    [
        # Through Sunday 8 March, the night Los Angeles springs forward: her Tuesday's
        # midnight is daylight time (07:00 UTC), not UTC's (Monday 17:00 for her).
        ("America/Los_Angeles", datetime(2026, 3, 10, 7, 0, tzinfo=UTC)),
        ("Asia/Tokyo", datetime(2026, 3, 9, 15, 0, tzinfo=UTC)),
        (None, datetime(2026, 3, 10, 0, 0, tzinfo=UTC)),
    ],
)
async def test_a_caldav_all_day_trip_lapses_at_the_users_midnight(
    tmp_path: Path, radicale: Radicale, engine: Engine, zone: str | None, lapses: datetime
) -> None:
    if zone is not None:
        await _lives_in(engine, zone)
    event = _all_day("trip", "Trip to Denver", date(2026, 3, 6), date(2026, 3, 8))
    url, user, password, _ = _calendar(radicale, event)

    report = (await poll_once(engine, _settings(tmp_path, url, user, password), NOW)).sources[0]

    assert report.ok, report.error
    claimed = [
        e
        for e in await engine.store.events_for("user:primary", "travel.destination", None)
        if e.source_type == "calendar"
    ]
    assert [(e.value, e.valid_until) for e in claimed] == [("Denver", lapses)]
    days = {
        e.field: e.value
        for field in ("travel.depart_date", "travel.return_date")
        for e in await engine.store.events_for("user:primary", field, None)
    }
    assert days == {"travel.depart_date": "2026-03-06", "travel.return_date": "2026-03-08"}


def _claims(out: list[MappedObservation]) -> dict[str, tuple[object, datetime | None]]:
    return {m.field: (m.value, m.valid_until) for m in out}


def _trip(first: str, last: str) -> dict[str, str]:
    end = (date.fromisoformat(last) + timedelta(days=1)).isoformat()
    return {"id": "t", "summary": "Trip to Lisbon", "start": first, "end": end}


# (zone, the trip's first and last day, when it lapses in UTC: the user's midnight
#  a day after its end date)
ZONES = [
    ("Pacific/Honolulu", "2026-07-10", "2026-07-12", datetime(2026, 7, 14, 10, 0, tzinfo=UTC)),
    ("America/New_York", "2026-07-10", "2026-07-12", datetime(2026, 7, 14, 4, 0, tzinfo=UTC)),
    ("UTC", "2026-07-10", "2026-07-12", datetime(2026, 7, 14, 0, 0, tzinfo=UTC)),
    ("Europe/Berlin", "2026-07-10", "2026-07-12", datetime(2026, 7, 13, 22, 0, tzinfo=UTC)),
    ("Asia/Kolkata", "2026-07-10", "2026-07-12", datetime(2026, 7, 13, 18, 30, tzinfo=UTC)),
    ("Pacific/Kiritimati", "2026-07-10", "2026-07-12", datetime(2026, 7, 13, 10, 0, tzinfo=UTC)),
    # DST weekends: Berlin falls back on Sunday 25 October 2026, so its Tuesday starts
    # at 23:00 UTC (winter time), not 22:00; New York springs forward on 8 March 2026.
    ("Europe/Berlin", "2026-10-23", "2026-10-25", datetime(2026, 10, 26, 23, 0, tzinfo=UTC)),
    ("America/New_York", "2026-03-06", "2026-03-08", datetime(2026, 3, 10, 4, 0, tzinfo=UTC)),
    # Auckland's clocks go back on Sunday 5 April 2026: its Tuesday is at +12.
    ("Pacific/Auckland", "2026-04-03", "2026-04-05", datetime(2026, 4, 6, 12, 0, tzinfo=UTC)),
]


@pytest.mark.parametrize(("zone", "first", "last", "lapses"), ZONES)
def test_an_all_day_trip_holds_through_the_users_days(
    zone: str, first: str, last: str, lapses: datetime
) -> None:
    before = datetime.fromisoformat(first).replace(tzinfo=UTC) - timedelta(days=5)
    claims = _claims(map_calendar(_trip(first, last), before, zone=zone))
    assert claims["travel.destination"] == ("Lisbon", lapses)
    assert claims["travel.depart_date"] == (first, lapses)
    assert claims["travel.return_date"] == (last, lapses)


@pytest.mark.parametrize(
    ("zone", "at", "status"),
    [
        # 23:00 on the day before in Los Angeles, 06:00 UTC on the first day: not yet.
        ("America/Los_Angeles", datetime(2026, 7, 10, 6, 0, tzinfo=UTC), "planning"),
        ("America/Los_Angeles", datetime(2026, 7, 10, 7, 0, tzinfo=UTC), "in_progress"),
        # 08:00 on the first day in Tokyo, still the day before in UTC: under way.
        ("Asia/Tokyo", datetime(2026, 7, 9, 23, 0, tzinfo=UTC), "in_progress"),
        ("Asia/Tokyo", datetime(2026, 7, 12, 14, 0, tzinfo=UTC), "in_progress"),
        ("Asia/Tokyo", datetime(2026, 7, 12, 15, 0, tzinfo=UTC), "completed"),
        (None, datetime(2026, 7, 9, 23, 0, tzinfo=UTC), "planning"),
    ],
)
def test_an_all_day_trip_starts_and_ends_at_the_users_midnights(
    zone: str | None, at: datetime, status: str
) -> None:
    claims = _claims(map_calendar(_trip("2026-07-10", "2026-07-12"), at, zone=zone))
    assert claims["travel.status"][0] == status
