"""'gotta return the amazon package before we go': an errand's day is the trip's.

The extractor reads "before we go" as no day: it does not know a trip is planned. Canon
does: while the user's trip is planned (on record, or in the same message: "going to
tahoe sunday, need to return the amazon package before we go") and its day to leave is
today or ahead, an errand
said to be due "before we go" ("before we leave", "before the trip") is due by that day,
and is asked with it ("Is the Amazon return due Thursday, November 26?"). Once the trip
has gone, the errand left undone is overdue, not "due" with no day, so the story ends
right: the Amazon return after the trip is still to do, and late.

The day's origin is kept in the observation's evidence (its words, then
``BEFORE_YOU_LEAVE`` in brackets): the anchor by which the errand follows the trip when
its day to leave is said anew (``core.engine.errand_follows_trip``); an errand the user
dated themselves ("by friday") has no anchor and keeps its day.

A pure function of the message's payloads, the speaker's committed values and ``now``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import date, datetime
from typing import Any

from core.domain.ids import derived_id
from core.domain.state import Scalar
from core.domain.timeutil import calendar_day
from core.engine.consistency import today_where
from core.engine.trip_state import DEPART, DESTINATION, LOCATION, RETURN, STATUS

BEFORE_YOU_LEAVE = "due before you leave"
"""What the evidence of a due day that came from the trip's departure says: the anchor."""
BACK_HOME = "due when you're back"
"""What the evidence of a due day that came from the trip's way back says."""

_BEFORE = r"(?:before|befor|bfore|b4)"
"""'before' as it is typed fast ("b4 we go")."""
_SET_OUT = (
    r"(?:go|leave|head|drive|fly|travel|set\s+off|take\s+off|hit\s+the\s+road)"
    r"|(?:going|leaving|heading|driving|flying|travell?ing)"
)
"""Setting out: "we go", "we head up", "i fly out", "we're leaving", "hit the road"."""
_NOT_AWAY = r"(?!\s+(?:back|home|work|school|the\s+(?:office|house))\b)"
"""Going somewhere that is not away: "before we head home", "before i leave work"."""
_NOT_OUT = (
    r"(?!\s+(?:to|into)\s+(?:bed|work|school|class|church|the\s+(?:gym|office|shops?|store)))"
)
"""Going out, not away: "before we go to work", "before going to bed"."""
_BEFORE_WE_GO = re.compile(
    rf"\b{_BEFORE}\s+(?:we|i)(?:'re|'m|\s+are|\s+am)?\s+(?:{_SET_OUT})\b{_NOT_AWAY}{_NOT_OUT}"
    rf"|\b{_BEFORE}\s+(?:leaving|heading\s+(?:out|off|up|down|away)|going\s+away|vacation|vacay)\b{_NOT_AWAY}"
    # "i must return amazon package before go", "before going": the going, its "we" left out.
    rf"|\b{_BEFORE}\s+(?:go|going)\b{_NOT_AWAY}{_NOT_OUT}"
    # "before the trip", "before the tahoe trip", "before our big ski trip", "before my
    # vacation" (not "before the holidays": Christmas, not a trip of hers).
    rf"|\b{_BEFORE}\s+(?:the|our|my)\s+(?:[\w'-]+\s+){{0,2}}?"
    r"(?:trip|vacation|vacay|holiday|getaway)\b",
    re.I,
)
_WHEN_BACK = re.compile(
    r"\b(?:when|once|after|as\s+soon\s+as|the\s+(?:day|minute)\s+)\s*(?:we|i)\s*(?:'re|'m|re|m|"
    r"are|am|get|got|come|r)?\s*(?:back|home|in\s+town)\b"
    r"|\b(?:when|once|after|as\s+soon\s+as)\s+(?:we|i)\s+(?:return|land|fly\s+home|drive\s+home)\b"
    # Its "we" left out, as a learner or a fast typist cuts it: "after coming back", "once
    # back", "after getting home", "after returning".
    r"|\b(?:when|once|after|on)\s+(?:coming|getting|being)\s+(?:back|home)\b"
    r"|\b(?:once|when)\s+back\b|\bafter\s+returning(?!\s+(?:it|them|the|this|that)\b)"
    r"|\bafter\s+(?:the|our|my|this)\s+trip\b",
    re.I,
)
"""An errand to do on the way back: "when we get back", "once i'm home", "after the trip"
(a day of its own wins: "by tuesday when we get back")."""
_BEFORE_THAT = re.compile(rf"\b{_BEFORE}\s+(?:that|then)\b", re.I)
"""'going to goa day after tomorrow, need to return the myntra order before that': "that"
is the trip only when the same message plans it."""


