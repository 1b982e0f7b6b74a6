"""A stranger's invitation on the user's CalDAV calendar (a real Radicale on loopback).

Anyone can invite the user: the invitation sits on their calendar before they answer
it. Who organised an event decides what it may claim: one the user has not accepted is
asked about, never committed, and vouches for nothing the user says; one they declined
is no evidence; one they accepted is their own plan, from the next poll on.
"""

from __future__ import annotations

import dataclasses
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from caldav.davclient import DAVClient
from canon_testing import make_observation
from context_parser import parse_block
from source_servers import Radicale
from sources_helpers import TAKES_TRAVEL, config_with, source

from core.conversation.context_read import load_context
from core.conversation.texts import prompt_body
from core.domain.principals import token_principal
from core.engine.engine import Engine
from core.engine.review import answer_review
from core.errors import ClaimRefused
from core.settings import Settings
from core.signals.rules import Rule, parse_rule
from core.sources.kinds.caldav import fetch_caldav
from core.sources.poller import poll_once
from core.store.sqlite import SQLiteStore

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
ME = "me@example.com"
STRANGER = "stranger@evil.example"


def _event(
    uid: str,
    summary: str,
    *,
    organizer: str | None = STRANGER,
    answer: str | None = "NEEDS-ACTION",
    start: datetime = NOW - timedelta(hours=3),
    days: int = 3,
) -> str:
    stamp = "%Y%m%dT%H%M%SZ"
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//canon tests//EN",
        "BEGIN:VEVENT",
        f"UID:{uid}",
        "DTSTAMP:20260201T000000Z",
        f"DTSTART:{start:{stamp}}",
        f"DTEND:{start + timedelta(days=days):{stamp}}",
        f"SUMMARY:{summary}",
    ]
    if organizer is not None:
        lines.append(f"ORGANIZER;CN=Your Travel Desk:mailto:{organizer}")
        lines.append(f"ATTENDEE;CN=Organizer;PARTSTAT=ACCEPTED:mailto:{organizer}")
    if answer is not None:
        lines.append(f"ATTENDEE;CN=Me;PARTSTAT={answer};RSVP=TRUE:mailto:{ME}")
    return "\r\n".join([*lines, "END:VEVENT", "END:VCALENDAR", ""])


def _calendar(
    radicale: Radicale, *events: str, login: str | None = None
) -> tuple[str, str, str, list[Any]]:
    user, password = radicale.add_user(name=login)
    client = DAVClient(
        url=radicale.url, username=user, password=password, enable_rfc6764=False, require_tls=False
    )
    calendar = client.principal().make_calendar(name="mine", cal_id="mine")
    return str(calendar.url), user, password, [calendar.save_event(e) for e in events]


def _settings(tmp_path: Path, url: str, user: str, password: str, **more: Any) -> Settings:
    dav = source(
        tmp_path,
        name="dav",
        kind="caldav",
        url=url,
        username=user,
        password=password,
        ssl=False,
        **more,
    )
    return config_with(tmp_path, dav)


@pytest.fixture
def engine(store: SQLiteStore) -> Engine:
    """An engine that commits the calendar's travel plans alone (``TAKES_TRAVEL``)."""
    return Engine(store, TAKES_TRAVEL)


async def _travel(engine: Engine, entity: str = "user:primary") -> dict[str, Any]:
    return {f.field: f.value for f in await engine.store.facts(entity) if f.domain == "travel"}


