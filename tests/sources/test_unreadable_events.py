"""One event a calendar cannot hold (a time given twice, a rule or date list the parser
refuses, a time of day for a date, an end past the year 9999, a million-week duration)
is left out and the rest of the calendar is read, through an ICS feed and the poller;
and an event Canon already knew that turns unreadable is not taken for deleted.

Before, each of these made the whole calendar a SourceError or an internal error on
every pass (anyone's invitation on the user's calendar, one line in a club's feed), and
no other event of it was read.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from sources_helpers import TAKES_TRAVEL, config_with, source

from core.engine.engine import Engine
from core.sources.poller import poll_once
from core.store.sqlite import SQLiteStore

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
TRIP = [
    "UID:trip-lisbon",
    "DTSTART;VALUE=DATE:20260401",
    "DTEND;VALUE=DATE:20260405",
    "SUMMARY:Trip to Lisbon",
]
BROKEN = {
    "time given twice": ["DTSTART:20260310T100000Z", "DTSTART:20260311T100000Z"],
    "count past 32 bits": ["DTSTART:20260310T100000Z", "RRULE:FREQ=DAILY;COUNT=99999999999"],
    "until not a date": ["DTSTART:20260310T100000Z", "RRULE:FREQ=DAILY;UNTIL=99999999"],
    "weekday not a day": ["DTSTART:20260310T100000Z", "RRULE:FREQ=WEEKLY;BYDAY=XX"],
    "rdate not a date": ["DTSTART:20260310T100000Z", "RDATE:tomorrow"],
    "exdate not a date": ["DTSTART:20260310T100000Z", "RRULE:FREQ=DAILY;COUNT=3", "EXDATE:x"],
    "a series with no start": ["RRULE:FREQ=DAILY;COUNT=3"],
    "a time of day": ["DTSTART;VALUE=TIME:100000"],
    "end past 9999 in UTC": ["DTSTART:20260310T100000Z", "DTEND:99991231T235959Z"],
    "a million weeks": ["DTSTART:20260310T100000Z", "DURATION:P99999999W"],
    "before year 1 in UTC": ["DTSTART;TZID=Asia/Tokyo:00010101T000000"],
}


def _feed(path: Path, *events: list[str]) -> Path:
    body = "".join(
        "BEGIN:VEVENT\r\nDTSTAMP:20260201T000000Z\r\n" + "\r\n".join(e) + "\r\nEND:VEVENT\r\n"
        for e in events
    )
    path.write_text(
        f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//club//EN\r\n{body}END:VCALENDAR\r\n"
    )
    return path


@pytest.fixture
def engine(store: SQLiteStore) -> Engine:
    return Engine(store, TAKES_TRAVEL)


@pytest.mark.parametrize("lines", BROKEN.values(), ids=BROKEN.keys())
async def test_an_unreadable_event_is_left_out_and_the_rest_is_read(
    tmp_path: Path, engine: Engine, lines: list[str]
) -> None:
    feed = _feed(tmp_path / "club.ics", ["UID:broken", "SUMMARY:Trip to Oslo", *lines], TRIP)
    club = source(tmp_path, name="club", kind="ics", url=str(feed))

    report = (await poll_once(engine, config_with(tmp_path, club), NOW)).sources[0]

    assert report.ok, report.error
    assert report.signals == 1
    travel = {f.field: f.value for f in await engine.store.facts() if f.domain == "travel"}
    assert travel.get("travel.destination") == "Lisbon", travel


@pytest.mark.parametrize("lines", BROKEN.values(), ids=BROKEN.keys())
async def test_an_unreadable_event_is_listed_in_the_passs_skipped_with_why(
    tmp_path: Path, engine: Engine, lines: list[str]
) -> None:
    """Before, it was only logged: ``canon poll`` and the poll report said nothing of it."""
    feed = _feed(tmp_path / "club.ics", ["UID:broken", "SUMMARY:Trip to Oslo", *lines], TRIP)
    club = source(tmp_path, name="club", kind="ics", url=str(feed))

    report = (await poll_once(engine, config_with(tmp_path, club), NOW)).sources[0]

    [skipped] = report.skipped
    assert skipped.startswith("broken: cannot be read: "), skipped
    assert len(skipped) > len("broken: cannot be read: ") + 5, skipped


async def test_an_unreadable_event_without_a_uid_is_listed_too(
    tmp_path: Path, engine: Engine
) -> None:
    feed = _feed(tmp_path / "club.ics", ["SUMMARY:Trip to Oslo", *BROKEN["a time of day"]], TRIP)
    club = source(tmp_path, name="club", kind="ics", url=str(feed))

    report = (await poll_once(engine, config_with(tmp_path, club), NOW)).sources[0]

    assert report.signals == 1
    [skipped] = report.skipped
    assert skipped.startswith("an event without a UID: cannot be read: "), skipped


async def test_a_known_trip_that_turns_unreadable_is_not_cancelled_until_it_is_gone(
    tmp_path: Path, engine: Engine
) -> None:
    feed = tmp_path / "mine.ics"
    mine = config_with(tmp_path, source(tmp_path, name="mine", kind="ics", url=str(feed)))

    async def destination() -> object:
        facts = {f.field: f.value for f in await engine.store.facts() if f.domain == "travel"}
        return facts.get("travel.destination")

    _feed(feed, TRIP)
    assert (await poll_once(engine, mine, NOW)).sources[0].signals == 1
    assert await destination() == "Lisbon"

    _feed(feed, [*TRIP, "DTEND;VALUE=DATE:20260406"])  # its end given twice: unreadable
    report = (await poll_once(engine, mine, NOW)).sources[0]
    assert report.ok, report.error
    assert report.signals == 0  # not read, and not taken for deleted
    assert await destination() == "Lisbon"

    _feed(feed)  # now it is gone
    report = (await poll_once(engine, mine, NOW)).sources[0]
    assert report.signals == 1  # its cancellation
