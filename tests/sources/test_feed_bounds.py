"""A calendar feed that is not iCalendar, or is huge but honest, through the poller: what is
not a calendar is the source's failure with why in ``canon sources``, and changes nothing
(what the last good pass read stands: no trip taken for deleted, no question, no fact);
a calendar of 10,000 events, or an event with a 5 MB description, is read, its event's
words bounded where they are kept.

(What a server sends too much of, or too slowly, is bounded by ``MAX_FEED_BYTES`` and
``FEED_TIMEOUTS``: tests/sources/test_oversized_feeds.py, test_slow_feeds.py,
test_caldav_oversized.py; a rule that floods, by ``MAX_OCCURRENCES``:
test_flooding_invitations.py.)
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sources_helpers import config_with, source

from core.engine.engine import Engine
from core.sources.health import source_view
from core.sources.poller import poll_once, source_states

pytestmark = pytest.mark.timeout(120)
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
HEAD = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n"
TRIP = (
    "BEGIN:VEVENT\r\nUID:trip-lisbon\r\nDTSTAMP:20260201T000000Z\r\n"
    "DTSTART;VALUE=DATE:20260401\r\nDTEND;VALUE=DATE:20260405\r\nSUMMARY:Trip to Lisbon\r\n"
    "{extra}END:VEVENT\r\n"
)


def _meeting(i: int) -> str:
    day, hour = 1 + i % 28, i % 24
    return (
        f"BEGIN:VEVENT\r\nUID:m{i}\r\nDTSTAMP:20260201T000000Z\r\n"
        f"DTSTART:202603{day:02d}T{hour:02d}0000Z\r\nDTEND:202603{day:02d}T{hour:02d}3000Z\r\n"
        f"SUMMARY:Standup {i}\r\nEND:VEVENT\r\n"
    )


def _calendar(*events: str) -> bytes:
    return (HEAD + "".join(events) + "END:VCALENDAR\r\n").encode()


async def _poll(tmp_path: Path, engine: Engine, data: bytes) -> tuple[Any, dict[str, Any]]:
    path = tmp_path / "club.ics"
    path.write_bytes(data)
    club = source(tmp_path, name="club", kind="ics", url=str(path))
    report = (await poll_once(engine, config_with(tmp_path, club), NOW)).sources[0]
    state = await source_states(engine).source_state("club")
    return report, source_view(club, state, NOW)  # what ``canon sources`` shows


async def _held(engine: Engine) -> tuple[list[Any], list[tuple[str, Any]]]:
    asked = await engine.store.review_items(["pending", "queued"])
    facts = await engine.store.facts("user:primary")
    return sorted((r.field, r.candidate_value) for r in asked), [(f.field, f.value) for f in facts]


@pytest.mark.parametrize(
    "data",
    [
        b"<html><body><h1>502 Bad Gateway</h1></body></html>",
        b'{"error": "not found"}',
        _calendar(TRIP.format(extra=""))[:120],  # cut off mid-event
        b"\x00\xff\xfe" * 1000,
        b"",
        b"BEGIN:VCALENDAR\r\nBEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n",
    ],
    ids=["html", "json", "truncated", "binary", "empty", "unbalanced"],
)
async def test_a_feed_that_is_no_calendar_fails_with_why_and_changes_nothing(
    tmp_path: Path, engine: Engine, data: bytes
) -> None:
    good, _ = await _poll(tmp_path, engine, _calendar(TRIP.format(extra="")))
    assert good.ok, good.error
    before = await _held(engine)
    assert before != ([], []), "the trip was read"

    report, shown = await _poll(tmp_path, engine, data)

    assert not report.ok
    assert "not an iCalendar document" in (report.error or ""), report.error
    assert "not an iCalendar document" in (shown["last_error"] or ""), shown
    assert await _held(engine) == before  # the trip is not taken for deleted


async def test_a_calendar_of_ten_thousand_events_is_read(tmp_path: Path, engine: Engine) -> None:
    events = [_meeting(i) for i in range(10_000)] + [TRIP.format(extra="")]

    report, shown = await _poll(tmp_path, engine, _calendar(*events))

    assert report.ok, report.error
    assert shown["last_error"] is None, shown
    asked, facts = await _held(engine)
    assert ("travel.destination", "Lisbon") in asked + facts


async def test_an_event_with_a_5_mb_description_is_read_and_its_words_bounded(
    tmp_path: Path, engine: Engine
) -> None:
    description = "DESCRIPTION:" + "Bring the passports. " * 250_000 + "\r\n"

    report, _ = await _poll(tmp_path, engine, _calendar(TRIP.format(extra=description)))

    assert report.ok, report.error
    asked, facts = await _held(engine)
    assert ("travel.destination", "Lisbon") in asked + facts
    events = await engine.store.events_for("user:primary", "travel.destination")
    assert events
    assert all(len(e.evidence_text or "") <= 1000 for e in events)
