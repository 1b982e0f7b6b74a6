"""What the user meant to do before leaving and has not: told once the trip is under way.

The founding mistake was an assistant that kept planning "return the Amazon package
before the Tahoe trip" while the user was already in Tahoe. Once Canon believes the trip
is under way, "before the trip" is over: the one thing that changed for such an errand is
that it was not done before leaving. The arrival's reply says so, once, in one line per
errand still due on or before the day the trip left; an errand due later, done, without
a day, or somebody else's is not named.
Pure: committed facts in, lines out (the departure day is said by its date, so the
line needs no clock: it is as true the day after).

    left_undone(facts, "user:primary")
    # ['The Amazon return was due before you left (Sunday, November 29): still to do? …']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from core.domain import phrasing
from core.domain.errands import errands_of
from core.domain.naming import errand
from core.domain.state import CommittedFact
from core.engine.consistency import calendar_day
from core.engine.trip_state import DEPART, STATUS

_ASK = "still to do? Tell me when it's done."


class Change(Protocol):
    """A change committed to a field: a message's outcome or an answered question."""

    @property
    def entity_id(self) -> str | None: ...
    @property
    def field(self) -> str | None: ...
    @property
    def candidate_value(self) -> Any: ...


def trip_began(committed: Iterable[Change], mine: str) -> bool:
    """Whether ``committed`` (changes that were committed) sets ``mine``'s trip under way."""
    return any(
        c.entity_id == mine and c.field == STATUS and c.candidate_value == "in_progress"
        for c in committed
    )


def left_undone(
    facts: Sequence[CommittedFact], mine: str, asked: Iterable[Change] = ()
) -> list[str]:
    """One line per errand of ``mine`` still ``due`` on or before the day ``mine``'s trip
    under way left, soonest first; none while no trip is under way or its day is unknown.
    ``asked``: changes waiting for the user's answer. An errand asked as done ("dropped
    the boots at the ups store on the way up") is not named: its question asks it, and
    "still to do?" beside "Mark the Amazon return done?" would contradict it."""
    held = {f.field: f.value for f in facts if f.entity_id == mine}
    said_done = {
        (c.field or "").removesuffix(".status")
        for c in asked
        if c.entity_id == mine
        and (c.field or "").startswith("financial.")
        and (c.field or "").endswith(".status")
        and c.candidate_value != "due"
    }
    left = calendar_day(held.get(DEPART))
    if held.get(STATUS) != "in_progress" or left is None:
        return []
    when_left = phrasing.show_date(left.isoformat())
    due = []
    for slug, fields in errands_of(facts, mine).items():
        status, day = fields.get("status"), fields.get("due_date")
        on = None if day is None else calendar_day(day.value)
        if f"financial.{slug}" in said_done:
            continue
        if status is not None and status.value == "due" and on is not None and on <= left:
            due.append((on, slug))
    lines = []
    for on, slug in sorted(due):
        what = errand(phrasing.show(slug))
        what = what[:1].upper() + what[1:]
        if on == left:
            lines.append(f"{what} was due before you left ({when_left}): {_ASK}")
        else:
            said = phrasing.show_date(on.isoformat())
            lines.append(f"{what} was due {said}, before you left ({when_left}): {_ASK}")
    return lines