def test_the_events_say_who_organised_them_and_what_the_owner_answered(
    tmp_path: Path, radicale: Radicale
) -> None:
    url, user, password, _ = _calendar(
        radicale,
        _event("own", "Trip to Lisbon", organizer=ME, answer=None),
        _event("plain", "Trip to Porto", organizer=None, answer=None),
        _event("asked", "Flight to Moscow"),
        _event("yes", "Trip to Rome", answer="ACCEPTED"),
        _event("maybe", "Trip to Oslo", answer="TENTATIVE"),
        _event("no", "Flight to Paris", answer="DECLINED"),
    )
    cfg = _settings(tmp_path, url, user, password, owner_addresses=[f"MAILTO:{ME.upper()}"])

    events = {e["id"]: e.get("invitation") for e in fetch_caldav(cfg.sources[0], NOW)}

    assert events == {
        "own": None,  # the owner organised it
        "plain": None,  # nobody organised it: an event the owner typed in
        "asked": {"organizer": STRANGER, "response": "needs_action"},
        "yes": {"organizer": STRANGER, "response": "accepted"},
        "maybe": {"organizer": STRANGER, "response": "tentative"},
        "no": {"organizer": STRANGER, "response": "declined"},
    }


def test_without_the_owners_addresses_a_meeting_with_invitees_may_be_a_strangers(
    tmp_path: Path, radicale: Radicale
) -> None:
    """Radicale's calendar-user-address-set names a path, not a mail address, and its
    login here is no mail address: with no owner_addresses configured nobody can tell
    the owner's meeting from a stranger's invitation, so one that invites anyone is
    asked (``unknown``); an event that invites nobody is the owner's own."""
    url, user, password, _ = _calendar(
        radicale,
        _event("asked", "Flight to Moscow"),
        _event("lone", "Trip to Lisbon", answer=None),
        _event("plain", "Trip to Porto", organizer=None, answer=None),
    )
    events = fetch_caldav(_settings(tmp_path, url, user, password).sources[0], NOW)
    assert {e["id"]: e.get("invitation") for e in events} == {
        "asked": {"organizer": STRANGER, "response": "unknown"},
        "lone": None,  # its one attendee is its organiser: nobody was invited
        "plain": None,
    }


def test_a_login_that_is_a_mail_address_names_the_owner(tmp_path: Path, radicale: Radicale) -> None:
    """Hosted servers log in with the owner's mail address: their own meeting is theirs,
    a stranger's invitation is told apart with no owner_addresses configured."""
    me = f"me-{uuid.uuid4().hex[:6]}@example.com"
    mine = _event("mine", "Trip to Lisbon", organizer=me, answer=None).replace(
        "END:VEVENT", "ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:friend@example.com\r\nEND:VEVENT"
    )
    theirs = _event("theirs", "Flight to Moscow").replace(f"mailto:{ME}", f"mailto:{me}")
    url, user, password, _ = _calendar(radicale, mine, theirs, login=me)
    events = fetch_caldav(_settings(tmp_path, url, user, password).sources[0], NOW)
    assert {e["id"]: e.get("invitation") for e in events} == {
        "mine": None,
        "theirs": {"organizer": STRANGER, "response": "needs_action"},
    }


async def test_without_the_owners_addresses_a_strangers_flight_is_asked_never_committed(
    tmp_path: Path, radicale: Radicale, engine: Engine
) -> None:
    url, user, password, _ = _calendar(radicale, _event("asked", "Flight to Moscow"))
    report = (await poll_once(engine, _settings(tmp_path, url, user, password), NOW)).sources[0]

    assert report.ok, report.error
    assert await _travel(engine) == {}, "a stranger's word is not the user's plan"
    asked = {r.field: r for r in await engine.store.review_items(["pending", "queued"])}
    assert asked["travel.location"].candidate_value == "Moscow"
    why = prompt_body(asked["travel.location"], "user:primary", now=NOW).splitlines()[-1]
    assert why.startswith(f"From an invitation by \"{STRANGER}\" (I can't tell whether that's you")


