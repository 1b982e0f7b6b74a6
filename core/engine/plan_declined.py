"""Her No to the trip she planned: another member's word calling it off goes with it.

Alice said "I think we leave for tahoe sunday" (asked: nothing held yet); Bob then said
"trip's off, we're staying home". His "we" is about her trip (``core.engine.our_trip.
with_open_plan``): asked of her, after her own question. Her No to her plan leaves no trip
to call off, so his word asks about nothing any more: closed as superseded with her No,
never put to her as "Bob says your trip is off" of a trip she just said she does not
plan. (Her Yes holds the plan, and his question is then asked as it stands.)
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Final

from core.engine.superseded import supersede
from core.engine.trip_state import DEPART, DESTINATION, RETURN, STATUS
from core.store import ReviewItem, Store

PLAN_DECLINED: Final = "the trip it would call off was never planned: its planner said No"
_PLAN: Final = (STATUS, DESTINATION, DEPART, RETURN)
_ENDS: Final = ("cancelled", "completed")


async def others_word_on_no_trip(
    store: Store, entity_id: str, settled: Sequence[ReviewItem], now: datetime, max_pending: int
) -> list[ReviewItem]:
    """After ``entity_id``'s No to the trip she planned (``settled``: her own questions of
    it), close what another member's words ask of her about ending a trip, when she holds
    none; returns the questions promoted in their place."""
    if not any(r.principal == entity_id and r.field in _PLAN for r in settled):
        return []
    held = await store.fact(entity_id, STATUS)
    if held is not None and held.value in ("planning", "in_progress"):
        return []
    asked = [r for r in await store.open_review_items([entity_id]) if r.kind == "change"]
    ending = {
        r.group_key or r.id
        for r in asked
        if r.principal not in (None, entity_id) and r.field == STATUS and r.candidate_value in _ENDS
    }
    promoted: list[ReviewItem] = []
    for r in asked:
        if (r.group_key or r.id) in ending and r.principal != entity_id:
            promoted += await supersede(store, r.id, now, max_pending, reason=PLAN_DECLINED)
    return [p for p in promoted if (p.group_key or p.id) not in ending]