def due_before_the_trip(
    payloads: list[dict[str, Any]], entity_id: str, state: Mapping[str, Scalar], now: datetime
) -> list[dict[str, Any]]:
    """``payloads`` with a due day for each errand of ``entity_id`` said to be due "before
    we go" without a day of its own, when the message plans a trip leaving today or later,
    or ``state`` (the user's committed values) holds one: that day (the message's own
    plan first: it is the newer word). One said to be done "when we get back" ("after the
    trip") is due the day the trip comes back (``_due_when_back``)."""
    payloads = _due_when_back(payloads, entity_id, state, now)
    mine = [p for p in payloads if p.get("entity_id") == entity_id]
    planned = _planned_departure(mine)
    leaves = planned or (
        calendar_day(state.get(DEPART)) if state.get(STATUS) == "planning" else None
    )
    if leaves is None or leaves < today_where(state, now):
        return payloads
    errands = errands_before_we_go(mine, entity_id, _places(mine, state))
    if planned is not None:
        errands |= _errands_said(mine, entity_id, _BEFORE_THAT)
    return _dated(payloads, entity_id, errands, leaves, _MARK)


def _due_when_back(
    payloads: list[dict[str, Any]], entity_id: str, state: Mapping[str, Scalar], now: datetime
) -> list[dict[str, Any]]:
    """``payloads`` with a due day for each errand of ``entity_id`` said to be done "when
    we get back" ("after the trip", "once i'm home") without a day of its own: the day the
    trip planned or under way comes back (the message's own word first), today or ahead.
    Its evidence says so (``BACK_HOME``), and it never goes with the day to leave: to be
    done after the trip, not before it. With no day to come back on it is kept as said,
    still to do, and asked."""
    mine = [p for p in payloads if p.get("entity_id") == entity_id]
    said = [p for p in mine if p.get("field") == RETURN and p.get("intent") == "planning"]
    back = calendar_day(said[0].get("candidate_value")) if said else None
    if back is None and state.get(STATUS) in ("planning", "in_progress"):
        back = calendar_day(state.get(RETURN))
    if back is None or back < today_where(state, now):
        return payloads
    return _dated(payloads, entity_id, _errands_said(mine, entity_id, _WHEN_BACK), back, _BACK)


def _dated(
    payloads: list[dict[str, Any]], entity_id: str, errands: set[str], when: date, mark: str
) -> list[dict[str, Any]]:
    """``payloads`` with ``errands`` (of ``entity_id``) due ``when``, a day the trip gave
    them (its evidence marked ``mark``), unless the message gave one of its own."""
    if not errands:
        return payloads
    day = when.isoformat()
    out, dated = [], set()
    for p in payloads:
        errand = str(p.get("field", "")).removesuffix(".due_date")
        if p.get("entity_id") == entity_id and errand in errands and errand != p.get("field"):
            dated.add(errand)
            # Its day read from the message is the trip's: kept as the trip's (anchored).
            if p.get("candidate_value") == day:
                p = {**p, "evidence_text": _marked(str(p.get("evidence_text", "")), mark)}
        out.append(p)
    for p in payloads:
        errand = str(p.get("field", "")).removesuffix(".status")
        mine = p.get("entity_id") == entity_id
        if mine and errand in errands - dated and errand != p.get("field"):
            out.append(
                {
                    **p,
                    "event_id": derived_id("due-before-trip", p["event_id"], errand),
                    "field": f"{errand}.due_date",
                    "candidate_value": day,
                    "evidence_text": _marked(str(p.get("evidence_text", "")), mark),
                }
            )
            dated.add(errand)
    return out


