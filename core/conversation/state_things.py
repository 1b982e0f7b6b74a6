"""/state a thing a line: a bill, an appointment, a trip told once, as "what do you know
about me?" and the question of what the files said tell it ("The water bill ($64) is
due Thursday, December 10", "Dentist on Thursday, December 3 at 15:00", "Trip to Tahoe
planned, leaving Sunday, December 6"), never a line per field ("The water bill currency
is USD"), and each line still says who said it and when.

A thing's fields may have come from different places at different times: its line says
the source of its head (a bill's status, a trip's) and then, part by part, any other
("— you confirmed it, 2 h ago; its departure day: your calendar, just now"). A field a
line cannot tell truthfully (ended, in doubt, overruled, another member's) keeps its own
line; /why stays field by field. Pure: facts, ``today`` and ``now`` in, lines out.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime

from core.conversation.about_me import plain_fact
from core.conversation.errand_answers import errand_summary
from core.conversation.source_words import listed_source
from core.conversation.trip_answers import trip_summary
from core.conversation.views import age_text
from core.domain.errands import errand_part
from core.domain.phrasing_values import show
from core.domain.state import CommittedFact
from core.domain.tense import has_ended
from core.engine.trip_state import DEPART, DESTINATION, RETURN, STATUS

Key = tuple[str, str]
"""(entity, field) of a held fact."""


@dataclass(frozen=True)
class Thing:
    """One line of /state that tells several fields (or one in a thing's words)."""

    sentence: str
    facts: tuple[CommittedFact, ...]
    """What it tells, its head first (whose source the line says plainly)."""


_PLANNED = frozenset(["planning", "in_progress"])
"""A trip's statuses with which its days are part of its line (``trip_summary``)."""
_PART_WORDS = {
    "depart_date": "departure day",
    "return_date": "return day",
    "due_date": "due day",
    "schedule": "day",
}


def things_of(
    rows: Sequence[CommittedFact],
    mine: str,
    today: date,
    now: datetime,
    apart: Collection[Key],
    left: date | None = None,
    leaves: date | None = None,
) -> list[Thing]:
    """The things of the reader ``mine`` among ``rows`` said a line each: their errands
    (``errand_summary``; ``left``, ``leaves``: its trip's days), appointments
    (``plain_fact``) and trip (``trip_summary``; its place is where they are, a line of
    its own). ``apart``: fields said on their own line whatever their thing (overruled,
    a day in doubt, a day that is no deadline)."""
    own = [
        f
        for f in rows
        if f.entity_id == mine and (f.entity_id, f.field) not in apart and not has_ended(f, now)
    ]
    return [
        t
        for t in (
            *_errands(own, mine, today, left, leaves),
            *_events(own, today),
            _trip(own, today),
        )
        if t is not None
    ]


def _errands(
    own: Sequence[CommittedFact], mine: str, today: date, left: date | None, leaves: date | None
) -> list[Thing]:
    by_slug: dict[str, dict[str, CommittedFact]] = {}
    for f in own:
        if (part := errand_part(f.field)) is not None:
            by_slug.setdefault(part[0], {})[part[1]] = f
    out = []
    for fields in by_slug.values():
        status = fields.get("status")
        if status is None:
            continue
        if status.value != "due":  # its day is said only while it is to be done
            fields.pop("due_date", None)
        said, told = errand_summary(list(fields.values()), mine, today, left, leaves)
        facts = [status, *(f for name, f in fields.items() if name != "status" and f.field in told)]
        if said and len(facts) > 1:
            out.append(Thing(_capital(said[0]), tuple(facts)))
    return out


def _events(own: Sequence[CommittedFact], today: date) -> list[Thing]:
    """An appointment's day ("Dentist on Thursday, December 3 at 15:00"), its status with
    it: "scheduled" said by its day, another after it ("(cancelled)")."""
    status = {f.field: f for f in own if f.field.endswith(".event_status")}
    out = []
    for f in own:
        if f.field.count(".") != 2 or not f.field.endswith(".schedule") or f.value == "cancelled":
            continue
        said = plain_fact(f, today)
        told = status.get(f.field.removesuffix("schedule") + "event_status")
        if told is not None and told.value != "scheduled":
            said += f" ({show(told.value)})"  # "Dentist on Thursday, … (cancelled)"
        out.append(Thing(_capital(said), (f,) if told is None else (told, f)))
    return out


def _trip(own: Sequence[CommittedFact], today: date) -> Thing | None:
    trip = {f.field: f for f in own if f.field in (STATUS, DESTINATION, DEPART, RETURN)}
    status = trip.get(STATUS)
    if status is None:
        return None
    if status.value not in _PLANNED:  # a trip over or off: its days said as they were
        trip = {k: f for k, f in trip.items() if k not in (DEPART, RETURN)}
    if len(trip) < 2:
        return None
    said = trip_summary(trip, today)
    return Thing(_capital(", ".join(said)), (status, *(f for k, f in trip.items() if k != STATUS)))


def source_said(
    f: CommittedFact, mine: str, now: datetime, names: Mapping[str, str] | None = None
) -> str:
    """ "you confirmed it, 2 h ago", "your calendar, just now": who said ``f`` and when."""
    return f"{listed_source(f, mine, names)}, {age_text(f.evidence_ts, now)} ago".replace(
        "just now ago", "just now"
    )


def sources_said(
    facts: Sequence[CommittedFact], mine: str, now: datetime, names: Mapping[str, str] | None = None
) -> str:
    """Who said a thing's fields and when: once when all alike; else its head's, then
    each other's by part ("; its departure day: your calendar, just now")."""
    said = [(f, source_said(f, mine, now, names)) for f in facts]
    head = said[0][1]
    others: dict[str, list[str]] = {}
    for f, s in said[1:]:
        if s != head:
            others.setdefault(s, []).append(_part(f))
    return "; ".join([head, *(f"its {' and '.join(parts)}: {s}" for s, parts in others.items())])


def _part(f: CommittedFact) -> str:
    last = f.field.rsplit(".", 1)[-1]
    return _PART_WORDS.get(last, last.replace("_", " "))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
