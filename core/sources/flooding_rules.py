"""Recurrence rules no person's calendar holds are read as one event, not expanded.

Anyone can put an invitation on a calendar, and RFC 5545 lets its RRULE repeat every
second. Expanding one such series in a poller's window (seven days back, 180 ahead)
lists 16 million occurrences at once (``FREQ=SECONDLY``: gigabytes, minutes of CPU;
``FREQ=MINUTELY``: 270,000 of them, about a minute), and a rule that can never match
(``FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30``) is walked second by second towards the
year 9999: the poll never ends, and the source is never read again. The same flood
fits in a daily rule whose BYHOUR, BYMINUTE and BYSECOND lists give every second of
the day.

The calendars people use (Google, Apple, Outlook, Thunderbird) repeat an event at most
daily, a few times a day at the most. So a rule repeating more often than daily, or
more than ``MAX_TIMES_A_DAY`` times in a day, is removed before expansion: its event
reads as the one occurrence at its DTSTART (and its RDATEs), still seen and still asked
of the user like any invitation, only not multiplied.

A rule that can never match in a daily-or-slower frequency (``FREQ=DAILY;BYMONTH=2;
BYMONTHDAY=30``) still cost seconds each, walked day by day to the year 9999 by dateutil,
and thousands of them fit in a feed. Each rule is tried on ``PROBE_YEARS`` of the
calendar first (its DTSTART moved to the end of time by whole 400- and 28-year cycles,
so at most 56 years are walked, milliseconds); one that finds no day there is removed,
read as its DTSTART alone like a flooding one.

A series that began centuries ago (DTSTART in the year 1000) was walked from then:
0.7 s for a daily one, 7.6 s hourly, 11 s hourly with a COUNT of a billion (a series
with COUNT was not moved at all). A rule repeats the same way every 400 x INTERVAL years
(the Gregorian calendar's cycle), a daily or weekly one not tied to months every few days
(INTERVAL days, a week, or INTERVAL weeks), so its DTSTART (and DTEND) is moved forward
by whole such steps to just before the window (``bring_forward``); a COUNT is lessened
by the occurrences stepped over (counted on one step, from the rule's first day: a
DTSTART that is not one of them is one more occurrence, outside the COUNT, long before
the window). A series with COUNT that has more than ``MAX_IN_A_STEP`` occurrences in a
step (a 400-year one) is left as it is when its COUNT is small enough to walk, and is
otherwise read as its DTSTART alone, like a flooding one.

What is left is bounded as a whole too: a feed whose server writes thousands of daily
series (each one a person's kind of rule) still expands to millions. Expansion stops
past ``MAX_OCCURRENCES`` in the window and the pass fails with why: nothing is read from
it, so nothing remembered is taken for deleted either (a partial read would cancel what
it did not reach).
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from itertools import islice, takewhile
from math import prod
from typing import Any, Final

import icalendar
import recurring_ical_events  # type: ignore[import-untyped]
from dateutil.rrule import rrulestr

from core.errors import SourceError

FREQUENCIES: Final = frozenset({"DAILY", "WEEKLY", "MONTHLY", "YEARLY"})
"""The FREQ values a series may have to be expanded."""
MAX_TIMES_A_DAY: Final = 24
"""Times of day (BYHOUR x BYMINUTE x BYSECOND values) a series may name: hourly at most."""
MAX_OCCURRENCES: Final = 20_000
"""Occurrences one calendar may have in a pass's window: over a hundred a day for the
default 187 days, about five seconds of expansion."""

_log = logging.getLogger(__name__)


def _values(rule: Any, part: str) -> list[Any]:
    value = rule.get(part)
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def floods(rule: Any) -> bool:
    """Whether an RRULE value repeats more often than a person's calendar does."""
    frequencies = {str(f).upper() for f in _values(rule, "FREQ")}
    if not frequencies or not frequencies <= FREQUENCIES:
        return True  # sub-daily, unknown, or no FREQ at all (the library would refuse it)
    times = prod(max(1, len(_values(rule, part))) for part in ("BYHOUR", "BYMINUTE", "BYSECOND"))
    return times > MAX_TIMES_A_DAY


PROBE_YEARS: Final = 28
"""Years a rule is tried on before it is expanded: a weekday falls on the same date every
28 years within a century, so a rule people write finds its day in them."""
_LAST_YEAR: Final = 9999


