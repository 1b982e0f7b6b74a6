"""A stranger's invitation that repeats every second, through a real ICS feed and the
poller: read as the one event it is, asked of the user once, and the poll ends.

Before, the poller expanded the series over its whole window (seven days back, 180
ahead): ``FREQ=MINUTELY`` was 270,000 occurrences (about a minute of CPU and most of a
gigabyte), ``FREQ=SECONDLY`` 16 million, and a rule that can never match
(``BYMONTH=2;BYMONTHDAY=30``) walked every second to the year 9999: that poll never
ended, so the calendar was never read again. A daily-or-slower rule that never matches
(February 30th, April 31st, the sixth Monday) took seconds each (2.6 s for a daily one,
walked day by day to 9999) and a feed holds thousands; it is now tried on 28 years of
the calendar first (15 ms) and read as its DTSTART alone. Rules as people's calendars make them
(weekly, twice a day) still expand. And a feed whose server writes thousands of such
series is refused past ``MAX_OCCURRENCES`` occurrences, reading nothing, so nothing it
held before is taken for deleted.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
import recurring_ical_events  # type: ignore[import-untyped]
from source_servers import Radicale
from sources_helpers import config_with, source
from test_caldav_ics import _calendar

from core.engine.engine import Engine
from core.sources.flooding_rules import MAX_OCCURRENCES, bring_forward, floods, never_matches
from core.sources.ical import calendar_events, parse_calendar
from core.sources.poller import poll_once

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
ME = "me@example.com"
STRANGER = "stranger@evil.example"
EVERY_SECOND_OF_THE_DAY = (
    "FREQ=DAILY;BYHOUR="
    + ",".join(map(str, range(24)))
    + ";BYMINUTE="
    + ",".join(map(str, range(60)))
    + ";BYSECOND="
    + ",".join(map(str, range(60)))
)

FLOODS: dict[str, str] = {
    "every second": "FREQ=SECONDLY",
    "every minute": "FREQ=MINUTELY",
    "every hour": "FREQ=HOURLY",
    "every second, never matching": "FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30",
    "every minute, never matching": "FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30",
    "daily, at every second of the day": EVERY_SECOND_OF_THE_DAY,
    "daily, never matching (February 30th)": "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30",
    "weekly, never matching (April 31st)": "FREQ=WEEKLY;BYMONTH=4;BYMONTHDAY=31",
    "monthly, the sixth Monday": "FREQ=MONTHLY;BYDAY=MO;BYSETPOS=6",
    "yearly, the first day of the year in June": "FREQ=YEARLY;BYYEARDAY=1;BYMONTH=6",
    "daily, at every minute of the day": "FREQ=DAILY;BYHOUR="
    + ",".join(map(str, range(24)))
    + ";BYMINUTE=0,30",
}
"""Attack name -> the invitation's RRULE."""

KEPT: dict[str, tuple[str, int]] = {
    "weekly, six times": ("FREQ=WEEKLY;COUNT=6", 6),
    "daily, a week": ("FREQ=DAILY;COUNT=7", 7),
    "twice a day, three days": ("FREQ=DAILY;BYHOUR=9,21;COUNT=6", 6),
    "monthly on the 1st and 15th": ("FREQ=MONTHLY;BYMONTHDAY=1,15;COUNT=4", 4),
    "hourly, two days": ("FREQ=DAILY;BYHOUR=" + ",".join(map(str, range(24))) + ";COUNT=48", 48),
    "yearly": ("FREQ=YEARLY", 1),
    "Friday the 13th": ("FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", 2),
    "the last weekday of the month": ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", 3),
    "a leap-day birthday": ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", 1),
}
"""A look-alike people's calendars hold -> occurrences read in a window of seven days
back and sixty ahead (starting three hours ago)."""


