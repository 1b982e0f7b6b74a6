"""A trip told whole in the past, there and back: "went to tahoe last weekend, back sunday",
"drove to vegas last friday, came home monday", "we headed off saturday and got back
tuesday", "last month we went to lisbon on the 9th, then came back on the 16th"; and a visit
home for something a day gone by ("flew home to austin for my mom's birthday last friday").

Both ends told behind make the trip a story: no trip of the writer's is under way, planned
or ended by it now (the writer may be on another one already), and a bare "back sunday"
after it is the Sunday gone by, not the next. The way back said of this very day ("flew to
Tenerife last night and came back this morning", "…, back home now") is news, as a plain
"got back yesterday" is.
"""

from __future__ import annotations

from dataclasses import replace

from core.extraction.types import ExtractedObservation
from core.extraction.word_gates import gated

_WHO = r"(?:^|[,.;!]\s*|\b(?:we|i|me\s+and\s+\w+|\w+\s+and\s+(?:i|me)|we\s+all)\s+|\b(?:then|so|and)\s+)"
_WENT = gated(
    _WHO + r"(?:(?:finally|just|also)\s+)?(?:went|drove|flew|sailed|travell?ed|left\s+for|left|"
    r"head(?:ed)?\s+(?:off|out|up|down)|took\s+(?:[\w']+\s+){1,3}?to|did(?=\s+[a-z]+\s*[,.;!]))\b"
)
"""The writer's going, told in the past ("my parents went" is theirs, and has no "we")."""
_BACK = gated(
    r"\b(?:(?P<told>(?:came|got|were|was|flew|drove|made\s+it)\s+(?:back|home)(?:\s+again)?)|"
    r"(?:^|[,;.!]\s*|\band\s+|\bthen\s+)(?:back|home\s+again|home))\b"
    r"(?:\s+(?:on\s+)?(?:the\s+)?(?:mon|tue|wed|thu|fri|sat|sun|\d)\w*|\s+(?:late|early)\b)"
)
"""The way back, dated ("came home monday", ", back sunday", "were back on the 24th"); a
bare "back" is behind only after a going dated behind ("last weekend"), not after a verb
alone ("flew to toronto yesterday, back on the 20th" comes back ahead)."""
_DATED_BEHIND = gated(
    r"\blast\s+(?:week(?:end)?|month|mon|tue|wed|thu|fri|sat|sun)\w*|\bover\s+(?:half\s+term|"
    r"the\s+(?:weekend|holidays|break))"
)
"""A going told on a day far enough behind that a bare weekday back after it has passed too;
not "last night" ("drove up to my cousins last night, back sunday" comes back ahead)."""
_BEHIND = gated(
    _DATED_BEHIND.pattern + r"|\b(?:went|drove|flew|left|headed|took|sailed|travell?ed)\b"
)
"""What puts the going behind: a day gone by, or a verb only the past has."""
_TODAY = gated(
    r"\b(?:this\s+(?:morning|afternoon|evening)|today|tonight|just|now|earlier|ago|yesterday|"
    r"last\s+night)\b"
)
_WAY_BACK_FIELDS = frozenset(
    {
        "travel.status",
        "travel.return_date",
        "travel.depart_date",
        "travel.location",
        "travel.destination",
    }
)


_HOME_FOR_BEHIND = gated(
    _WHO + r"(?:flew|drove|went|got\s+the\s+(?:train|bus))\s+home\s+to\s+[a-z]+(?:\s+[a-z]+)?\s+"
    r"for\s+[^,.;!?]{1,40}?\blast\s+(?:week(?:end)?|mon|tue|wed|thu|fri|sat|sun)"
)
"""A visit home told with its day gone by ("flew home to austin for my mom's birthday last
friday"): the writer went home for it then, a story, not home now."""


def told_whole(parsed: str) -> bool:
    """Whether ``parsed`` (a message's cleaned words) tells a trip of the writer's there
    and back, both behind, or a visit home for something a day gone by."""
    low = parsed.lower()
    if _HOME_FOR_BEHIND.search(low):
        return True
    went = _WENT.search(low)
    if went is None or not _BEHIND.search(low[went.start() :]):
        return False
    back = _BACK.search(low, went.end())
    if back is None or _TODAY.search(low, back.start()) is not None:
        return False
    return back.group("told") is not None or _DATED_BEHIND.search(low, went.start()) is not None


def as_story(obs: tuple[ExtractedObservation, ...]) -> tuple[ExtractedObservation, ...]:
    """``obs`` with the trip's fields told as the past: no return ahead, nothing now."""
    return (
        tuple(
            replace(o, intent="historical")
            for o in obs
            if not (o.field == "travel.return_date" and o.intent == "planning")
        )
        if all(o.field in _WAY_BACK_FIELDS for o in obs)
        else obs
    )
