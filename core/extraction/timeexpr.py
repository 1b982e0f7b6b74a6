"""Time expressions resolved against the message time.

``find_times`` scans lowercase text once with one precompiled alternation and
returns every date it can pin down ("tomorrow", "next Tuesday", "March 3rd",
"on the 14th", "in two weeks", "Labor Day", "Sunday 7-8 AM"), each with the
word before it ("from", "until", "since"...) so callers can tell a departure
from a return. ``at`` is the only notion of "now"; it must be timezone-aware,
and calendar dates are taken in its own timezone.

The rules, for a message sent on Wednesday 4 March 2026:

- A bare or "this"/"coming" weekday is the coming one ("Saturday", "this
  Saturday" = 7 March); "this Wednesday" said on a Wednesday is today, a bare
  "Wednesday" is next week's. "last Saturday" is the latest one before today
  (said on a Saturday, a week ago; on a Sunday, yesterday).
- "next Saturday" is "Saturday next week": the Saturday of the calendar week
  after this one, 14 March, ten days on. Weeks run Monday to Sunday (ISO 8601),
  the same weeks "this week", "next week" and "next weekend" name, so "next
  Saturday" and "next weekend" always agree. Said on Monday it is 12 days on,
  on Saturday 7, on Sunday 6: that day's week is over, so this Saturday and
  next Saturday are the same day. Why: resolvers split here. Duckling and
  dateparser's proposal take the first occurrence after today, which makes
  "next Saturday" said on Monday the same day as "this Saturday" and leaves
  no way to name the one after; chrono and natty, like most English speakers
  planning ahead ("not this Saturday, next Saturday"), take next week's. Asked
  on a Friday, "next Monday" is then the one in three days, as people mean it,
  not ten days on as "the one after the coming one" would make it.
- "this/last/next week|month|year" is the whole calendar span: ``end_day`` is
  its last day, ``unit`` says which, ``first_day`` its first. A span under way
  names today ("this year" said on 4 March: ``day`` 4 March, ``end_day`` 31
  December), so "this year" reads as now, neither a plan's departure nor a date
  in the past; ``begun_span`` tells callers it pins no day. One ahead or behind
  names its first day ("next month" = 1 April, "last year" = 1 January 2025,
  ``past``). "this weekend" starts on Saturday, or today when said on the
  Sunday. "end of the month/week/year" is the span's last day.
- "the 6th" / "the sixth" is the next 6th on or after today (the last one on or
  before today in a past context); "the 6th of this/next/last month" is that
  month's 6th, ``past`` when already gone; "the 6th of March", "March 6th" and
  "March sixth" the next 6 March. A spelled-out ordinal needs a preposition, a
  month or nothing after it ("the sixth grade" is no date), and "first" to
  "third" need a preposition or a month ("on the first").
- "in two weeks" counts from today; "a week from Friday" counts from the coming
  Friday (13 March); "in a month" keeps the day of month, or the month's
  last day when it has none (31 January -> 28 February).
- "today", "tonight" and "tomorrow" are calendar days of ``at`` in its own
  timezone: a message sent at 23:30 in Los Angeles is still that day there even
  though it is the next day in UTC, so callers pass the user's local time.

This module owns how the matches of the pattern (``timepattern``) resolve and join into
ranges; the pieces it resolves with are their own modules: ``timeref`` (the resolved date), ``timedays`` (a
day missing its year, month or date), ``month_days`` (a day of the month written as a number
or an ordinal), ``timespans`` (calendar spans) and ``clocktimes``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime, timedelta
from functools import lru_cache

from core.extraction.clocktimes import clock_time
from core.extraction.month_days import dotted_day, nth_day
from core.extraction.timedays import (
    month_start,
    named_nth,
    pick_year,
    slashed_date,
    weekday_date,
)
from core.extraction.timepattern import DIGIT, GATE_WORD, TIME_SCAN, TRIGGERS
from core.extraction.timeranges import complete_ranges
from core.extraction.timeref import TimeRef
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

__all__ = ["find_times", "has_past_hint"]

_MID_MONTH = re.compile(r"(?:\w+\s+)?mid\b")
_PAST_HINT = re.compile(r"\b(?:last|ago|yesterday|since)\b")
_AS_OF = re.compile(r"\bas\s+of\s+$")
_EVERY = re.compile(r"\b(?:every|each)\s+(?:other\s+)?$")
_NOW_STATE = re.compile(r"\b(?:now|currently|officially)\b|\b(?:i'm|i\s+am|we're|we\s+are)\b")
"""With "as of", a day dates when a present state began ("as of Monday I'm at Acme")."""


_Resolved = tuple[date, date | None, bool, str]


def _resolve(m: re.Match[str], today: date, future: bool) -> _Resolved | None:
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
    if g["nth"] or g["nthw"] or g["nth2"]:  # "due 1st": a list's bill, "the" left out
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


def _is_weekday(text: str, ref: TimeRef) -> bool:
    return text[ref.start : ref.end].split()[-1] in WEEKDAYS


_RANGE_END = frozenset(
    {"to", "until", "till", "til", "through", "thru", "back", "home", "returning"}
)
"""Words before a weekday that ends what an earlier weekday began: "from sunday to
saturday", "leave sunday, back saturday", "home saturday" (the Saturday after, not the one
before)."""
_AFTER_IT = re.compile(r"\s+after\b(?=\s*(?:$|[^\w\s]|and\b|then\b))")
"""A weekday closed by "after": "leave sunday, home the saturday after" (the one after
the day said before it, as "the following saturday")."""


_HABIT_NOUN = re.compile(
    r"\s+(?!(?:mornings|nights|evenings|afternoons|is|was|has|does|its|as|plus|this|us)\b)"
    r"[a-z]{3,}s\b(?!')"
)
_NOUN_DETERMINER = re.compile(r"\b(?:no|our|my|the|those|these|all|his|her|their|your)\s+$")
"""A plural noun the weekday modifies after a determiner ("no sunday dinners", "our monday
meetings"): what happens on such days, which dates nothing ("friday works" is a verb:
without the determiner the weekday may be the subject). "sunday mornings" is left to
the callers."""


def find_times(text: str, at: datetime, *, future: bool = True) -> list[TimeRef]:
    """Every date expression in lowercase ``text``, in order, resolved against ``at``.

    ``future`` says which way an under-specified date leans ("Friday", "March 3"):
    forward for plans, backward for past-tense clauses. A clock time in the text
    ("at 4", "7-8 AM", "6am") is attached to the first date found.

    Only ``at``'s day is read, so the dates are kept per text, day and direction: the
    extractor reads a message's dates (some twice), then the engine reads them again from
    its evidence to date an arrival (``core.extraction.arrivals``), and the pattern's scan
    is about 150 K instructions a text. Each caller gets a list of its own.
    """
    if at.tzinfo is None or at.utcoffset() is None:
        raise ValueError("at must be timezone-aware")
    return list(_times_on(text, at.date(), future))


@lru_cache(maxsize=256)
def _times_on(text: str, today: date, future: bool) -> tuple[TimeRef, ...]:
    """``find_times`` of ``text`` said on ``today`` (TimeRef is frozen: shared safely)."""
    if DIGIT.search(text) is None and TRIGGERS.isdisjoint(GATE_WORD.findall(text)):
        return ()
    out: list[TimeRef] = []
    for m in TIME_SCAN.finditer(text):
        got = _resolve(m, today, future)
        if got is None:
            continue
        day, end_day, past, unit = got
        if m.group("wd") and not m.group("prep") and _EVERY.search(text, 0, m.start()):
            continue  # "every tuesday at 10": a habit, no date
        as_of = _AS_OF.search(text, 0, m.start()) is not None
        if as_of and _NOW_STATE.search(text) and day > today:
            # "I'm at Datadog now as of Monday": the state began then, so the day is behind.
            back = _resolve(m, today, False)
            if back is not None and back[0] <= today:
                day, end_day, past, unit = back[0], back[1], True, back[3]
        if (
            m.group("wd")
            and not m.group("prep")
            and _HABIT_NOUN.match(text, m.end())
            and _NOUN_DETERMINER.search(text, 0, m.start())
        ):
            continue  # "no sunday dinners", "our friday meetings": a kind of day, not a date
        # "Tue-Thu": a dash between two weekdays reads "to".
        # "home the saturday after": the word before "the" is the preposition.
        prep = "".join((m.group("prep") or "").split()[:1]).replace("–", "-").replace("-", "to")
        if prep.startswith("check"):
            # A hotel's "check out 3/23" is the day the stay ends; "check in" the day it starts.
            prep = "checkout" if "out" in m.group("prep") else "checkin"
        prep = prep or ("since" if as_of else "")
        if prep == "since" and day > today:
            # "back in Berlin since Sunday": "since" looks back, to the Sunday just gone.
            back = _resolve(m, today, False)
            if back is not None and back[0] <= today:
                day, end_day, past, unit = back[0], back[1], True, back[3]
        if (
            out
            and not m.group("prep")
            and m.start() - out[-1].end <= 2
            and _is_weekday(text, out[-1])
        ):
            # Not "tuesday through thursday", "from monday to friday": a range keeps both.
            # "Fri 3/13", "Sunday, March 8": the explicit date wins over the weekday.
            prep = prep or out[-1].prep
            out.pop()
        counted = m.group("wd") and not m.group("wd_mod") and _AFTER_IT.match(text, m.end())
        if m.group("later_n") or m.group("wd_mod") == "following" or (counted and out):
            if out:
                day = _after_earlier(m, today, day, out[-1].day)
            elif m.group("later_n"):
                continue  # "a week later we left": later than what?
        if (
            out
            and prep in _RANGE_END
            and m.group("wd")
            and not m.group("wd_mod")
            and future
            and day < out[-1].day
        ):
            day += timedelta(days=7)  # "tuesday through thursday": the Thursday after
        out.append(TimeRef(day, prep, m.start(), m.end(), None, end_day, past, unit))
    out = complete_ranges(
        text, out, today, future
    )  # "from 10th to 14th", "3/16 - 3/20", "thurs-sun"
    if out:
        clock = clock_time(text)
        if clock is not None:
            first = out[0]
            out[0] = replace(first, clock=clock)
    return tuple(out)


def _after_earlier(m: re.Match[str], today: date, day: date, earlier: date) -> date:
    """A day told relative to the one said before it: "leave the 4th, back the following
    sunday" is the Sunday after the 4th, "flying out tuesday, back a week later" the
    Tuesday after."""
    if m.group("later_n"):
        return earlier + (day - today)
    wd = WEEKDAYS[m.group("wd")]
    return earlier + timedelta(days=(wd - earlier.weekday()) % 7 or 7)


def has_past_hint(text: str) -> bool:
    """Whether lowercase text carries a backward-looking time word ("last", "ago")."""
    return _PAST_HINT.search(text) is not None