def _invitation(rule: str, summary: str = "Trip to Denver") -> str:
    start = (NOW - timedelta(hours=3)).strftime("%Y%m%dT%H%M%SZ")
    end = (NOW - timedelta(hours=2)).strftime("%Y%m%dT%H%M%SZ")
    return "\r\n".join(
        [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//evil//EN",
            "BEGIN:VEVENT",
            "UID:flood@evil.example",
            "DTSTAMP:20260201T000000Z",
            f"DTSTART:{start}",
            f"DTEND:{end}",
            f"RRULE:{rule}",
            f"SUMMARY:{summary}",
            f"ORGANIZER:mailto:{STRANGER}",
            f"ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:{ME}",
            "END:VEVENT",
            "END:VCALENDAR",
            "",
        ]
    )


def _occurrences(rule: str) -> list[dict[str, object]]:
    calendar = parse_calendar(_invitation(rule), "feed")
    start, end = NOW - timedelta(days=7), NOW + timedelta(days=60)
    return calendar_events(calendar, start, end, ZoneInfo("UTC"), frozenset({ME}))


@pytest.mark.parametrize("attack", FLOODS)
async def test_an_invitation_repeating_every_second_is_one_event_asked_once(
    tmp_path: Path, engine: Engine, attack: str
) -> None:
    feed = tmp_path / "calendar.ics"
    feed.write_text(_invitation(FLOODS[attack]))
    feeds = source(tmp_path, name="cal", kind="ics", url=str(feed), owner_addresses=[ME])

    report = (await poll_once(engine, config_with(tmp_path, feeds), NOW)).sources[0]

    assert report.ok, report.error
    assert report.signals == 1
    asked = await engine.store.review_items(["pending", "queued"])
    assert asked, "the invitation is still seen and asked of the user"
    assert not [f for f in await engine.store.facts("user:primary") if f.domain == "travel"]


@pytest.mark.parametrize("attack", FLOODS)
def test_a_flooding_rule_is_read_as_its_first_occurrence(attack: str) -> None:
    [event] = _occurrences(FLOODS[attack])
    assert event["start"] == "2026-03-01T09:00:00+00:00"
    assert event["invitation"] == {"organizer": STRANGER, "response": "needs_action"}


@pytest.mark.parametrize("kept", KEPT)
def test_rules_as_people_make_them_still_expand(kept: str) -> None:
    rule, count = KEPT[kept]
    [event] = parse_calendar(_invitation(rule), "feed").walk("VEVENT")
    assert not floods(event["RRULE"])
    assert not never_matches(event["RRULE"], event["DTSTART"].dt)
    assert len(_occurrences(rule)) == count


def _series(uid: str, rule: str) -> str:
    return "\r\n".join(
        [
            "BEGIN:VEVENT",
            f"UID:{uid}",
            "DTSTAMP:20260201T000000Z",
            "DTSTART:20260220T000000Z",
            "DTEND:20260220T000500Z",
            f"RRULE:{rule}",
            "SUMMARY:Standup",
            "END:VEVENT",
        ]
    )


LISBON = "\r\n".join(
    [
        "BEGIN:VEVENT",
        "UID:lisbon",
        "DTSTAMP:20260201T000000Z",
        "DTSTART;VALUE=DATE:20260401",
        "DTEND;VALUE=DATE:20260405",
        "SUMMARY:Trip to Lisbon",
        "END:VEVENT",
    ]
)


def _feed(*events: str) -> str:
    head = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//club//EN"]
    return "\r\n".join([*head, *events, "END:VCALENDAR", ""])


async def test_a_feed_of_too_many_occurrences_is_not_read_and_cancels_nothing(
    tmp_path: Path, engine: Engine
) -> None:
    feed = tmp_path / "club.ics"
    config = config_with(tmp_path, source(tmp_path, name="club", kind="ics", url=str(feed)))
    feed.write_text(_feed(LISBON), newline="")
    first = (await poll_once(engine, config, NOW)).sources[0]
    assert first.ok, first.error
    hourly = "FREQ=DAILY;BYHOUR=" + ",".join(map(str, range(24)))
    # Five hourly series over the 187-day window: 22,440 occurrences.
    feed.write_text(_feed(LISBON, *(_series(f"s{i}", hourly) for i in range(5))), newline="")

    report = (await poll_once(engine, config, NOW)).sources[0]

    assert not report.ok
    assert f"more than {MAX_OCCURRENCES} event occurrences" in (report.error or "")
    asked = await engine.store.review_items(["pending", "queued"])
    assert "cancelled" not in {r.candidate_value for r in asked}, "Lisbon was taken for deleted"


