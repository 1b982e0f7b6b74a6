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
  though it is the next day in UTC, so callers pass the user's local time. Typed in the
  small hours, "tomorrow" is the day already begun (``small_hours``): every date of such a
  text is read from the day before, the writer's day until they sleep. A clock time of the
  small hours said with "tonight" before them ("flying out tonight at 1am", said at 22:00)
  is in the night after the evening, on the next calendar day; said in the small hours
  themselves ("tonight at 1am" at 00:30) it is the day already begun.

This module owns how the resolved matches of the pattern (``timepattern``) join into
ranges and read against each other; one match resolves to its day in ``timematch``, and the
pieces it resolves with are their own modules: ``timeref`` (the resolved date), ``timedays`` (a
day missing its year, month or date), ``timespans`` (calendar spans) and ``clocktimes``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime, timedelta
from functools import lru_cache

from core.extraction.clocktimes import clock_time
from core.extraction.small_hours import SMALL_HOURS_END, journey_in_the_small_hours, writers_now
from core.extraction.timematch import resolve_match
from core.extraction.timepattern import DIGIT, GATE_WORD, TIME_SCAN, TRIGGERS
from core.extraction.timeranges import complete_ranges
from core.extraction.timeref import TimeRef
from core.extraction.timewords import WEEKDAYS
from core.extraction.word_gates import gated

__all__ = ["find_times", "has_past_hint"]

_PAST_HINT = gated(r"\b(?:last|ago|yesterday|since)\b")
_AS_OF = gated(r"\bas\s+of\s+$")
_EVERY = gated(r"\b(?:every|each)\s+(?:other\s+)?$")
_TONIGHT = gated(r"tonight")
"""The evening said as "tonight": with a clock time of the small hours, the night after it."""
_NOW_STATE = gated(r"\b(?:now|currently|officially)\b|\b(?:i'm|i\s+am|we're|we\s+are)\b")
"""With "as of", a day dates when a present state began ("as of Monday I'm at Acme")."""


def _is_weekday(text: str, ref: TimeRef) -> bool:
    return text[ref.start : ref.end].split()[-1] in WEEKDAYS


_RANGE_END = frozenset(
    {"to", "until", "till", "til", "through", "thru", "back", "home", "returning"}
)
"""Words before a weekday that ends what an earlier weekday began: "from sunday to
saturday", "leave sunday, back saturday", "home saturday" (the Saturday after, not the one
before)."""
_AFTER_IT = gated(r"\s+after\b(?=\s*(?:$|[^\w\s]|and\b|then\b))")
"""A weekday closed by "after": "leave sunday, home the saturday after" (the one after
the day said before it, as "the following saturday")."""


_HABIT_NOUN = gated(
    r"\s+(?!(?:mornings|nights|evenings|afternoons|is|was|has|does|its|as|plus|this|us)\b)"
    r"[a-z]{3,}s\b(?!')"
)
_NOUN_DETERMINER = gated(r"\b(?:no|our|my|the|those|these|all|his|her|their|your)\s+$")
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
    now = writers_now(text, at)
    return list(_times_on(text, now.date(), future, now.hour >= SMALL_HOURS_END))


@lru_cache(maxsize=256)
def _times_on(text: str, today: date, future: bool, before_night: bool) -> tuple[TimeRef, ...]:
    """``find_times`` of ``text`` said on ``today`` (TimeRef is frozen: shared safely),
    ``before_night`` when said before the small hours of the night ahead."""
    if DIGIT.search(text) is None and TRIGGERS.isdisjoint(GATE_WORD.findall(text)):
        return ()
    out: list[TimeRef] = []
    for m in TIME_SCAN.finditer(text):
        got = resolve_match(m, today, future)
        if got is None:
            continue
        day, end_day, past, unit = got
        if m.group("wd") and not m.group("prep") and _EVERY.search(text, 0, m.start()):
            continue  # "every tuesday at 10": a habit, no date
        as_of = _AS_OF.search(text, 0, m.start()) is not None
        if as_of and _NOW_STATE.search(text) and day > today:
            # "I'm at Datadog now as of Monday": the state began then, so the day is behind.
            back = resolve_match(m, today, False)
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
            back = resolve_match(m, today, False)
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
    if not out and (night := journey_in_the_small_hours(text, today, before_night)) is not None:
        out = [night]  # "my flight lands at 1am", said at 22:00: tomorrow's small hours
    if out:
        clock = clock_time(text)
        if clock is not None:
            first = out[0]
            out[0] = replace(first, clock=clock)
            if (
                before_night
                and clock.hour < SMALL_HOURS_END
                and _TONIGHT.fullmatch(text, first.start, first.end)
            ):
                # "tonight at 1am", said in the evening: the night's small hours, tomorrow.
                out[0] = replace(out[0], day=first.day + timedelta(days=1))
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
