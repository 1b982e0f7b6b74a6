"""One coherent state per trip and home: what one word about a trip means for its other fields.

Each field is resolved on its own (``core.domain.resolver``), but a trip is one thing:
coming home ends the trip *and* moves the user, arriving starts it *and* says where
they are, and evidence about the trip (a calendar flight to Denver with its dates)
speaks for all of its fields. This module holds those rules as pure functions of the
observations in a batch, the entity's committed facts and ``now``; it reads no clock
and does no I/O. The engine calls them before it resolves a batch:

``companions_of``
    The observations a word implies but its message does not state. A return ("we got back home
    last night": ``travel.status`` completed) puts the user back home in the same
    breath: ``travel.location`` becomes the home city (``profile.home_city``) when it is
    known, and is forgotten when it is not, so the trip is never over while the user is
    still "in Tahoe". An arrival at the trip's destination while it is only planned
    starts the trip; being back in the home city while a trip is under way ends it.
    A companion has its trigger's source, time and wording, so it joins its trigger's
    question ("Back home in Portland?") and is decided with it (``follows``).
    The trip's dates go with it too: a trip over keeps no day still ahead, and a
    cancelled trip keeps neither its destination nor its dates (where the user
    is stays: a plan called off moves nobody).

    A move ("we moved to denver", ``profile.home_city``) takes along a user who was at
    the old home: ``travel.location`` becomes the new home city.

``at_home``
    "I'm in Portland" reads as being somewhere on a trip, unless Portland is home: a
    message that puts the speaker in their home city says their trip is over if one is
    under way, and says nothing of a trip otherwise. A trip's end and being home said in
    one message are one step: home goes with the end, as its companion.

``with_trip_corroborators``
    Corroboration by meaning: an observation of where the user is, or that the trip
    is under way, is supported by another source's committed word about the same
    trip (its destination, when today is inside its dates). The support is an
    ordinary corroborator, so the policy's corroboration cap still bounds it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from datetime import date, datetime
from typing import Any

from core.domain.ids import derived_id
from core.domain.observation_record import ObservationRecord, SourceRecord
from core.domain.resolver import Decision
from core.domain.state import CommittedFact, Scalar, value_key
from core.engine.consistency import time_where, today_where
from core.extraction.arrival_days import arrival_day
from core.extraction.gazetteer import same_city

STATUS, LOCATION, DESTINATION = "travel.status", "travel.location", "travel.destination"
DEPART, RETURN, HOME = "travel.depart_date", "travel.return_date", "profile.home_city"
TIMEZONE = "profile.timezone"
TRIP_FIELDS = (STATUS, LOCATION, DESTINATION, DEPART, RETURN, HOME, TIMEZONE)
"""The fields a trip's rules read: the engine reads them in the batch's own transaction."""
_PRESENT = frozenset({"assertive", "retract"})
"""Intents that speak about now: only these move the other fields."""
_DATED = frozenset({"in_progress", "completed", "cancelled"})
"""The statuses that move a trip's dates (``_trip_days`` reads no other)."""


def same_place(a: Scalar, b: Scalar) -> bool:
    """'Tahoe' and ' tahoe' are one place, and so are 'NYC' and 'New York'; anything not a
    name is no place."""
    return (
        isinstance(a, str)
        and isinstance(b, str)
        and (value_key(a) == value_key(b) or same_city(a, b))
    )


def companions_of(
    obs: ObservationRecord,
    facts: Sequence[CommittedFact],
    now: datetime,
    stated: Collection[tuple[str, str, str]] = (),
) -> list[ObservationRecord]:
    """The observations ``obs`` implies for its trip's other fields, given the entity's
    committed ``facts``. Nothing is implied about a field its own message states
    (``stated``: (entity, source key, field) of the message's observations)."""
    if obs.intent not in _PRESENT or not moves_a_trip(obs.field):
        return []
    state = {f.field: f.value for f in facts if f.valid_until is None or f.valid_until > now}

    def free(field: str) -> bool:
        return field != obs.field and (obs.entity_id, obs.source.key, field) not in stated

    implied = [(f, v) for f, v in _implied(obs, state) if free(f)]
    # The dates follow the status once: from the word that states it, or implies it alone.
    status = obs.candidate_value if obs.field == STATUS else dict(implied).get(STATUS)
    days: list[tuple[str, Scalar]] = []
    if status in _DATED:
        # Only a trip that starts or ends reads a day from the words (a parse of the
        # text), and only one under way asks when it began (the user's clock, twice).
        told = _told_day(obs, state, now) if status != "cancelled" else None
        today = today_where(state, now)
        began = _began(obs, state, now, told) if status == "in_progress" else today
        days = _trip_days(status, state, today, began, told)
    return [companion_word(obs, f, v) for f, v in [*implied, *days] if free(f)]