async def test_a_caldav_calendar_of_too_many_occurrences_is_not_read(
    tmp_path: Path, radicale: Radicale, engine: Engine
) -> None:
    """The budget is the whole calendar's, not each stored object's."""
    user, password = radicale.add_user()
    hourly = "FREQ=DAILY;BYHOUR=" + ",".join(map(str, range(24)))
    # Five objects of one hourly series each: 4,488 occurrences apiece, 22,440 in all.
    url, _ = _calendar(
        radicale, user, password, *(_feed(_series(f"s{i}", hourly)) for i in range(5))
    )
    dav = source(
        tmp_path, name="dav", kind="caldav", url=url, username=user, password=password, ssl=False
    )

    report = (await poll_once(engine, config_with(tmp_path, dav), NOW)).sources[0]

    assert not report.ok
    assert f"more than {MAX_OCCURRENCES} event occurrences" in (report.error or "")


OLD_SERIES: dict[str, tuple[str, str]] = {
    "daily since the year 1000": ("DTSTART:10000301T090000Z", "FREQ=DAILY"),
    "weekly in Berlin since 1600": ("DTSTART;TZID=Europe/Berlin:16000302T170000", "FREQ=WEEKLY"),
    "every other day, floating, since 1200": ("DTSTART:12000229T080000", "FREQ=DAILY;INTERVAL=2"),
    "a leap-day birthday since 1204": ("DTSTART;VALUE=DATE:12040229", "FREQ=YEARLY"),
    "monthly on the last Friday since 1500, ending": (
        "DTSTART:15000101T100000Z",
        "FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20260415T000000Z",
    ),
    "daily since the year 1000, a billion times": (
        "DTSTART:10000301T090000Z",
        "FREQ=DAILY;COUNT=1000000000",
    ),
    "twice a day since 1900, ending ten days into the window": (
        "DTSTART:19000301T090000Z",
        f"FREQ=DAILY;BYHOUR=9,21;COUNT={2 * (NOW.date() - date(1900, 3, 1)).days + 20}",
    ),
    "Mondays and Thursdays in Berlin since 1700, a million times": (
        "DTSTART;TZID=Europe/Berlin:17000301T183000",
        "FREQ=WEEKLY;BYDAY=MO,TH;COUNT=1000000",
    ),
    "every third day, all day, since 1400, a million times": (
        "DTSTART;VALUE=DATE:14000301",
        "FREQ=DAILY;INTERVAL=3;COUNT=1000000",
    ),
    "monthly on the 15th since 1000, a million times": (
        "DTSTART:10000315T120000Z",
        "FREQ=MONTHLY;COUNT=1000000",
    ),
    "weekly on Mondays from a Sunday, ten times": (
        "DTSTART:20260201T100000Z",
        "FREQ=WEEKLY;BYDAY=MO;COUNT=10",
    ),
    "a week-long stay every week since 1000": (
        "DTSTART:10000301T090000Z\r\nDTEND:10000308T080000Z",
        "FREQ=WEEKLY;COUNT=1000000000",
    ),
}
"""A series that began centuries ago -> its DTSTART line and RRULE (with COUNT: its COUNT
lessened by what is stepped over; see ``bring_forward``)."""


@pytest.mark.parametrize("old", OLD_SERIES)
def test_a_series_begun_centuries_ago_has_the_same_occurrences(old: str) -> None:
    begins, rule = OLD_SERIES[old]
    document = "\r\n".join(
        [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//old//EN",
            "BEGIN:VEVENT",
            "UID:old",
            "DTSTAMP:20260201T000000Z",
            begins,
            f"RRULE:{rule}",
            "SUMMARY:Practice",
            "END:VEVENT",
            "END:VCALENDAR",
            "",
        ]
    )
    start, end = NOW - timedelta(days=7), NOW + timedelta(days=800)
    walked = recurring_ical_events.of(parse_calendar(document, "old")).between(start, end)
    read = calendar_events(parse_calendar(document, "old"), start, end, ZoneInfo("UTC"))
    assert read, "a window with none of its occurrences tests nothing"
    floating = (c["DTSTART"].dt for c in walked)  # read in the source's zone, here UTC
    expected = (d.replace(tzinfo=UTC) if getattr(d, "tzinfo", 0) is None else d for d in floating)
    assert sorted(e["start"] for e in read) == sorted(d.isoformat() for d in expected)


