"""Calendar spans: this, next or last week, weekend, month or year, Monday-based weeks.

A span under way ("this year") names today, one ahead or behind its first day; the span's
last day is its end ("end of the month").
"""

from __future__ import annotations

from datetime import date, timedelta

from core.extraction.timewords import add_months

SPAN_STEP = {"this": 0, "next": 1, "last": -1, "previous": -1, "": 0, "after next": 2}


def calendar_span(today: date, mod: str, span: str) -> tuple[date, date, bool]:
    """The calendar week, weekend, month or year: (day it names, last day, past).

    A span under way ("this week", "this month", "this year") names today, one ahead or
    behind its first day; "this weekend" said on the Sunday is today too.
    """
    monday = today - timedelta(days=today.weekday())
    step = SPAN_STEP[mod]
    if span == "weekend":
        sat = monday + timedelta(days=5 + 7 * step)
        start = today if mod == "this" and today > sat else sat
        return start, sat + timedelta(days=1), step < 0
    if span == "week":
        start = monday + timedelta(days=7 * step)
        last = start + timedelta(days=6)
    elif span == "month":
        start = add_months(today.replace(day=1), step)
        last = add_months(start, 1) - timedelta(days=1)
    else:
        start = date(today.year + step, 1, 1)
        last = date(start.year, 12, 31)
    # A span under way ("this year") names today: that is where it stands for "now".
    return (today if start <= today <= last else start), last, step < 0
