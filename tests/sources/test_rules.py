"""User mapping rules ([[rules]] in CANON_CONFIG): matching, templates, validation, end to end."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from sources_helpers import config_with, source

from core.engine.engine import Engine
from core.errors import ConfigError
from core.settings import load_settings
from core.signals.intake import calendar_payloads, email_payloads
from core.signals.mail_mapping import map_email
from core.signals.mapping import MappedObservation, map_calendar
from core.signals.rules import Rule, parse_rule, parse_rules
from core.sources.poller import poll_once

BEFORE = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
AFTER = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
SWIM = {
    "id": "swim-1",
    "summary": "Swimming lesson for Mia",
    "start": "2026-03-10T16:00:00+01:00",
    "end": "2026-03-10T17:00:00+01:00",
    "location": "Stadtbad, Berlin",
}
SWIM_RULE = {
    "name": "swim lessons",
    "kind": "calendar",
    "match": "(?i)swim(ming)? lesson",
    "field": "family.{slug}.schedule",
    "value": "{start}",
}


def rule(**table: Any) -> Rule:
    return parse_rule(table, 0)


def claims(mapped: list[MappedObservation]) -> dict[str, tuple[Any, str]]:
    return {m.field: (m.value, m.intent) for m in mapped}


VIOLIN = {
    "id": "violin-1",
    "summary": "Violin class for Mia",
    "start": "2026-03-10T16:00:00+01:00",
    "end": "2026-03-10T17:00:00+01:00",
    "location": "Musikschule, Berlin",
}
VIOLIN_RULE = {
    "name": "violin",
    "kind": "calendar",
    "match": "(?i)violin (class|lesson)",
    "field": "family.{slug}.schedule",
    "value": "{start}",
}


@pytest.mark.parametrize(
    ("table", "event", "now", "expected"),
    [
        # the default intent follows time: a plan before the event, a fact after it
        (
            VIOLIN_RULE,
            VIOLIN,
            BEFORE,
            {"family.violin_class_for_mia.schedule": ("2026-03-10T16:00:00+01:00", "planning")},
        ),
        (
            VIOLIN_RULE,
            VIOLIN,
            AFTER,
            {"family.violin_class_for_mia.schedule": ("2026-03-10T16:00:00+01:00", "assertive")},
        ),
        # an explicit intent wins; every calendar template name renders
        (
            {
                **VIOLIN_RULE,
                "field": "family.mia.music",
                "value": "{match} at {location} ({summary}) until {end}",
                "intent": "assertive",
            },
            VIOLIN,
            BEFORE,
            {
                "family.mia.music": (
                    "Violin class at Musikschule, Berlin (Violin class for Mia) "
                    "until 2026-03-10T17:00:00+01:00",
                    "assertive",
                )
            },
        ),
        # literals: numbers and booleans stay typed; {{ }} are literal braces
        (
            {**VIOLIN_RULE, "field": "family.mia.plays", "value": True},
            VIOLIN,
            BEFORE,
            {"family.mia.plays": (True, "planning")},
        ),
        (
            {**VIOLIN_RULE, "field": "family.mia.hours", "value": 1.5, "intent": "assertive"},
            VIOLIN,
            BEFORE,
            {"family.mia.hours": (1.5, "assertive")},
        ),
        (
            {**VIOLIN_RULE, "field": "family.mia.note", "value": "{{not a template}}"},
            VIOLIN,
            BEFORE,
            {"family.mia.note": ("{not a template}", "planning")},
        ),
        # no match, or a name the event has no value for: no claim
        ({**VIOLIN_RULE, "match": "(?i)piano"}, VIOLIN, BEFORE, {}),
        (
            {**VIOLIN_RULE, "field": "family.mia.music", "value": "{location}"},
            {**VIOLIN, "location": ""},
            BEFORE,
            {},
        ),
    ],
)
def test_calendar_rules_match_the_summary_and_fill_templates(
    table: dict[str, Any], event: dict[str, Any], now: datetime, expected: dict[str, Any]
) -> None:
    assert map_calendar(event, now) == []  # the built-in mapping does not track violin
    assert claims(map_calendar(event, now, [rule(**table)])) == expected


@pytest.mark.parametrize(
    ("table", "mail", "expected"),
    [
        (
            {
                "kind": "email",
                "match": r"(?i)school trip",
                "field": "family.school.trip_fee",
                "value": "{amount}",
            },
            {"subject": "School trip", "body": "Please pay €12.50 by Friday", "from": "s@x"},
            {"family.school.trip_fee": (12.5, "assertive")},
        ),
        (
            {
                "kind": "email",
                "match": r"Ref:\s*\w+",
                "field": "financial.{slug}.reference",
                "value": "{match} from {from}",
                "intent": "planning",
            },
            {
                "subject": "Dentist bill",
                "body": "<p>Ref: AB12</p>",
                "from": "Dr Who <dr@who.example>",
            },
            # Whoever the user does not trust is the item, not the subject they wrote.
            {
                "financial.dr_who_example.reference": (
                    "Ref: AB12 from Dr Who <dr@who.example>",
                    "planning",
                )
            },
        ),
        (  # the body's visible text is matched, not the HTML markup
            {"kind": "email", "match": "script", "field": "family.x.y", "value": "{subject}"},
            {"subject": "Hi", "body": "<html><script>1</script><p>hello</p></html>", "from": "a"},
            {},
        ),
        (  # no amount in the mail: an {amount} rule claims nothing
            {"kind": "email", "match": "(?i)fee", "field": "family.x.fee", "value": "{amount}"},
            {"subject": "Club fee", "body": "due soon", "from": "a@x"},
            {},
        ),
    ],
)
def test_email_rules_match_subject_and_body(
    table: dict[str, Any], mail: dict[str, Any], expected: dict[str, Any]
) -> None:
    _, mapped = map_email(mail, BEFORE, [rule(**table)])
    _, builtin = map_email(mail, BEFORE)
    got = claims(mapped)
    assert {k: v for k, v in got.items() if k not in claims(builtin)} == expected


def test_a_rule_claim_replaces_the_builtin_claim_on_its_field_and_keeps_the_rest() -> None:
    builtin = claims(map_calendar(SWIM, BEFORE))
    assert builtin["family.swimming_lesson_for_mia.schedule"][0] == SWIM["start"]
    where = rule(**{**SWIM_RULE, "value": "{location}"})
    first_wins = rule(**{**SWIM_RULE, "name": "later", "value": "ignored"})
    ruled = map_calendar(SWIM, BEFORE, [where, first_wins])
    fields = [m.field for m in ruled]
    assert sorted(fields) == sorted(builtin)
    assert len(fields) == len(set(fields))
    assert claims(ruled) == {
        **builtin,
        "family.swimming_lesson_for_mia.schedule": ("Stadtbad, Berlin", "planning"),
    }


@pytest.mark.parametrize(
    "event",
    [
        {"id": "t", "summary": "Trip to Lisbon", "start": "2026-04-01", "end": "2026-04-05"},
        SWIM,
        {**SWIM, "status": "cancelled"},
        {"id": "x", "summary": "Standup", "start": "2026-03-02", "end": "2026-03-03"},
    ],
)
def test_builtin_mapping_is_unchanged_by_rules_that_do_not_match(event: dict[str, Any]) -> None:
    unrelated = [rule(**{**SWIM_RULE, "match": "(?i)violin"}), *parse_rules({})]
    assert map_calendar(event, BEFORE) == map_calendar(event, BEFORE, unrelated)
    assert map_calendar(event, BEFORE) == map_calendar(event, BEFORE, ())
    mail = {"subject": str(event["summary"]), "body": "Your receipt: $5.00", "from": "Shop <s@x>"}
    assert map_email(mail, BEFORE) == map_email(mail, BEFORE, unrelated)


def test_a_rule_entity_and_on_cancel_reach_the_payloads() -> None:
    swim = rule(**SWIM_RULE, entity="family:home", on_cancel="cancelled")
    [live] = [
        p
        for p in calendar_payloads(SWIM, at=BEFORE, entity_id="user:primary", rules=[swim])
        if p["entity_id"] == "family:home"
    ]
    assert (live["field"], live["intent"]) == (
        "family.swimming_lesson_for_mia.schedule",
        "planning",
    )
    assert live["valid_until"] == "2026-03-10T16:00:00Z"
    cancelled = {**SWIM, "status": "cancelled"}
    [gone] = [
        p
        for p in calendar_payloads(cancelled, at=BEFORE, entity_id="user:primary", rules=[swim])
        if p["entity_id"] == "family:home"
    ]
    assert (gone["candidate_value"], gone["intent"]) == ("cancelled", "assertive")
    # without on_cancel a cancelled event is no evidence for the rule's value
    plain = rule(**SWIM_RULE, entity="family:home")
    assert all(
        p["entity_id"] == "user:primary"
        for p in calendar_payloads(cancelled, at=BEFORE, entity_id="user:primary", rules=[plain])
    )


@pytest.mark.parametrize(
    ("table", "error"),
    [
        ({**SWIM_RULE, "match": "swim(("}, "rule 'swim lessons': match is not a valid regular"),
        (
            {**SWIM_RULE, "value": "{date}"},
            r"rule 'swim lessons': value: unknown template \{date\}",
        ),
        ({**SWIM_RULE, "value": "{start!r}"}, r"unknown template \{start\}"),
        ({**SWIM_RULE, "value": "{start"}, "rule 'swim lessons': value: bad template"),
        ({**SWIM_RULE, "kind": "email"}, r"unknown template \{start\}"),
        ({**SWIM_RULE, "field": "family.{summary}"}, r"field: unknown template \{summary\}"),
        ({**SWIM_RULE, "field": "schedule"}, "must look like <domain>.<name>"),
        ({**SWIM_RULE, "field": "family"}, "must look like <domain>.<name>"),
        ({**SWIM_RULE, "field": "Family.Swim"}, "must look like <domain>.<name>"),
        ({**SWIM_RULE, "field": "weather.today"}, "must look like <domain>.<name>"),
        ({**SWIM_RULE, "field": "profile.home_city"}, "never change the profile"),
        ({**SWIM_RULE, "intent": "hypothetical"}, "intent must be 'assertive' or 'planning'"),
        ({**SWIM_RULE, "kind": "sms"}, "kind must be 'calendar' or 'email'"),
        ({**SWIM_RULE, "entity": "home"}, "entity must look like"),
        ({**SWIM_RULE, "colour": "red"}, "unknown keys colour"),
        ({k: v for k, v in SWIM_RULE.items() if k != "value"}, "value is required"),
        ({**SWIM_RULE, "value": ["a"]}, "value must be a string, number or boolean"),
        ({**SWIM_RULE, "kind": "email", "value": "x", "on_cancel": "x"}, "calendar rules only"),
    ],
)
def test_bad_rules_are_one_clear_error_naming_the_rule(table: dict[str, Any], error: str) -> None:
    with pytest.raises(ConfigError, match=error):
        parse_rules({"rules": [table]})


def test_rules_are_read_once_with_the_sources_into_frozen_objects(tmp_path: Path) -> None:
    path = tmp_path / "canon.toml"
    path.write_text(
        '[[sources]]\nname = "school"\nkind = "ics"\nurl = "school.ics"\n\n'
        "[[rules]]\n"
        'name = "swim lessons"\nkind = "calendar"\nmatch = "(?i)swim(ming)? lesson"\n'
        'field = "family.{slug}.schedule"\nvalue = "{start}"\n'
    )
    config = load_settings({"CANON_CONFIG": str(path)})
    [swim] = config.rules
    assert (swim.name, swim.match.pattern, [s.name for s in config.sources]) == (
        "swim lessons",
        "(?i)swim(ming)? lesson",
        ["school"],
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        swim.value = "x"  # type: ignore[misc]
    path.write_text(path.read_text() + '\n[[rules]]\nname = "swim lessons"\nkind = "email"\n')
    with pytest.raises(ConfigError, match="'swim lessons'"):
        load_settings({"CANON_CONFIG": str(path)})


# -- end to end: an ICS feed over HTTP on loopback, polled with rules ---------------

BOOK_CLUB = """BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:-//canon tests//EN\r
BEGIN:VEVENT\r
UID:book-club-1\r
DTSTAMP:20260201T000000Z\r
DTSTART;TZID=Europe/Berlin:20260305T190000\r
DTEND;TZID=Europe/Berlin:20260305T210000\r
SUMMARY:Book club at Anna's\r
LOCATION:Anna's flat\r
END:VEVENT\r
END:VCALENDAR\r
"""
EMPTY = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//canon tests//EN\r\nEND:VCALENDAR\r\n"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A directory served over HTTP on 127.0.0.1: (folder, base URL)."""
    folder = tmp_path / "www"
    folder.mkdir()

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *_: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Quiet, directory=str(folder)))
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    )
    thread.start()
    try:
        yield folder, f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