def _old_series(begins: str, rule: str) -> str:
    return "\r\n".join(
        [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//old//EN",
            "BEGIN:VEVENT",
            "UID:old",
            "DTSTAMP:20260201T000000Z",
            begins,
            f"RRULE:{rule}",
            "SUMMARY:Practice",
            "END:VEVENT",
            "END:VCALENDAR",
            "",
        ]
    )


HOURLY = "FREQ=DAILY;BYHOUR=" + ",".join(map(str, range(24)))
WALKED_FROM_NEAR: dict[str, tuple[str, str]] = {
    "daily since the year 1000, a billion times": (
        "DTSTART:10000301T090000Z",
        "FREQ=DAILY;COUNT=1000000000",
    ),
    "hourly since the year 1000, a billion times": (
        "DTSTART:10000301T000000Z",
        HOURLY + ";COUNT=1000000000",
    ),
    "hourly since 1627": ("DTSTART:16270301T000000Z", HOURLY),
    "weekly on three days since 1000, a billion times": (
        "DTSTART;TZID=Europe/Berlin:10000303T183000",  # a Monday
        "FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=1000000000",
    ),
}
"""An old series an invitation may hold -> its DTSTART line and RRULE. Walked from its
DTSTART, each cost a second or more (11 s for hourly with COUNT from the year 1000), and
a feed holds thousands."""


@pytest.mark.parametrize("old", WALKED_FROM_NEAR)
def test_an_old_series_is_walked_from_near_the_window(old: str) -> None:
    calendar = parse_calendar(_old_series(*WALKED_FROM_NEAR[old]), "old")
    start = NOW - timedelta(days=7)

    bring_forward(calendar, start)

    [event] = calendar.walk("VEVENT")
    begins = event["DTSTART"].dt
    assert start - timedelta(days=30) < begins < start, begins
    if "COUNT" in WALKED_FROM_NEAR[old][1]:
        assert 0 < event["RRULE"]["COUNT"][0] < 1_000_000_000


ENDED_OR_READ_ONCE: dict[str, tuple[str, str]] = {
    "daily since 1700, ended in 1900": (
        "DTSTART:17000301T090000Z",
        f"FREQ=DAILY;COUNT={(date(1900, 3, 1) - date(1700, 3, 1)).days}",
    ),
    "weekly since 1000, ended in 1500": (
        "DTSTART:10000301T090000Z",
        "FREQ=WEEKLY;COUNT=26000",
    ),
    "every hour of the 1st to the 28th, monthly, since 1000, a billion times": (
        "DTSTART:10000301T000000Z",
        "FREQ=MONTHLY;BYMONTHDAY="
        + ",".join(map(str, range(1, 29)))
        + ";BYHOUR="
        + ",".join(map(str, range(24)))
        + ";COUNT=1000000000",
    ),
}
"""A series with COUNT that ended long ago, or one so dense over its step (more than
``MAX_IN_A_STEP`` occurrences) that no person's calendar holds it and it is read as its
DTSTART alone -> its DTSTART line and RRULE: nothing in the window either way."""


@pytest.mark.parametrize("old", ENDED_OR_READ_ONCE)
def test_an_old_series_that_ended_or_is_read_once_has_nothing_in_the_window(old: str) -> None:
    document = _old_series(*ENDED_OR_READ_ONCE[old])
    start, end = NOW - timedelta(days=7), NOW + timedelta(days=180)

    assert calendar_events(parse_calendar(document, "old"), start, end, ZoneInfo("UTC")) == []
