"""A trip that leaves and comes back the same day: "day trip to seattle sunday", "up to
seattle sunday, back tonight".

Read clause by clause, a bare weekday that names today is next week's ("see you sunday"
said on a Sunday), so "day trip to seattle sunday" said on Sunday morning left a week
later, and its "back tonight" came home a week before it left. A departure on the bare
weekday named today leaves today, whatever the trip: someone who types "heading to seattle
sunday" on a Sunday means today (next week's is "next sunday" or "sunday week"), and a
day trip and a trip of days said the same way must not leave a week apart. The question
shows the day, so a user who meant next week says so. A day trip comes back the day it
leaves.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime, time, timedelta

from core.extraction.types import ExtractedObservation
from core.extraction.word_gates import gated

DAY_TRIP = gated(r"\bday[- ]?trip\b|\bfor\s+the\s+day\b|\bthere\s+and\s+back\b")
_DEPART, _RETURN = "travel.depart_date", "travel.return_date"
_BACK_THAT_DAY = gated(
    r"\bsame[- ]day\b|\b(?:back|home|return\w*|fly(?:ing)?\s+back|drive\s+back)\s+"
    r"(?:the\s+same\s+\w+|tonight|tonite|today|this\s+(?:afternoon|evening)|that\s+(?:night|evening)"
    r"|by\s+(?:lunch|dinner|supper|bedtime))\b"
)
"""A return said to be the day of leaving ("back tonight", "home by dinner")."""
UNSURE_SAME_DAY = 0.75
"""A return that falls on the day of leaving without the words saying so: asked."""


def back_the_day_it_leaves(
    obs: tuple[ExtractedObservation, ...],
) -> tuple[ExtractedObservation, ...]:
    """A trip of days whose return, told by another name than its departure, falls on the
    day it leaves ("leave sunday, back the 6th", Sunday being the 6th) is a slip as often
    as a day trip: the return is asked, not kept. A day trip said so ("day trip", "back
    tonight", the weekday named twice: "leave sunday, back sunday night") keeps it."""
    days = {o.field: o.candidate_value for o in obs if o.intent == "planning"}
    back = days.get(_RETURN)
    if not isinstance(back, str) or back != days.get(_DEPART):
        return obs
    text = " ".join(dict.fromkeys(o.evidence_text.lower() for o in obs if o.domain == "travel"))
    day = _day(next(o for o in obs if o.field == _RETURN))
    name = "" if day is None else f"{day:%A}".lower()
    twice = bool(name) and len(re.findall(rf"\b(?:{name}|{name[:3]})\b", text)) >= 2
    if DAY_TRIP.search(text) or _BACK_THAT_DAY.search(text) or twice:
        return obs
    return tuple(
        replace(o, extraction_confidence=min(o.extraction_confidence, UNSURE_SAME_DAY))
        if o.field == _RETURN
        else o
        for o in obs
    )


def same_day_trip(
    obs: tuple[ExtractedObservation, ...], today: date
) -> tuple[ExtractedObservation, ...]:
    """``obs`` with a same-day trip dated so: its departure on the weekday named today is
    today, and a day trip with no return comes back the day it leaves."""
    departs = [o for o in obs if o.field == _DEPART and o.intent == "planning"]
    leaving = departs[0] if len(departs) == 1 else None
    day = None if leaving is None else _day(leaving)
    if leaving is None or day is None:
        return obs
    backs = [o for o in obs if o.field == _RETURN and isinstance(o.candidate_value, str)]
    day_trip = DAY_TRIP.search(leaving.evidence_text.lower()) is not None
    back_today = any(o.candidate_value == today.isoformat() for o in backs)
    named_today = day == today + timedelta(days=7) and _named_today(leaving, today)
    if named_today:
        # A return read after next week's departure was counted from it ("on saturday,
        # back the following fri"): it moves with the departure, a week sooner.
        moved = {
            id(o): (d - timedelta(days=7)).isoformat() for o in backs if (d := _day(o)) and d > day
        }
        day = today
    elif not day_trip or backs:
        return obs
    else:
        moved = {}
    ends = [date.fromisoformat(moved[id(o)]) if id(o) in moved else _day(o) or day for o in backs]
    last = max([day, *ends])
    # The plan lasts to the end of its last day, not the days after a week's departure; a
    # trip of days with no return known keeps its span, a week sooner.
    until = (
        None
        if leaving.valid_until is None
        else leaving.valid_until - timedelta(days=7)
        if not (day_trip or back_today or backs)
        else datetime.combine(last + timedelta(days=1), time(0), tzinfo=leaving.valid_until.tzinfo)
    )

    def dated(o: ExtractedObservation) -> ExtractedObservation:
        if o is leaving:
            return replace(o, candidate_value=day.isoformat(), valid_until=until)
        if id(o) in moved:
            return replace(o, candidate_value=moved[id(o)], valid_until=until)
        if o.domain == "travel" and o.intent == "planning":
            return replace(o, valid_until=until)
        return o

    out = [dated(o) for o in obs]
    if not backs and (day_trip or back_today):  # a day trip comes back the day it leaves
        out.append(replace(out[obs.index(leaving)], field=_RETURN))
    return tuple(out)


def _day(o: ExtractedObservation) -> date | None:
    try:
        return date.fromisoformat(str(o.candidate_value))
    except ValueError:
        return None


def _named_today(leaving: ExtractedObservation, today: date) -> bool:
    """The departure's words name today's weekday bare ("sunday", "on sunday"), not "next
    sunday" or "sunday week"."""
    name = f"{today:%A}".lower()
    text = leaving.evidence_text.lower()
    if _DATED.search(text) or _PUT_OFF.search(text):
        return False
    return re.search(rf"(?<!next\s)\b(?:{name}|{name[:3]})\b(?!\s+week)", text) is not None


_DATED = gated(
    r"\b\d{1,2}(?:st|nd|rd|th)\b|\b\d{1,2}\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|"
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|\b\d{1,2}/\d{1,2}\b"
)
"""A day given by its date too ("Wed 11 Mar"): the date decides, not the weekday."""
_PUT_OFF = gated(
    r"\b(?:bumped|moved|pushed|postponed|delayed|rescheduled|changed|switched)\b.*\bto\b"
)
"""A departure moved to a weekday ("got bumped to wednesday"): another day than it was,
the coming one."""
