"""A member's "we" about the trip another user of the household holds: asked of her.

Alice planned Tahoe ("we leave for tahoe sunday, back the 6th", her Yes). Bob, in his own
chat, says "trip's off, we're staying home", "we cancelled tahoe" or "we're in tahoe now".
The extractor reads each as Bob's own trip; but "we" takes Alice along, and the trip is
the one Alice holds. Bob's word about it is asked of her, as what he says of her by name
is ("Bob says your trip is off — is that right?", ``core.signals.intake.
reported_observations``): never committed on his word, her Yes makes it hers, her No
keeps her trip. A trip Bob does not hold is not made his: his "we cancelled tahoe" gives
his own entity no cancelled trip.

It crosses only when the words are the speaker's own ("we", "us", "our"; never an
assistant's: agents never produce confirmations), read clause by clause (``we_said``:
"I cancelled my trip, we'll see" is his own trip and an idiom, no "we" about it),
assertive (a question, a condition or
a wish is not news), and about her trip: a place they name is where she goes (or is), or
they name none and hers is the only trip they can mean (the speaker holds none, or the
same one). The speaker's word about a trip of their own stays theirs.

``ours_for_members`` is pure; ``our_trip_asked`` reads the members' state for it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from core.domain.household import HouseholdUsers
from core.domain.ids import derived_id
from core.domain.state import Scalar
from core.engine.trip_state import (
    DEPART,
    DESTINATION,
    HOME,
    LOCATION,
    RETURN,
    STATUS,
    at_home,
    same_place,
)
from core.engine.under_way_words import called_off_under_way, places_named
from core.extraction.typed_text import clean
from core.signals.intake import reported_observations
from core.store import ReviewItem
from core.store.protocol import Store

Payload = dict[str, Any]
State = Mapping[str, Scalar]

_WE: Final = re.compile(
    r"\b(?:we|we're|we've|we'll|we'd|weve|us|our|ours|ourselves)\b|(?:^|[.,;!?]\s*)were\b"
)
"""Words that take the speaker's household along ("were" only where it opens a clause:
"were in tahoe now" is texted "we're"; "the roads were closed" is not)."""
_HELD: Final = ("planning", "in_progress")
"""A trip held: planned or under way."""
_ENDS: Final = ("cancelled", "completed")
_PLAN: Final = (DESTINATION, DEPART, RETURN)


_CLAUSES: Final = re.compile(r"[.,;:!?]+\s*|\s+(?:but|and|so|though|although|because)\s+")
"""Where one clause of a message ends and the next begins."""
_IDIOMS: Final = re.compile(
    r"\b(?:we(?:'ll| will| shall)|well|let's|lets) see\b|\bwish us luck\b|\b(?:bless|help) us\b"
)
"""A "we" that says nothing of anyone's trip ("we'll see", "wish us luck")."""
_MINE: Final = re.compile(r"\b(?:my|mine)\b")
_TRIP_WORD: Final = re.compile(
    r"\b(?:trips?|travel|vacation|holiday|getaway|flights?|cancel\w*|called off|off)\b"
)


def _clauses(words: str) -> list[str]:
    """``words`` cleaned, lower case, one clause each, "we'll see" and the like taken out."""
    return [_IDIOMS.sub(" ", c).strip() for c in _CLAUSES.split(clean(words).lower())]


def we_said(words: str) -> bool:
    """Whether ``words`` speak for more than the speaker ("we", "us", "our"), read per
    clause: a "we" of an idiom ("we'll see", "wish us luck") takes nobody along, and a
    trip the speaker calls theirs ("I cancelled my trip") stays theirs whatever "we" another
    clause says ("..., we're off to mom's then")."""
    clauses = [c for c in _clauses(words) if c]
    if any(_MINE.search(c) and _TRIP_WORD.search(c) and not _WE.search(c) for c in clauses):
        return False
    return any(_WE.search(c) for c in clauses)


def _trip_words(payloads: list[Payload], speaker: str) -> list[Payload]:
    """The speaker's assertive words of where a trip stands: off, over, under way there."""
    return [
        p
        for p in payloads
        if p.get("entity_id") == speaker
        and p.get("intent") == "assertive"
        and (
            (p.get("field") == STATUS and p.get("candidate_value") in (*_ENDS, "in_progress"))
            or (p.get("field") == LOCATION and isinstance(p.get("candidate_value"), str))
            or (p.get("field") in _PLAN and p.get("candidate_value") is None)
        )
    ]


def _trip_status(state: State) -> Scalar:
    """Where the trip ``state`` holds stands: its status; or under way when only where the
    member is is held, away from their home ("Lisbon", home Denver: no trip state said)."""
    status = state.get(STATUS)
    if status in (*_HELD, *_ENDS):
        return status
    where = state.get(LOCATION)
    if isinstance(where, str) and not same_place(where, state.get(HOME)):
        return "in_progress"
    return status


