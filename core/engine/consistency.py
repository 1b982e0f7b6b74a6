"""Timeline and consistency checks across related fields (the design's validation layer).

Each field is resolved on its own, so two committed facts can be true one by
one and impossible together: a return before the departure, a departure still
ahead while the trip is under way or over, a finished trip with the user still
at its destination. ``find_conflicts`` is a pure function of one or more
entities' committed facts, their open questions and ``now``; it reads no clock
and does no I/O. ``core.engine.conflicts`` stores what it finds as questions.

A conflict between fields names the field most likely out of date (``suspect``:
the one an older word set) and a fix for it (``proposed``; None means forget
it), so the question has plain Yes (apply the fix), No (keep everything) and
Edit (the right value for that field) answers. Two open questions that propose
different values for one field are a conflict too, but they are already asked:
they carry no suspect and are only listed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from itertools import groupby
from typing import Literal

from core.domain.move_words import MOVE_CITY, MOVE_DATE, due_day, month_of, when_moving
from core.domain.phrasing import label, show, show_date, show_in
from core.domain.review_items import CONSISTENCY_SOURCE, OPEN_STATUSES, ReviewItem
from core.domain.state import CommittedFact, Scalar, value_key
from core.domain.timeutil import calendar_day as calendar_day  # read here by its callers
from core.domain.user_clock import on_users_clock
from core.extraction.gazetteer import same_city, time_zone_of
from core.extraction.users_clock import time_where as time_where  # read here by its callers
from core.extraction.users_clock import today_where as today_where
from core.extraction.users_clock import users_zone as users_zone

ConflictKind = Literal[
    "return_before_departure",
    "at_destination_trip_planned",
    "departure_ahead_trip_under_way",
    "departure_ahead_trip_over",
    "trip_over_still_at_destination",
    "home_again_on_the_trip_clock",
    "move_day_come",
    "move_month_come",
    "move_not_made",
    "moved_plan_kept",
    "move_day_without_place",
    "open_questions_disagree",
]
SOURCE_PREFIX = CONSISTENCY_SOURCE
"""Source key prefix of the questions ``core.engine.conflicts`` opens for conflicts."""
FORCED = "it follows from your answer"
"""The last reason of a conflict's fix the user's answer forced (``core.engine.conflicts``);
its commit's evidence says why, for ``/why``."""
FOLLOWS_TRIP = "it follows your trip"
"""The last reason of an errand's due day moved with the trip's day to leave
(``core.engine.errand_follows_trip``); its commit's evidence says why, as ``FORCED``'s."""

DEPART, RETURN = "travel.depart_date", "travel.return_date"
TIMEZONE, HOME = "profile.timezone", "profile.home_city"
STATUS, LOCATION, DESTINATION = "travel.status", "travel.location", "travel.destination"


@dataclass(frozen=True)
class Conflict:
    """Facts (or open questions) of one entity that cannot all be true."""

    kind: ConflictKind
    entity_id: str
    fields: tuple[str, ...]
    values: tuple[Scalar, ...]
    sentence: str
    """The contradiction in plain words, for the question and the context block."""
    suspect: str | None = None
    """The field the question offers to fix; None when nothing needs asking."""
    proposed: Scalar = None
    """The fix for ``suspect`` (None: forget it)."""

    @property
    def key(self) -> str:
        """Stable identity: the same contradiction between the same values is one conflict."""
        pairs = ",".join(
            f"{f}={value_key(v)}" for f, v in zip(self.fields, self.values, strict=True)
        )
        return f"{self.kind}|{self.entity_id}|{pairs}"

    @property
    def source_key(self) -> str:
        """The source key of the question that asks about this conflict."""
        return SOURCE_PREFIX + self.key


def is_conflict_question(item: ReviewItem) -> bool:
    return item.kind == "change" and item.source_key.startswith(SOURCE_PREFIX)


def no_cannot_keep(item: ReviewItem) -> bool:
    """Whether No to ``item`` cannot keep everything: a trip under way whose departure is
    still ahead is impossible whatever the day it began, so No to the day proposed
    forgets the departure date rather than leave it in the future."""
    return is_conflict_question(item) and item.source_key.startswith(
        f"{SOURCE_PREFIX}departure_ahead_trip_under_way|"
    )


def is_move_day_question(item: ReviewItem) -> bool:
    """Whether ``item`` is "Have you moved to Denver?", asked when the move's day came."""
    return is_conflict_question(item) and item.source_key.startswith(
        f"{SOURCE_PREFIX}move_day_come|"
    )


def move_not_made(entity: str, state: Mapping[str, Scalar]) -> Conflict | None:
    """The plan a No to "Have you moved?" ends: its place forgotten (its day follows, as
    a day with no place). None when no move is planned."""
    city, when = state.get(MOVE_CITY), state.get(MOVE_DATE)
    if city is None:
        return None
    return Conflict(
        "move_not_made",
        entity,
        (MOVE_CITY, MOVE_DATE),
        (city, when),
        f"You have not moved to {show(city)}"
        + ("" if when is None else f" as planned {when_moving(when)}"),
        suspect=MOVE_CITY,
    )


