"""The trip is off: an errand whose day came from it is asked once whether it keeps it.

An errand due "before we go" (or "when we're back") was dated by the trip
(``core.engine.due_before_trip``); while the trip stands its day follows it
(``core.engine.errand_follows_trip``). When the trip is called off ("trip's off", Yes) the
day it gave no longer stands for anything she said: Canon asks once, in the chat, "The
Amazon return was due before the Tahoe trip, which is off — keep Saturday, December 5 as
its day?". Yes keeps the day, now her own word (its commit cites this question, which no
words of a trip anchor, so no later trip moves it); No forgets the day, the errand still
open with no day; Edit takes the day she types. An errand dated by herself, one done, one
due before a trip since over, or another trip's are not asked.

The question is a field change (``kind="change"``) proposing the day held, marked by its
last reason (``TRIP_OFF``) as the conversation's other marked questions are; its No is
applied as part of that No (``forget_declined_day``).
"""

from __future__ import annotations

from datetime import datetime

from core.engine.conflicts import Answered, Forced, settle_as_answered
from core.engine.consistency import FOLLOWS_TRIP
from core.engine.due_before_trip import BEFORE_YOU_LEAVE
from core.engine.errand_follows_trip import day_from_the_trip, errand_day_change, errands_due
from core.engine.trip_state import DESTINATION, STATUS
from core.store import ReviewItem, Store

TRIP_OFF = "the trip its day came from is off"
"""The last reason of the question asking whether an errand keeps a called-off trip's day."""
SOURCE_PREFIX = "errand-trip-off:"
"""Source key prefix of that question: one per errand, day and calling-off."""
NOT_KEPT = "you said not to keep its day"
"""Why the day is forgotten after her No."""


def is_trip_off_question(item: ReviewItem) -> bool:
    """Whether ``item`` asks whether an errand keeps the day of a trip called off."""
    return item.kind == "change" and bool(item.reasons) and item.reasons[-1] == TRIP_OFF


async def ask_errands_of_a_trip_off(
    store: Store, entity_id: str, now: datetime, max_pending: int
) -> list[ReviewItem]:
    """While ``entity_id``'s trip is called off: for each errand still due whose day came
    from it, the question whether it keeps that day, asked once. Returns the questions
    promoted to be shown."""
    facts = {f.field: f for f in await store.facts(entity_id)}
    status = facts.get(STATUS)
    if status is None or status.value != "cancelled":
        return []
    over = [
        h.committed_at
        for h in await store.history(entity_id, STATUS)
        if h.new_value == "completed" and h.committed_at < status.committed_at
    ]
    asked = {r.source_key for r in await store.open_review_items([entity_id])}
    trip = await _trip_named(store, entity_id)
    promoted: list[ReviewItem] = []
    for due in errands_due(facts, entity_id):
        if due.committed_at > status.committed_at or any(at > due.committed_at for at in over):
            continue  # dated since it was called off, or due before a trip since over
        anchor = await day_from_the_trip(store, due)
        key = f"{SOURCE_PREFIX}{due.field}={due.value}@{status.event_id}"
        if anchor is None or key in asked:
            continue
        when = "before" if anchor == BEFORE_YOU_LEAVE else "after"
        question = errand_day_change(
            due, due.value, (f"due {when} {trip}, which is off", TRIP_OFF), key, now
        )
        promoted += await store.add_review_item(question, max_pending)
    return promoted


async def forget_declined_day(
    store: Store, item: ReviewItem, now: datetime, max_pending: int, answered: Answered
) -> Forced:
    """No to ``item`` (``is_trip_off_question``): the errand's day is forgotten as part of
    that No; the errand stays to do, with no day."""
    held = await store.fact(item.entity_id, str(item.field))
    if held is None or held.value != item.candidate_value:
        return Forced((), ())  # its day changed since it was asked: nothing to forget
    reasons = (f"{item.reasons[0]}; {NOT_KEPT}", FOLLOWS_TRIP)
    question = errand_day_change(held, None, reasons, f"{item.source_key}:forgotten", now)
    return await settle_as_answered(store, question, now, max_pending, answered)


async def _trip_named(store: Store, entity_id: str) -> str:
    """ "the Tahoe trip": the trip called off, by the last place it was going ("your
    trip" with none: calling it off forgets its place, so the log is read)."""
    places = [
        h.new_value
        for h in await store.history(entity_id, DESTINATION)
        if isinstance(h.new_value, str) and h.new_value.strip()
    ]
    return f"the {places[-1].strip()} trip" if places else "your trip"
