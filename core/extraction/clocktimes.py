"""The clock time in a text: "at 4", "7-8 AM", "6am", "noon".

A clock time gives no day of its own; ``find_times`` attaches it to the first date it found.
"""

from __future__ import annotations

import re
from datetime import time

_CLOCK_RE = re.compile(
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