def touches_timeline(field: str | None) -> bool:
    """Whether committing ``field`` can raise or settle a conflict (so a commit to
    anything else need not look: the checks read trips, home, a move and time zone only)."""
    return field is not None and (
        field.startswith(("travel.", "profile.move_")) or field in (HOME, TIMEZONE)
    )


def find_conflicts(
    facts: Iterable[CommittedFact], open_items: Iterable[ReviewItem], now: datetime
) -> tuple[Conflict, ...]:
    """Every conflict among ``facts`` (expired ones aside) and open ``open_items`` at ``now``.

    Ordered by entity, then by the order of the checks; deterministic.
    """
    live = [f for f in facts if f.valid_until is None or f.valid_until > now]
    by_entity: dict[str, dict[str, CommittedFact]] = {}
    for f in sorted(live, key=lambda f: (f.entity_id, f.field)):
        by_entity.setdefault(f.entity_id, {})[f.field] = f
    questions = sorted(
        (
            r
            for r in open_items
            if r.kind == "change" and r.status in OPEN_STATUSES and not is_conflict_question(r)
        ),
        key=lambda r: (r.entity_id, r.field, r.seq),
    )
    asked: dict[str, list[ReviewItem]] = {}
    for r in questions:
        asked.setdefault(r.entity_id, []).append(r)
    found: list[Conflict] = []
    for entity in sorted(by_entity.keys() | asked.keys()):
        known = by_entity.get(entity, {})
        state = {name: f.value for name, f in known.items()}
        today = today_where(state, now)
        status = known.get(STATUS)
        # The day the trip was first known under way (a trip under way began by then).
        since = today if status is None else min(today, today_where(state, status.evidence_ts))
        found += _timeline(entity, known, today, since)
        found += _disagreeing_questions(entity, asked.get(entity, []))
    return tuple(found)


def _timeline(
    entity: str, known: Mapping[str, CommittedFact], today: date, since: date
) -> list[Conflict]:
    out: list[Conflict] = []
    state = {name: f.value for name, f in known.items()}
    depart, back = state.get(DEPART), state.get(RETURN)
    depart_day, back_day = calendar_day(depart), calendar_day(back)
    departure, back_label = label(DEPART, entity, entity), label(RETURN, entity, entity)
    if depart_day and back_day and back_day < depart_day:
        out.append(
            Conflict(
                "return_before_departure",
                entity,
                (DEPART, RETURN),
                (depart, back),
                f"{back_label[:1].upper()}{back_label[1:]} ({show_date(back)}) is before "
                f"{departure} ({show_date(depart)})",
                # The older word is the one out of date: a planned departure is what a
                # return the user told of since proves wrong (it was not ahead after all).
                suspect=DEPART if _older(known, DEPART, RETURN) else RETURN,
            )
        )
    status = state.get(STATUS)
    if depart_day and depart_day > today and status in ("in_progress", "completed"):
        under_way = status == "in_progress"
        out.append(
            Conflict(
                "departure_ahead_trip_under_way" if under_way else "departure_ahead_trip_over",
                entity,
                (STATUS, DEPART),
                (status, depart),
                (
                    f"The trip is {'under way' if under_way else 'over'}, but {departure} "
                    f"is still {show_date(depart)}, in the future"
                ),
                suspect=DEPART,
                # Under way: it started by the day it was known under way (its arrival
                # day, told with the arrival, is asked with it: core.engine.trip_state).
                # Over: when is unknown.
                proposed=since.isoformat() if under_way else None,
            )
        )
    where, going = state.get(LOCATION), state.get(DESTINATION)
    home = state.get("profile.home_city")
    location = label(LOCATION, entity, entity)
    if status == "planning" and _same_place(where, going) and not _same_place(where, home):
        # At the place the plan goes to: the trip has begun (not for a trip home).
        out.append(
            Conflict(
                "at_destination_trip_planned",
                entity,
                (STATUS, LOCATION, DESTINATION),
                (status, where, going),
                f"{location[:1].upper()}{location[1:]} is {show(where)}, where the trip "
                "goes, but the trip is still only planned",
                suspect=STATUS,
                proposed="in_progress",
            )
        )
    if status == "completed" and _same_place(where, going) and not _same_place(where, home):
        # Still at the place a finished trip went, unless that place is home now (a
        # move to a city once visited): being home is never being away.
        out.append(
            Conflict(
                "trip_over_still_at_destination",
                entity,
                (STATUS, LOCATION, DESTINATION),
                (status, where, going),
                f"The trip to {show(going)} is over, but I still have {location} as {show(where)}",
                suspect=LOCATION,
                proposed=home if isinstance(home, str) and not _same_place(home, going) else None,
            )
        )
    clock = _trip_clock_at_home(entity, known, depart_day)
    return [*out, *((clock,) if clock is not None else ()), *_move(entity, state, today)]