def errands_before_we_go(
    payloads: list[dict[str, Any]], entity_id: str, places: Iterable[Scalar] = ()
) -> set[str]:
    """The errands (``financial.<slug>``) of ``entity_id`` that ``payloads`` say are due
    "before we go" ("before we leave", "before the trip", "before the tahoe trip"), or
    before one of ``places``, the trip's own ("return it before tahoe")."""
    found = _errands_said(payloads, entity_id, _BEFORE_WE_GO)
    names = sorted({str(p).strip() for p in places if isinstance(p, str) and p.strip()})
    if names:
        before_place = re.compile(
            rf"\b{_BEFORE}\s+(?:(?:going|getting|heading)\s+(?:up\s+|down\s+|out\s+)?to\s+)?"
            rf"(?:{'|'.join(re.escape(n) for n in names)})\b",
            re.I,
        )
        found |= _errands_said(payloads, entity_id, before_place)
    return found


_ANY_BEFORE = re.compile(rf"\b{_BEFORE}\b", re.I)


def errands_before_anything(payloads: list[dict[str, Any]], entity_id: str) -> bool:
    """Whether ``payloads`` hold an errand of ``entity_id`` due "before" something: the
    cheap test before reading where the trip goes from the store."""
    return bool(_errands_said(payloads, entity_id, _ANY_BEFORE))


def _places(mine: list[dict[str, Any]], state: Mapping[str, Scalar]) -> list[Scalar]:
    """Where the trip goes: the message's own plan, and the one on record."""
    said = [p.get("candidate_value") for p in mine if p.get("field") == DESTINATION]
    return [*said, state.get(DESTINATION), state.get(LOCATION)]


def _errands_said(
    payloads: list[dict[str, Any]], entity_id: str, words: re.Pattern[str]
) -> set[str]:
    """The errands of ``entity_id`` still to do that ``payloads`` say with ``words``."""
    return {
        ".".join(parts[:2])
        for p in payloads
        if p.get("entity_id") == entity_id
        and len(parts := str(p.get("field", "")).split(".")) == 3
        and parts[0] == "financial"
        and parts[2] == "status"
        and p.get("candidate_value") == "due"
        and words.search(str(p.get("evidence_text", "")))
    }


def _planned_departure(mine: list[dict[str, Any]]) -> date | None:
    """The day a trip planned in the message itself leaves ("going to tahoe sunday")."""
    said = [p for p in mine if p.get("intent") == "planning" and p.get("field") == DEPART]
    return calendar_day(said[0].get("candidate_value")) if said else None


_MARK = f" ({BEFORE_YOU_LEAVE})"
_BACK = f" ({BACK_HOME})"


def anchored_words(words: str) -> str:
    """``words`` marked as giving a due day that is the trip's (within the schema's 1,000)."""
    return _marked(words, _MARK)


def _marked(words: str, mark: str) -> str:
    """``words`` with ``mark`` after them, once (within the schema's 1,000 characters)."""
    words = words.removesuffix(mark)
    return f"{words[: 1000 - len(mark)]}{mark}"


def without_anchor(evidence: str) -> tuple[str, str]:
    """``evidence`` as the words said, and the anchor's mark added to them ("" if none)."""
    for mark in (_MARK, _BACK):
        if evidence.endswith(mark):
            return evidence.removesuffix(mark), mark
    return evidence, ""


def is_anchored(evidence: str | None) -> bool:
    """Whether ``evidence`` (a due day's words in the log) says the day is the trip's
    day to leave."""
    return anchor_of(evidence) == BEFORE_YOU_LEAVE


def anchor_of(evidence: str | None) -> str | None:
    """Which of the trip's days ``evidence`` (a due day's words in the log) says the day
    came from: ``BEFORE_YOU_LEAVE`` (its day to leave), ``BACK_HOME`` (its day back), or
    None (a day of the user's own). Marked after the words as said, or, for a day that
    followed the trip, its reason first ("due when you're back; you're now back ...")."""
    if evidence is None:
        return None
    for anchor, mark in ((BEFORE_YOU_LEAVE, _MARK), (BACK_HOME, _BACK)):
        if evidence.endswith(mark) or evidence.startswith(anchor):
            return anchor
    return None
