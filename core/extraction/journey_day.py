"""The day the journey there was made, told after the arrival: "made it to tahoe!! drove
up thursday", "finally in bend, we flew out yesterday w the kids".

An arrival says where the speaker is now; the journey told beside it, in the past with a
day, says when they set out: a drive or a flight there is made on the day one leaves.
With a plan on record the engine dates the trip from the arrival's words; with none, this
day is all there is to say when the trip began. Only the speaker's own journey counts
(no subject, or "we"/"i": "my brother drove up thursday" is his), and only beside an
arrival in the same message ("drove up thursday" alone may be a story of a trip over).
Setting out said as such ("we left sat morning, already in tahoe", "set off wednesday")
is the day one left too; "we left thursday" alone puts the trip under way by itself.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from core.extraction.offline_consistency import is_under_way
from core.extraction.timeexpr import find_times
from core.extraction.types import ExtractedObservation
from core.extraction.word_gates import gated

_JOURNEY = gated(
    r"(?:^|[,.!?;:]\s*|\b(?:we|i)\s+(?:(?:just|finally|all|both)\s+)?)"
    r"(?:drove|flew|headed|came|rode|travell?ed|took\s+(?:the|a)\s+(?:train|bus|ferry|flight|plane))"
    r"\s+(?:up|down|over|out)\b(?P<rest>[^,.!?;]*)"
    # "we left sat morning, already in tahoe", "set off thursday": setting out, no "up"
    # needed; never something left behind ("left my phone", "left it at home").
    r"|(?:^|[,.!?;:]\s*|\b(?:we|i)\s+(?:(?:just|finally|all|both)\s+)?)"
    r"(?:left|set\s+(?:off|out)|took\s+off|hit\s+the\s+road)\b"
    r"(?!\s+(?:it|them|him|her|my|our|his|their|your|the|a|an|this|that|work|school|"
    r"something|everything|stuff)\b)(?P<rest2>[^,.!?;]*)"
)
"""The journey there in the past, by the speaker, and the words after it to the clause's end."""
_SHORT_DAY = gated(r"^(\s*(?:on\s+)?)(sat|sun|wed)\b")
"""A short weekday that is also a word, right after setting out: "we left sat morning"
is Saturday (the time reader leaves "sat" alone: "I sat down")."""
_WEEKDAYS = {"sat": "saturday", "sun": "sunday", "wed": "wednesday"}
_LATELY = timedelta(days=14)
"""Further back than this the journey is no news of a trip under way."""


def journey_day(
    obs: tuple[ExtractedObservation, ...], text: str, at: datetime
) -> tuple[ExtractedObservation, ...]:
    """``obs`` with the departure day of the trip it puts under way, when ``text`` tells
    the speaker's journey there on a past day and ``obs`` has no departure of its own."""
    under_way = next((o for o in obs if is_under_way(o)), None)
    if under_way is None or any(o.field == "travel.depart_date" for o in obs):
        return obs
    low = text.lower()
    m = _JOURNEY.search(low)
    if m is None:
        return obs
    today = at.date()
    days = [
        t.day
        for t in find_times(
            _SHORT_DAY.sub(
                lambda d: d.group(1) + _WEEKDAYS[d.group(2)],
                m.group("rest") or m.group("rest2") or "",
            ),
            at,
            future=False,
        )
        if t.prep in ("", "on") and today - _LATELY <= t.day <= today
    ]
    if not days:
        return obs
    left = replace(under_way, field="travel.depart_date", candidate_value=days[0].isoformat())
    return (*obs, left)
