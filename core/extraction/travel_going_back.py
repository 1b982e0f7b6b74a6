"""Going back from where one is: "Currently I am in Cebu visiting my Lola, going back to
Manila on Sunday", "in Pune for work, flying back to Delhi on the 12th".

Read alone, "going back to Manila on Sunday" plans a trip to Manila. Said by someone who is
away now (the same message puts them somewhere on a trip), it is the trip's way home: its
day is the day they return, and no new trip begins. Someone going back to a place they are
not coming from ("we're going back to Lisbon in May, loved it") still plans a trip.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

from core.extraction.types import ExtractedObservation
from core.extraction.word_gates import gated

_BACK_TO = gated(
    r"\b(?:going|go|goes|heading|head|flying|fly|driving|drive|taking\s+the\s+\w+|returning|"
    r"coming|leaving)\s+back\s+to\b|\bthen\s+back\s+to\b",
    re.IGNORECASE,
)
GOING_BACK = gated(
    r"\b(?:going|heading|flying|driving|taking\s+the\s+\w+|returning|coming)\s+(?:back|home)\b|"
    # "on holiday in Crete, back on the 14th", "in Denver for work - home friday": the day
    # after a bare "back" or "home" that follows where one is.
    r"[,;\u2013\u2014-]\s*(?:and\s+|then\s+)?(?:back|home)\s+(?=(?:on|by)\s+(?:the\s+)?"
    r"(?:\d|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|"
    r"(?:the\s+)?\d|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|tomorrow\b|tmrw\b)"
)
"""In a clause that puts the user somewhere on a trip, the way home: "currently in Cebu,
going back to Manila on Sunday" (``trip_under_way`` dates the return by the day after it)."""
_STAY_DAYS = 21
_TRIP = frozenset({"travel.destination", "travel.status", "travel.depart_date"})


def back_from_stay(
    obs: tuple[ExtractedObservation, ...], today: date
) -> tuple[ExtractedObservation, ...]:
    """``obs`` with a planned trip "back to" somewhere, said while away, read as the return
    (within three weeks: "in Lisbon now, going back to Porto in May" is another trip)."""
    away = any(
        o.field == "travel.status"
        and o.candidate_value == "in_progress"
        and o.intent == "assertive"
        for o in obs
    )
    if not away or any(o.field == "travel.return_date" for o in obs):
        return obs
    back = {
        o.evidence_text
        for o in obs
        if o.field == "travel.destination"
        and o.intent == "planning"
        and _BACK_TO.search(o.evidence_text)
    }
    day = next(
        (o for o in obs if o.field == "travel.depart_date" and o.evidence_text in back), None
    )
    if day is None or (date.fromisoformat(str(day.candidate_value)) - today).days > _STAY_DAYS:
        return obs
    kept = [o for o in obs if not (o.field in _TRIP and o.evidence_text in back)]
    return (*kept, replace(day, field="travel.return_date", intent="assertive"))