async def test_a_strangers_unaccepted_flight_is_asked_naming_the_invitation_never_committed(
    tmp_path: Path, radicale: Radicale, engine: Engine
) -> None:
    url, user, password, _ = _calendar(radicale, _event("asked", "Flight to Moscow"))
    config = _settings(tmp_path, url, user, password, owner_addresses=[ME])

    report = (await poll_once(engine, config, NOW)).sources[0]

    assert report.ok, report.error
    assert report.signals == 1
    assert await _travel(engine) == {}, "a stranger's word is not the user's plan"
    asked = {r.field: r for r in await engine.store.review_items(["pending", "queued"])}
    assert asked["travel.destination"].candidate_value == "Moscow"
    assert asked["travel.location"].candidate_value == "Moscow"
    why = prompt_body(asked["travel.location"], "user:primary", now=NOW).splitlines()[-1]
    assert why.startswith(f'From an invitation by "{STRANGER}" you have not accepted')
    # An assistant acting for the user may not settle the stranger's word: its Yes would
    # make the organiser's plan a user confirmation. The user herself may.
    delegate = token_principal("t1", "delegate", "user:primary", "assistant")
    with pytest.raises(ClaimRefused, match="invitation the user has not accepted"):
        await answer_review(
            engine, asked["travel.location"].id, "confirm", now=NOW, principal=delegate
        )
    assert await _travel(engine) == {}
    await answer_review(engine, asked["travel.location"].id, "confirm", now=NOW)
    assert (await _travel(engine))["travel.location"] == "Moscow"


async def test_a_strangers_unaccepted_flight_does_not_corroborate_landing_there(
    tmp_path: Path, radicale: Radicale, engine: Engine
) -> None:
    """The user's own "landed in Moscow" counts exactly as much as Bob's, who has no such
    invitation: the stranger's flight (under way, so it claims where the user is) is no
    second source."""
    url, user, password, _ = _calendar(radicale, _event("asked", "Flight to Moscow"))
    config = _settings(tmp_path, url, user, password, owner_addresses=[ME])
    assert (await poll_once(engine, config, NOW - timedelta(hours=1))).ok

    def landed(entity: str) -> dict[str, Any]:
        return make_observation("travel.location", "Moscow", at=NOW, entity=entity)

    alice = await engine.ingest(landed("user:primary"), now=NOW)
    bob = await engine.ingest(landed("user:bob"), now=NOW)

    assert alice.confidence == bob.confidence
    assert "corroboration 1.00" in alice.reasons[0]
    logged = await engine.store.events_for("user:primary", "travel.location", "Moscow")
    [said] = [e for e in logged if e.source_type == "conversation_assertive"]
    assert said.corroborators == ()


async def test_a_declined_invitation_is_no_evidence_at_all(
    tmp_path: Path, radicale: Radicale, engine: Engine
) -> None:
    url, user, password, _ = _calendar(radicale, _event("no", "Flight to Paris", answer="DECLINED"))
    config = _settings(tmp_path, url, user, password, owner_addresses=[ME])

    report = (await poll_once(engine, config, NOW)).sources[0]

    assert report.ok, report.error
    assert report.signals == 0
    assert await engine.store.review_items(["pending", "queued"]) == []
    assert await _travel(engine) == {}


async def test_an_invitation_that_arrives_accepted_is_the_organisers_word_not_the_users(
    tmp_path: Path, radicale: Radicale, engine: Engine
) -> None:
    """The organiser writes every ATTENDEE line of what they send: a stranger's "Trip to
    Rome" with ``ATTENDEE;PARTSTAT=ACCEPTED:mailto:me`` was committed as the user's own
    plan on its first poll. Canon never saw the user accept it, so it is asked, says so
    in the question and in the context block, and commits nothing, poll after poll."""
    later = NOW + timedelta(days=10)
    url, user, password, _ = _calendar(
        radicale, _event("yes", "Trip to Rome", answer="ACCEPTED", start=later)
    )
    config = _settings(tmp_path, url, user, password, owner_addresses=[ME])

    assert (await poll_once(engine, config, NOW)).ok
    assert (await poll_once(engine, config, NOW + timedelta(minutes=5))).ok

    assert await _travel(engine) == {}
    asked = await engine.store.review_items(["pending", "queued"])
    assert {r.candidate_value for r in asked if r.field == "travel.destination"} == {"Rome"}
    [why] = {prompt_body(r, "user:primary", now=NOW).splitlines()[-1] for r in asked[:1]}
    assert f'"{STRANGER}" marked accepted, but I never saw you accept it' in why, why
    block = await load_context(
        engine.store, engine.policy, ["user:primary"], NOW, viewer="user:primary"
    )
    invited = parse_block(block.text).questions
    assert invited
    assert {(q.invited_by, q.answer) for q in invited} == {
        (STRANGER, "marked accepted by its organiser only")
    }