def at_home(
    payloads: list[dict[str, Any]], entity_id: str, state: Mapping[str, Scalar]
) -> list[dict[str, Any]]:
    """A message's observation payloads, read knowing the speaker's home (``state``: the
    speaker's committed values). The extractor does not know where home is: when the
    message puts ``entity_id`` in the home city now, its "trip under way" is the trip
    ending if one is under way, and is dropped otherwise (nobody travels to be home)."""
    home = state.get(HOME)
    if isinstance(home, str):
        # Home by its nickname ("back home in nyc") is home as the user confirmed it.
        payloads = [_as_home(p, entity_id, home) for p in payloads]

    def said(field: str, value: Scalar) -> bool:
        return any(
            p.get("entity_id") == entity_id
            and p.get("field") == field
            and p.get("intent") == "assertive"
            and same_place(p.get("candidate_value"), value)
            for p in payloads
        )

    if not isinstance(home, str) or not said(LOCATION, home):
        return payloads
    out = payloads
    if said(STATUS, "in_progress"):
        under_way = state.get(STATUS) == "in_progress"
        out = []
        for p in payloads:
            if p.get("entity_id") == entity_id and p.get("field") == STATUS:
                if not under_way:
                    continue
                p = {**p, "candidate_value": "completed"}
            out.append(p)
    if not any(ends_the_trip(p, entity_id) for p in out):
        return out
    # "back in portland this morning": the trip over and home, one step. Home is left to
    # the end's companion (``companions_of``), decided with it, so the end is never taken
    # while being home is asked apart (over, yet "in Tahoe").
    return [p for p in out if not _puts_home(p, entity_id, home)]


def ends_the_trip(payload: Mapping[str, Any], entity_id: str) -> bool:
    """Whether ``payload`` says ``entity_id``'s trip is over ("we got back home")."""
    return (
        payload.get("entity_id") == entity_id
        and payload.get("field") == STATUS
        and payload.get("candidate_value") == "completed"
        and payload.get("intent") == "assertive"
    )


def _puts_home(payload: Mapping[str, Any], entity_id: str, home: str) -> bool:
    return (
        payload.get("entity_id") == entity_id
        and payload.get("field") == LOCATION
        and payload.get("intent") == "assertive"
        and same_place(payload.get("candidate_value"), home)
    )


def _as_home(payload: dict[str, Any], entity_id: str, home: str) -> dict[str, Any]:
    """``payload`` with a place that is ``home`` under another name spelt as home."""
    value = payload.get("candidate_value")
    if (
        payload.get("entity_id") != entity_id
        or payload.get("field") not in (LOCATION, HOME)
        or not isinstance(value, str)
        or value_key(value) == value_key(home)  # the same name: left as written
        or not same_place(value, home)
    ):
        return payload
    return {**payload, "candidate_value": home}


def stated_fields(observations: Iterable[ObservationRecord]) -> set[tuple[str, str, str]]:
    """(entity, source key, field) of the observations that name their message (a ref):
    what one message said wins over what another of its words implies."""
    return {(o.entity_id, o.source.key, o.field) for o in observations if o.source.ref}


def moves_a_trip(field: str) -> bool:
    """Whether a word about ``field`` may move a trip's other fields: any of the trip's
    own, and the home city (a move takes along a user who was at home)."""
    return field.startswith("travel.") or field == HOME


def companion_ids(obs: ObservationRecord) -> list[str]:
    """Every id a companion of ``obs`` may have (read with the batch's seen ids): one for
    each field ``companions_of`` may imply from it (a word about now implies any trip field
    but its own) and, for a plan, the finished trip's days ``next_trip`` may forget with it.
    A word that can imply nothing (a plan of a destination, a memory, a wish) has none:
    each id is a SHA-1 and a probe of the log's index, for an id no batch can write."""
    if not moves_a_trip(obs.field):
        return []
    fields: tuple[str, ...] = ()
    if obs.intent in _PRESENT:
        fields = tuple(f for f in _COMPANION_FIELDS if f != obs.field)
    elif plans_a_trip(obs):
        fields = (DEPART, RETURN)
    return [derived_id("trip-companion", obs.event_id, f) for f in fields]


