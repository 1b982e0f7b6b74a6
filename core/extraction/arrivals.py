"""When an arrival happened, read from the words that tell it.

"we're already in tahoe, got in last night": the first clause says where the speaker
is, the second when they got there. The extractor joins such an explaining clause to
the evidence of the observations that put the speaker somewhere (``dated_arrivals``), and
the engine reads the day back from that evidence (``core.extraction.arrival_days``) to date the trip's
start: a trip under way began on its arrival day at the latest, never after today.
Both are pure functions of the text and the moment it was said.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from core.extraction.arrival_days import arrival_day, explains_arrival
from core.extraction.offline_consistency import is_under_way
from core.extraction.types import ExtractedObservation


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
