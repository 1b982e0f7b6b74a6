"""Going home to a named place: a visit there when the way back follows ("driving home to
fresno on friday, back sunday"), and its day the one said beside what it is for ("home to
boston for christmas on the 20th").

"Flying home to phoenix tonight" is the way home (the trip's end, home named). Said with a
way back after it, in the same clause or the next, it is a trip to that place instead: the
day said with it is the day it leaves. A holiday named in the "for" ("for christmas", "for
mothering sunday") is why, not when: the day of the going is the one said beside it.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from core.extraction.clause import Candidate, Clause
from core.extraction.places import Place
from core.extraction.travel_trips import planned_trip
from core.extraction.types import ExtractedObservation
from core.extraction.word_gates import gated

_FOR_SOMETHING = gated(
    r"\bfor\s+(?!(?:good|ever|now|sure|real)\b)(?:[\w'-]+\s+){0,3}?[\w'-]+"
    r"(?=\s*(?:[,.!;]|$|\b(?:on|this|next|in|at|from|till|til|until|and|so|but|lol|then)\b))"
)
"""What the going is for, up to the day said after it: "for christmas", "for spring break",
"for my mom's birthday", "for a week"."""

_BACK_AFTER = gated(
    r"(?:,|\band|\bthen)\s+(?:(?:then|and)\s+)?(?:back|home\s+again|returning|flying\s+back)\b"
)
"""The way back said after going home to the place: ", back on the 16th", "and back the 27th"."""


def visit_home(clause: Clause, place: Place) -> list[Candidate] | None:
    """A planned trip to ``place``, the home named in "home to <place>", when the way back
    is said after it ("train home to leeds on the 13th, back on the 16th"); None when it is
    not (the way home, read as such)."""
    if clause.intent != "planning" or not _BACK_AFTER.search(clause.low, place.end):
        return None
    return planned_trip(clause, place)


def without_its_purpose(clause: Clause, place: Place) -> Clause:
    """``clause`` without the days inside what the going home to ``place`` is for: "home to
    boston for christmas on the 20th" goes on the 20th, christmas is why."""
    m = _FOR_SOMETHING.search(clause.low, place.end)
    if m is None:
        return clause
    said = tuple(t for t in clause.times if not m.start() <= t.start < m.end())
    return replace(clause, times=said) if said else clause


def out_then_back(
    obs: tuple[ExtractedObservation, ...],
) -> tuple[ExtractedObservation, ...]:
    """``obs`` with the first of two ways back planned made the departure, when it names
    the place gone home to ("driving home to fresno on friday, back sunday": to Fresno on
    Friday, back on Sunday); unchanged otherwise."""
    backs = [o for o in obs if o.field == "travel.return_date" and o.intent == "planning"]
    if len(backs) != 2 or any(o.field == "travel.depart_date" for o in obs):
        return obs
    first, last = sorted(backs, key=lambda o: _day(o) or date.max)
    if not (_day(first) or date.max) < (_day(last) or date.min):
        return obs
    named = any(
        o.field == "travel.destination"
        and o.intent == "planning"
        and o.evidence_text == first.evidence_text
        for o in obs
    )
    if not named or first.evidence_text == last.evidence_text:
        return obs
    until = last.valid_until

    def read(o: ExtractedObservation) -> ExtractedObservation:
        if o is first:
            o = replace(o, field="travel.depart_date")
        if o.domain == "travel" and o.valid_until and until and o.valid_until < until:
            o = replace(o, valid_until=until)  # the trip lasts until it comes back
        return o

    return tuple(read(o) for o in obs)


def _day(o: ExtractedObservation) -> date | None:
    try:
        return date.fromisoformat(str(o.candidate_value))
    except ValueError:
        return None
