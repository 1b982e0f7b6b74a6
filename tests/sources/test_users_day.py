"""The day a calendar or a booking names is the user's day, on their clock.

Alice lives in Los Angeles (her committed ``profile.timezone``); the server runs on UTC.
Her flight leaves Saturday 13 March 2027 at 21:00 there, the evening before the clocks
go forward (DST begins Sunday 14 March 2027 at 02:00), which a feed may send as
``2027-03-14T05:00:00Z``. Before the fix every such trip was dated by UTC's day: "Do you
leave on Sunday, March 14?" for a Saturday flight, and back a day late. A floating time
(no TZID, an ICS feed with no ``timezone`` configured) is at that hour where she is.

Held too: a pushed event with a naive time (no offset) and a signal stamped three days
ahead are dead-lettered, nothing mapped; with no zone known a day is the event's own.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from canon_testing import make_observation
from sources_helpers import config_with, mail, source

from core.engine.engine import Engine, Outcome
from core.engine.signal_ingest import ingest_signals
from core.scenario import Step, replay
from core.sources.mailparse import parse_mail
from core.sources.poller import poll_once, signal_event

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2027, 3, 10, 18, 0, tzinfo=UTC)
"""Wednesday 10 March 2027, 10:00 in Los Angeles."""
DAYS = ("travel.depart_date", "travel.return_date")


async def _lives_in_los_angeles(engine: Engine) -> None:
    said = make_observation("profile.timezone", "America/Los_Angeles", at=NOW)
    asked = await engine.ingest(said, now=NOW)
    assert asked.review_item_id is not None
    await engine.answer(asked.review_item_id, "confirm", now=NOW)


def _days(outcomes: list[Outcome]) -> tuple[Any, ...]:
    found = {o.field: o.candidate_value for o in outcomes if o.field in DAYS}
    return tuple(found.get(f) for f in DAYS)


def _ics(tmp_path: Path, start: str, end: str) -> Path:
    feed = tmp_path / "trips.ics"
    feed.write_text(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:t1\r\n"
        f"DTSTAMP:20270301T000000Z\r\n{start}\r\n{end}\r\n"
        "SUMMARY:Trip to Denver\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    )
    return feed


PUSHED = "2027-03-14T05:00:00Z", "2027-03-17T06:00:00Z"
"""Saturday 21:00 PST to Tuesday 23:00 PDT, in UTC."""

# (what, the event's DTSTART and DTEND lines, (day to leave, day back) for Alice)
FEEDS = [
    (
        "UTC times",
        "DTSTART:20270314T050000Z",
        "DTEND:20270317T060000Z",
        ("2027-03-13", "2027-03-16"),
    ),
    (
        "floating times, no zone configured",
        "DTSTART:20270314T063000",
        "DTEND:20270316T220000",
        ("2027-03-14", "2027-03-16"),
    ),
    (
        "her own zone, leaving in the hour DST skips",
        "DTSTART;TZID=America/Los_Angeles:20270314T023000",
        "DTEND;TZID=America/Los_Angeles:20270316T230000",
        ("2027-03-14", "2027-03-16"),
    ),
    (
        "another zone's evening",
        "DTSTART;TZID=America/New_York:20270314T003000",
        "DTEND;TZID=America/New_York:20270317T013000",
        ("2027-03-13", "2027-03-16"),
    ),
    (
        "all-day dates",
        "DTSTART;VALUE=DATE:20270313",
        "DTEND;VALUE=DATE:20270317",
        ("2027-03-13", "2027-03-16"),
    ),
]


@pytest.mark.parametrize(("what", "start", "end", "days"), FEEDS, ids=[f[0] for f in FEEDS])
async def test_an_ics_feeds_trip_is_dated_by_the_users_days(
    tmp_path: Path, engine: Engine, what: str, start: str, end: str, days: tuple[str, str]
) -> None:
    await _lives_in_los_angeles(engine)
    cfg = source(tmp_path, name="trips", kind="ics", url=str(_ics(tmp_path, start, end)))
    await poll_once(engine, config_with(tmp_path, cfg), NOW)
    asked = {
        r.field: r.candidate_value
        for r in await engine.store.review_items(["pending", "queued", "confirmed"])
    }
    held = {f.field: f.value for f in await engine.store.facts()}
    assert tuple((held | asked).get(f) for f in DAYS) == days, what


async def test_a_pushed_event_in_utc_is_dated_by_the_users_days(
    tmp_path: Path, engine: Engine
) -> None:
    event = {"id": "e1", "summary": "Trip to Denver", "start": PUSHED[0], "end": PUSHED[1]}
    cfg = source(tmp_path, name="cal", kind="ics", url="x")
    signal = signal_event(cfg, "calendar_event", event, NOW)
    # No zone known yet: the event's own (UTC) days, as before.
    before, _ = await ingest_signals(engine, [signal], NOW)
    assert _days(before) == ("2027-03-14", "2027-03-17")
    await _lives_in_los_angeles(engine)
    moved = signal_event(cfg, "calendar_event", {**event, "id": "e2"}, NOW)
    after, _ = await ingest_signals(engine, [moved], NOW)
    assert _days(after) == ("2027-03-13", "2027-03-16")


BOOKING = """<html><script type="application/ld+json">{"@context": "http://schema.org",
 "@type": "LodgingReservation", "reservationNumber": "H1",
 "reservationFor": {"@type": "LodgingBusiness", "name": "Denver Inn",
   "address": {"@type": "PostalAddress", "addressLocality": "Denver"}},
 "checkinTime": "2027-03-14T05:00:00Z", "checkoutTime": "2027-03-17T06:00:00Z"}
