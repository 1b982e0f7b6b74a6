"""What has ended is not told as current (issue 24: the clock moves, what Canon says must
stay true). Pure: facts and an explicit ``now`` in.

A fact with an end (``valid_until``: "till sunday", a plan's last day, a calendar event's
end) holds until then. After it, the answers that say how things are now leave it out,
and the listings that show everything (/state) say it in the past. An errand is the
exception: a return still to do after its day is overdue, not over, so it is kept and
told as "was due Friday" (``errand_answers``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from datetime import date, datetime
from typing import Any

from core.domain.move_words import MOVE_CITY, MOVE_DATE, due_day
from core.domain.state import CommittedFact, Scalar
from core.domain.timeutil import calendar_day

_TRIP_PLAN = frozenset({"travel.destination", "travel.depart_date", "travel.status"})


def trip_lasts_to_its_return(facts: Iterable[CommittedFact]) -> list[CommittedFact]:
    """``facts`` with a trip's own dated facts (where it goes, when it left, its status)
    lasting at least until its return does: "back sun" planned, then "staying one more nite,
    back monday now" confirmed, must not leave "Your trip was to go to Tahoe (ended)" on
    Monday beside "back Monday" and the trip under way (the later return's Yes carried its
    own end only)."""
    rows = list(facts)
    back = {
        f.entity_id: f.valid_until
        for f in rows
        if f.field == "travel.return_date" and f.valid_until is not None
    }
    out = []
    for f in rows:
        end = back.get(f.entity_id)
        if f.field in _TRIP_PLAN and end is not None and f.valid_until and f.valid_until < end:
            f = replace(f, valid_until=end)
        out.append(f)
    return out


def has_ended(f: CommittedFact, now: datetime) -> bool:
    """Whether ``f``'s end has come by ``now``."""
    return f.valid_until is not None and f.valid_until <= now


def still_told(facts: Iterable[CommittedFact], now: datetime) -> list[CommittedFact]:
    """``facts`` that may be told as how things are at ``now``: those not ended, and the
    errands (a bill or a return past its day is overdue, and says so itself)."""
    return [
        f
        for f in trip_lasts_to_its_return(facts)
        if not has_ended(f, now) or f.domain == "financial"
    ]


def overdue(f: CommittedFact) -> bool:
    """An errand still due (``financial.<errand>.status`` = due): past its end it is
    overdue, not over."""
    return f.domain == "financial" and f.field.endswith(".status") and f.value == "due"


_PAST = {"is": "was", "are": "were", "goes": "was to go", "live": "lived", "work": "worked"}
_VERB = re.compile(r"\b(is|are|goes|live|work)\b|'re\b")


def told_past(sentence: str) -> str:
    """``sentence`` (one of ``fact_sentence``'s) in the past: its first verb, "is" -> "was",
    "are" -> "were", "You're" -> "You were"; a trip that "goes to Tahoe" "was to go"
    (a plan past its end may never have happened)."""

    def past(m: re.Match[str]) -> str:
        return _PAST.get(m.group(0), " were")

    return _VERB.sub(past, sentence, count=1)


_PLANNED_DAYS: dict[str, tuple[frozenset[Scalar], str]] = {
    "travel.depart_date": (frozenset({"planning"}), "not known whether they left"),
    "travel.return_date": (
        frozenset({"planning", "in_progress"}),
        "not known whether they are back",
    ),
}


def day_gone_by(f: CommittedFact, state: Mapping[str, Scalar], today: date) -> str | None:
    """What is not known about a plan's day that has gone by (``today``: the user's
    calendar day) with the plan still only a plan: a departure before today with the trip
    still planned ("not known whether they left"), a return before today with the trip not
    over, a move's day (or month) gone by with the move still planned. None otherwise: a
    raw date of a day gone by is never told as if it were ahead."""
    if f.field == MOVE_DATE:
        day = due_day(f.value)
        gone = day is not None and day < today and state.get(MOVE_CITY) is not None
        return "not known whether they moved" if gone else None
    planned = _PLANNED_DAYS.get(f.field)
    day = calendar_day(f.value)
    if planned is None or day is None or day >= today:
        return None
    statuses, unknown = planned
    return unknown if state.get("travel.status") in statuses else None


def due_day_gone(changes: Iterable[Any], today: date | None) -> bool:
    """Whether a question about ``changes`` (review items, or anything with ``field`` and
    ``candidate_value``) asks an errand's day that has gone by (``today``: the user's
    calendar day): put on the 8th, "Is the Amazon return due Saturday, December 5?" asks
    of a day gone by as if ahead; it is asked in the past ("Was ... due ...?")."""
    if today is None:
        return False
    for c in changes:
        day = calendar_day(c.candidate_value) if c.field.endswith(".due_date") else None
        if c.field.startswith("financial.") and day is not None and day < today:
            return True
    return False
