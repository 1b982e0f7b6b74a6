"""A day of the month as the time pattern (``timepattern``) matched it, resolved against
today: written with dots, day first ("18.03.2026", "18.03 - 22.03"), or as an ordinal
("the 6th", "the sixth", "the 6th of next month"). ``timeexpr`` reads the match; the rules
are those of its docstring.
"""

from __future__ import annotations

import re
from datetime import date

from core.extraction.timedays import nth_of_month, pick_year
from core.extraction.timespans import SPAN_STEP
from core.extraction.timewords import ORDINAL_WORDS, WEAK_ORDINALS, add_months, safe_date
from core.extraction.word_gates import gated

_DOTTED_RANGE = gated(
    r"\b\d{1,2}\.\d{1,2}\s*(?:[-\u2013]|\bto\b|\btill?\b|\buntil\b)\s*\d{1,2}\.\d{1,2}\b"
)


def dotted_day(m: re.Match[str], today: date, future: bool) -> tuple[date, None, bool] | None:
    """A day written the European way with a dot, day first: "18.03.2026", or "18.03 -
    22.03" as a range; a lone "18.03" may be a clock time or a decimal, so it needs its year
    or the other end of its range."""
    g = m.groupdict()
    day, month = int(g["dot_d"]), int(g["dot_m"])
    if not 1 <= month <= 12:
        return None
    if g["dot_y"]:
        y = int(g["dot_y"])
        got = safe_date(y + 2000 if y < 100 else y, month, day)
        return (got, None, False) if got else None
    ranged = any(r.start() <= m.start("dot_d") < r.end() for r in _DOTTED_RANGE.finditer(m.string))
    got = pick_year(today, month, day, future) if ranged else None
    return (got, None, False) if got else None


def nth_day(m: re.Match[str], today: date, future: bool) -> tuple[date, None, bool] | None:
    """'the 6th', 'the sixth', 'the 6th of this/next/last month'."""
    g = m.groupdict()
    if g["nth"] or g["nth2"] or g["nth3"]:
        day = int(g["nth"] or g["nth2"] or g["nth3"])
    else:
        ordinal = " ".join(g["nthw"].replace("-", " ").split()).replace(" ", "-")
        day = ORDINAL_WORDS[ordinal]
        # "the sixth grade", "the first time": a spelled-out ordinal is a date only with
        # a preposition, a month, or nothing after it; first to third need more than that.
        alone = re.match(r"\s*(?:[^\w\s]|$)", m.string[m.end() :]) is not None
        weak = ordinal in WEAK_ORDINALS
        if not (g["nth_mod"] or g["prep"] or (alone and not weak)):
            return None
    if g["nth_mod"]:
        step = SPAN_STEP[g["nth_mod"]]
        first = add_months(today.replace(day=1), step)
        got = safe_date(first.year, first.month, day)
        return (got, None, step < 0 or (step == 0 and got < today)) if got else None
    got = nth_of_month(today, day, future)
    return (got, None, False) if got else None
