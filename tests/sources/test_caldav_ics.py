"""CalDAV against a real Radicale on loopback, and ICS feeds: recurrence and zones."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from caldav.davclient import DAVClient
from source_servers import Radicale
from sources_helpers import config_with, source

from core.engine.engine import Engine
from core.sources.kinds.caldav import fetch_caldav
from core.sources.kinds.ics import fetch_ics
from core.sources.poller import poll_once

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

WEEKLY = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//canon tests//EN
BEGIN:VEVENT
UID:soccer-1
DTSTAMP:20260201T000000Z
DTSTART;TZID=Europe/Berlin:20260302T170000
DTEND;TZID=Europe/Berlin:20260302T180000
RRULE:FREQ=WEEKLY;COUNT=6
EXDATE;TZID=Europe/Berlin:20260309T170000
SUMMARY:Soccer practice
END:VEVENT
BEGIN:VEVENT
UID:soccer-1
DTSTAMP:20260201T000000Z
RECURRENCE-ID;TZID=Europe/Berlin:20260316T170000
DTSTART;TZID=Europe/Berlin:20260317T173000
DTEND;TZID=Europe/Berlin:20260317T183000
SUMMARY:Soccer practice
END:VEVENT
END:VCALENDAR
"""

TRIP = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//canon tests//EN
BEGIN:VEVENT
UID:trip-lisbon
DTSTAMP:20260201T000000Z
DTSTART;VALUE=DATE:20260401
DTEND;VALUE=DATE:20260405
SUMMARY:Trip to Lisbon
END:VEVENT
END:VCALENDAR
"""


def _calendar(radicale: Radicale, user: str, password: str, *events: str) -> tuple[str, list]:
    client = DAVClient(
        url=radicale.url, username=user, password=password, enable_rfc6764=False, require_tls=False
    )
    calendar = client.principal().make_calendar(name="family", cal_id="family")
    saved = [calendar.save_event(e) for e in events]
    return str(calendar.url), saved


def _caldav(tmp_path: Path, url: str, user: str, password: str):
    return source(
        tmp_path, name="dav", kind="caldav", url=url, username=user, password=password, ssl=False
    )


def test_recurring_events_expand_with_exceptions_in_their_own_zone(
    tmp_path: Path, radicale: Radicale
) -> None:
    user, password = radicale.add_user()
    url, _ = _calendar(radicale, user, password, WEEKLY)
    events = fetch_caldav(_caldav(tmp_path, url, user, password), NOW)
    starts = sorted(e["start"] for e in events)
    assert starts == [
        "2026-03-02T17:00:00+01:00",
        # 03-09 is an EXDATE; 03-16 was moved to the 17th at 17:30
        "2026-03-17T17:30:00+01:00",
        "2026-03-23T17:00:00+01:00",
        "2026-03-30T17:00:00+02:00",  # after the DST change, still 17:00 in Berlin
        "2026-04-06T17:00:00+02:00",
    ]
    assert {e["id"] for e in events} >= {"soccer-1@2026-03-16T17:00:00+01:00"}


async def test_a_series_yields_only_its_next_occurrence(
    tmp_path: Path, radicale: Radicale, engine: Engine
) -> None:
    user, password = radicale.add_user()
    url, _ = _calendar(radicale, user, password, WEEKLY)
    config = config_with(tmp_path, _caldav(tmp_path, url, user, password))
    march_10 = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)

    report = (await poll_once(engine, config, march_10)).sources[0]

    assert report.ok, report.error
    assert report.signals == 1  # the next practice, not the whole series
    schedule = [
        f.value for f in await engine.store.facts() if f.field == "family.soccer_practice.schedule"
    ]
    asked = [
        r.candidate_value
        for r in await engine.store.review_items(["pending", "queued"])
        if r.field == "family.soccer_practice.schedule"
    ]
    assert (schedule + asked)[0] == "2026-03-17T17:30:00+01:00"


async def test_a_deleted_caldav_event_cancels_the_trip(
    tmp_path: Path, radicale: Radicale, engine: Engine
) -> None:
    user, password = radicale.add_user()
    url, [trip] = _calendar(radicale, user, password, TRIP)
    config = config_with(tmp_path, _caldav(tmp_path, url, user, password))
    await poll_once(engine, config, NOW)
    trip.delete()

    report = (await poll_once(engine, config, NOW)).sources[0]

    assert report.ok
    assert report.signals == 1
    items = await engine.store.review_items(["pending", "queued"])
    assert ("travel.status", "cancelled") in {(r.field, r.candidate_value) for r in items}


async def test_wrong_caldav_credentials_fail_the_source(
    tmp_path: Path, radicale: Radicale, engine: Engine
) -> None:
    user, _ = radicale.add_user()
    config = config_with(tmp_path, _caldav(tmp_path, radicale.url, user, "nope"))
    report = (await poll_once(engine, config, NOW)).sources[0]
    assert not report.ok
    assert "caldav" in (report.error or "")


def test_an_ics_file_feed_with_floating_times_uses_the_configured_zone(tmp_path: Path) -> None:
    feed = tmp_path / "school.ics"
    feed.write_text(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:s1\r\n"
        "DTSTAMP:20260201T000000Z\r\nDTSTART:20260305T080000\r\nDTEND:20260305T150000\r\n"
        "SUMMARY:School closed (teacher training)\r\nSTATUS:CANCELLED\r\nEND:VEVENT\r\n"
        "END:VCALENDAR\r\n"
    )
    cfg = source(tmp_path, name="school", kind="ics", url=str(feed), timezone="America/New_York")
    [event] = fetch_ics(cfg, NOW)
    assert event["start"] == "2026-03-05T08:00:00-05:00"
    assert event["status"] == "cancelled"


def test_a_broken_ics_feed_is_a_source_error(tmp_path: Path) -> None:
    from core.errors import SourceError

    feed = tmp_path / "bad.ics"
    feed.write_text("this is not a calendar")
    with pytest.raises(SourceError):
        fetch_ics(source(tmp_path, name="bad", kind="ics", url=str(feed)), NOW)
