"""What the user's open questions say of her trip, for reading her next message: a trip
under way she is being asked about ("were already in tahoe", waiting its turn), the day
to leave of a plan of her own that waits for her Yes, and that plan as the one her
correction of its days is read against."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.domain.review_items import ReviewItem
from core.domain.state import Scalar
from core.domain.whose_word import users_own_word
from core.engine.due_before_trip import errands_before_anything, errands_before_we_go
from core.engine.engine import Engine
from core.engine.trip_state import DEPART, DESTINATION, RETURN, STATUS

_TRIP_FIELDS = frozenset({STATUS, DESTINATION, DEPART, RETURN})


async def asked_under_way(engine: Engine, entity_id: str) -> bool:
    """Whether a question open on ``entity_id`` asks if the trip is under way (an arrival
    said before its plan's day, "were already in tahoe", waiting its turn)."""
    items = await engine.store.open_review_items([entity_id])
    return any(r.field == STATUS and r.candidate_value == "in_progress" for r in items)


async def with_plan_asked(
    engine: Engine, entity_id: str, state: dict[str, Scalar], payloads: list[dict[str, Any]]
) -> dict[str, Scalar]:
    """``state`` with the trip's day to leave that the user's own word is being asked about,
    when no trip is held planned: "gotta return the amazon jacket before we go", typed while
    "going to tahoe saturday" waits for its Yes, is due by Saturday (it lost its day). The
    open questions are read only for a message (``payloads``) with such an errand in it."""
    if state.get(STATUS) == "planning" or not errands_before_anything(payloads, entity_id):
        return state
    items = await engine.store.open_review_items([entity_id])
    places = [r.candidate_value for r in items if r.field == DESTINATION]
    if not errands_before_we_go(payloads, entity_id, [*places, state.get(DESTINATION)]):
        return state
    asked = [r for r in items if users_own_word(r.principal, entity_id)]
    day = next((r.candidate_value for r in asked if r.field == DEPART), None)
    return state if day is None else {**state, DEPART: day, STATUS: "planning"}


def plan_with_asked(
    state: dict[str, Scalar], open_items: Sequence[ReviewItem], entity_id: str
) -> dict[str, Scalar]:
    """``state`` with the trip of her own word that waits for her Yes, when no trip is held
    planned or under way: "no we leave saturday", typed while "Do you leave on Sunday,
    December 13?" is open, corrects that plan as it would a plan held (her word is her plan
    before her Yes). Each field's newest question; the trip's own fields only."""
    if state.get(STATUS) in ("planning", "in_progress"):
        return state
    asked = sorted(
        (
            r
            for r in open_items
            if r.field in _TRIP_FIELDS and users_own_word(r.principal, entity_id)
        ),
        key=lambda r: r.created_at,
    )
    told = {r.field: r.candidate_value for r in asked}
    return state if told.get(STATUS) != "planning" else {**state, **told}
