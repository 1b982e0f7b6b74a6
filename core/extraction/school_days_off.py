"""A school day off named by its kind: "Inset day on Friday", "snow day!!", "teacher
training day tomorrow so no school".

The day says the school is closed, whether or not "no school" follows it:
``family.school.event_status = cancelled``, with the day when one is named. A day off
said in a question or a condition is read as such by the clause's intent, as any other.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta

from core.extraction.clause import Candidate, Clause
from core.extraction.word_gates import gated

_DAY_OFF = gated(
    r"\b(?:inset|insett|teacher\s+training|staff\s+training|teacher\s+work|pd|snow)\s+"
    r"days?\b(?!\s+(?:off\s+)?(?:for\s+(?:me|us|work)|at\s+work)\b)"
)
_NOT_OURS = gated(r"\b(?:was|were|last|had|used\s+to)\b|\bif\b|\?")
"""A day off gone by ("we had a snow day last week") or only asked about."""


def school_day_off(clause: Clause) -> list[Candidate]:
    """The school closed on a day off named by its kind, with its day when one is said."""
    m = _DAY_OFF.search(clause.low)
    if m is None or _NOT_OURS.search(clause.low):
        return []
    ref = clause.times[0] if clause.times else None
    if ref is not None and ref.day < clause.at.date():
        return []
    day = ref.day if ref is not None else clause.at.date()
    until = datetime.combine(day + timedelta(days=1), time(0), tzinfo=clause.at.tzinfo)
    out = [Candidate("family.school.event_status", "cancelled", 0.9, "assertive", until)]
    if ref is not None:
        out.append(Candidate("family.school.schedule", ref.iso(clause.at), 0.9, "assertive", until))
    return out
