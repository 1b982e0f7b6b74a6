"""Conflicts between fields, put to the user as one question each.

After the engine commits to an entity it calls ``ask_about_conflicts``: every
conflict ``core.engine.consistency`` finds that names a field to fix becomes one
ordinary field-change question (kind ``change``, source key ``consistency:``
plus the conflict's key), so the bot and ``canon answer`` settle it like any
other: Yes applies the proposed fix to that field, No keeps everything as it is,
Edit sets that field to the value typed. A conflict is asked once: the same
contradiction between the same values, answered or not, is not asked again.
A question whose contradiction is gone (newer evidence fixed one side) is closed
as superseded.

A fix the user's own answer forces is not asked: it is part of that answer
(``Answered``). Yes to "Is your trip over?" while Canon still has the user in Tahoe
and the departure still ahead leaves only one consistent state, the trip's place
forgotten (or home, when known) and no departure ahead; asking "Should I forget your
location?" next would put a second question to what the user already said. Such a
fix is the conflict's ordinary question, settled at once as confirmed by whoever
answered, so the audit log and ``/why`` show it and why. Only a fix of a field the
answer did not itself settle is applied, and only where the trip's status decides
(``FORCED_KINDS``).

The question is written after the commit, in its own transaction: if the process
dies in between, the next commit to the entity asks it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from contextlib import suppress
from dataclasses import dataclass, replace
from datetime import datetime

from core.domain.ids import new_id
from core.domain.move_words import MOVE_CITY
from core.domain.principals import Principal
from core.domain.review_items import OPEN_STATUSES
from core.domain.state import CommittedFact
from core.engine.consistency import (
    FORCED,
    SOURCE_PREFIX,
    Conflict,
    ConflictKind,
    find_conflicts,
    move_not_made,
)
from core.engine.superseded import supersede
from core.engine.trip_state import STATUS
from core.engine.write_records import settlement
from core.errors import AlreadyAnswered
from core.extraction.arrival_days import arrival_day
from core.extraction.users_clock import time_where
from core.store import NewReviewItem, ReviewItem, Store

QUESTION_CONFIDENCE = 0.0
"""A conflict question is not evidence for its proposed fix: it never competes with
observations of the field it asks about."""


_MAX_IMPLIED = 4
"""Fixes one answer may force (a trip's status, place and two dates at most)."""


@dataclass(frozen=True)
class Answered:
    """The user's answer just committed to an entity: the fields it settled, and who
    answered (the fixes it forces are recorded as theirs)."""

    fields: frozenset[str]
    answered_by: str | None
    principal: Principal


FORCED_KINDS: frozenset[ConflictKind] = frozenset(
    {
        "departure_ahead_trip_over",
        "trip_over_still_at_destination",
        "at_destination_trip_planned",
        "moved_plan_kept",
        "move_day_without_place",
    }
)
"""Conflicts a trip's status decides: over, it has no departure ahead and nobody is
still at its place; at its place, it has begun. A move made ends its plan (place, then
day). A return before a departure is not
one of them (either date may be the wrong one), nor the day a trip under way began
(a guess): those are asked."""


def forced_by(conflict: Conflict, settled: Iterable[str]) -> bool:
    """Whether the answer that settled ``settled`` forces ``conflict``'s fix: the
    conflict is between a field it settled and one it did not, which the fix changes,
    and the fix is no guess (the day a trip under way began is asked)."""
    done = set(settled)
    return (
        conflict.kind in FORCED_KINDS
        and conflict.suspect is not None
        and conflict.suspect not in done
        and bool(done.intersection(conflict.fields))
    )


@dataclass(frozen=True)
class Forced:
    """What ``settle_timeline`` did: the fixes' questions as settled, and the questions
    shown in their place."""

    applied: tuple[ReviewItem, ...]
    promoted: tuple[ReviewItem, ...]


async def ask_about_conflicts(
    store: Store, entity_ids: Iterable[str], now: datetime, max_pending: int
) -> list[ReviewItem]:
    """Open a question per new conflict of ``entity_ids`` and close those resolved.

    Returns the review items this promoted to pending (to be shown now).
    """
    promoted: list[ReviewItem] = []
    for entity in sorted(set(entity_ids)):
        promoted += (await settle_timeline(store, entity, now, max_pending)).promoted
    return promoted


DAY_COME_KINDS: frozenset[ConflictKind] = frozenset({"move_day_come", "move_month_come"})
"""Conflicts the calendar alone brings (a plan's day come), which the sweep asks with
nothing said; every other conflict is made by a commit, and asked after it."""


async def settle_timeline(
    store: Store,
    entity_id: str,
    now: datetime,
    max_pending: int,
    answered: Answered | None = None,
    *,
    only: frozenset[ConflictKind] | None = None,
) -> Forced:
    """After a commit to ``entity_id``'s trip, home or time zone: settle, as confirmed by
    the answerer, each fix ``answered`` forces (one at a time, since a fix may settle
    another conflict: forgetting a departure still ahead also ends "the return is before
    the departure"), then open a question per conflict left and close those resolved.
    With nothing forced, one trip to the store reads what both steps need. ``only``: ask
    only these kinds, and close nothing (the sweep's look at what the day brings)."""
    promoted: list[ReviewItem] = []
    applied: list[ReviewItem] = []
    settled = set() if answered is None else set(answered.fields)
    for _ in range(_MAX_IMPLIED + 1):
        # Both reads in one statement: one trip to the store, not two sent at once.
        facts, asked = await store.facts_and_items_from(entity_id, SOURCE_PREFIX)
        # Only contradictions between facts name a field to fix; disagreeing open
        # questions are listed in the context block, not asked again, so the open
        # questions (all entities' of them) need not be read on every commit.
        conflicts = [c for c in find_conflicts(facts, (), now) if c.suspect is not None]
        fix = next((c for c in conflicts if answered and forced_by(c, settled)), None)
        if answered is None or fix is None or len(applied) >= _MAX_IMPLIED:
            break
        assert fix.suspect is not None
        settled.add(fix.suspect)
        done = await _apply(store, fix, facts, now, max_pending, answered)
        applied += done.applied
        promoted += done.promoted
    live = {c.source_key for c in conflicts}
    for item in asked if only is None else ():
        if item.status in OPEN_STATUSES and item.source_key not in live:
            promoted += await supersede(store, item.id, now, max_pending)
    known = {item.source_key for item in asked}
    current = {f.field: f for f in facts}
    for conflict in conflicts:
        if conflict.source_key not in known and (only is None or conflict.kind in only):
            asked_fix = await _began_as_told(store, conflict, current)
            promoted += await store.add_review_item(_question(asked_fix, current, now), max_pending)
    ids = {q.id for q in applied}
    return Forced(tuple(applied), tuple(item for item in promoted if item.id not in ids))


async def _began_as_told(
    store: Store, conflict: Conflict, facts: Mapping[str, CommittedFact]
) -> Conflict:
    """``conflict`` with, for a trip under way whose departure is still ahead, the day its
    arrival's own words told ("we got to tahoe yesterday") as the day it left, rather
    than the day it was said. An arrival said while the plan's question was open waits
    for it, and is confirmed after the plan: its day is no companion of it then (there
    was no departure yet to move), so it is read here from its words in the log."""
    status = facts.get(STATUS)
    if conflict.kind != "departure_ahead_trip_under_way" or status is None:
        return conflict
    state = {f: c.value for f, c in facts.items()}
    words = [
        e
        for e in await store.events_for(conflict.entity_id, STATUS, "in_progress")
        if e.evidence_text and e.event_ts <= status.evidence_ts
    ]
    if not words:
        return conflict
    newest = words[-1]  # the word that put the trip under way, the log oldest first
    told = arrival_day(newest.evidence_text or "", time_where(state, newest.event_ts))
    return conflict if told is None else replace(conflict, proposed=told.isoformat())


async def _apply(
    store: Store,
    fix: Conflict,
    facts: Iterable[CommittedFact],
    now: datetime,
    max_pending: int,
    answered: Answered,
) -> Forced:
    """``fix`` applied as part of ``answered``: its ordinary question, settled at once as
    confirmed by whoever answered (so the audit log and ``/why`` show it and why)."""
    question = _question(fix, {f.field: f for f in facts}, now, forced=True)
    return await settle_as_answered(store, question, now, max_pending, answered)


async def settle_as_answered(
    store: Store, question: NewReviewItem, now: datetime, max_pending: int, answered: Answered
) -> Forced:
    """``question`` asked and at once settled as confirmed by whoever ``answered``: a
    change that follows from theirs, which the audit log and ``/why`` show with why."""
    promoted = await store.add_review_item(question, max_pending)
    decide = settlement("confirm", None, now, answered.answered_by, answered.principal)
    with suppress(AlreadyAnswered):  # another process's answer settled it
        done = await store.settle_group([question.id], decide, max_pending)
        return Forced(tuple(done.settled), (*promoted, *done.promoted))
    return Forced((), tuple(promoted))


async def end_move_not_made(
    store: Store, entity_id: str, now: datetime, max_pending: int, answered: Answered
) -> Forced:
    """No to "Have you moved to Denver?" on the day: the move did not happen as planned,
    so the plan ends with that No (its place, then its day), rather than stay with a day
    gone by that every reader would tell as ahead ("moving to Denver in December" in
    January). A move still to come is told again as a new plan."""
    facts = await store.facts(entity_id)
    fix = move_not_made(entity_id, {f.field: f.value for f in facts})
    if fix is None:
        return Forced((), ())
    done = await _apply(store, fix, facts, now, max_pending, answered)
    settled = Answered(frozenset({MOVE_CITY}), answered.answered_by, answered.principal)
    after = await settle_timeline(store, entity_id, now, max_pending, settled)
    ids = {q.id for q in (*done.applied, *after.applied)}
    promoted = [q for q in (*done.promoted, *after.promoted) if q.id not in ids]
    return Forced((*done.applied, *after.applied), tuple(promoted))


def _question(
    conflict: Conflict, facts: dict[str, CommittedFact], now: datetime, *, forced: bool = False
) -> NewReviewItem:
    assert conflict.suspect is not None
    fact = facts.get(conflict.suspect)
    return NewReviewItem(
        id=new_id(),
        kind="change",
        event_id=None,
        entity_id=conflict.entity_id,
        field=conflict.suspect,
        candidate_value=conflict.proposed,
        current_value=None if fact is None else fact.value,
        confidence=QUESTION_CONFIDENCE,
        reasons=(conflict.sentence, *((FORCED,) if forced else ())),
        source_key=conflict.source_key,
        created_at=now,
    )
