"""The clock time in a text: "at 4", "7-8 AM", "6am", "noon".

A clock time gives no day of its own; ``find_times`` attaches it to the first date it found.
"""

from __future__ import annotations

from datetime import datetime, time

from core.extraction.word_gates import gated

_CLOCK_RE = gated(
    r"\b(?:at\s+)?(?P<h>\d{1,2})(?::(?P<mi>\d{2}))?\s*(?:-\s*\d{1,2}(?::\d{2})?\s*)?"
    r"(?P<ap>a\.?m\.?|p\.?m\.?)(?![a-z])|\bat\s+(?P<h2>\d{1,2})(?::(?P<mi2>\d{2}))?\b(?!\s*(?:%|/|-\d))"
    r"|\b(?P<noon>noon|midnight)\b"
)


def clock_time(text: str) -> time | None:
    m = _CLOCK_RE.search(text)
    if m is None:
        return None
    if m.group("noon"):
        return time(12) if m.group("noon") == "noon" else time(0)
    hour = int(m.group("h") or m.group("h2"))
    minute = int(m.group("mi") or m.group("mi2") or 0)
    ap = (m.group("ap") or "").replace(".", "")
    if hour > 23 or minute > 59:
        return None
    if ap == "pm" and hour < 12:
        hour += 12
    elif ap == "am" and hour == 12:
        hour = 0
    elif not ap and 1 <= hour <= 7:
        # "at 4" for a lesson or a practice means the afternoon.
        hour += 12
    return time(hour, minute)


_EVENT_AT = gated(
    r"^(?:the\s+|our\s+|my\s+|this\s+|today's\s+)?(?:[a-z0-9:-]+\s+){0,2}?[a-z0-9:-]+"
    r"(?:'s|\s+is|\s+starts|\s+begins|\s+kicks\s+off)\s+(?:at|@)\s+"
    r"(?=\d{1,2}(?::\d\d)?\s*(?:a\.?m|p\.?m)|\d{1,2}:\d\d|noon)"
)
"""An event and its clock time as the clause's whole news: "the call is at 3pm eastern
time", "standup's at 10:30". Only a time with am/pm, minutes or "noon" counts: "is at 4"
may be a count or an address."""


def event_at_clock(low: str, at: datetime) -> bool:
    """Whether ``low`` sets an event at a clock time later than ``at`` today."""
    if _EVENT_AT.search(low) is None:
        return False
    when = clock_time(low)
    return when is not None and when > at.timetz().replace(tzinfo=None)
