"""What a told day may be: one within ``DAY_YEARS``, the years Canon counts days in.

A date field (``travel.depart_date``, ``financial.<item>.due_date``, a family member's
``schedule``) is counted from: the day after a trip's day to leave, an errand's overdue
day. "9999-12-31" has no day after it (Python's calendar ends there), and every context
block after one was committed was a crash; "0001-01-01" has no day before. Such a value
is refused wherever it comes in (an observation, dead-lettered with why; an edited
answer), as a told name or time zone that is none is. ``calendar_day`` reads one a store
took before this check as no day.

Pure: no I/O.
"""

from __future__ import annotations

from typing import Any

from core.domain.timeutil import DAY_YEARS, iso_day


def dated_field(field: str) -> bool:
    """Whether ``field`` holds a day: ``*_date``, or a family member's ``schedule``."""
    last = field.rsplit(".", 1)[-1]
    return last.endswith("_date") or (field.startswith("family.") and last == "schedule")


def day_problem(value: object) -> str | None:
    """Why ``value`` (an ISO date or date-time) is a day Canon cannot count from; None for
    a day it can, and for anything that is no ISO day at all (free text stays as it is)."""
    day = iso_day(value)
    if day is None or day.year in DAY_YEARS:
        return None
    first, last = DAY_YEARS[0], DAY_YEARS[-1]
    return f"{day.isoformat()} is not a day Canon can plan on (years {first} to {last})"


def told_day_errors(schema: str, payload: Any) -> list[str]:
    """The error of a schema-valid observation whose date field holds a day outside
    ``DAY_YEARS`` (it is dead-lettered with it, as a schema error is); empty otherwise."""
    if schema != "state_observation" or not isinstance(payload, dict):
        return []
    field = payload.get("field")
    if not isinstance(field, str) or not dated_field(field):
        return []
    problem = day_problem(payload.get("candidate_value"))
    return [] if problem is None else [f"$.candidate_value: {problem}"]
