"""Family activities: when they happen and what became of them.

``family.<activity>.schedule`` and ``.event_status`` from "soccer practice moved to
Thursday", "school is cancelled tomorrow" or "Piano lesson is Friday at 4": a cancellation
is a present fact, a schedule in the future is a plan. The members' own states are read
in ``rules_family``, which calls ``activity_candidates`` here.
"""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta

from core.domain.fields import slugify
from core.extraction.clause import Candidate, Clause
from core.extraction.clocktimes import clock_time
from core.extraction.family_activity_words import (
    ACTIVITY,
    BOUNDS,
    CANCELLED,
    CHANGED,
    CLOCK_AFTER,
    ILL_AFTER,
    MOVED,
    MOVED_BY,
    NO_ACT,
    PAID_FOR,
    PUT_OFF,
    SCHEDULED,
    SICK_WORD,
    WHERE_ONE_IS,
    WITH_WHOM,
)
from core.extraction.family_carer_states import kept_off_ill
from core.extraction.family_members import names_a_relation
from core.extraction.linguistics.parse import parse
from core.extraction.types import ObservationIntent
from core.extraction.word_gates import gated

__all__ = ["activity_candidates"]

_DROP = frozenset(
    [
        "the",
        "our",
        "my",
        "his",
        "her",
        "their",
        "a",
        "an",
        "this",
        "that",
        "next",
        "no",
        "we",
        "i",
        "they",
        "she",
        "he",
        "you",
        "it",
        "have",
        "has",
        "had",
        "is",
        "was",
        "are",
        "at",
        "to",
        "from",
        "for",
        "and",
        "but",
        "so",
        "after",
        "before",
        "today",
        "tomorrow",
        "tonight",
        "got",
        "get",
    ]
)


def _slug_activity(clause: Clause, start: int, noun: str) -> str:
    """The activity's name: its head noun and up to two modifiers ("soccer practice").
    A word the parse does not hang inside the phrase is no modifier ("the coach said
    practice is off": "said" is the verb)."""
    low = clause.low
    heads = _heads_before(clause, start)
    words: list[str] = []
    for wm in reversed(list(re.finditer(r"\S+", low[:start]))[-2:]):
        w = wm.group()
        if w in _DROP or w.endswith("'s") or not w.replace("-", "").isalpha():
            break
        if _whose(w) and w != "family":
            break  # "kids school is closed", "my sons checkup": whose it is, no apostrophe
        if heads is not None and not heads.get(wm.start(), False):
            break
        words.insert(0, w)
    return slugify(" ".join([*words, noun]))


def _heads_before(clause: Clause, start: int) -> dict[int, bool] | None:
    """For each word before ``start`` in the clause (by its offset in the clause), whether
    the parse hangs it on a later word up to ``start``: a modifier of the phrase there.
    None when the clause is not found in the message's parse."""
    base = clause.start_in_message
    if base < 0 or not clause.message:
        return None
    out: dict[int, bool] = {}
    for tok in parse(clause.message):
        if tok.idx < base:
            continue
        if tok.idx >= base + start:
            break
        out[tok.idx - base] = tok.head.i > tok.i and tok.head.idx <= base + start
    return out


_AT_CLOCK = gated(r"^\s*(?:today\s+)?(?:at|@)\s+\d")


def _later_today(clause: Clause, rest: str) -> datetime | None:
    """The clock time right after an activity ("appt at 4"), today, if still to come."""
    if not _AT_CLOCK.match(rest):
        return None
    clock = clock_time(rest)
    if clock is None:
        return None
    when = datetime.combine(clause.at.date(), clock, tzinfo=clause.at.tzinfo)
    return when if when > clause.at else None


def _end_of_day(clause: Clause, when: datetime | None) -> datetime | None:
    if when is None:
        return None
    return datetime.combine(when.date() + timedelta(days=1), time(0), tzinfo=clause.at.tzinfo)


_GIVEN = gated(r"\b(?:got|had|getting|having)\s+(?:his|her|their|my|the)\s+(?:[a-z-]+\s+)?$")
_A_JAB = gated(r"jabs?|vaccinations?|immuni[sz]ations?|booster")
_MY_OWN = gated(r"\bmy\s+(?P<mods>(?:[a-z-]+\s+){0,2})$")
"""The speaker's own appointment or session ("my dentist appt", "my last radiation
session"): the family domain keeps the family's activities, the speaker's own set none."""


_FOR_SOMEONE = gated(
    r"\s*for\s+(?:her|him|them|me|us|(?:my|our)\s+(?:son|daughter|boy|girl|kids?|little\s+one)|"
    r"the\s+(?:kids|boys|girls|twins))\b"
)


_SAID_THEN_TAGGED = gated(r"\b(?:is|are|was|were|'s|'re)\b[^,]*,\s*(?:no|off)\s*$")
"""A claim, a comma and "no <word>" closing it: the tag of an opinion ("…, no debate",
"…, no contest"), not an activity called off."""
_KEPT_OFF = gated(
    r"\b(?:keep|keeping|kept|keeps)\s+(?:her|him|them|the\s+\w+|my\s+\w+|our\s+\w+|[a-z]+)\s+off\s+"
    r"(?:(?:the|her|his|their|our)\s+)?$|"
    # "Evie's staying off nursery": she stays home of her own (or her parents') accord.
    r"\b(?:staying|stays|stayed|stopping)\s+off\s+(?:(?:the|her|his|their|our)\s+)?$"
)
"""Someone kept off school or nursery stays home: the place itself is open."""


def _speakers_own(clause: Clause, start: int) -> bool:
    """Whether the activity at ``start`` is the speaker's own: "my" heads it, and no
    relation stands between ("my son soccer practice" is the son's)."""
    m = _MY_OWN.search(clause.low, 0, start)
    return m is not None and not any(_whose(w) for w in m.group("mods").split())