def never_matches(rule: Any, start: date | datetime) -> bool:
    """Whether an RRULE value (from DTSTART ``start``) finds no occurrence in
    ``PROBE_YEARS`` of the calendar (its COUNT and UNTIL aside)."""
    pattern = icalendar.vRecur({k: v for k, v in rule.items() if k not in ("UNTIL", "COUNT")})
    first = start if isinstance(start, datetime) else datetime.combine(start, time())
    first = first.replace(tzinfo=None)
    latest = _LAST_YEAR - PROBE_YEARS
    year = first.year + (latest - first.year) // 400 * 400
    year += (latest - year) // 28 * 28
    try:
        moved = first.replace(year=year)
        text = pattern.to_ical().decode()  # type: ignore[no-untyped-call]
        probe = rrulestr(str(text), dtstart=moved)
        return probe.after(moved, inc=True) is None
    except (ValueError, TypeError, OverflowError):
        return False  # the expansion judges (and reports) a rule dateutil cannot read


def _rules(component: Any) -> list[Any]:
    rules = component.get("RRULE")
    if rules is None:
        return []
    return list(rules) if isinstance(rules, list) else [rules]


def unflood(calendar: icalendar.Calendar) -> list[str]:
    """Removes every flooding RRULE from ``calendar``'s events (in place); the UIDs of
    the events that lost one, each named once and logged."""
    named: list[str] = []
    for component in calendar.walk("VEVENT"):
        rules = _rules(component)
        start = component.get("DTSTART")
        if not any(floods(r) for r in rules) and not (
            start is not None and rules and all(never_matches(r, start.dt) for r in rules)
        ):
            continue
        del component["RRULE"]
        uid = str(component.get("UID") or "")[:200]
        if uid not in named:
            named.append(uid)
    if named:
        _log.warning(
            "calendar: %d event(s) repeat more often than daily or never, read once each: %s",
            len(named),
            ", ".join(repr(u) for u in named[:5]),
        )
    return named


def _interval(rule: Any) -> int:
    values = _values(rule, "INTERVAL")
    return int(values[0]) if values and int(values[0]) > 0 else 1