async def test_accepting_the_invitation_later_makes_it_the_users_plan_on_the_next_poll(
    tmp_path: Path, radicale: Radicale, engine: Engine
) -> None:
    later = NOW + timedelta(days=10)
    url, user, password, [invite] = _calendar(
        radicale, _event("moscow", "Flight to Moscow", start=later)
    )
    config = _settings(tmp_path, url, user, password, owner_addresses=[ME])
    assert (await poll_once(engine, config, NOW)).ok
    assert await _travel(engine) == {}

    invite.data = _event("moscow", "Flight to Moscow", answer="ACCEPTED", start=later)
    invite.save()
    report = (await poll_once(engine, config, NOW + timedelta(minutes=5))).sources[0]

    assert report.ok, report.error
    assert (await _travel(engine))["travel.destination"] == "Moscow"


SWIM_RULE = parse_rule(
    {
        "name": "swim club",
        "kind": "calendar",
        "match": "(?i)swim lessons",
        "field": "family.{slug}.schedule",
        "value": "{start}",
    },
    0,
)
THEIRS = "stranger_evil_example"
"""The organiser's item: STRANGER's address as a slug (as their mail's would be)."""


async def _asked_on(engine: Engine) -> set[str]:
    return {r.field for r in await engine.store.review_items(["pending", "queued"])}


@pytest.mark.parametrize("rules", [(), (SWIM_RULE,)], ids=["built-in", "rules"])
async def test_a_strangers_invitation_title_does_not_choose_the_users_item_until_accepted(
    tmp_path: Path, radicale: Radicale, engine: Engine, rules: tuple[Rule, ...]
) -> None:
    """A stranger's "Swim lessons" was filed under the user's own family.swim_lessons
    (asked, but on the user's item): until the user accepts it, it is the organiser's,
    filed under the organiser. Accepting it (seen happen: first unanswered, then
    accepted) claims the title's item and closes what was asked on the organiser's, so
    no question is left to be answered onto the stranger's item."""
    later = NOW + timedelta(days=10)
    url, user, password, [invite] = _calendar(
        radicale, _event("swim", "Swim lessons", start=later, days=1)
    )
    config = dataclasses.replace(
        _settings(tmp_path, url, user, password, owner_addresses=[ME]), rules=rules
    )
    assert (await poll_once(engine, config, NOW)).ok

    asked = await _asked_on(engine)
    assert f"family.{THEIRS}.schedule" in asked
    assert not [f for f in asked if f.startswith("family.swim_lessons.")]
    assert await engine.store.events_for("user:primary", "family.swim_lessons.schedule") == []

    invite.data = _event("swim", "Swim lessons", answer="ACCEPTED", start=later, days=1)
    invite.save()
    assert (await poll_once(engine, config, NOW + timedelta(minutes=5))).ok

    assert not [f for f in await _asked_on(engine) if f.startswith(f"family.{THEIRS}.")]
    [own] = await engine.store.events_for("user:primary", "family.swim_lessons.schedule")
    assert own.source_type == "calendar"
    assert own.value == later.isoformat()
    theirs = await engine.store.review_items(["superseded"])
    assert f"family.{THEIRS}.schedule" in {r.field for r in theirs}
