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
from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

from core.domain.ids import derived_id
from core.domain.state import Scalar
from core.domain.timeutil import calendar_day
from core.engine.consistency import today_where
from core.engine.trip_state import DEPART, STATUS

BEFORE_YOU_LEAVE = "due before you leave"
"""What the evidence of a due day that came from the trip's departure says: the anchor."""

_BEFORE = r"(?:before|befor|bfore|b4)"
"""'before' as it is typed fast ("b4 we go")."""
_BEFORE_WE_GO = re.compile(
    rf"\b{_BEFORE}\s+(?:we|i)(?:\s+(?:go|leave|head\s+(?:out|off)|fly(?:\s+out)?|set\s+off|take\s+off))\b"
    rf"|\b{_BEFORE}\s+(?:the|our|my)\s+trip\b",
    re.I,
)


def due_before_the_trip(
    payloads: list[dict[str, Any]], entity_id: str, state: Mapping[str, Scalar], now: datetime
) -> list[dict[str, Any]]:
    """``payloads`` with a due day for each errand of ``entity_id`` said to be due "before
    we go" without a day of its own, when the message plans a trip leaving today or later,
    or ``state`` (the user's committed values) holds one: that day (the message's own
    plan first: it is the newer word)."""
    mine = [p for p in payloads if p.get("entity_id") == entity_id]
    leaves = _planned_departure(mine) or (
        calendar_day(state.get(DEPART)) if state.get(STATUS) == "planning" else None
    )
    if leaves is None or leaves < today_where(state, now):
        return payloads
    before_we_go = errands_before_we_go(mine, entity_id)
    if not before_we_go:
        return payloads
    day = leaves.isoformat()
    out, dated = [], set()
    for p in payloads:
        errand = str(p.get("field", "")).removesuffix(".due_date")
        if p.get("entity_id") == entity_id and errand in before_we_go and errand != p.get("field"):
            dated.add(errand)
            # Its day read from the message is the trip's: kept as the trip's (anchored).
            if p.get("candidate_value") == day:
                p = {**p, "evidence_text": anchored_words(str(p.get("evidence_text", "")))}
        out.append(p)
    for p in mine:
        errand = str(p.get("field", "")).removesuffix(".status")
        if errand in before_we_go - dated and errand != p.get("field"):
            out.append(
                {
                    **p,
                    "event_id": derived_id("due-before-trip", p["event_id"], errand),
                    "field": f"{errand}.due_date",
                    "candidate_value": day,
                    "evidence_text": anchored_words(str(p.get("evidence_text", ""))),
                }
            )
            dated.add(errand)
    return out


def errands_before_we_go(payloads: list[dict[str, Any]], entity_id: str) -> set[str]:
    """The errands (``financial.<slug>``) of ``entity_id`` that ``payloads`` say are due
    "before we go" ("before we leave", "before the trip")."""
    return {
        ".".join(parts[:2])
        for p in payloads
        if p.get("entity_id") == entity_id
        and len(parts := str(p.get("field", "")).split(".")) == 3
        and parts[0] == "financial"
        and parts[2] == "status"
        and p.get("candidate_value") == "due"
        and _BEFORE_WE_GO.search(str(p.get("evidence_text", "")))
    }


def _planned_departure(mine: list[dict[str, Any]]) -> date | None:
    """The day a trip planned in the message itself leaves ("going to tahoe sunday")."""
    said = [p for p in mine if p.get("intent") == "planning" and p.get("field") == DEPART]
    return calendar_day(said[0].get("candidate_value")) if said else None


_MARK = f" ({BEFORE_YOU_LEAVE})"


def anchored_words(words: str) -> str:
    """``words`` marked as giving a due day that is the trip's (within the schema's 1,000)."""
    words = words.removesuffix(_MARK)
    return f"{words[: 1000 - len(_MARK)]}{_MARK}"


def without_anchor(evidence: str) -> tuple[str, str]:
    """``evidence`` as the words said, and the anchor's mark added to them ("" if none)."""
    if evidence.endswith(_MARK):
        return evidence.removesuffix(_MARK), _MARK
    return evidence, ""


def is_anchored(evidence: str | None) -> bool:
    """Whether ``evidence`` (a due day's words in the log) says the day is the trip's."""
    return evidence is not None and (
        evidence.endswith(_MARK) or evidence.startswith(BEFORE_YOU_LEAVE)
    )