BOOK_RULES = {
    "rules": [
        {
            "name": "book club",
            "kind": "calendar",
            "match": "(?i)book club",
            "field": "family.book_club.schedule",
            "value": "{start}",
            "entity": "family:home",
            "on_cancel": "cancelled",
        },
        {  # renders past the schema's 500 characters: a dead letter, not a crash
            "name": "too long",
            "kind": "calendar",
            "match": "(?i)book club",
            "field": "family.book_club.blurb",
            "value": "{summary}" * 60,
        },
    ]
}


@pytest.mark.timeout(60)
async def test_a_rule_maps_an_ics_event_end_to_end_through_poll_once(
    tmp_path: Path, served: tuple[Path, str], engine: Engine
) -> None:
    folder, base = served
    (folder / "club.ics").write_text(BOOK_CLUB, newline="")
    feed = source(tmp_path, name="club", kind="ics", url=f"{base}club.ics")

    without = (await poll_once(engine, config_with(tmp_path, feed), BEFORE)).sources[0]
    assert without.ok, without.error
    assert without.signals == 0  # the built-in mapping does not track book clubs

    config = dataclasses.replace(config_with(tmp_path, feed), rules=parse_rules(BOOK_RULES))
    report = (await poll_once(engine, config, BEFORE)).sources[0]

    assert report.ok, report.error
    assert report.signals == 1
    assert report.decisions.get("invalid") == 1
    [letter] = await engine.store.dead_letters()
    assert "family.book_club.blurb" in letter.payload
    assert any("500" in e or "long" in e for e in letter.errors)

    async def claimed() -> list[Any]:
        facts = [
            f.value
            for f in await engine.store.facts("family:home")
            if f.field == "family.book_club.schedule"
        ]
        asked = [
            r.candidate_value
            for r in await engine.store.review_items(["pending", "queued"])
            if (r.entity_id, r.field) == ("family:home", "family.book_club.schedule")
        ]
        return facts + asked

    assert "2026-03-05T19:00:00+01:00" in await claimed()

    (folder / "club.ics").write_text(EMPTY, newline="")  # the event was deleted
    gone = (await poll_once(engine, config, BEFORE)).sources[0]
    assert gone.ok
    assert gone.signals == 1
    assert "cancelled" in await claimed()


async def test_rule_payloads_from_the_replay_entry_points_are_schema_checked(
    engine: Engine,
) -> None:
    rules = parse_rules(BOOK_RULES)
    event = {
        "id": "b",
        "summary": "Book club",
        "start": "2026-03-05T19:00:00+01:00",
        "end": "2026-03-05T21:00:00+01:00",
    }
    outcomes = [
        await engine.ingest(p, now=BEFORE)
        for p in calendar_payloads(event, at=BEFORE, entity_id="user:primary", rules=rules)
    ]
    assert sorted(o.decision == "invalid" for o in outcomes) == [False, True]
    mail = {"id": "m", "subject": "Book club", "body": "", "from": "a@x"}
    assert email_payloads(mail, at=BEFORE, entity_id="user:primary", rules=rules) == []
