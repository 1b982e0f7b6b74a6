"""'im in portland, we leave for tahoe sunday': where the user is, before a trip.

The extractor reads each clause on its own: "im in portland" as being somewhere now (a
trip under way, the way "in Lisbon" reads on a trip) and "we leave for tahoe sunday" as
a plan. Together they cannot both be a trip: someone at a place with a plan to leave for
another place still ahead is not away on that trip, most likely at home. The engine keeps
where they are and the plan, and drops "under way" before anything is resolved, so the
plan is asked as a plan and never as a step back from a trip that was never taken.

The extractor's reading of such messages is left as it is (a traveller's letter, "in
Lisbon, leaving for Porto tomorrow", is labelled so in the evaluation sets): this is the
engine's reading of the message as a whole. A pure function of the message's payloads
and ``now``.

The same holds of a trip's end said before the trip began: "we got back home last night"
on the Wednesday before a trip planned for Sunday ends no trip that has not left
(``home_before_leaving``). It says where the user is, home, and the plan stays a plan.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from core.domain.state import Scalar
from core.domain.timeutil import calendar_day
from core.engine.consistency import today_where
from core.engine.trip_state import (
    DEPART,
    DESTINATION,
    HOME,
    LOCATION,
    STATUS,
    ends_the_trip,
    same_place,
)


def not_away_before_leaving(
    payloads: list[dict[str, Any]], entity_id: str, state: Mapping[str, Scalar], now: datetime
) -> list[dict[str, Any]]:
    """``payloads`` without the trip under way they give ``entity_id`` when the same
    message plans a trip elsewhere (``travel.destination`` planned, not where they are)
    whose day to leave is today or later, or not given. ``state``: the user's committed
    values (their clock decides which day is today)."""
    mine = [p for p in payloads if p.get("entity_id") == entity_id]

    def said(field: str, intent: str) -> list[Scalar]:
        return [
            p.get("candidate_value")
            for p in mine
            if p.get("field") == field and p.get("intent") == intent
        ]

    here = said(LOCATION, "assertive")
    going = said(DESTINATION, "planning")
    if "in_progress" not in said(STATUS, "assertive") or not here or not going:
        return payloads
    if any(same_place(place, there) for place in here for there in going):
        return payloads  # "in tahoe, leaving for tahoe" is no plan elsewhere
    leaves = [day for v in said(DEPART, "planning") if (day := calendar_day(v)) is not None]
    if any(day < today_where(state, now) for day in leaves):
        return payloads  # a plan whose day has gone by says nothing of now
    return [
        p
        for p in payloads
        if not (
            p.get("entity_id") == entity_id
            and p.get("field") == STATUS
            and p.get("candidate_value") == "in_progress"
            and p.get("intent") == "assertive"
        )
    ]


def home_before_leaving(
    payloads: list[dict[str, Any]], entity_id: str, state: Mapping[str, Scalar], now: datetime
) -> list[dict[str, Any]]:
    """``payloads`` without the trip over they give ``entity_id`` while the trip held is
    only planned and its day to leave is still ahead (after today where the user is): that
    trip cannot be over. "Back home" is then where they are: the home city (``state``'s,
    when known and the message names no place), never the end of the plan."""
    if state.get(STATUS) != "planning":
        return payloads
    leaves = calendar_day(state.get(DEPART))
    if leaves is None or leaves <= today_where(state, now):
        return payloads
    home = state.get(HOME)
    mine = [p for p in payloads if p.get("entity_id") == entity_id]
    placed = any(p.get("field") == LOCATION and p.get("intent") == "assertive" for p in mine)
    out: list[dict[str, Any]] = []
    for p in payloads:
        if not ends_the_trip(p, entity_id):
            out.append(p)
        elif isinstance(home, str) and not placed:
            # The same words, read as where the user is: asked or taken as they would be.
            out.append({**p, "field": LOCATION, "candidate_value": home})
            placed = True
    return out


def ends_a_trip(payloads: list[dict[str, Any]], entity_id: str) -> bool:
    """Whether ``payloads`` say ``entity_id``'s trip is over ("we got back home")."""
    return any(ends_the_trip(p, entity_id) for p in payloads)
