"""A trip planned after the last one is over is a new trip, not the old one moving back.

``travel.status`` runs planning → in_progress → completed, and the resolver holds any step
back for the user's say (the founding incident: a stale "Sunday: leave for Tahoe" must never
pull a trip under way back to planning). But once a trip is over, "we're going to denver next
friday" starts the lifecycle again: asking "Are you planning a trip? … that would be a step
back; until now: completed" — while the trip's destination and dates, which have no
lifecycle, were taken at once — left the user's state reading "Your trip went to Denver"
with its days still ahead.

A plan is a new trip only when its own message says which: another destination than the
finished trip's, or a departure after the finished trip ended; and only in the user's own
word (the engine asks this only of a principal speaking of themselves): a calendar's, an
agent's or a workspace file's plan may be the finished trip's stale one, so it stays a step
back and is asked, as does a plan that names neither. Pure: the observations of one batch
and the entity's trip as committed before it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

from core.domain.observation_record import ObservationRecord
from core.domain.state import CommittedFact, Scalar
from core.engine.trip_state import (
    DEPART,
    DESTINATION,
    RETURN,
    STATUS,
    companion_word,
    day_of,
    plans_a_trip,
    same_place,
)

OVER = frozenset({"completed", "cancelled"})
"""A trip that is over, or called off: a plan after it may be another trip (the user's
"going to tahoe friday after all" once it is off plans it again, named and dated)."""


def plans_a_new_trip(
    given: ObservationRecord,
    trip: Sequence[CommittedFact],
    batch: Iterable[ObservationRecord],
) -> bool:
    """Whether ``given`` ("the trip is planned") plans another trip after the one on file,
    which is over or off: its message (the same entity and evidence in ``batch``) names another
    destination, or a departure later than the day the finished trip ended."""
    if not plans_a_trip(given):
        return False
    held: Mapping[str, Scalar] = {fact.field: fact.value for fact in trip}
    if held.get(STATUS) not in OVER:
        return False
    said = {
        o.field: o.candidate_value
        for o in batch
        if o.entity_id == given.entity_id and o.source.key == given.source.key
    }
    going, was = said.get(DESTINATION), held.get(DESTINATION)
    if isinstance(going, str) and going.strip() and not same_place(going, was):
        return True
    leaves = day_of(said.get(DEPART))
    ended = day_of(held.get(RETURN)) or day_of(held.get(DEPART))
    return leaves is not None and ended is not None and leaves > ended


def names_the_new_trip(
    given: ObservationRecord,
    trip: Sequence[CommittedFact],
    batch: Iterable[ObservationRecord],
) -> bool:
    """Whether ``given`` is the destination of a new trip its own message plans
    (``plans_a_new_trip``): the new trip's, decided and asked with it ("Are you planning a
    trip to Tahoe on Friday, December 4?"), not a word that only repeats the finished
    trip's place (which left the question naming no place)."""
    if given.field != DESTINATION or given.intent != "planning":
        return False
    batch = list(batch)
    return any(
        o.entity_id == given.entity_id
        and o.source.key == given.source.key
        and plans_a_new_trip(o, trip, batch)
        for o in batch
    )


def finished_trips_days(
    plan: ObservationRecord,
    trip: Sequence[CommittedFact],
    stated: Collection[tuple[str, str, str]],
) -> list[ObservationRecord]:
    """The finished trip's days that ``plan`` (a new trip) leaves behind: its departure
    and return, each forgotten with the plan unless the plan's own message gives it anew
    (``stated``: (entity, source key, field)). Else "back Monday, November 30" stayed the
    new trip's return, before its departure, and was asked about alone."""
    if not plans_a_trip(plan):
        return []  # the new trip's destination leaves them to its status
    held = {fact.field for fact in trip}
    return [
        companion_word(plan, field, None)
        for field in (DEPART, RETURN)
        if field in held and (plan.entity_id, plan.source.key, field) not in stated
    ]
