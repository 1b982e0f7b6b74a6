"""'ok the trip is over, we're heading home': the trip ends today, and she is not home yet.

The extractor reads each message alone. "the trip is over" alone is the trip over, and a
trip over puts the traveller home in the same breath (``trip_state.companions_of``), so
"ok the trip is over, we're heading home" was asked "Back home in Portland?" while she
was still on the road. "driving back now" and "flight home boards at 6" it reads as
nothing: without a trip, "heading home" is as often the drive home from work.

While Canon holds her trip under way, her own words that the way home is under way now
are that trip's way home: it ends today (``travel.return_date``, her say on her own trip,
as "on our way home from tahoe" already is), and she is not home: a "trip's over" said
beside them is not taken as the trip over. Home comes when she says so ("back home",
"made it home", "landed", "we're home"): then the words keep the extractor's reading.

The shapes, each a clause of her own (or with no subject), said now:

- under way home: "heading home", "driving back now", "on our way home", "omw home",
  "on the road home", "in the car home w the kids";
- the way home's ride today: "flight home boards at 6", "our train back leaves at 5",
  "boarding our flight home".

Not: someone else's way home ("mom is driving home"), a question ("heading home?"), a
hedge or a plan ("thinking of heading home early", "heading home tomorrow": the extractor
dates that one), the past ("we headed home yesterday"), back to somewhere else ("heading
back to the cabin", "driving back from the slopes"), and anything with no trip under way.

A pure function of the message's payloads and words, the speaker's committed values and
``at`` (the speaker's local time).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Final

from core.domain.state import Scalar
from core.engine.errand_done import Payload
from core.engine.trip_state import RETURN, STATUS
from core.extraction.typed_text import clean

_LEAD = (
    r"^(?:(?:ok(?:ay)?|so|and|well|alright|right|update|ugh|welp|sadly|finally|anyway|"
    r"anyways|phew|yay|lol|hey)\W+)*"
)
"""Words before the clause that claim nothing."""
_SPEAKER = (
    r"(?:(?:we|i)(?:'re|\s+are|'m|\s+am)?\s+|were\s+|im\s+)?"
    r"(?:(?:all|both|just|now|finally|officially)\s+)*"
)
"""The speaker, or no subject; never anyone else, nor a modal."""
_NOW = r"(?:now|rn|right\s+now|today|tonight|this\s+(?:morning|afternoon|evening)|as\s+we\s+speak)"
_ALONG = (
    rf"(?:(?:w/?|with)\s*(?:the\s+)?(?:kids|family|fam)|early|finally|at\s+last|lol|sadly|{_NOW})"
)
"""Who along, and now."""
_FROM_PLACE = r"from\s+(?!(?:the|a|an|my|our|work|school)\b)[a-z]+(?:\s+[a-z]+)?"
"""Where a bare "back" comes from: a place by name ("driving back from tahoe"), never
"the slopes" or work (back to the cabin, or the commute)."""
_FROM_AWAY = (
    r"from\s+(?:(?:the|our|my)\s+)?(?!work\b|school\b|the\s+office\b)[a-z]+(?:\s+[a-z]+){0,2}"
)
"""Where "home" comes from: anywhere but work ("home from the lake house")."""
_UNDER_WAY_HOME: Final = re.compile(
    rf"{_LEAD}{_SPEAKER}"
    r"(?:heading|driving|flying|going|sailing|making\s+(?:our|my)\s+way|"
    r"on\s+(?:our|my|the)\s+way|omw|otw|en\s*route|on\s+the\s+road|in\s+the\s+car)\s+"
    rf"(?:(?:back\s+)?home(?:\s+(?:{_FROM_AWAY}|{_ALONG}))*|back(?:\s+(?:{_FROM_PLACE}|{_ALONG}))*)"
    r"\W*$"
)
"""A whole clause: the speaker on the way home now."""
_RIDE_HOME: Final = re.compile(
    rf"{_LEAD}(?:(?:we're|we\s+are|i'm|i\s+am|were|im)\s+)?(?:just\s+)?"
    r"(?:boarding\s+)?(?:(?:our|my|the)\s+)?(?:flight|plane|train|bus|ferry|coach|red-?eye|shuttle)"
    r"\s+(?:home|back)\b(?!\s+(?:was|were|yesterday|last|tomorrow|tmrw|on\s+(?:mon|tue|wed|thu|fri|"
    r"sat|sun)))[^?]*$"
)
"""The way home's ride, said now: "flight home boards at 6", "boarding our flight home"."""
_HOME_NOW: Final = re.compile(
    r"\b(?:back\s+home|made\s+it\s+(?:back|home)|got\s+(?:back|home)\b|(?:we're|were|i'm|im|"
    r"we\s+are|i\s+am)\s+(?:finally\s+|safely\s+)?(?:home|back)\b|home\s+(?:safe|sweet\s+home)|"
    r"(?:flew|drove|came|sailed|headed|took\s+the\s+\w+)\s+(?:back\s+)?(?:home|back)|"
    r"landed|touched\s+down|pulled\s+in|arrived\s+home|walked\s+in)\b"
)
"""Words that put the speaker home already: then the trip is over, as the extractor read."""
_CLAUSE = re.compile(r"(?:[^.!?;,:\n]|:(?![()]))+[.!?;,\n]*(?::[()]\s*)?")
"""Clauses, a ":(" or ":)" ending one ("trip's over :( heading home")."""

WayHomeSaid = Callable[[str, Scalar, str], Payload]
"""Makes the message's own observation of a field (field, value, the words)."""


def on_the_way_home(
    payloads: list[Payload],
    text: str,
    entity_id: str,
    state: Mapping[str, Scalar],
    at: datetime,
    said: WayHomeSaid,
) -> list[Payload]:
    """``payloads`` with ``entity_id``'s trip under way coming home today when ``text``
    says her way home is under way now: no "trip over" (she is not home yet), and the day
    back today (``said(field, value, words)``) unless the message dated it itself; a day
    back read from the words (today or later) is no trip over either."""
    if state.get(STATUS) != "in_progress":
        return payloads
    clauses = [c.strip() for c in _CLAUSE.findall(clean(text).lower())]
    ways = [
        c
        for c in clauses
        if not c.endswith("?") and (_UNDER_WAY_HOME.match(c) or _RIDE_HOME.match(c))
    ]
    # Home already, in a clause of its own ("heading back home" is still the way there).
    if any(_HOME_NOW.search(c) for c in clauses if c not in ways):
        return payloads
    way = ways[0] if ways else None
    dated = any(
        p.get("entity_id") == entity_id
        and p.get("field") == RETURN
        and str(p.get("candidate_value") or "") >= at.date().isoformat()
        for p in payloads
    )
    if way is None and not dated:
        return payloads
    # "trip's over, heading home tomorrow": the way home still ahead, on the day read.
    kept = [p for p in payloads if not _trip_over(p, entity_id)]
    if dated or way is None:
        return kept
    return [*kept, said(RETURN, at.date().isoformat(), way)]


def _trip_over(p: Payload, entity_id: str) -> bool:
    return (
        p.get("entity_id") == entity_id
        and p.get("field") == STATUS
        and p.get("candidate_value") == "completed"
    )
