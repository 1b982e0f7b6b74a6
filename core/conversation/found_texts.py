"""What ``canon migrate`` found in the user's files, one line per thing, as a person
writes it: "Trip to Tahoe planned, leaving Sunday, December 6", "The water bill ($64) is
due Thursday, December 10", "Dentist on Thursday, December 3 at 15:00", "You live in
Portland" — never one line per field ("The water bill currency is USD").

A finding is not believed yet, so it is told as "what do you know about me?" would tell
it once kept (``trip_answers``, ``errand_answers``, ``about_me``): one way of saying a
trip, a bill or an appointment for the whole chat. Pure: findings, ``now`` and the
user's time zone in, lines out.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from datetime import date, datetime

from core.conversation.about_me import plain_fact, without_said_twice
from core.conversation.answer_texts import YOUR_PHRASES, value_sentence
from core.conversation.errand_answers import errand_summary
from core.conversation.trip_answers import trip_summary
from core.domain.errands import leaves_on
from core.domain.state import CommittedFact, Scalar
from core.domain.user_clock import on_users_clock
from core.engine.answer_values import Choice
from core.engine.bootstrap import Finding, by_thing, proposed_findings
from core.engine.trip_state import DEPART, DESTINATION, LOCATION, RETURN, STATUS
from core.store import ReviewItem

_TRIP_TOLD = frozenset([STATUS, DESTINATION, LOCATION])
_TRIP_DAYS = frozenset([DEPART, RETURN])
_DATED = frozenset(["planning", "in_progress"])
"""The trip's fields ``trip_summary`` tells: its days only with one of these statuses."""

FOUND = "static_markdown"
"""The source a finding was read as (the user's files), until she keeps it."""


def found_lines(
    findings: Sequence[Finding], mine: str, now: datetime, zone: object = None
) -> list[tuple[str, str]]:
    """(thing, its line) for each thing ``findings`` name (``bootstrap.by_thing``), in
    the order the files name them; days read against ``now`` on the user's clock
    (``zone``: their IANA time zone, else the moment's own), times on that clock too."""
    today = on_users_clock(now, zone).date()
    things = by_thing(findings)
    trip = {f.field: f.value for f in things.get("travel", [])}
    out = []
    for thing, found in things.items():
        facts = [_as_fact(f, now, zone) for f in found]
        out.append((thing, _capital(_thing_line(thing, facts, mine, today, trip))))
    return out


DROP_REQUEST = "Which of these is wrong? Tap it and I drop it, then ask again about the rest."
"""What an Edit of the question of what the files said asks (``drop_choices`` under it)."""


def drop_choices(item: ReviewItem, zone: object = None) -> tuple[Choice, ...]:
    """The things of a bootstrap question as an Edit's buttons: a tap drops that thing
    (its value is the thing's key, ``bootstrap.named_things``); typing its words does too.
    ``zone``: the reader's, whose clock the question told its times on."""
    found = found_lines(proposed_findings(item), item.entity_id, item.created_at, zone)
    return tuple(Choice(thing, _label(line)) for thing, line in found)


def _label(line: str, most: int = 60) -> str:
    """A button's words: the thing's line, cut at a word when long."""
    return line if len(line) <= most else line[:most].rsplit(" ", 1)[0] + "…"


def _thing_line(
    thing: str, facts: list[CommittedFact], mine: str, today: date, trip: dict[str, Scalar]
) -> str:
    if thing == "travel" and (said := trip_summary({f.field: f for f in facts}, today)):
        # Its days are the trip's story only with a status; without one, said apart.
        told = _TRIP_TOLD | (_TRIP_DAYS if trip.get(STATUS) in _DATED else frozenset())
        rest = [
            _lower(value_sentence(f.entity_id, f.field, f.value, mine, None, today))
            for f in facts
            if f.field not in told
        ]
        return "; ".join([", ".join(said), *rest])
    if thing.startswith("financial."):
        errands, _ = errand_summary(facts, mine, today, None, leaves_on(trip))
        if errands:
            return errands[0]
    return "; ".join(
        value_sentence(f.entity_id, f.field, f.value, mine, None, today)
        if f.field in YOUR_PHRASES or f.field.count(".") != 2
        # An appointment or a member: "dentist on Thursday, December 3 at 15:00".
        else plain_fact(f, today)
        for f in without_said_twice(facts)
    )


def _as_fact(f: Finding, now: datetime, zone: object) -> CommittedFact:
    """A finding as the fact it would be once kept, a moment on the user's clock."""
    value = f.value
    if f.field.endswith(".schedule") and isinstance(value, str) and "T" in value:
        with suppress(ValueError):  # not a moment: shown as written
            value = on_users_clock(datetime.fromisoformat(value), zone).isoformat()
    return CommittedFact(
        entity_id=f.entity_id,
        field=f.field,
        value=value,
        version=0,
        source_type=FOUND,
        source_ref=f.line_ref,
        confidence=1.0,
        event_id=f.event_id,
        evidence_ts=now,
        committed_at=now,
        resolution="found",
    )


def _lower(sentence: str) -> str:
    """A trip's sentence ("Your departure date is …") after another part of its line."""
    return sentence[:1].lower() + sentence[1:]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
