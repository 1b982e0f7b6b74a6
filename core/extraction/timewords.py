"""The words and calendar facts time expressions are built from.

Month and weekday names, counting words, spelled-out ordinals ("sixth",
"twenty-first") and the dates of the holidays people name ("Labor Day").
"""

from __future__ import annotations

from datetime import date, timedelta

from core.domain.timeutil import DAY_YEARS

MONTHS = {
    m: i + 1
    for i, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ]
    )
    for m in names
}
WEEKDAYS = {
    "monday": 0,
    "mon": 0,  # never after an apostrophe ("c'mon"): see timeexpr
    "tuesday": 1,
    "tues": 1,
    "tue": 1,
    "wednesday": 2,
    "weds": 2,
    "thursday": 3,
    "thurs": 3,
    "thu": 3,
    "friday": 4,
    "fri": 4,
    "saturday": 5,
    "sunday": 6,
}
NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "couple": 2,
    "couple of": 2,
    "few": 3,
}
UNIT_ORDINALS = [
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
]
ORDINAL_WORDS = {w: i + 1 for i, w in enumerate(UNIT_ORDINALS)}
ORDINAL_WORDS |= {"twentieth": 20, "thirtieth": 30, "thirty-first": 31}
ORDINAL_WORDS |= {f"twenty-{w}": 20 + i + 1 for i, w in enumerate(UNIT_ORDINALS[:9])}
# "the first" or "the second" alone is rarely a date ("the first time"): these need a
# preposition or a month ("on the first", "the second of next month").
WEAK_ORDINALS = frozenset(["first", "second", "third"])


def add_months(d: date, n: int) -> date:
    y, m = divmod(d.month - 1 + n, 12)
    return date(d.year + y, m + 1, 1)


def nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """The n-th given weekday of a month; n = -1 for the last one."""
    if n > 0:
        first = date(year, month, 1)
        return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    last = add_months(date(year, month, 1), 1) - timedelta(days=1)
    return last - timedelta(days=(last.weekday() - weekday) % 7)


def easter_sunday(year: int) -> date:
    """Easter Sunday of ``year`` (the Gregorian computus, Meeus/Jones/Butcher)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    l_ = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 19 * l_) // 433
    month = (h + l_ - 7 * m + 90) // 25
    return date(year, month, (h + l_ - 7 * m + 33 * month + 19) % 32)


_EASTER_OFFSET = {"good friday": -2, "easter sunday": 0, "easter": 0, "easter monday": 1}
"""Days from Easter Sunday of the holidays named by it."""


def holiday_date(name: str, year: int) -> date:
    name = name.replace("'", "")
    if name in _EASTER_OFFSET:
        return easter_sunday(year) + timedelta(days=_EASTER_OFFSET[name])
    if name.startswith("labor"):
        return nth_weekday(year, 9, 0, 1)
    if name.startswith("memorial"):
        return nth_weekday(year, 5, 0, -1)
    if name.startswith("thanksgiving"):
        return nth_weekday(year, 11, 3, 4)
    if name.startswith("presidents"):
        return nth_weekday(year, 2, 0, 3)
    fixed = {
        "christmas eve": (12, 24),
        "christmas": (12, 25),
        "boxing day": (12, 26),
        "new years eve": (12, 31),
        "new years": (1, 1),
        "halloween": (10, 31),
        "valentines day": (2, 14),
    }
    month, day = fixed.get(name, (7, 4))
    return date(year, month, day)


def safe_date(year: int, month: int, day: int) -> date | None:
    """The day, or None when there is none: "Feb 30", and a year outside ``DAY_YEARS``
    ("on 9999-12-31" is no day to count a trip's end from)."""
    if year not in DAY_YEARS:
        return None
    try:
        return date(year, month, day)
    except ValueError:
        return None
