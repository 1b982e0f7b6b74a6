"""Setting out with no place ("we're gonna leave Friday morning"), whose day the next clause's
trip plan borrows as its departure ("... and drive down to San Diego").
"""

from __future__ import annotations

import re
from datetime import date

from core.extraction.clause import Candidate, Clause

_SETTING_OUT = re.compile(
    r"\b(?:leave|leaving|leaves|depart|departing|set(?:ting)?\s+off|head(?:ing)?\s+out|"
    r"fly(?:ing)?\s+out|take\s+off|taking\s+off|hit(?:ting)?\s+the\s+road)\b"
)
"""Setting out with no place: "we're gonna leave Friday morning", "heading out Sunday"."""


def departure_day(clause: Clause) -> date | None:
    """The day a planned clause sets out on, when it names no place ("we're gonna leave
    Friday morning and drive down to San Diego": the place is in the next clause)."""
    if clause.intent != "planning":
        return None
    m = _SETTING_OUT.search(clause.low)
    if m is None:
        return None
    days = [t.day for t in clause.times if t.start >= m.end() and not t.past]
    return days[0] if days and days[0] >= clause.at.date() else None


def lend_departure(found: list[Candidate], day: date) -> list[Candidate]:
    """``found`` with the day the previous clause set out on as the departure of the trip
    this clause plans, when it gives none of its own."""
    dest = next(
        (c for c in found if c.field == "travel.destination" and c.intent == "planning"), None
    )
    if dest is None or any(c.field == "travel.depart_date" for c in found):
        return found
    lent = Candidate(
        "travel.depart_date", day.isoformat(), dest.confidence, "planning", dest.valid_until
    )
    return [*found, lent]