def _holds_trip(state: State) -> bool:
    """Whether ``state`` holds a trip: planned, or under way with or without a place
    ("I'm away on a trip": no place said)."""
    return _trip_status(state) in _HELD


def _held_place(state: State) -> str | None:
    """Where the trip ``state`` holds goes (or is), or None without a trip held or with no
    place said of it."""
    if not _holds_trip(state):
        return None
    place = state.get(DESTINATION) or state.get(LOCATION)
    return place if isinstance(place, str) else None


def _places(words: str, said: list[Payload], homes: list[Scalar]) -> list[str]:
    """The places the message names, but home (staying home is no other trip)."""
    named = [
        *places_named(words),
        *(str(p["candidate_value"]) for p in said if p["field"] == LOCATION),
    ]
    return [n for n in named if not any(same_place(n, h) for h in homes)]


def _status_fits(status: Scalar, held: State, named_hers: bool) -> bool:
    """Whether ``status`` said with "we" may be her trip's: off while planned or under
    way; over, while under way; under way only where the words name her trip's place."""
    if status == "cancelled":
        return True
    if status == "completed":
        return _trip_status(held) == "in_progress"
    return named_hers and _trip_status(held) == "planning"


def ours_for_members(
    payloads: list[Payload],
    words: str,
    speaker: str,
    own: State,
    members: Mapping[str, State],
    users: HouseholdUsers,
) -> tuple[list[Payload], list[Payload]]:
    """``payloads`` (the speaker's reading of ``words``) and what of them is asked of the
    other ``members`` (their entity -> committed values) whose trip the "we" words are
    about; the speaker's own ending of a trip they do not hold is left out of the first."""
    said = _trip_words(payloads, speaker)
    status = next((p["candidate_value"] for p in said if p["field"] == STATUS), None)
    if status is None or not we_said(words):
        return payloads, []
    mine = _held_place(own)
    asked: list[Payload] = []
    for member, held in members.items():
        if member == speaker or not _holds_trip(held):
            continue
        hers = _held_place(held)  # None: a trip under way with no place said
        named = _places(words, said, [own.get(HOME), held.get(HOME)])
        named_hers = hers is not None and any(same_place(n, hers) for n in named)
        if named and not named_hers:
            continue  # "we cancelled denver": another trip than hers (or one of no place)
        if not named and _holds_trip(own) and not (mine and hers and same_place(mine, hers)):
            continue  # "trip's off" while the speaker holds a trip of their own: theirs
        if not _status_fits(status, held, named_hers):
            continue
        theirs = [
            {
                **p,
                "event_id": derived_id(str(p.get("event_id")), member, p["field"], "ours"),
                "entity_id": member,
            }
            for p in said
            if status == "in_progress" or p["field"] != LOCATION
        ]
        theirs = called_off_under_way(theirs, member, held)  # under way: over early
        asked += at_home(reported_observations(theirs, member, speaker, users), member, held)
    if not asked or _holds_trip(own) or status not in _ENDS:
        return payloads, asked
    # Off or over for a trip the speaker never held: hers, not a phantom of theirs.
    return [p for p in payloads if p not in said or p["field"] == LOCATION], asked


async def our_trip_asked(
    store: Store,
    payloads: list[Payload],
    words: str,
    speaker: str,
    own: State,
    users: HouseholdUsers,
    *,
    by_user: bool = True,
) -> tuple[list[Payload], list[Payload]]:
    """``ours_for_members`` with the other members' committed values read from ``store``;
    nothing crosses for words an assistant wrote (``by_user`` False) or a message with no
    "we" about a trip (no read then)."""
    others = sorted(users.members - {speaker})
    if not by_user or not others or not we_said(words) or not _trip_words(payloads, speaker):
        return payloads, []
    members = {
        m: with_open_plan(
            {f.field: f.value for f in await store.facts(m)}, await store.open_review_items([m]), m
        )
        for m in others
    }
    return ours_for_members(payloads, words, speaker, own, members, users)


def with_open_plan(state: State, open_items: Sequence[ReviewItem], member: str) -> State:
    """``state`` (a member's committed values) with the trip she planned in her own words
    and is still asked about ("I think we leave for tahoe sunday": "Is your trip going to
    Tahoe?"), when she holds no trip yet: his "we" about it is about her trip all the
    same, and is asked of her after hers (her question first; her No to it closes his,
    ``core.engine.plan_declined``)."""
    if _holds_trip(state):
        return state
    planned = {
        r.field: r.candidate_value
        for r in open_items
        if r.kind == "change" and r.principal == member and r.field in (*_PLAN, STATUS)
    }
    if planned.get(STATUS, "planning") != "planning" or not planned.get(DESTINATION):
        return state
    return {**state, **planned, STATUS: "planning"}
