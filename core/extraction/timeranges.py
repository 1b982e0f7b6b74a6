"""Ranges of days the date pattern reads only in part, completed after it: a bare ordinal
after "to" ("from 10th to 14th"), a first day that takes the last one's month ("5th to the
12th of April"), a dash between two dates ("3/16 - 3/20"), and Saturday or Sunday said short
after a weekday and a dash ("thurs-sun", "mon-wed": "sat", "sun" and "wed" alone are
ordinary words); and the
British day a week past a weekday ("a week on Saturday", "a fortnight on Friday").

Each completed end is a ``TimeRef`` with the preposition "to", the way the pattern reads
"until the 14th", so the rules that date a trip read a range one way however it is typed.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, timedelta

from core.extraction.timedays import nth_of_month
from core.extraction.timeref import TimeRef
from core.extraction.timewords import add_months, safe_date
from core.extraction.word_gates import gated

_TO = r"\s*(?:[-–]|to|till|til|until|through|thru)\s*"
_BARE_END = gated(_TO + r"(?:the\s+)?(?P<n>\d{1,2})(?:st|nd|rd|th)\b")
"""The end of a range as a bare ordinal after a date ("10th to 14th", "the 9th - 13th")."""
_BARE_START = gated(
    r"(?<![:.,/£$€\d])\b(?P<n>\d{1,2})(?P<sfx>st|nd|rd|th)?(?P<to>" + _TO + r"(?:the\s+)?)?\s*$"
)
"""The start of a range as a bare ordinal before a date ("5th to the 12th of April"), or a
bare number before "to" or a dash ("from 16 to 20 March", "16 - 20 March": mail's way)."""
_ORDINAL_ONLY = gated(r"(?:from\s+)?(?:the\s+)?\d{1,2}(?:st|nd|rd|th)", re.IGNORECASE)
_GAP_TO = gated(r"(?:" + _TO + r"(?:the\s+)?|\s*)$")
_RANGE_PREPS = frozenset({"to", "till", "til", "until", "through", "thru"})
_DASH = gated(r"\s*[-–]\s*$")
_SHORT_WEEKEND = gated(r"\s*[-–]\s*(?P<d>sat|sun|wed)\b")
_WEEKEND_DAY = {"wed": 2, "sat": 5, "sun": 6}


_BARE_RANGE = gated(
    r"\b(?P<a>\d{1,2})(?:st|nd|rd|th)" + _TO + r"(?:the\s+)?(?P<b>\d{1,2})(?:st|nd|rd|th)\b"
)
"""Both ends bare ("booked, 10th to 17th", "12th-15th"): the next such days ahead."""


def complete_ranges(text: str, refs: list[TimeRef], today: date, future: bool) -> list[TimeRef]:
    """``refs`` (the dates found in ``text``, in order) with the parts of ranges the date
    pattern left out added, and the end of a dashed range marked "to"."""
    refs = [_week_on(text, r) for r in refs]
    out: list[TimeRef] = []
    for m in _BARE_RANGE.finditer(text):
        if any(r.start < m.end() and m.start() < r.end for r in refs):
            continue
        first = nth_of_month(today, int(m["a"]), future)
        last = _in_month_of(first, int(m["b"]), after=True) if first else None
        if first is not None and last is not None:
            a, b = m.start("a"), m.start("b")
            refs = sorted(
                [
                    *refs,
                    TimeRef(first, "", a, a + len(m["a"]) + 2),
                    TimeRef(last, "to", b, m.end()),
                ],
                key=lambda r: r.start,
            )
    for i, ref in enumerate(refs):
        nxt = refs[i + 1] if i + 1 < len(refs) else None
        before = out[-1] if out else None
        if before is not None and ref.prep == "" and _DASH.match(text[before.end : ref.start]):
            ref = replace(ref, prep="to")  # "3/16 - 3/20"
        if before is not None and _shares_month(text, before, ref):
            # "from the 10th to 14 May": the first day is read in the last one's month
            day = _in_month_of(ref.day, before.day.day, after=False)
            if day is not None:
                out[-1] = before = replace(before, day=day)
        if ref.unit == "day" and (before is None or before.end <= ref.start):
            start = _start_before(text, ref, before)
            if start is not None:
                out.append(start)
                ref = replace(ref, prep=ref.prep or "to")
        out.append(ref)
        if ref.unit != "day":
            continue
        end = _end_after(text, ref, nxt)
        if end is not None:
            out.append(end)
    return out


_WEEK_ON = gated(r"(?<!\bfor\s)\ba\s+(?P<u>week|fortnight)\s+$")
_STEP = {"week": 7, "fortnight": 14}
_AFTER_NEXT = gated(r"\s+after\s+next\b", re.I)


def _week_on(text: str, ref: TimeRef) -> TimeRef:
    """ "a week on Saturday" (British): the Saturday a week after the next one (not "for a
    week on Saturday": a week's stay from that Saturday); "a fortnight today" likewise."""
    if ref.unit == "day" and (nxt := _AFTER_NEXT.match(text, ref.end)) is not None:
        # "until the Sunday after next": the Sunday a week after the next one
        return replace(ref, day=ref.day + timedelta(days=7), end=nxt.end())
    m = _WEEK_ON.search(text, 0, ref.start)
    # "a week today", "a fortnight tomorrow": the same count from the day said
    counted = ref.prep == "on" or text[ref.start : ref.end].lower() in ("today", "tomorrow")
    if m is None or ref.unit != "day" or not counted:
        return ref
    return replace(ref, day=ref.day + timedelta(days=_STEP[m["u"]]), start=m.start())


def _end_after(text: str, ref: TimeRef, nxt: TimeRef | None) -> TimeRef | None:
    m = _BARE_END.match(text, ref.end)
    if m is not None and (nxt is None or nxt.start >= m.end()):
        day = _in_month_of(ref.day, int(m["n"]), after=True)
        if day is not None:
            return TimeRef(day, "to", m.start("n"), m.end(), past=ref.past)
    m = _SHORT_WEEKEND.match(text, ref.end)
    if m is not None and (nxt is None or nxt.start >= m.end()) and ref.end_day is None:
        ahead = (_WEEKEND_DAY[m["d"]] - ref.day.weekday()) % 7
        return TimeRef(ref.day + timedelta(days=ahead), "to", m.start("d"), m.end(), past=ref.past)
    return None


def _start_before(text: str, ref: TimeRef, before: TimeRef | None) -> TimeRef | None:
    floor = before.end if before is not None else 0
    m = _BARE_START.search(text, floor, ref.start)
    if m is None or not (m["to"] or ref.prep in _RANGE_PREPS):
        return None  # the pattern may have read the "to" as the date's own preposition
    ranged = m["to"] or ref.prep in _RANGE_PREPS
    if not m["sfx"] and not (ranged and ref.unit == "day" and ref.end_day is None):
        return None  # a bare number is a day only right before "to" or a dash and a date
    day = _in_month_of(ref.day, int(m["n"]), after=False)
    if day is None:
        return None
    end = m.start("n") + len(m["n"]) + len(m["sfx"] or "")
    return TimeRef(day, "", m.start(), end, past=ref.past)


def _shares_month(text: str, before: TimeRef, ref: TimeRef) -> bool:
    """A bare ordinal, then "to" or a dash, then a date with its month: one range."""
    said = text[before.start : before.end]
    return (
        ref.unit == "day"
        and before.unit == "day"
        and before.end <= ref.start
        and _ORDINAL_ONLY.fullmatch(said.strip()) is not None
        and _GAP_TO.match(text[before.end : ref.start]) is not None
        and (ref.prep in _RANGE_PREPS or _DASH.match(text[before.end : ref.start]) is not None)
        and ref.end_day is None
        and (ref.day.month, ref.day.year) != (before.day.month, before.day.year)
    )


def _in_month_of(anchor: date, n: int, *, after: bool) -> date | None:
    """Day ``n`` of ``anchor``'s month, or of the month after (``after``) or before when
    that would put it on the wrong side of ``anchor`` ("28th to 3rd": the 3rd after)."""
    got = safe_date(anchor.year, anchor.month, n)
    if got is None:
        return None
    if after and got < anchor:
        moved = add_months(date(anchor.year, anchor.month, 1), 1)
        return safe_date(moved.year, moved.month, n)
    if not after and got > anchor:
        moved = add_months(date(anchor.year, anchor.month, 1), -1)
        return safe_date(moved.year, moved.month, n)
    return got
