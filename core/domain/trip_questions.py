"""A trip's questions: its status, one field of it, and a trip's words asked as one.

Pure; ``phrasing`` asks them (and re-exports ``back_home``). "Back home in Portland?" for a
return with where it leaves the user, "Is your trip to Denver off?" for a plan called off
with its place, "Are you planning a trip to Tahoe on Friday, December 4?" for a trip
planned again with its place and day.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from core.domain.phrasing_values import show, show_date
from core.domain.question_words import Words, fmt, plain_name


class Change(Protocol):
    """What a question is about (a review item satisfies this)."""

    @property
    def entity_id(self) -> str: ...
    @property
    def field(self) -> str: ...
    @property
    def candidate_value(self) -> Any: ...
    @property
    def current_value(self) -> Any: ...


TRIP_QUESTIONS = {
    "planning": "Are {you} planning a trip{to}?",
    "in_progress": "Is {your} trip{to} under way?",
    "completed": "Is {your} trip{to} over?",
    "cancelled": "Is {your} trip{to} off?",
}


def travel_question(name: str, value: Any, w: Words, *, to: str = "") -> str:
    """The question for one trip field ``name`` proposed as ``value`` (``to``: its place)."""
    if name == "status" and value in TRIP_QUESTIONS:
        return fmt(TRIP_QUESTIONS[value], w, to=to)
    if name == "location":
        return fmt("{are} {you} in {v}?", w, v=show(value))
    if name == "destination":
        return fmt("Is {your} trip going to {v}?", w, v=show(value))
    if name == "depart_date":
        return fmt("{do} {you} leave on {v}?", w, v=show_date(value))
    if name == "return_date":
        return fmt("{are} {you} back on {v}?", w, v=show_date(value))
    return fmt("Is {your} {f} now {v}?", w, f=plain_name(name), v=show(value))


NO_TRIP_YET = "a day back said with no trip known"
"""The ``needs_confirmation`` of a day back said while Canon holds no trip
(``core.engine.home_without_trip``): asked as whether they are away, never of a trip."""


def away_until(value: Any, w: Words) -> str:
    """A day back with no trip held, asked without presuming one: "Are you away, or going
    away, until Monday, December 7?" (a Yes keeps the day for the trip said next)."""
    return fmt("{are} {you} away, or going away, until {v}?", w, v=show_date(value))


TRIP_GROUP = frozenset(
    f"travel.{name}" for name in ("status", "location", "destination", "depart_date", "return_date")
)


_PLANNED_AGAIN = frozenset(("travel.status", "travel.destination", "travel.depart_date"))


def trip_question(changes: Sequence[Change], words: Words) -> str | None:
    """A trip's word and what it means for the trip's other fields, as one question: a
    return that leaves the user home, a trip called off with its plan, an arrival."""
    by_field = {c.field: c.candidate_value for c in changes}
    status = by_field.get("travel.status")
    if status == "completed" and "travel.location" in by_field:
        # A return and where it leaves the user: one question, never "forget your location?"
        # (a day still ahead goes with it).
        back = by_field.get("travel.return_date")
        if by_field.get("travel.depart_date") is None:
            # The day the words told ("we got back last night") goes with it.
            return back_home(by_field["travel.location"], words, since=back)
        return None
    was = {c.field: c.current_value for c in changes}
    if (
        status == "planning"
        and was.get("travel.status") in ("completed", "cancelled")
        and by_field.get("travel.depart_date") is not None
        and set(by_field) <= _PLANNED_AGAIN
    ):
        # A trip planned again, with its place and day: one question that names both.
        place = by_field.get("travel.destination")
        to = "" if place is None else f" to {show(place)}"
        return fmt(
            TRIP_QUESTIONS[status], words, to=f"{to} on {show_date(by_field['travel.depart_date'])}"
        )
    if any(by_field.get(f) is not None for f in ("travel.depart_date", "travel.return_date")):
        return None  # a plan's days are asked one by one
    place = (
        by_field.get("travel.location")
        or by_field.get("travel.destination")
        or (was.get("travel.destination") if status == "cancelled" else None)
    )
    if status not in TRIP_QUESTIONS or (place is None and len(by_field) < 2):
        return None
    return travel_question(
        "status", status, words, to="" if place is None else f" to {show(place)}"
    )


def back_home(home: Any, w: Words | None = None, *, away: Any = None, since: Any = None) -> str:
    """A return as one question: 'Back home in Portland?' when the home city is known,
    else 'Back home from Tahoe?' (Yes forgets where the trip was); ``since``: the day the
    trip ended, when the words told it ('Back home in Portland since Friday, November 27?')."""
    w = w or Words("", "")
    back = "Back" if w.you == "you" else f"Is {w.you} back"
    when = "" if since is None else f" since {show_date(since)}"
    if home is not None:
        return f"{back} home in {show(home)}{when}?"
    return f"{back} home from {show(away)}{when}?" if away is not None else f"{back} home{when}?"
