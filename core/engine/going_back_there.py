"""'back to tahoe friday!!' once the trip is over: a new trip there, not the way home.

The extractor reads "back to tahoe friday" (and "heading back up to the cabin next week")
as the day the speaker comes home: away, "back to portland friday" is that. It knows
neither where home is nor that no trip is under way. Canon does: while the user is not
away (their trip over, called off, or none on record) and the place they go back to is
not home, the day is a new trip's day to leave, to a place they have been, asked as one
question with the trip ("Are you planning a trip to Tahoe on Friday, December 4?"). Its
destination is the place: the finished trip's (as it was
written), a city as the gazetteer writes it, else as the user did ("the cabin": the
finished trip's place is not the new trip's).

Whose plan it is, and whether it is one, is the extractor's reading: only the speaker's
own return day read as a plan is taken ("mum's heading back to tahoe friday", "should we
go back to tahoe friday?" and "we went back to tahoe friday" have none). With the home
unknown, only the finished trip's own place is known not to be home.

A pure function of the message's payloads and words and the speaker's committed values.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import datetime

from core.domain.state import Scalar
from core.engine.errand_done import Payload
from core.engine.trip_state import DEPART, DESTINATION, HOME, LOCATION, RETURN, STATUS, same_place
from core.extraction.gazetteer import key_of, lookup
from core.extraction.timeexpr import find_times
from core.extraction.typed_text import clean

GOING_BACK_THERE = "going back to a place that is not home, read as a new trip"
"""Why the trip is asked: the words said "back", Canon read a trip there."""

_BACK_TO = re.compile(r"\bback\s+(?:(?:up|down|over|out)\s+)?(?:to|in)\s+(?P<rest>[^.!?;,\n]+)")
_AWAY = frozenset({"planning", "in_progress"})
_NO_PLACE = frozenset({"home", "work", "school", "normal", "bed", "reality", "the office"})
"""Where "back to" goes that is no trip (the extractor reads none of them as one anyway)."""


def going_back_there(
    payloads: list[Payload],
    text: str,
    entity_id: str,
    state: Mapping[str, Scalar],
    at: datetime,
    said: Callable[[str, Scalar, str], Payload],
) -> list[Payload]:
    """``payloads`` with the speaker's planned return day read as a new trip's day to
    leave, when ``text`` goes "back to" a place that is not home and ``state`` (the
    speaker's committed values) has no trip planned or under way (``said(field, value,
    words)``: the message's own observation of it, asked)."""
    if state.get(STATUS) in _AWAY:
        return payloads
    mine = [p for p in payloads if p.get("entity_id") == entity_id]
    back = [p for p in mine if p.get("field") == RETURN and p.get("intent") == "planning"]
    if len(back) != 1 or any(p.get("field") in (DEPART, DESTINATION) for p in mine):
        return payloads
    found = _BACK_TO.search(clean(text).lower())
    if found is None:
        return payloads
    rest = found["rest"]
    times = find_times(rest, at)
    place = " ".join((rest[: times[0].start] if times else rest).split())
    place = re.sub(r"\s+(?:on|this|next)$", "", place)
    home, was = state.get(HOME), state.get(DESTINATION)
    if not place or place in _NO_PLACE or same_place(place, state.get(LOCATION)):
        return payloads
    if same_place(place, home) or (home is None and not same_place(place, was)):
        return payloads  # home, or a place not known not to be home
    going = was if same_place(place, was) else _written(place)
    words = found.group(0).strip()
    plan = [
        said(STATUS, "planning", words),
        said(DESTINATION, going, words),
        said(DEPART, back[0].get("candidate_value"), words),
    ]
    return [p for p in payloads if p is not back[0]] + plan


def _written(place: str) -> str:
    """``place`` as the gazetteer writes it, when it knows it; else as the user did."""
    known = lookup(key_of(place).removeprefix("the "))
    return place if known is None else known.name
