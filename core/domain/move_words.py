"""A planned move in words, and the day it is asked about (pure).

A move ahead is two fields: where (``profile.move_city``) and when
(``profile.move_date``: a day, "2026-12-15", or only its month, "2026-12"). Every reader
says it the same way, "moving to Denver in December", "moving to Boise on Tuesday,
December 15", and the timeline check (``core.engine.consistency``) asks "Have you moved
to Denver?" on ``due_day``.
"""

from __future__ import annotations

from calendar import monthrange
from collections.abc import Mapping
from datetime import date

from core.domain.phrasing_values import show, show_date
from core.domain.state import Scalar
from core.domain.timeutil import calendar_day

MOVE_CITY, MOVE_DATE = "profile.move_city", "profile.move_date"
MOVE_FIELDS = (MOVE_CITY, MOVE_DATE)


def month_of(value: Scalar) -> date | None:
    """The first day of the month a month-only value names ("2026-12"); None otherwise."""
    if not isinstance(value, str) or len(value) != 7 or value[4] != "-":
        return None
    try:
        return date(int(value[:4]), int(value[5:]), 1)
    except ValueError:
        return None


def when_moving(value: Scalar) -> str:
    """ "in December", "on Tuesday, December 15"; "" when no day is known."""
    if value is None:
        return ""
    month = month_of(value)
    if month is not None:
        return f"in {month:%B}"
    return f"on {show_date(value)}"


def moving(city: Scalar, when: Scalar = None) -> str:
    """ "moving to Denver in December"; "moving in December" with no place known."""
    to = "" if city is None else f" to {show(city)}"
    day = when_moving(when)
    return f"moving{to}{' ' + day if day else ''}"


def move_question(
    by_field: Mapping[str, Scalar], was: Scalar, are_you: str, your: str
) -> str | None:
    """A move's place and day asked as one ("Are you moving to Denver in December?"),
    or the move called off ("Is your move to Austin off?", ``was``: where it went);
    None when only one of them changes (each is asked on its line)."""
    city, when = by_field.get(MOVE_CITY), by_field.get(MOVE_DATE)
    if city is None and when is None:
        to = "" if was is None else f" to {show(was)}"
        return f"Is {your} move{to} off?"
    if city is None or when is None:
        return None
    return f"{are_you} {moving(city, when)}?"


def due_day(value: Scalar) -> date | None:
    """The day to ask whether the move was made: its day, or the last day of its month
    when only the month was said (by then it has happened, if it was going to)."""
    month = month_of(value)
    if month is not None:
        return month.replace(day=monthrange(month.year, month.month)[1])
    return calendar_day(value)
