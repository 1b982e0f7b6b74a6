"""When an arrival happened, read from the words that tell it.

"we're already in tahoe, got in last night": the first clause says where the speaker
is, the second when they got there. The extractor joins such an explaining clause to
the evidence of the observations that put the speaker somewhere (``dated_arrivals``), and
the engine reads the day back from that evidence (``arrival_day``) to date the trip's
start: a trip under way began on its arrival day at the latest, never after today.
Both are pure functions of the text and the moment it was said.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime

from core.extraction.offline_consistency import is_under_way
from core.extraction.timeexpr import find_times
from core.extraction.timeref import TimeRef
from core.extraction.typed_text import clean
from core.extraction.types import ExtractedObservation
from core.extraction.word_gates import gated

ARRIVED = gated(
    r"\b(?:arrived|landed|touched\s+down|made\s+it|got\s+(?:in|here|there|to|into|back\s+to)|"
    r"(?:pulled|rolled|flew|came|checked)\s+in(?:to)?|drove\s+(?:up|in|down|over|back|home)|"
    # "drove back this morning", "flew home today": a return is an arrival home.
    r"(?:got|came|flew|made\s+it)\s+(?:back|home)|"
    r"(?:been|staying|stayed)\s+(?:here\s+)?(?:in|at)\b[^,;.]*?\bsince)\b"
)
"""Words that tell an arrival in the past ("got in", "landed", "been here since")."""
_BOUNDS = frozenset({"until", "till", "til", "through", "thru", "to", "by", "before", "after"})
"""A day after one of these bounds a stay or a plan; it is no arrival."""


def arrival_day(text: str, at: datetime) -> date | None:
    """The earliest day ``text``, said at ``at`` (the speaker's local time), names as when
    they arrived: a day the words point back to ("last night", "yesterday", "since
    Thursday"), or one an arrival verb is told on ("landed friday"). None when the text
    dates no arrival; never a day after ``at``'s."""
    low = clean(text).lower()
    today = at.date()
    days = [
        t.day
        for t in find_times(low, at, future=False)
        if t.prep not in _BOUNDS
        and t.day <= today
        and (t.past or t.prep == "since" or ARRIVED.search(low, 0, _verb_end(t)) is not None)
    ]
    return min(days) if days else None


def _verb_end(t: TimeRef) -> int:
    """Where the words before time ``t`` end: "back" read as the time's preposition ("drove
    back this morning") still belongs to the verb before it."""
    return t.start + len(t.prep) if t.prep == "back" else t.start


def explains_arrival(text: str, at: datetime) -> bool:
    """Whether ``text`` tells when the speaker arrived ("got in last nite")."""
    low = clean(text).lower()
    return ARRIVED.search(low) is not None and arrival_day(text, at) is not None


def is_back(o: ExtractedObservation) -> bool:
    """Whether ``o`` says the trip is over: "back home! drove back this morning" tells the
    return twice, and its second clause still dates the first."""
    return o.field == "travel.status" and o.candidate_value == "completed"


def _arrives(o: ExtractedObservation) -> bool:
    """Whether ``o`` puts the speaker somewhere, back home or on a trip under way: what an
    arrival's day can date. "were back home now, got in last nite": a return is an
    arrival home, dated alike."""
    here = o.field == "travel.location" and o.intent == "assertive"
    return here or is_back(o) or is_under_way(o)


def dated_arrivals(
    obs: list[ExtractedObservation], told: list[str], at: datetime
) -> list[ExtractedObservation]:
    """``obs`` with a clause that tells when the speaker arrived ("we're in tahoe, got in
    last night", "back home now, drove in this morning") joined to the evidence of the
    observations that put them somewhere or back home, so the arrival is dated by it
    (``core.extraction.arrivals``). ``told``: the clauses that may tell it, each read
    (``explains_arrival``) only when an observation could be dated by it: most messages
    put no one anywhere, and reading a clause cleans it anew."""
    if not told or not any(_arrives(o) for o in obs):
        return obs
    explaining = [text for text in told if explains_arrival(text, at)]
    if not explaining:
        return obs

    def dated(o: ExtractedObservation) -> ExtractedObservation:
        if not _arrives(o) or arrival_day(o.evidence_text, at) is not None:
            return o
        return replace(o, evidence_text=", ".join([o.evidence_text, *explaining])[:1000])

    return [dated(o) for o in obs]
