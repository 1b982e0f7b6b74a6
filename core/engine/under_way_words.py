"""A trip's words read against where the trip is: setting out, on the way, called off.

The extractor reads each message alone; what the words mean for *this* trip depends on
where it stands, which only the user's committed values tell:

``set_out_now``
    "driving up now", "on our way!!", "just hit the road" name no place, so alone they
    are nobody's trip. While a trip is planned they are that trip setting out: its being
    under way is asked ("Is your trip under way?"), with the day it left, never taken on
    Canon's guess.

``called_off_under_way``
    "trip's off", "calling off tahoe" while the trip is under way: a trip that has left
    cannot be un-planned, and she is somewhere, not nowhere. It is read as the trip
    ending early, and asked as a return is ("Back home in Portland?": the trip over and
    where that leaves her, one question); No leaves her where she is, so she is never
    moved unasked. Words that name another place ("the denver trip is off" while in
    Tahoe) are about another trip and keep their reading.

``another_trip_called_off``
    "the denver trip is off" while the trip held goes to Tahoe: Canon holds one trip,
    and the words name another, so they call off none that Canon knows. The held trip
    is never asked off for them (a Yes used to cancel Tahoe); nothing changes.

``on_the_way_not_there``
    "just left for tahoe", "on our way to tahoe!" while she is held *in* Tahoe: leaving
    for a place is not being there. Where she is held is asked to be forgotten ("Should I
    forget your location (Tahoe)?"); the trip stays under way.

Pure functions of the message's payloads (and words), the speaker's committed values and
a ``said`` callback that makes Canon's own asked observation.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, Final

from core.domain.ids import derived_id
from core.domain.state import Scalar
from core.engine.trip_state import DEPART, DESTINATION, LOCATION, RETURN, STATUS, same_place
from core.extraction import gazetteer
from core.extraction.typed_text import clean

Payload = dict[str, Any]

SET_OUT: Final = "you said you're setting out; your plan is the trip"
"""Why "driving up now" is asked: the words name no trip, Canon took the one planned."""
CALLED_OFF_THERE: Final = "a trip under way cannot be called off: read as over early"
"""Why "trip's off" on a trip under way is asked as its end."""
NOT_THERE_YET: Final = "you said you're on your way there, so not there yet"
"""Why a location is asked to be forgotten when she says she is on the way to it."""

_LEAD = (
    r"^(?:(?:ok(?:ay)?|so|and|well|yay|woo+|omg|finally|update|phew|alright|right)\W+)*"
    r"(?:(?:we|i)(?:'re|\s+are|'m|\s+am)?\s+|were\s+|im\s+)?"
    r"(?:(?:just|finally|now|all|both|officially)\s+)*"
)
_NOW = r"(?:now|rn|right\s+now|as\s+we\s+speak)"
_SETTING_OUT = re.compile(
    _LEAD + r"(?:"
    # "driving up now", "heading down rn": a going with its direction and now.
    # ("heading out now" is as often to dinner: out only of a flight.)
    rf"(?:(?:driving|heading|headed|going)\s+(?:up|down|over)|flying\s+(?:up|down|over|out))"
    rf"(?:\s+there)?\s+{_NOW}"
    rf"|(?:leaving|setting\s+(?:off|out)|off)\s+{_NOW}"
    # "on our way!!", "omw", "just left", "hit the road": on the way, said outright.
    r"|on\s+(?:our|my|the)\s+way|omw|otw|en\s*route|hit\s+the\s+road|hitting\s+the\s+road"
    rf"|left|in\s+the\s+car\s+{_NOW}"
    r")(?:\s+(?:w/?|with)\s*(?:the\s+)?(?:kids|family|fam))?"
    r"(?:\s+(?:lol|yay|woo+|finally|at\s+last))*\W*$"
)
"""A whole clause that sets out now and names no place (nor day, nor anyone else)."""
_CLAUSE = re.compile(r"[^.!?;\n]+[.!?;\n]*")


def set_out_now(
    payloads: list[Payload],
    text: str,
    entity_id: str,
    state: Mapping[str, Scalar],
    said: Callable[[str, Scalar, str], Payload],
) -> list[Payload]:
    """``payloads`` with the planned trip under way, asked, when ``text`` sets out now
    in words that name no place while ``state`` holds a trip planned and nothing in the
    message already speaks of the trip (``said(field, value, words)``: Canon's asked
    observation)."""
    if state.get(STATUS) != "planning" or not state.get(DESTINATION):
        return payloads
    if any(p.get("entity_id") == entity_id and p.get("domain") == "travel" for p in payloads):
        return payloads
    for clause in _CLAUSE.findall(clean(text).lower()):
        clause = clause.strip()
        if clause and not clause.endswith("?") and _SETTING_OUT.match(clause):
            return [*payloads, said(STATUS, "in_progress", clause)]
    return payloads


def called_off_under_way(
    payloads: list[Payload], entity_id: str, state: Mapping[str, Scalar]
) -> list[Payload]:
    """``payloads`` with the speaker's trip called off read as over, asked, while
    ``state`` holds it under way; unchanged when the words name another trip's place."""
    if state.get(STATUS) != "in_progress":
        return payloads
    mine = [p for p in payloads if p.get("entity_id") == entity_id]
    off = [
        p
        for p in mine
        if p.get("field") == STATUS
        and p.get("candidate_value") == "cancelled"
        and p.get("intent") == "assertive"
    ]
    if len(off) != 1 or _names_another_place(off[0], state):
        return payloads
    if any(
        p.get("field") == DESTINATION
        and p.get("candidate_value")
        and not same_place(p.get("candidate_value"), state.get(DESTINATION))
        for p in mine
    ):
        return payloads
    over = {**off[0], "candidate_value": "completed", "needs_confirmation": CALLED_OFF_THERE}
    # The plan's words a cancellation forgets (its place, its days) are no part of a trip
    # that happened: it went there, on its days.
    return [over if p is off[0] else p for p in _without_plan_forgotten(payloads, entity_id)]


