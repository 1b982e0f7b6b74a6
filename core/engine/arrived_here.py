"""'finally here!!': an arrival that names no place, read against the user's own plan.

The extractor reads "we're here", "made it!!" or "just got here" as a trip under way
and, knowing no plan, names no place; it gives such words a low confidence because
"here" could be anywhere. Canon knows more than the words: on or after the day a trip
the user planned sets out, and before it is due back, "here" is where the plan goes.
``here_is_the_plan`` adds that place to the message's words (``travel.location`` = the
plan's destination, decided with the trip's start in one question: "Are you in
Tahoe?"; never for words that name where the trip goes, "just left for tahoe": on the way
is not there) and reads the pair as sure as a place named outright would be worth asking
about, never surer: the user still answers it, since "here" was inferred.

A pure function of the message's payloads, the speaker's committed values and ``now``.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any, Final

from core.domain.ids import derived_id
from core.domain.state import Scalar
from core.domain.timeutil import calendar_day
from core.engine.consistency import today_where

STATUS, LOCATION, DESTINATION = "travel.status", "travel.location", "travel.destination"
DEPART, RETURN = "travel.depart_date", "travel.return_date"
EARLY: Final = timedelta(days=7)
"""How long before a plan's day "made it up here!" is still that trip come early: the
week it is planned in; a month ahead, "here" is more likely the gym than the lake. Only
a plan told on an earlier day: "we're here!" the evening she said "we're going sunday"
is no trip come early (she would have said so)."""
PLACE_BY_PLAN: Final = 0.8
"""The extraction confidence of an arrival whose place is the plan's: enough to ask,
not to commit without a Yes (below every domain's auto threshold)."""


def here_is_the_plan(
    payloads: list[dict[str, Any]],
    entity_id: str,
    state: Mapping[str, Scalar],
    now: datetime,
    planned_at: datetime | None = None,
) -> list[dict[str, Any]]:
    """``payloads`` with the plan's destination as where ``entity_id`` is, when they put the
    user's trip under way without naming a place and ``state`` (the user's committed values)
    holds a planned trip (with no place held: the arrival alone, asked) whose day has come or is at most a week ahead (come early: "made it
    up here!" on Thursday for Saturday's trip, the plan told on an earlier day:
    ``planned_at``), or, with no day to leave, a day to be back, and whose return has not
    passed."""
    mine = [p for p in payloads if p.get("entity_id") == entity_id]
    arrivals = [
        p
        for p in mine
        if p.get("field") == STATUS
        and p.get("candidate_value") == "in_progress"
        and p.get("intent") == "assertive"
    ]
    if len(arrivals) != 1 or any(p.get("field") == LOCATION for p in mine):
        return payloads
    if any(p.get("field") == DESTINATION and p.get("candidate_value") for p in mine):
        # "just left for tahoe", "on our way to tahoe!": under way *to* a place names where
        # it goes, not where she is; leaving is not arriving.
        return payloads
    place = state.get(DESTINATION)
    if state.get(STATUS) != "planning":
        return payloads
    today = today_where(state, now)
    leaves, back = calendar_day(state.get(DEPART)), calendar_day(state.get(RETURN))
    # The plan's window is open: it has set out or is soon to (an arrival before the day is
    # the trip come early, asked), or, with no day to leave, is not yet due back; and it is
    # not past its return.
    told_before = planned_at is not None and today_where(state, planned_at) < today
    soon = today + EARLY if told_before else today
    opened = leaves <= soon if leaves is not None else back is not None
    if not opened or (back is not None and back < today):
        return payloads
    arrival = arrivals[0]
    sure = max(float(arrival.get("extraction_confidence", 0.0)), PLACE_BY_PLAN)
    if not isinstance(place, str) or not place.strip():
        # A plan with no place held (a trip called off, then booked again for a day):
        # "made it up here" is still that trip under way, asked; where, it does not say.
        why = "you said you're here; your trip is planned"
        return [
            {**p, "extraction_confidence": sure, "needs_confirmation": why} if p is arrival else p
            for p in payloads
        ]
    located = {
        **arrival,
        "event_id": derived_id("arrived-here", arrival["event_id"], LOCATION),
        "field": LOCATION,
        "candidate_value": place,
        "extraction_confidence": PLACE_BY_PLAN,
        # Inferred, never said: asked whatever the arrival's own confidence.
        "needs_confirmation": f"you said you're here; your plan goes to {place}"[:500],
    }
    return [{**p, "extraction_confidence": sure} if p is arrival else p for p in payloads] + [
        located
    ]