_DATE_PARTS: Final = ("BYMONTH", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYSETPOS")
"""Rule parts that tie a series to the calendar's months and years."""
MAX_IN_A_STEP: Final = 10_000
"""Occurrences a series with COUNT may have in the step it is moved by (a daily one has
seven in a week, a monthly one 4,800 in 400 years); a denser one that began more than a
step before the window is read as its DTSTART alone, as a flooding one."""


@dataclass(frozen=True)
class _Step:
    """What a series repeats by exactly: ``days`` (a daily or weekly rule not tied to
    months) or else ``years`` (the Gregorian calendar's 400-year cycle, times INTERVAL)."""

    days: int = 0
    years: int = 0

    def fits(self, first: date, start: datetime, lasting: int) -> int:
        """Whole steps from ``first`` that stay more than a step, and an occurrence
        ``lasting`` days, before ``start``."""
        if self.days:
            return max(0, ((start.date() - first).days - lasting - 1) // self.days - 1)
        return max(0, (start.year - 1 - first.year) // self.years)

    def moved(self, value: Any, steps: int) -> Any:
        if self.days:
            return value + timedelta(days=self.days * steps)
        return value.replace(year=value.year + self.years * steps)


def _step(rule: Any) -> _Step:
    interval = _interval(rule)
    frequency = str(_values(rule, "FREQ")[0]).upper()
    if frequency in ("DAILY", "WEEKLY") and not any(p in rule for p in _DATE_PARTS):
        if frequency == "WEEKLY":
            return _Step(days=7 * interval)
        return _Step(days=math.lcm(interval, 7) if "BYDAY" in rule else interval)
    return _Step(years=400 * interval)


def _in_a_step(rule: Any, first: date | datetime, step: _Step) -> tuple[timedelta, int] | None:
    """How long after ``first`` the rule (COUNT aside) first falls (RFC 5545 reads a
    DTSTART that is not one of its days as one more occurrence, outside the COUNT), and
    how many times it falls in the step from there; None past ``MAX_IN_A_STEP``."""
    pattern = icalendar.vRecur({k: v for k, v in rule.items() if k not in ("UNTIL", "COUNT")})
    begins = first if isinstance(first, datetime) else datetime.combine(first, time())
    begins = begins.replace(tzinfo=None)
    try:
        text = pattern.to_ical().decode()  # type: ignore[no-untyped-call]
        times = iter(rrulestr(str(text), dtstart=begins))
        anchor = next(times, None)
        if anchor is None:
            return None
        ends = step.moved(anchor, 1)
        found = 1 + sum(1 for _ in takewhile(lambda t: t < ends, islice(times, MAX_IN_A_STEP)))
    except (ValueError, TypeError, OverflowError):
        return None
    return (anchor - begins, found) if found < MAX_IN_A_STEP else None


def bring_forward(calendar: icalendar.Calendar, start: datetime) -> None:
    """Moves each series that began more than a step before ``start`` forward by whole
    steps (``_Step``), in place, so that it is walked from near the window; its
    occurrences in the window stay the same. A series with COUNT is moved from its first
    day and has its COUNT lessened by the occurrences stepped over; one too dense to
    count (``_in_a_step``) and too long to walk is read as its DTSTART alone, logged."""
    for component in calendar.walk("VEVENT"):
        rules = _rules(component)
        begins = component.get("DTSTART")
        if len(rules) != 1 or begins is None:
            continue
        rule = rules[0]
        step = _step(rule)
        first = begins.dt
        day = first.date() if isinstance(first, datetime) else first
        steps = step.fits(day, start, _lasting(component))
        if steps <= 0:
            continue
        lead = timedelta(0)
        if "COUNT" in rule:
            count = int(_values(rule, "COUNT")[0])
            counted = _in_a_step(rule, first, step)
            if counted is None and count <= MAX_IN_A_STEP:
                continue  # walked to its COUNT at the most
            if counted is None:
                _log.warning("calendar: a series with COUNT from %s read once: %r", first, rule)
                del component["RRULE"]
                continue
            lead, each = counted
            steps = min(steps - 1, (count - 1) // each)  # its first day is a step later at most
            if steps <= 0:
                continue
            rule["COUNT"] = [count - steps * each]
        _move(component, step, steps, lead)


def _lasting(component: Any) -> int:
    """Whole days an occurrence may last, rounded up (at least one)."""
    try:
        return max(1, -int(-component.duration // timedelta(days=1)))
    except (AttributeError, KeyError, TypeError, ValueError):
        return 1


def _move(component: Any, step: _Step, steps: int, lead: timedelta) -> None:
    ends = component.get("DTEND")
    begins = component["DTSTART"].dt
    if lead % timedelta(days=1) and not isinstance(begins, datetime):
        return  # a day's series whose rule names times: left as it is
    try:
        moved = step.moved(begins + lead, steps)
        moved_end = step.moved(ends.dt + lead, steps) if ends is not None else None
    except (ValueError, AttributeError, OverflowError):
        return
    for key, value in (("DTSTART", moved), ("DTEND", moved_end)):
        if value is not None:
            params = component[key].params
            del component[key]
            component.add(key, value, parameters=dict(params))


def occurrences(
    calendar: icalendar.Calendar, start: Any, end: Any, limit: int = MAX_OCCURRENCES
) -> list[Any]:
    """Every event occurrence overlapping [start, end), as components, series by series
    (``unflood`` first); a SourceError as soon as there are more than ``limit`` (what is
    left of ``MAX_OCCURRENCES`` for a calendar read in several documents, as CalDAV's)."""
    unflood(calendar)
    bring_forward(calendar, start)
    found: list[Any] = []
    try:
        query = recurring_ical_events.of(calendar)
        for series in query.series:
            for occurrence in series.between(start, end):
                if len(found) >= limit:
                    raise SourceError(
                        f"calendar: more than {MAX_OCCURRENCES} event occurrences in the "
                        "window; not read"
                    )
                found.append(occurrence.as_component(query.keep_recurrence_attributes))
    except (ValueError, TypeError, KeyError) as e:
        raise SourceError(f"cannot expand recurring events: {e}") from e
    return found


__all__ = [
    "FREQUENCIES",
    "MAX_IN_A_STEP",
    "MAX_OCCURRENCES",
    "MAX_TIMES_A_DAY",
    "PROBE_YEARS",
    "bring_forward",
    "floods",
    "never_matches",
    "occurrences",
    "unflood",
]
