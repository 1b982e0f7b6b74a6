"""One match of the time pattern (``timepattern``) resolved to its day against today.

``resolve_match`` reads which alternative matched (an ISO date, "March 3rd", "the 6th",
"next Tuesday", "in two weeks", "Labor Day", "this week"...) and returns the day it names,
the last day of a range or span it names, whether that day is behind, and its unit ("day",
or the span's "week"/"month"/"year"). How matches join into ranges and read against each
other is ``timeexpr``'s.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from core.extraction.month_days import dotted_day, nth_day
from core.extraction.timedays import (
    month_start,
    named_nth,
    pick_year,
    slashed_date,
    weekday_date,
)
from core.extraction.timespans import calendar_span
from core.extraction.timewords import (
    MONTHS,
    NUMBER_WORDS,
    ORDINAL_WORDS,
    WEAK_ORDINALS,
    WEEKDAYS,
    add_months,
    holiday_date,
    safe_date,
)
from core.extraction.word_gates import gated

__all__ = ["Resolved", "resolve_match"]

_MID_MONTH = gated(r"(?:\w+\s+)?mid\b")


Resolved = tuple[date, date | None, bool, str]
"""The day, the last day of its range or span, whether it is behind, and its unit."""


def resolve_match(m: re.Match[str], today: date, future: bool) -> Resolved | None:
    """The day match ``m`` names said on ``today``, leaning forward when ``future``."""
    if m.group("span"):
        return (*calendar_span(today, m.group("span_mod"), m.group("span")), m.group("span"))
    if m.group("span2"):
        # "the week after next", "the weekend after next": a week on from the next one.
        return (*calendar_span(today, "after next", m.group("span2")), m.group("span2"))
    got = _resolve_day(m, today, future)
    return None if got is None else (*got, "day")


def _count(words: str) -> int:
    """A count as written: "3", "two", "a couple of", "a few"."""
    word = " ".join(words.split())
    return int(word) if word.isdigit() else NUMBER_WORDS[word.removeprefix("a ")]


def _days(n: int, unit: str) -> timedelta:
    """``n`` days or weeks ("day", "days", "week", "weeks")."""
    return timedelta(days=n * (7 if unit.startswith("week") else 1))


def _resolve_day(
    m: re.Match[str], today: date, future: bool
) -> tuple[date, date | None, bool] | None:
    g = m.groupdict()
    if g["iso"]:
        y, mo, d = (int(x) for x in g["iso"].split("-"))
        got = safe_date(y, mo, d)
        return (got, None, False) if got else None
    if g["mw_m"] or g["wm_m"]:
        ordinal = " ".join((g["mw_d"] or g["wm_d"]).replace("-", " ").split()).replace(" ", "-")
        if g["mw_m"] == "may" and ordinal in WEAK_ORDINALS:
            return None  # "you may first ask": a modal verb, not 1 May
        month, day = MONTHS[g["mw_m"] or g["wm_m"]], ORDINAL_WORDS[ordinal]
        year = g["mw_y"] or g["wm_y"]
        got = safe_date(int(year), month, day) if year else pick_year(today, month, day, future)
        return (got, None, False) if got else None
    if g["rd_m"]:
        # "3-7 April", "10th–14th May": both days in the month after them.
        month = MONTHS[g["rd_m"]]
        got = pick_year(today, month, int(g["rd_d"]), future)
        if got is None:
            return None
        return got, safe_date(got.year, month, int(g["rd_d2"])), False
    if g["md_m"] or g["dm_m"]:
        month = MONTHS[g["md_m"] or g["dm_m"]]
        day = int(g["md_d"] or g["dm_d"])
        year = g["md_y"] or g["dm_y"]
        got = safe_date(int(year), month, day) if year else pick_year(today, month, day, future)
        if got is None:
            return None
        end = safe_date(got.year, got.month, int(g["md_d2"])) if g["md_d2"] else None
        return got, end, False
    if g["us_m"]:
        month, day = int(g["us_m"]), int(g["us_d"])
        if g["us_y"]:
            y = int(g["us_y"])
            got = safe_date(y + 2000 if y < 100 else y, month, day)
        else:
            got = slashed_date(today, month, day, future)
        return (got, None, False) if got else None
    if g["nth"] or g["nthw"] or g["nth2"] or g["nth3"]:  # "due 1st": a list's bill, "the" left out
        return nth_day(m, today, future)
    if g["wf_n"]:
        n = _count(g["wf_n"])
        base_word = g["wf_base"]
        if base_word in WEEKDAYS:
            mod = "next" if g["wf_mod"] == "next" else "this"
            base = weekday_date(today, WEEKDAYS[base_word], mod, True)
        else:
            base = today + timedelta(days=1 if base_word == "tomorrow" else 0)
        return base + _days(n, g["wf_u"]), None, False
    if g["eom"]:
        # "until end of March": the month's last day.
        first = month_start(today, MONTHS[g["eom"]], future).replace(day=1)
        return add_months(first, 1) - timedelta(days=1), None, False
    if g["dot_d"]:
        return dotted_day(m, today, future)
    if g["eo"]:
        _, last, past = calendar_span(today, g["eo_mod"] or "this", g["eo_span"])
        return last, None, past
    if g["rel"]:
        rel = " ".join(g["rel"].split())
        offsets = {"tomorrow": 1, "day after tomorrow": 2, "yesterday": -1, "last night": -1}
        off = offsets.get(rel, 0)
        return today + timedelta(days=off), None, off < 0
    if g["wa"] or (g["wd"] and g["wd_nth"]):
        # "tues 17th", "Friday the 13th": the day of the month the weekday names; "sun 6th",
        # "wed 9th" too (alone, "sun" and "wed" are words of their own).
        weekday = _SHORT_ONLY[g["wa"]] if g["wa"] else WEEKDAYS[g["wd"]]
        named = named_nth(today, int(g["wa_nth"] or g["wd_nth"]), weekday, future)
        return (named[0], None, named[1] and future) if named else None
    if g["wd"]:
        mod = " ".join((g["wd_mod"] or "").split()).replace("this coming", "coming")
        mod = "" if mod in ("coming", "following") else mod
        # "Thursday week": a week after the coming Thursday.
        week = timedelta(days=7 if g["wd_week"] else 0)
        if g["wd_next_week"] and not mod:
            # "Thursday next week": that day of the coming calendar week.
            monday = today + timedelta(days=7 - today.weekday())
            return monday + timedelta(days=WEEKDAYS[g["wd"]]), None, False
        if g["wd_this_week"] and not mod:
            # "Thursday this week": that day of this calendar week, not the week itself.
            # No hint of the past either: "bins are Tuesday this week".
            return today + timedelta(days=WEEKDAYS[g["wd"]] - today.weekday()), None, False
        return weekday_date(today, WEEKDAYS[g["wd"]], mod, future) + week, None, mod == "last"
    if g["tt_u"]:
        # "this time next week": the same day a week on, not the week's first day.
        if g["tt_u"] == "week":
            return today + timedelta(days=7), None, False
        ahead = add_months(today, 1 if g["tt_u"] == "month" else 12)
        last = add_months(ahead, 1) - timedelta(days=1)
        return safe_date(ahead.year, ahead.month, today.day) or last, None, False
    if g["later_n"]:
        # "two days later": counted from the day said before it (``_after_earlier``).
        return today + _days(_count(g["later_n"]), g["later_u"]), None, False
    if g["in_n"]:
        n = _count(g["in_n"])
        unit = g["in_u"].rstrip("s")
        if unit == "fortnight":  # "in a fortnight": two weeks
            n, unit = 2 * n, "week"
        if unit == "month":
            base = add_months(today.replace(day=1), n)
            # "in a month" on 31 January is the last day of February, not its first.
            last = add_months(base, 1) - timedelta(days=1)
            return safe_date(base.year, base.month, today.day) or last, None, False
        return today + _days(n, unit), None, False
    if g["mon"]:
        first = month_start(today, MONTHS[g["mon"]], future)
        if _MID_MONTH.match(m.group(0)) and first.day < 15:
            # "mid-April", "mid May": the middle of the month, not its first day.
            first = first.replace(day=15)
        return first, None, False
    if g["hol"]:
        hol = " ".join(g["hol"].split())
        got = holiday_date(hol, today.year)
        if future and got < today:
            got = holiday_date(hol, today.year + 1)
        return got, None, False
    return None


_SHORT_ONLY = {"sat": 5, "sun": 6, "wed": 2}
"""Weekdays shortened to a word of its own, read as a day only before their date."""