def _whose(word: str) -> bool:
    """A relation owning what follows, its apostrophe typed or not: "my mum's scan", "my
    mums scan", "my sons checkup"."""
    bare = word.removesuffix("'s")
    return names_a_relation(bare) or (bare.endswith("s") and names_a_relation(bare[:-1]))


def activity_candidates(clause: Clause) -> list[Candidate]:
    """A family activity's schedule or what became of it, in one clause."""
    m = ACTIVITY.search(clause.low)
    if m is None:
        return []
    if PAID_FOR.search(clause.low, 0, m.start()):
        return []  # "haven't paid the nursery this month": a bill, not a day off
    for moved in ACTIVITY.finditer(clause.low, m.end()):
        if MOVED_BY.search(clause.low, 0, moved.start()):
            m = moved  # "the school rescheduled our parents evening": what was moved
            break
    if _GIVEN.search(clause.low, 0, m.start()) and _A_JAB.fullmatch(m.group("act")):
        return []  # "Sam's got his jabs today": given them, no event to keep
    slug = _slug_activity(clause, m.start(), m.group("act"))
    if slug in {"item", "class", "game", "party", "meet"} or _speakers_own(clause, m.start()):
        return []
    rest = clause.low[m.end() :]
    if (whom := WITH_WHOM.match(rest)) is not None:
        rest = rest[whom.end() :]  # "follow-up with the consultant got cancelled"
    after = [t for t in clause.times if t.start >= m.end()] or list(clause.times)
    ref = after[0] if after else None
    if ref is None and (today_at := _later_today(clause, rest)) is not None:
        # "emma has a dentist appt at 4": a clock time alone is today's, while still ahead.
        until = _end_of_day(clause, today_at)
        return [
            Candidate(f"family.{slug}.event_status", "scheduled", 0.9, "planning", until),
            Candidate(f"family.{slug}.schedule", today_at.isoformat(), 0.9, "planning", until),
        ]
    # "Max has soccer practice Thursday at 5", "a recital friday 6pm": the day said right
    # after the activity is when it is; what follows the day says what became of it.
    # A day before the activity, a bound ("at camp until Sunday") or a day gone by ("broke
    # his leg playing football last friday") is no schedule.
    dated = (
        ref is not None
        and ref.start >= m.end()
        and not clause.low[m.end() : ref.start].strip(" ,")
        and ref.prep not in BOUNDS
    )
    if dated and ref is not None:
        rest = CLOCK_AFTER.sub("", clause.low[ref.end :], count=1)
    when = datetime.combine(ref.day, ref.clock or time(0), tzinfo=clause.at.tzinfo) if ref else None
    field = f"family.{slug}"
    no = NO_ACT.search(clause.low[: m.start()])
    if (
        no
        and no.group().startswith("off")
        and (
            SICK_WORD.search(clause.low, 0, no.start())
            or ILL_AFTER.match(rest)
            or kept_off_ill(rest)
        )
    ):
        # "my son's poorly, off school today", "jayden's off school today with a temp": he
        # is off, the school is open.
        return []
    if no and not rest.strip(" .!?") and _SAID_THEN_TAGGED.search(clause.low, 0, no.end()):
        return []  # "Mondays are the worst, no debate": "no question", a tag to a claim
    if no and _FOR_SOMEONE.match(rest):
        return []  # "no school for her tomorrow": she stays home, the school is open
    if no and _KEPT_OFF.search(clause.low, 0, no.end()):
        return []  # "keeping her off nursery": she stays home, the nursery is open
    if CANCELLED.search(rest) or (no and not ILL_AFTER.match(rest)):
        until = _end_of_day(clause, when)
        out = [Candidate(f"{field}.event_status", "cancelled", 0.95, "assertive", until)]
        if ref is not None:
            # "school is closed tomorrow": the day that is off is kept, not only its expiry.
            out.append(Candidate(f"{field}.schedule", ref.iso(clause.at), 0.95, "assertive", until))
        return out
    if ref is None and (PUT_OFF.match(rest) or MOVED.match(rest)):
        # No new day said, or not as a date: "moved to Tuesdays", "moved to after Easter".
        return [Candidate(f"{field}.event_status", "moved", 0.9)]
    if ref is None or WHERE_ONE_IS.search(clause.low, 0, m.start()):
        return []  # "threw up at school today", "back at school tmrw": where, not an event
    iso = ref.iso(clause.at)
    if MOVED.search(rest) or MOVED_BY.search(clause.low, 0, m.start()):
        if dated and ref.prep not in ("to", "for"):
            # "practice thursday got moved to friday": the new day is the one after the old.
            later = [t for t in after if t.start > ref.start]
            if not later:
                return [Candidate(f"{field}.event_status", "moved", 0.95)]
            ref = later[0]
            when = datetime.combine(ref.day, ref.clock or time(0), tzinfo=clause.at.tzinfo)
            iso = ref.iso(clause.at)
        return [
            Candidate(f"{field}.event_status", "moved", 0.95, None, _end_of_day(clause, when)),
            Candidate(f"{field}.schedule", iso, 0.95, None, _end_of_day(clause, when)),
        ]
    if (
        SCHEDULED.search(rest)
        or clause.markdown
        or (dated and not CHANGED.search(rest) and ref.day >= clause.at.date())
    ):
        forced: ObservationIntent | None = "planning" if ref.day >= clause.at.date() else None
        return [
            Candidate(f"{field}.event_status", "scheduled", 0.9, forced, _end_of_day(clause, when)),
            Candidate(f"{field}.schedule", iso, 0.9, forced, _end_of_day(clause, when)),
        ]
    return []