def _move(entity: str, state: Mapping[str, Scalar], today: date) -> list[Conflict]:
    """A planned move against home and the day: its day come while home is still the old
    one is asked ("Have you moved to Denver?": a move is not made by the calendar alone);
    a move made (home is its city now) leaves no plan behind, nor a day with no place."""
    city, when, home = state.get(MOVE_CITY), state.get(MOVE_DATE), state.get(HOME)
    if city is None:
        if when is None:
            return []
        return [
            Conflict(
                "move_day_without_place",
                entity,
                (MOVE_CITY, MOVE_DATE),
                (city, when),
                f"A move is planned {when_moving(when)}, but not where to",
                suspect=MOVE_DATE,
            )
        ]
    if _same_place(city, home):
        return [
            Conflict(
                "moved_plan_kept",
                entity,
                (HOME, MOVE_CITY),
                (home, city),
                f"You live in {show(home)} now, but a move there is still planned",
                suspect=MOVE_CITY,
            )
        ]
    day, month = due_day(when), month_of(when)
    moving_from = "" if home is None else " from " + show(home)
    planned = f"Your move{moving_from} to {show(city)}"
    if month is not None and day is not None and month <= today < day:
        # Only the month was said: asked on its first days too, as a person who moved on
        # the 3rd would be ("Have you moved to Denver?"); No there is "not yet", the plan
        # kept and asked again on the month's last day (``move_day_come``).
        kind: ConflictKind = "move_month_come"
        sentence = f"{planned} is planned {when_moving(when)}; No keeps it planned"
    elif day is None or day > today:
        return []
    else:
        kind, sentence = "move_day_come", f"{planned} was planned {when_moving(when)}"
    return [
        Conflict(
            kind,
            entity,
            (MOVE_CITY, MOVE_DATE, HOME),
            (city, when, home),
            sentence,
            suspect=HOME,
            proposed=city,
        )
    ]


def _trip_clock_at_home(
    entity: str, known: Mapping[str, CommittedFact], departed: date | None
) -> Conflict | None:
    """Back home from a trip on a clock set while away ("my time zone is japan time now"
    in Tokyo): home again, the home city's clock is proposed (asked: someone may keep
    another clock on purpose, so only a zone set since the trip left is doubted)."""
    state = {name: f.value for name, f in known.items()}
    zone, home, set_at = state.get(TIMEZONE), state.get("profile.home_city"), known.get(TIMEZONE)
    if state.get(STATUS) != "completed" or not _same_place(state.get(LOCATION), home):
        return None
    home_zone = time_zone_of(home) if isinstance(home, str) else None
    if home_zone is None or not isinstance(zone, str) or zone == home_zone or set_at is None:
        return None
    if departed is None or on_users_clock(set_at.evidence_ts, home_zone).date() < departed:
        # A clock kept from before the trip is the user's own choice. The day it left is
        # a day of the home calendar: 7 pm in New York the evening before is UTC's day of
        # leaving, and still before it.
        return None
    return Conflict(
        "home_again_on_the_trip_clock",
        entity,
        (STATUS, LOCATION, TIMEZONE),
        (state.get(STATUS), home, zone),
        f"You're back home in {show(home)}, but your time zone is still "
        f"{show_in(TIMEZONE, zone)}, set while you were away",
        suspect=TIMEZONE,
        proposed=home_zone,
    )


def _older(known: Mapping[str, CommittedFact], field: str, than: str) -> bool:
    """Whether ``field``'s committed word is older than ``than``'s."""
    a, b = known.get(field), known.get(than)
    return a is not None and b is not None and a.evidence_ts < b.evidence_ts


def _same_place(a: Scalar, b: Scalar) -> bool:
    """One place by its name in any case, or by a nickname ("NYC" is New York)."""
    return (
        isinstance(a, str)
        and isinstance(b, str)
        and (a.strip().casefold() == b.strip().casefold() or same_city(a, b))
    )


def _disagreeing_questions(entity: str, items: Sequence[ReviewItem]) -> list[Conflict]:
    out: list[Conflict] = []
    for field, group in groupby(items, key=lambda r: r.field):
        values: dict[str, Scalar] = {}
        for r in group:
            values.setdefault(value_key(r.candidate_value), r.candidate_value)
        if len(values) < 2:
            continue
        shown = " or ".join(show(v) for v in values.values())
        out.append(
            Conflict(
                "open_questions_disagree",
                entity,
                (field,) * len(values),
                tuple(values.values()),
                f"Open questions disagree about {label(field, entity, entity)}: {shown}",
            )
        )
    return out
