"""A move still ahead, and a move called off: "we're moving to denver next month",
"closing on the new house in boise on the 15th", "relocating to austin in january",
"the move fell through".

A move ahead is no home yet: the home city stays what it is until the day comes
(``core.engine.consistency`` asks then, "Have you moved to Denver?"). So the move is a
plan of its own, its place (``profile.move_city``) and its day (``profile.move_date``:
an ISO date, or a month, "2026-12", when only the month was said). A move already made
("we moved to denver") is the home city's (``rules_profile``); someone else's move ("my
sister is moving to denver") is not the speaker's.
"""

from __future__ import annotations

from core.extraction.clause import Candidate, Clause
from core.extraction.home_words import HOME_NOUN
from core.extraction.rules_profile import residence
from core.extraction.timeref import TimeRef
from core.extraction.word_gates import gated

MOVE_CITY, MOVE_DATE = "profile.move_city", "profile.move_date"

_SUBJECT = (
    r"\b(?:we|i)(?:'re|\s+are|'m|\s+am|re|m|\s+will\s+be|'ll\s+be|ll\s+be)?\s+|"
    r"\b(?:we|i)\s+(?:are|'re|re|am|'m|m)\s+(?:gonna|going\s+to)\s+|\b(?:we|i)(?:'ll|\s+will)\s+"
)
"""The speaker as subject: "we're", "i'm", "we'll", "we're gonna"."""
_WHEN = r"(?:(?:finally|officially|actually|really|definitely|all|now)\s+)?"
MOVING = gated(
    # "we're moving to denver", "relocating to austin" (the subject left out only before
    # the -ing form: "move to iceland lmao" after a joke is no plan), "we'll move back to ohio"
    rf"(?:^|{_SUBJECT}){_WHEN}(?:moving|relocating)\s+"
    r"(?:(?:house|home|(?:the\s+)?family)\s+)?(?:(?:back|out|down|up|over)\s+)?to\s+|"
    rf"(?:{_SUBJECT}){_WHEN}(?:move|relocate)\s+(?:(?:back|out|down|up|over)\s+)?to\s+|"
    # "closing on the new house in boise", "we close on our place in reno friday"
    rf"(?:^|{_SUBJECT}){_WHEN}(?:closing|close)\s+on\s+(?:the|a|our|my)\s+(?:new\s+)?"
    rf"{HOME_NOUN}\s+in\s+"
)
_NOT_A_MOVE = gated(
    # A stay or a move at work, not a new home: "moving to denver for the summer",
    # "moving to the new office", "relocating to the night shift".
    r"\bfor\s+(?:the\s+)?(?:summer|winter|week|weekend|month|semester|term|season|a\s+(?:bit|while))\b"
)
CALLED_OFF = gated(
    # "the move fell through", "our move is off", "the house sale fell through", "not
    # moving after all", "we're not moving anymore"
    r"\b(?:the|our|my)\s+(?:move|relocation|house\s+(?:sale|purchase)|closing)\s+"
    r"(?:fell\s+through|is\s+off|'s\s+off|got\s+(?:cancell?ed|called\s+off|pulled)|"
    r"(?:was|has\s+been)\s+(?:cancell?ed|called\s+off))\b|"
    r"\b(?:not|aren't|arent|isn't)\s+moving\s+(?:after\s+all|anymore|any\s+more|now)\b|"
    r"\b(?:we|i)\s+(?:are|'re|re|am|'m|m)\s+not\s+moving\b|\bcalled\s+off\s+the\s+move\b"
)
_MOVING_BARE = gated(
    # "we're moving next month", "moving house on the 20th", "we move out end of april",
    # "we are shifting to new flat from next month" (Indian English): a move of home with
    # no town said; what follows the verb must be the day it happens.
    rf"(?:^|{_SUBJECT}){_WHEN}(?:moving|move)(?:\s+(?:house|home|out|flats?))?\s+|"
    rf"(?:^|{_SUBJECT}){_WHEN}(?:shifting|shift)\s+(?:house\s+|home\s+|(?:to|into)\s+"
    rf"(?:(?:a|the|our|my)\s+)?(?:new\s+)?{HOME_NOUN}\s+)"
)
_AT_THE_DAY = gated(r"(?:(?:at|by|around)\s+)?")
"""Between a bare move and its day: "we move out at the end of april"."""
_AHEAD = frozenset({"planning", "assertive"})
_MONTH_ONLY = gated(r"^(?:in\s+|by\s+|during\s+|early\s+|late\s+)?[a-z]+\.?$")
"""A date said as its month alone ("in january"): the move's day is not known yet."""


_GATE = frozenset(
    {
        "moving",
        "move",
        "relocating",
        "relocate",
        "closing",
        "close",
        "relocation",
        "shifting",
        "shift",
    }
)


def move_ahead(clause: Clause) -> list[Candidate]:
    """The move a clause plans (its place, and its day when said), or calls off."""
    low = clause.low
    if clause.words.isdisjoint(_GATE) and "sale" not in clause.words:
        return []
    if CALLED_OFF.search(low):
        return [
            Candidate(MOVE_CITY, None, 0.9, "retract"),
            Candidate(MOVE_DATE, None, 0.9, "retract"),
        ]
    m = MOVING.search(low)
    # "we're moving to denver!!" reads as now, but a move under way is still ahead.
    if m is None:
        return _day_of_a_move(clause)
    if clause.intent not in _AHEAD or _NOT_A_MOVE.search(low, m.end()):
        return []
    place = residence(clause.text, low, m.end())
    if place is None:
        return []
    out = [Candidate(MOVE_CITY, place.name, 1.0 if place.known else 0.85, "planning")]
    ahead = [t for t in clause.times if not t.past and t.day >= clause.at.date()]
    if ahead:
        out.append(Candidate(MOVE_DATE, move_day(ahead[0], low), 0.95, "planning"))
    return out


def _day_of_a_move(clause: Clause) -> list[Candidate]:
    """The day of the speaker's move when no town is said: the day must follow the verb at
    once ("moving on the 28th"; not "moving on from this job in may", "moving the car
    tomorrow"), and be ahead."""
    if clause.intent != "planning":
        return []
    m = _MOVING_BARE.search(clause.low)
    if m is None:
        return []
    for t in clause.times:
        said_at = _AT_THE_DAY.fullmatch(clause.low, m.end(), t.start) is not None
        if said_at and not t.past and t.day >= clause.at.date():
            return [Candidate(MOVE_DATE, move_day(t, clause.low), 0.9, "planning")]
    return []


def move_day(t: TimeRef, low: str) -> str:
    """The move's day as said: a day ("2026-12-15"), or a month alone ("2026-12") when
    the words named only the month ("next month", "in january")."""
    said = low[t.start : t.end].strip()
    if t.unit == "month" or (t.day.day == 1 and _MONTH_ONLY.match(said)):
        return f"{t.day.year:04d}-{t.day.month:02d}"
    return t.day.isoformat()
