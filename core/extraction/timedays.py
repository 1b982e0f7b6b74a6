"""A day said without all its parts, pinned against today: a month and day with no year,
"the 14th" with no month, a weekday ("Friday", "next Friday", "last Friday"), a month
("in May").

``future`` says which way each leans: forward for plans, backward for past-tense clauses.
The rules are those of ``timeexpr``'s docstring.
"""

from __future__ import annotations

from datetime import date, timedelta

from core.extraction.timewords import (
    add_months,
    safe_date,
)


def pick_year(today: date, month: int, day: int, future: bool) -> date | None:
    """A month/day without a year: the next one in a future context, else the last one."""
    this = safe_date(today.year, month, day)
    if this is None:
        return safe_date(today.year + (1 if future else -1), month, day)
    if future and this < today:
        return safe_date(today.year + 1, month, day)
    if not future and this > today:
        return safe_date(today.year - 1, month, day)
    return this


def nth_of_month(today: date, day: int, future: bool) -> date | None:
    """'the 14th': this month's if still ahead (or behind, in a past context), else the next."""
    if not 1 <= day <= 31:
        return None
    cursor = date(today.year, today.month, 1)
    for _ in range(13):
        cand = safe_date(cursor.year, cursor.month, day)
        if cand is not None and (cand >= today if future else cand <= today):
            return cand
        cursor = add_months(cursor, 1 if future else -1)
    return None


def named_nth(today: date, day: int, weekday: int, future: bool) -> tuple[date, bool] | None:
    """ "sun 22nd", "tues 17th": the 22nd the weekday says, and whether it is the other
    side of today from the one the context expects (ahead, or behind in a past context):
    that one unless only the nearest on the other side falls on the weekday. Said on
    Sunday 29 November, "back home Sun 22nd" is the 22nd just gone (a Sunday), not
    December's (a Tuesday)."""
    expected = nth_of_month(today, day, future)
    if expected is None or expected.weekday() == weekday:
        return (expected, False) if expected else None
    other = nth_of_month(today, day, not future)
    if other is not None and other.weekday() == weekday:
        return other, True
    return expected, False


def weekday_date(today: date, wd: int, mod: str, future: bool) -> date:
    ahead = (wd - today.weekday()) % 7
    if mod == "last":
        return today - timedelta(days=(today.weekday() - wd) % 7 or 7)
    if not mod and not future:
        # "left tues instead" typed on a Tuesday: today (a week ago is "last tuesday").
        return today - timedelta(days=(today.weekday() - wd) % 7)
    if mod == "next":
        # The given day of next week (Monday-based weeks).
        return today - timedelta(days=today.weekday()) + timedelta(days=7 + wd)
    if mod == "this" and ahead == 0:
        return today
    return today + timedelta(days=ahead or 7)


def month_start(today: date, month: int, future: bool) -> date:
    """'in May': the first of the next May (today if it is May), or the last one."""
    if month == today.month:
        return today
    year = today.year + (1 if future and month < today.month else 0)
    year -= 1 if not future and month > today.month else 0
    return date(year, month, 1)


def slashed_date(today: date, first: int, second: int, future: bool) -> date | None:
    """A date written with a slash and no year, month first as in the US ("3/21"), day
    first where the month cannot be first ("25/03") or where, read month first, it would
    be most of a year away while day first it is within the next weeks ("till 12/03"
    written in Pune on 4 March: the 12th of March, not 3 December)."""
    if first > 12 and second <= 12:
        first, second = second, first
    elif not 1 <= first <= 12:
        return None
    got = pick_year(today, first, second, future)
    if future and got is not None and (got - today).days > 150 and 1 <= second <= 12:
        other = pick_year(today, second, first, future)
        if other is not None and 0 <= (other - today).days <= 45:
            return other
    return got
