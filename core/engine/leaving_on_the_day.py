"""'actually we're leaving saturday now': the planned trip's new day to leave.

The extractor reads "we're leaving saturday" with no place as no trip: alone, leaving
could be anything. Canon knows a trip is planned (on record, its day to leave today or
ahead): the user's own word that they leave, fly out or head out on a day, with nothing
after the verb but that day ("we leave sat now", "leaving a day early"), is the trip's
new day to leave, asked ("Do you leave on Saturday, November 28?"); a Yes moves what was
due before going with it (``core.engine.errand_follows_trip``). "we left a day early" is
the day it left. Someone else leaving, a question, a denial, a condition, and leaving
something ("leaving work early friday", "leaving the party at 10") are not.

A pure function of the message's payloads and words, the speaker's committed values and
``at`` (the speaker's local time).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import date, datetime, timedelta

from core.domain.state import Scalar
from core.domain.timeutil import calendar_day
from core.engine.errand_done import Payload
from core.engine.trip_state import DEPART, STATUS
from core.extraction.timeexpr import find_times
from core.extraction.typed_text import clean

_LEAVES = re.compile(
    r"^(?:(?:ok(?:ay)?|so|actually|actualy|update|ugh|oh|well|change\s+of\s+plans?|fyi|btw)\W+)*"
    r"(?:(?P<who>we|i)(?:'re|\s+are|'m|\s+am|\s+will|'ll)?\s+)?(?:now\s+|actually\s+)?"
    r"(?P<verb>leaving|leave|left|heading\s+out|head(?:ed)?\s+out|flying\s+out|fly\s+out"
    r"|flew\s+out|setting\s+off|set\s+off)\s+"
    r"(?P<rest>.+)$"
)
_SHIFT = re.compile(
    r"^(?P<n>a|one|two|2|1)\s+days?\s+(?P<way>early|earlier|late|later)\b(?:\s+now)?\W*$"
)
_TAIL = re.compile(r"^(?:now|instead|then|after\s+all|lol|haha|ugh)?\W*$")
_CLAUSE = re.compile(r"[^.!?;\n]+[.!?;\n]*")
_PAST = frozenset({"left", "headed out", "flew out"})
_TRIP_ON = frozenset({"planning"})

DAY_OF_THE_TRIP = "a day to leave, read as the planned trip's"
"""Why the day is asked: the words name no trip; Canon took it for the one planned."""


def leaving_on_the_day(
    payloads: list[Payload],
    text: str,
    entity_id: str,
    state: Mapping[str, Scalar],
    at: datetime,
    said: Callable[[str, str, str], Payload],
) -> list[Payload]:
    """``payloads`` with the day ``text`` says ``entity_id`` now leaves on, while their
    trip is planned and no day to leave was read (``said(day, intent, clause)``: the
    message's own observation of it, asked)."""
    planned = calendar_day(state.get(DEPART))
    if state.get(STATUS) not in _TRIP_ON or planned is None or planned < at.date():
        return payloads
    if any(p.get("entity_id") == entity_id and p.get("field") == DEPART for p in payloads):
        return payloads
    for clause in _CLAUSE.findall(clean(text).lower()):
        clause = clause.strip()
        found = None if clause.endswith("?") else _LEAVES.match(clause)
        if found is None:
            continue
        left = " ".join(found["verb"].split()) in _PAST
        day = _the_day(found["rest"], planned, at, past=left)
        if day is not None and day != planned:
            return [*payloads, said(day.isoformat(), "assertive" if left else "planning", clause)]
    return payloads


def _the_day(rest: str, planned: date, at: datetime, *, past: bool) -> date | None:
    """The day ``rest`` (the words after the verb) is, when it is only a day: a date
    ("saturday", "on the 11th") or a shift of the planned one ("a day early")."""
    if (shift := _SHIFT.match(rest)) is not None:
        days = 2 if shift["n"] in ("two", "2") else 1
        return planned + timedelta(days=-days if shift["way"].startswith("early") else days)
    times = find_times(rest, at, future=not past)
    if not times:
        return None
    first = times[0]
    before = rest[: first.start].strip()
    if before not in ("", "on") or not _TAIL.match(rest[first.end :].strip()):
        return None
    if past and first.day > at.date():
        return None
    return first.day
