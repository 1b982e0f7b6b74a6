"""Back home with no trip known: being home, never a trip over.

The extractor reads "I'm back home", "just got home" or "we're back" as the trip over
(``travel.status`` completed), which is what they mean when there is a trip. With none
known (no status, destination or day of one held), the words end nothing: a trip that
never existed is not "completed". They say where the speaker is: her home city when she
told it (``travel.location``, decided as any word of where she is); with no home known,
nothing (the place held for her may be home: it is not forgotten on a guess). With a
trip known, unchanged
(``core.engine.trip_state``: one under way ends, with home as its companion).

A day back said alone with no trip known ("we'll be back monday") is not asked "Are you
back on Monday?" of a trip Canon does not hold: it is asked whether they are away, or going
away, until that day (``trip_questions.NO_TRIP_YET``; always asked, never taken alone), and
a Yes keeps the day for the trip said next. With a trip held, asked about, or the household
saying they are away, or the message telling the trip itself, it is read as it always was.

A pure function of a message's payloads and the speaker's committed values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.domain.household import HouseholdUsers, member_slug_user
from core.domain.said_of_users import AWAY, whereabouts_of
from core.domain.state import CommittedFact, Scalar
from core.domain.trip_questions import NO_TRIP_YET
from core.engine.trip_state import (
    DEPART,
    DESTINATION,
    HOME,
    LOCATION,
    RETURN,
    STATUS,
    at_home,
    ends_the_trip,
)
from core.store import Store

TRIP_KNOWN = (STATUS, DESTINATION, DEPART, RETURN)
"""What Canon holds of a trip when there is one: its status, where it goes, its days."""


def no_trip_to_end(
    payloads: list[dict[str, Any]],
    entity_id: str,
    state: Mapping[str, Scalar],
    *,
    away_known: bool = False,
) -> list[dict[str, Any]]:
    """``payloads`` with each end of a trip (``ends_the_trip``) read as being home when
    ``state`` (the speaker's committed values) holds no trip, the message tells none
    besides its end, and nothing else puts them away (``away_known``: a trip still asked
    about, the household's "alice is away"): the
    home city as where ``entity_id`` is, unless the message says where already; with no
    home known, nothing."""
    if away_known or _holds_a_trip(state):
        return payloads
    if any(_tells_a_trip(p, entity_id) for p in payloads):
        return payloads  # "flew to denver last night, back in portland": the trip is told
    home = state.get(HOME)
    placed = any(p.get("entity_id") == entity_id and p.get("field") == LOCATION for p in payloads)
    out = []
    for p in payloads:
        if not ends_the_trip(p, entity_id):
            out.append(p)
        elif placed:
            continue  # "back home in portland": the place it names is what it says
        elif isinstance(home, str):
            out.append({**p, "field": LOCATION, "candidate_value": home})
    return out


def day_back_without_trip(
    payloads: list[dict[str, Any]],
    entity_id: str,
    state: Mapping[str, Scalar],
    *,
    away_known: bool = False,
) -> list[dict[str, Any]]:
    """``payloads`` with a day back of ``entity_id``'s marked ``NO_TRIP_YET`` (asked whether
    they are away until then) when ``state`` holds no trip, the message tells nothing else
    of one, and nothing else puts them away (``away_known``, as for ``no_trip_to_end``)."""
    if away_known or _holds_a_trip(state):
        return payloads
    mine = [p for p in payloads if p.get("entity_id") == entity_id]
    if any(p.get("field") in TRIP_KNOWN and p.get("field") != RETURN for p in mine):
        return payloads  # "going to tahoe thursday, back monday": the trip is told
    return [
        {**p, "needs_confirmation": p.get("needs_confirmation") or NO_TRIP_YET}
        if p.get("entity_id") == entity_id and p.get("field") == RETURN
        else p
        for p in payloads
    ]


def _holds_a_trip(state: Mapping[str, Scalar]) -> bool:
    return any(state.get(f) is not None for f in TRIP_KNOWN)


def _tells_a_trip(payload: Mapping[str, Any], entity_id: str) -> bool:
    """Whether ``payload`` is one of the message's own words of a trip besides its end
    (where it went, its days, that it was under way)."""
    return (
        payload.get("entity_id") == entity_id
        and payload.get("field") in TRIP_KNOWN
        and not ends_the_trip(payload, entity_id)
    )


async def home_words(
    store: Store,
    payloads: list[dict[str, Any]],
    entity_id: str,
    state: Mapping[str, Scalar],
    said_of: tuple[Sequence[CommittedFact], HouseholdUsers | None] = ((), None),
) -> list[dict[str, Any]]:
    """A message's payloads read knowing where home is and whether a trip is known:
    ``no_trip_to_end``, ``day_back_without_trip``, then ``at_home``. Away is known too when a trip is still being
    asked about ("we leave for tahoe in 3 days", "we got back home last night", typed
    before any answer: its open questions are read, only for an end of a trip with none
    committed), or when the household says so of them (``said_of``: the household's facts
    and its users; "alice is away this week", which her "I'm back home now" overrules)."""
    away = False
    ends = any(ends_the_trip(p, entity_id) for p in payloads)
    back = any(p.get("entity_id") == entity_id and p.get("field") == RETURN for p in payloads)
    if (ends or back) and not _holds_a_trip(state):
        household, users = said_of
        away = users is not None and any(
            whereabouts_of(f.value) == AWAY and member_slug_user(users, f.field) == entity_id
            for f in household
        )
        asked = () if away else await store.open_review_items([entity_id])
        # A day back asked alone (``NO_TRIP_YET``) is no trip asked about.
        away = away or any(
            r.kind == "change"
            and r.field in TRIP_KNOWN
            and not any(NO_TRIP_YET in why for why in r.reasons)
            for r in asked
        )
    done = no_trip_to_end(payloads, entity_id, state, away_known=away)
    done = day_back_without_trip(done, entity_id, state, away_known=away)
    return at_home(done, entity_id, state)
