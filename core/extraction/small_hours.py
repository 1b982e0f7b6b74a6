"""The writer's day when a message is typed in the small hours.

Typed at 01:10, "flying to Chicago tomorrow morning" is in a few hours, after the writer's
sleep, not a day later: until they sleep, a night owl's or a night-shift worker's "tomorrow"
is the calendar day already begun, and their "today" is still the day before it. A message
sent before ``SMALL_HOURS_END`` that says "tomorrow" is therefore read as if sent at the end
of the day before (23:59), so that every day in it ("tomorrow", "friday", "the 3rd") and
every comparison with "now" keeps the writer's own reckoning: "back home tomorrow" at 01:10
is a return later today, a plan, not a homecoming already made.

Without "tomorrow" nothing moves: "heading to Miami today, gate opens at 6" typed at 00:20
names the day begun, as the writer means it then, and so do "tonight" and "the 3rd".
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta

from core.extraction.timeref import TimeRef
from core.extraction.word_gates import gated

__all__ = ["SMALL_HOURS_END", "journey_in_the_small_hours", "writers_now"]

SMALL_HOURS_END = 5
"""The hour before which a message is typed in the small hours, before the writer's sleep."""

_TOMORROW = gated(r"\b(?:tomorrow|tmrw|tmr|tomoz|2moro|2morrow)\b", re.I)


def writers_now(text: str, at: datetime) -> datetime:
    """``at``, or the last minute of the day before when ``text`` says "tomorrow" in the
    small hours (see the module). ValueError when ``at`` is naive."""
    if at.tzinfo is None or at.utcoffset() is None:
        raise ValueError("at must be timezone-aware")
    if at.hour >= SMALL_HOURS_END or _TOMORROW.search(text) is None:
        return at
    return datetime.combine(at.date() - timedelta(days=1), time(23, 59), tzinfo=at.tzinfo)


_JOURNEY_AT = gated(
    r"\b(?:lands?|landing|leaves?|leaving|departs?|departing|flight|flying|fly|train|coach|"
    r"bus|ferry|arrive|arriving|arrives)\b[^.!?;]{0,30}?\bat\s+"
    r"(?P<clock>(?:[0-4]|12)(?::[0-5]\d)?\s*a\.?m\b\.?)",
    re.I,
)
"""A journey's time of the small hours, with "am" said: "my flight lands at 1am", "coach
to Glasgow leaves at 1am", "we land in Lisbon at 2am"."""


def journey_in_the_small_hours(text: str, today: date, before_night: bool) -> TimeRef | None:
    """The day of a journey's time of the small hours told with no day ("my flight lands at
    1am"): the coming night's, tomorrow, when said before it (at 22:00, or at 09:00, when
    1am is gone); today when said in the small hours themselves (at 00:30). None when the
    text names no such time."""
    m = _JOURNEY_AT.search(text)
    if m is None:
        return None
    day = today + timedelta(days=1) if before_night else today
    return TimeRef(day, "at", m.start("clock"), m.end("clock"))