_COMPANION_FIELDS = (STATUS, LOCATION, DESTINATION, DEPART, RETURN)
"""Every field a companion may be about (``_implied`` and ``_trip_days`` name no other)."""


def plans_a_trip(obs: ObservationRecord) -> bool:
    """Whether ``obs`` says the trip is planned (the one word that may begin a trip anew,
    ``core.engine.next_trip``)."""
    return obs.field == STATUS and obs.candidate_value == "planning" and obs.intent != "retract"


def _implied(obs: ObservationRecord, state: dict[str, Scalar]) -> list[tuple[str, Scalar]]:
    """The (field, value) pairs ``obs`` implies given the entity's ``state`` (None: forget)."""
    home, where = state.get(HOME), state.get(LOCATION)
    value = obs.candidate_value
    if obs.field == STATUS and value == "completed" and obs.intent == "assertive":
        # Back home: the home city when known; else the trip's place is forgotten.
        if isinstance(home, str):
            return [] if same_place(where, home) else [(LOCATION, home)]
        # Already back ("hey im back" after "Back home in Oakland?"): where she is now was
        # said since the trip ended, so it is no trip's place to forget.
        back = state.get(STATUS) == "completed"
        return [] if where is None or back else [(LOCATION, None)]
    if obs.field == STATUS and value == "cancelled" and obs.intent == "assertive":
        # Called off: the plan's place is no longer where anyone is going.
        return [] if state.get(DESTINATION) is None else [(DESTINATION, None)]
    if obs.field == HOME and obs.intent == "assertive" and isinstance(value, str):
        # Moved house: a user who was at the old home is at the new one ("we moved to
        # denver" leaves nobody "in Portland"); one away on a trip, or somewhere else, stays.
        moved = isinstance(home, str) and not same_place(value, home)
        at_old_home = same_place(where, home) and state.get(STATUS) != "in_progress"
        along: list[tuple[str, Scalar]] = [(LOCATION, value)] if moved and at_old_home else []
        if state.get(STATUS) == "planning" and same_place(value, state.get(DESTINATION)):
            # A trip planned to the new home is no trip away: it is off, asked with the
            # move ("Do you live in Denver? Is your trip to Denver off?"), its days with it.
            return [*along, (STATUS, "cancelled"), (DESTINATION, None)]
        return along
    if obs.field == LOCATION and obs.intent == "assertive" and isinstance(value, str):
        status = state.get(STATUS)
        if same_place(value, home):
            return [(STATUS, "completed")] if status == "in_progress" else []
        if status == "planning" and same_place(value, state.get(DESTINATION)):
            return [(STATUS, "in_progress")]  # arrived where the plan went
    return []


def _told_day(obs: ObservationRecord, state: Mapping[str, Scalar], now: datetime) -> date | None:
    """The day the words of ``obs`` say it happened ("got back last night"), never after
    today where the user is; None when they name none."""
    told = arrival_day(obs.evidence_text or "", time_where(state, min(obs.ts, now)))
    return None if told is None else min(told, today_where(state, now))


def _began(
    obs: ObservationRecord, state: Mapping[str, Scalar], now: datetime, told: date | None
) -> date:
    """The day the trip ``obs`` puts under way began by: the arrival day its words
    tell (``told``: "we're in tahoe, got in last night": yesterday), else the day it was
    said; never after today where the user is."""
    if told is not None:
        return told
    return min(time_where(state, min(obs.ts, now)).date(), today_where(state, now))


def _trip_days(
    status: Scalar, state: Mapping[str, Scalar], today: date, began: date, told: date | None
) -> list[tuple[str, Scalar]]:
    """What a trip's new ``status`` means for its dates on ``today`` (the user's day);
    ``began``: the day a trip now under way began by; ``told``: the day the words said it
    happened ("we got back last night"), if they said one."""
    depart, back = day_of(state.get(DEPART)), day_of(state.get(RETURN))
    if status == "in_progress" and depart and (depart > today or (told and told < depart)):
        # Under way while the plan's departure is still ahead, or after the day the
        # words say it began ("got in last nite", said on the plan's day): it began on
        # its arrival day, asked with the word that starts it ("Did you leave on
        # Saturday?"), never left in the future nor after the person's own word.
        return [(DEPART, began.isoformat())]
    if status == "completed":
        # Over: not still ahead; it ended on the day the words told ("got back last
        # night"), when that day is not before it began, else when is unknown.
        gone: list[tuple[str, Scalar]] = [
            (f, None) for f, d in ((DEPART, depart), (RETURN, back)) if d and d > today
        ]
        if told is None and back is not None and back > today and not (depart and depart > today):
            # Home before the plan's last day ("ok back in seattle" the day before): the
            # trip ended early, today at the latest, not on a day still ahead nor on none.
            return [*[(f, v) for f, v in gone if f != RETURN], (RETURN, today.isoformat())]
        if told is None or back == told or (depart is not None and depart > told):
            return gone
        return [*[(f, v) for f, v in gone if f != RETURN], (RETURN, told.isoformat())]
    if status == "cancelled":
        # Off: its days are no longer in the plan.
        return [(f, None) for f in (DEPART, RETURN) if state.get(f) is not None]
    return []


