"""Where the user is and how their trip stands, told as one story (pure functions).

"where am I?" and "what do you know about me?" read several fields that only make
sense together: a trip that is over leaves nobody at its destination (a question
still open about the trip or the stay is part of the answer too: see
``core.conversation.question_notes``). These functions never state two things that
cannot both be true: a location that only the finished trip supported is not said.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from core.domain import phrasing
from core.domain.away_unplaced import away_unplaced
from core.domain.state import CommittedFact
from core.engine.consistency import calendar_day
from core.engine.trip_state import (
    DEPART,
    DESTINATION,
    HOME,
    LOCATION,
    RETURN,
    STATUS,
    same_place,
)
from core.extraction import gazetteer


def stale_location(facts: Mapping[str, CommittedFact]) -> bool:
    """Whether the committed location is only the destination of a trip that is over
    (or off): true once, no longer."""
    status, where = facts.get(STATUS), facts.get(LOCATION)
    if status is None or where is None or status.value not in ("completed", "cancelled"):
        return False
    going, home = facts.get(DESTINATION), facts.get(HOME)
    return (
        going is not None
        and same_place(where.value, going.value)
        and not (home is not None and same_place(where.value, home.value))
    )


def trip_summary(facts: Mapping[str, CommittedFact], today: date | None = None) -> list[str]:
    """The travel line of "what do you know about me?" in parts that hold together:
    'your trip to Tahoe is over', "you're back home in Portland". A day gone by
    (``today``: the user's calendar day) is never told as ahead: a plan's departure
    past "was to leave", a return past "was due back"."""
    status, going = facts.get(STATUS), facts.get(DESTINATION)
    where, home = facts.get(LOCATION), facts.get(HOME)
    to = "" if going is None else f" to {phrasing.show(going.value)}"
    if (away := unplaced_away(facts, today)) is not None:
        return [away]
    out: list[str] = []
    if status is not None:
        out.append(
            {
                "planning": f"trip{to} planned",
                "in_progress": f"on your trip{to}",
                "completed": f"your trip{to} is over",
                "cancelled": f"your trip{to} is off",
            }.get(str(status.value), f"trip{to}: {phrasing.show(status.value)}")
        )
    elif going is not None:
        out.append(f"trip{to}")
    if where is not None and not stale_location(facts):
        at_home = home is not None and same_place(where.value, home.value)
        out.append(
            f"you're back home in {phrasing.show(where.value)}"
            if at_home and status is not None and status.value == "completed"
            else f"you're in {phrasing.show(where.value)}"
        )
    # A trip under way has left already: its first day is "since", not "leaving".
    leaving = "since" if status is not None and status.value == "in_progress" else "leaving"
    for field, words in ((DEPART, leaving), (RETURN, "back")):
        day = facts.get(field)
        if day is not None and status is not None and status.value in ("planning", "in_progress"):
            gone = calendar_day(day.value)
            if today is not None and gone is not None and gone < today and words != "since":
                words = "was to leave" if words == "leaving" else "was due back"
            out.append(f"{words} {phrasing.show_date(day.value, today)}")  # far: its year
    return out


WHERE_UNSAID = " (where not said yet)"
"""After a day back held with no trip, wherever it is said (``unplaced_away``)."""


def unplaced_away(facts: Mapping[str, CommittedFact], today: date | None = None) -> str | None:
    """ "away, or going away, until Monday, December 7 (where not said yet)": a day back
    held with no trip (``away_unplaced``), as it was asked and answered, never as a
    trip's "return date"; None when there is a trip (or no day back)."""
    back = facts.get(RETURN)
    if back is None or not away_unplaced({f: c.value for f, c in facts.items()}):
        return None
    gone = calendar_day(back.value)
    if today is not None and gone is not None and gone < today:
        return f"was to be away until {phrasing.show_date(back.value)}{WHERE_UNSAID}"
    return f"away, or going away, until {phrasing.show_date(back.value)}{WHERE_UNSAID}"


def another_trip(named: str, facts: Mapping[str, CommittedFact]) -> str | None:
    """What Canon says of "the denver trip", "our trip to new york" (``named``: the word
    before "trip", or the words after its "to") when the trip it holds goes elsewhere: it
    knows no trip there, and which one it does know."""
    key = gazetteer.key_of(named)
    place = gazetteer.lookup(key) or gazetteer.lookup(key.split(" ")[0])
    dest = facts.get(DESTINATION)
    if place is None or dest is None or same_place(place.name, dest.value):
        return None
    return f"I don't know of a trip to {place.name}: the trip I know of is to {phrasing.show(dest.value)}"