def another_trip_called_off(
    payloads: list[Payload], entity_id: str, state: Mapping[str, Scalar]
) -> list[Payload]:
    """``payloads`` without the speaker's trip called off (nor the plan's words it
    forgets) when ``state`` holds a trip planned or under way and the words name a known
    place that is neither where it goes nor where the speaker is, nor the held trip's
    place beside it, and the message plans no new trip."""
    held = state.get(DESTINATION)
    if state.get(STATUS) not in ("planning", "in_progress") or not isinstance(held, str):
        return payloads
    mine = [p for p in payloads if p.get("entity_id") == entity_id]
    off = [p for p in mine if p.get("field") == STATUS and p.get("candidate_value") == "cancelled"]
    if len(off) != 1 or not _names_another_place(off[0], state):
        return payloads
    if _names_place(off[0], held) or any(
        p.get("field") == DESTINATION and p.get("candidate_value") for p in mine
    ):
        return payloads  # "the tahoe trip is off, denver instead": the held one, and a new
    return [p for p in _without_plan_forgotten(payloads, entity_id) if p is not off[0]]


def _without_plan_forgotten(payloads: list[Payload], entity_id: str) -> list[Payload]:
    """``payloads`` without the plan's place and days that a cancellation forgets (the
    speaker's own: their value None)."""
    forgotten = (DESTINATION, DEPART, RETURN)
    return [
        p
        for p in payloads
        if not (
            p.get("entity_id") == entity_id
            and p.get("field") in forgotten
            and p.get("candidate_value") is None
        )
    ]


def on_the_way_not_there(
    payloads: list[Payload], entity_id: str, state: Mapping[str, Scalar]
) -> list[Payload]:
    """``payloads`` with where the speaker is held asked to be forgotten, when they put
    the trip under way *to* the place ``state`` holds them in (and say nothing of where
    they are)."""
    where = state.get(LOCATION)
    if state.get(STATUS) != "in_progress" or not isinstance(where, str):
        return payloads
    mine = [p for p in payloads if p.get("entity_id") == entity_id]
    if any(p.get("field") == LOCATION for p in mine):
        return payloads
    going = next(
        (
            p
            for p in mine
            if p.get("field") == DESTINATION
            and p.get("intent") == "assertive"
            and same_place(p.get("candidate_value"), where)
        ),
        None,
    )
    under_way = any(
        p.get("field") == STATUS
        and p.get("candidate_value") == "in_progress"
        and p.get("intent") == "assertive"
        for p in mine
    )
    if going is None or not under_way:
        return payloads
    forget = {
        **going,
        "event_id": derived_id("on-the-way", going["event_id"], LOCATION),
        "field": LOCATION,
        "candidate_value": None,
        "intent": "retract",
        "needs_confirmation": NOT_THERE_YET,
    }
    return [*payloads, forget]


def _names_another_place(payload: Payload, state: Mapping[str, Scalar]) -> bool:
    """Whether the words of ``payload`` name a known place that is neither where the trip
    under way goes nor where the speaker is ("the denver trip is off" while in Tahoe)."""
    ours = (state.get(DESTINATION), state.get(LOCATION))
    return any(not any(same_place(name, p) for p in ours) for name in _places_named(payload))


def _names_place(payload: Payload, place: str) -> bool:
    """Whether the words of ``payload`` name ``place`` ("the tahoe trip is off")."""
    return any(same_place(name, place) for name in _places_named(payload))


def _places_named(payload: Payload) -> list[str]:
    """The known places the words of ``payload`` name (two words or one)."""
    return places_named(str(payload.get("evidence_text") or ""))


def places_named(text: str) -> list[str]:
    """The known places ``text`` names (two words or one): "we cancelled tahoe"."""
    words = re.findall(r"[a-z]+", text.lower())
    named = []
    for n in (2, 1):
        for i in range(len(words) - n + 1):
            known = gazetteer.lookup(gazetteer.key_of(" ".join(words[i : i + n])))
            if known is not None:
                named.append(known.name)
    return named