def trip_still_dated(state: Mapping[str, Scalar], now: datetime) -> bool:
    """Whether the trip's own dates say its state still holds on the user's today: a trip
    planned or under way whose return (or, with none, departure) day is not past. Its
    words do not age while the trip they describe is still on ("in Tahoe, back on the
    5th" is no stale belief on the 2nd, however long ago it was said)."""
    if state.get(STATUS) not in ("planning", "in_progress"):
        return False
    ends = day_of(state.get(RETURN)) or day_of(state.get(DEPART))
    return ends is not None and ends >= today_where(state, now)


def day_of(value: Scalar) -> date | None:
    """The day an ISO date or timestamp value names; None for anything else."""
    if not isinstance(value, str):
        return None
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None


def companion_word(trigger: ObservationRecord, field: str, value: Scalar) -> ObservationRecord:
    """What ``trigger`` implies for ``field`` (None: forget it), as an observation of its
    own with the trigger's source, time and words and an id derived from the trigger's."""
    return trigger.with_changes(
        event_id=derived_id("trip-companion", trigger.event_id, field),
        field=field,
        domain=field.split(".", 1)[0],
        candidate_value=value,
        intent="retract" if value is None else "assertive",
        valid_until=None,
        corroborators=None,
    )


def with_trip_corroborators(
    obs: ObservationRecord, facts: Sequence[CommittedFact], now: datetime
) -> ObservationRecord:
    """``obs`` with the sources of other committed words about the same trip as
    corroborators (where the user is, or that the trip is under way, backed by a
    destination whose dates include the observation's day)."""
    if obs.intent != "assertive" or obs.field not in (LOCATION, STATUS):
        return obs
    state = {f.field: f for f in facts if f.valid_until is None or f.valid_until > now}
    destination = state.get(DESTINATION)
    if destination is None or destination.source_type == obs.source.type:
        return obs
    place = obs.candidate_value if obs.field == LOCATION else destination.value
    if obs.field == STATUS and obs.candidate_value != "in_progress":
        return obs
    if not same_place(place, destination.value) or not _within(obs.ts.date(), state):
        return obs
    known = obs.corroborators or ()
    if any(c.type == destination.source_type for c in known) or len(known) >= 8:
        return obs
    ref = destination.source_ref or destination.event_id
    return obs.with_changes(
        corroborators=(*known, SourceRecord(destination.source_type, ref[:256]))
    )


def _within(day: date, state: Mapping[str, CommittedFact]) -> bool:
    """Whether ``day`` falls inside the trip's dates, a day either side (``day`` is the
    evidence's UTC day, the dates are the traveller's); a missing end leaves it open."""
    start, end = _day(state.get(DEPART)), _day(state.get(RETURN))
    if start is None:
        return False
    ordinal = day.toordinal()
    return start.toordinal() - 1 <= ordinal and (end is None or ordinal <= end.toordinal() + 1)


def _day(fact: CommittedFact | None) -> date | None:
    return None if fact is None else day_of(fact.value)


def follow(
    own: Decision, trigger: Decision, trigger_field: str, patch: tuple[dict[str, Any], ...]
) -> Decision:
    """The decision on a companion: its trigger's. A trip that ends ends with the user
    home, in one commit or one question; a word not taken implies nothing. A trigger
    that only repeats what is known (a corroboration) leaves the companion to its own
    decision, and so does a companion that only repeats what is known. ``patch`` is
    the companion's own change to the state document."""
    if trigger.effect == "corroborate" or own.effect == "corroborate":
        return own
    why = f"goes with {trigger_field} in the same message"
    if trigger.decision == "tentative_reject":
        return Decision("tentative_reject", own.confidence, own.margin, (why,), (), "none")
    return Decision(
        trigger.decision,
        trigger.confidence,
        trigger.margin,
        (why, *trigger.reasons[:3]),
        patch,
        "change",
        own.factors,
        trigger.shadow_of,
    )
