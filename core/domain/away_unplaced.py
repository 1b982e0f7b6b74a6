"""A day back held with no trip: away (or going away) until then, where not said.

"back monday", said with no trip known, is asked "Are you away, or going away, until
Monday, December 7?" (``trip_questions.away_until``), and a Yes keeps the day alone for
the trip said next. Until a trip is named, the bare ``travel.return_date`` is no trip's
return: read alone ("Your return date is Monday", "back Monday") an assistant takes a
trip it was never told of, or none at all. So every surface says what the day means
(``UNPLACED``): the context block and HEARTBEAT.md beside the value, /state, "where am i"
and "what do you know about me" in words.

Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from core.domain.state import CommittedFact, Scalar

RETURN: Final = "travel.return_date"
UNPLACED: Final = "away or going away until then, where not said"
"""What a day back held with no trip means, beside its value (the block's ``(means: …)``)."""
_TRIP: Final = ("travel.status", "travel.destination", "travel.depart_date")
"""What Canon holds of a trip when it knows one: its status, where it goes, its day out."""


def away_unplaced(held: Mapping[str, Scalar]) -> bool:
    """Whether ``held`` (one entity's values by field) has a day back and no trip: no
    status, destination or day out, and no place away from home."""
    if held.get(RETURN) is None or any(held.get(f) is not None for f in _TRIP):
        return False
    where, home = held.get("travel.location"), held.get("profile.home_city")
    return where is None or (isinstance(home, str) and str(where).casefold() == home.casefold())


def unplaced_meanings(facts: Iterable[CommittedFact]) -> dict[tuple[str, str], str]:
    """(entity, "travel.return_date") -> ``UNPLACED`` for each entity whose day back is
    held with no trip (``away_unplaced``)."""
    held: dict[str, dict[str, Scalar]] = {}
    for f in facts:
        held.setdefault(f.entity_id, {})[f.field] = f.value
    return {(e, RETURN): UNPLACED for e, values in held.items() if away_unplaced(values)}
