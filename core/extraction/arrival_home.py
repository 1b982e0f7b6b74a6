"""An arrival that is a move: the speaker gets to the town that is home from now on.

"Landed in Toronto for good", "arrived in Perth, the new chapter begins", "got to Tucson
with the last load, our new house has a lemon tree": the arrival reads as a trip under way
(or ended) there, but the message says the place is the new home, so the town is the home
city and there is no trip. A coming back ("landed back in Leeds, home sweet home") is a
trip ending at home and keeps its reading.
"""

from __future__ import annotations

from core.extraction.clause import Candidate, Clause
from core.extraction.word_gates import gated

_ARRIVED = gated(
    r"\b(?:landed|arrived|touched\s+down|got\s+(?:in)?to|made\s+it\s+to|pulled\s+into|"
    r"rolled\s+into|drove\s+into|reached)\b"
)
_BACK = gated(r"\b(?:back|return(?:ed|ing)?)\b")
"""A coming back is a trip's end, whatever the message says of home."""
_NEW_HOME = gated(
    r"\bfor\s+good\b|\bnew\s+chapter\b|\bhome\s+sweet\s+home\b|\bno\s+return\s+ticket\b|"
    r"\b(?:this|it|that)(?:'s|\s+is)\s+(?:officially\s+)?home\s+now\b|"
    r"\b(?:our|my|the)\s+new\s+(?:house|home|place|flat|apartment|apt|condo|digs)\b|"
    r"\blease(?:'s|\s+is)?\s+(?:now\s+)?signed\b|\bsigned\s+(?:a|the|our|my)\s+(?:[\w-]+\s+)?lease\b|"
    r"\b(?:the\s+)?movers\b|\bu-?haul\b|\blast\s+load\b"
)
"""What makes the arrival a move: staying for good, a new chapter, the new home itself."""
_OWN_NEW_HOME = gated(
    r"\b(?:our|my)\s+new\s+(?:house|home|place|flat|apartment|apt|condo)\b|"
    r"\bfirst\s+night\s+(?:in|at)\s+(?:the|our|my)\s+new\s+(?:house|home|place|flat|apartment|apt|condo)\b|"
    r"\bfor\s+good\b|\b(?:this|it|that)(?:'s|\s+is)\s+(?:officially\s+)?home\s+now\b"
)
"""The speaker's own new home, said beside being in a town ("we're in denver now, first night
in the new place"): being there is living there. Stricter than ``_NEW_HOME`` (no arrival
says a move): "the new place" alone may be a restaurant, "movers" someone else's."""
_STAYING = gated(
    r"\bvisit(?:ing|ed)?\b|\b\w+'s\s+new\b|\bfor\s+(?:(?:a|an|the|my|our|some)\s+)?(?:work|"
    r"business|conference|meeting|trip|wedding|weekend|week|few\s+days|holidays?|vacation)\b|"
    r"\b(?:till|until|til|thru)\b|\bthis\s+(?:week|weekend)\b|\bback\s+home\b"
)
"""A stay in the town, not a home there: visiting, someone else's new place, for a while,
the new home elsewhere ("back home")."""
_ON_THE_WAY = frozenset({"in_progress", "completed"})


def arrived_to_stay(found: list[Candidate], clause: Clause) -> list[Candidate]:
    """``found`` with the trip an arrival seemed to be turned into the home city it is,
    when the message says the town is the new home."""
    where = next((c for c in found if c.field == "travel.location"), None)
    if where is None or any(c.field == "profile.home_city" for c in found):
        return found
    if not any(c.field == "travel.status" and c.value in _ON_THE_WAY for c in found):
        return found
    if _BACK.search(clause.low):
        return found
    message = (clause.message or clause.text).lower()
    if _ARRIVED.search(clause.low):
        if not _NEW_HOME.search(message):
            return found
    elif not _being_there_at_home(found, message):
        return found
    kept = [c for c in found if not c.field.startswith("travel.")]
    return [*kept, Candidate("profile.home_city", where.value, where.confidence)]


def _being_there_at_home(found: list[Candidate], message: str) -> bool:
    """Whether being in the town (a trip under way, no arrival said) is living there: the
    message names the speaker's own new home and no stay ("we're in denver now, first
    night in the new place", "finally in austin!! our new house is huge")."""
    under_way = any(c.field == "travel.status" and c.value == "in_progress" for c in found)
    return under_way and _OWN_NEW_HOME.search(message) is not None and not _STAYING.search(message)