</script><p>Booked.</p></html>"""


async def test_a_booking_mails_days_are_the_users(tmp_path: Path, engine: Engine) -> None:
    await _lives_in_los_angeles(engine)
    raw = mail("Your stay in Denver", html=BOOKING, sender="Inn <stay@inn.example>")
    parsed = parse_mail(raw, "INBOX/1")
    assert isinstance(parsed, dict)
    cfg = source(tmp_path, name="mail", kind="imap", host="h", username="u")
    outcomes, valid = await ingest_signals(engine, [signal_event(cfg, "email", parsed, NOW)], NOW)
    assert valid == 1
    assert _days(outcomes) == ("2027-03-13", "2027-03-16")


@pytest.mark.parametrize(
    ("what", "event", "stamped"),
    [
        ("a naive start", {"start": "2027-03-14T05:00:00", "end": PUSHED[1]}, NOW),
        ("a naive end", {"start": PUSHED[0], "end": "2027-03-17T06:00:00"}, NOW),
        (
            "stamped three days ahead",
            {"start": PUSHED[0], "end": PUSHED[1]},
            NOW + timedelta(days=3),
        ),
    ],
)
async def test_a_peers_naive_or_future_time_is_dead_lettered(
    tmp_path: Path, engine: Engine, what: str, event: dict[str, str], stamped: datetime
) -> None:
    cfg = source(tmp_path, name="cal", kind="ics", url="x")
    signal = signal_event(
        cfg, "calendar_event", {"id": "e1", "summary": "Trip to Denver", **event}, stamped
    )
    outcomes, valid = await ingest_signals(engine, [signal], NOW)
    assert (valid, [o.decision for o in outcomes]) == (0, ["invalid"]), what
    assert not await engine.store.facts()
    assert not await engine.store.review_items(["pending", "queued", "confirmed"])
    assert len(await engine.store.dead_letters()) == 1


BOOKED_DAYS = """<html><script type="application/ld+json">{"@context": "http://schema.org",
 "@type": "LodgingReservation", "reservationNumber": "H2",
 "reservationFor": {"@type": "LodgingBusiness", "name": "Denver Inn",
   "address": {"@type": "PostalAddress", "addressLocality": "Denver"}},
 "checkinDate": "2027-03-14", "checkoutDate": "2027-03-17"}
</script><p>Booked.</p></html>"""
"""A stay by its days alone: no time of day to check in or out."""


def _booking(html: str) -> dict[str, Any]:
    parsed = parse_mail(
        mail("Your stay in Denver", html=html, sender="Inn <stay@inn.example>"), "1"
    )
    assert isinstance(parsed, dict)
    return parsed


async def _plans_lapse(engine: Engine) -> set[datetime | None]:
    events = await engine.store.events_for("user:primary", "travel.destination")
    return {e.valid_until for e in events}


async def test_a_booking_by_its_days_holds_through_the_users_checkout_day(
    tmp_path: Path, engine: Engine
) -> None:
    """Before: the plan lapsed at UTC's midnight after checkout, 17:00 on her checkout day
    in Los Angeles; now at her own midnight (07:00 UTC, daylight time)."""
    await _lives_in_los_angeles(engine)
    cfg = source(tmp_path, name="mail", kind="imap", host="h", username="u")
    signal = signal_event(cfg, "email", _booking(BOOKED_DAYS), NOW)
    outcomes, valid = await ingest_signals(engine, [signal], NOW)
    assert valid == 1
    assert _days(outcomes) == ("2027-03-14", "2027-03-17")
    assert await _plans_lapse(engine) == {datetime(2027, 3, 18, 7, 0, tzinfo=UTC)}


async def test_a_replay_dates_calendars_and_bookings_by_the_users_clock() -> None:
    """``canon replay`` maps a calendar and a mail as the live poller does: on the user's
    clock once Canon knows it (before, on UTC's, whatever she had said)."""
    zone = make_observation("profile.timezone", "America/Los_Angeles", at=NOW)
    event = {"id": "e1", "summary": "Trip to Denver", "start": PUSHED[0], "end": PUSHED[1]}
    at = NOW.isoformat()
    lapses: set[datetime | None] = set()

    async def after(step: Step, _outcomes: list[Outcome], engine: Engine) -> None:
        if step.kind == "email":
            lapses.update(await _plans_lapse(engine))

    replayed = await replay(
        {
            "steps": [
                {"at": at, "observation": zone},
                {"at": at, "answer": "confirm"},
                {"at": at, "calendar": event},
                {"at": at, "email": _booking(BOOKED_DAYS)},
            ]
        },
        on_step=after,
    )
    days = {
        (d["step"], d["field"]): d["candidate_value"]
        for d in replayed["decisions"]
        if d["field"] in DAYS
    }
    assert days == {
        (2, "travel.depart_date"): "2027-03-13",
        (2, "travel.return_date"): "2027-03-16",
        (3, "travel.depart_date"): "2027-03-14",
        (3, "travel.return_date"): "2027-03-17",
    }
    assert datetime(2027, 3, 18, 7, 0, tzinfo=UTC) in lapses
