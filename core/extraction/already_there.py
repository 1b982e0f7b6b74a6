"""Where the speaker is by now, said after a comma with its "we're" left out: "we came up
early, already in tahoe since last nite", "long week, finally at my parents'", "plans
changed, now in denver till sunday".

The words before the comma tell how it came about (past, a story); the "already / now /
finally / still in <place>" after it is the speaker's present, a clause of its own. Read
as one clause, the story's past made the place a story too and the news was lost.
``segments`` cuts there, as it does before "-ing … now" (``doing_now``).
"""

from __future__ import annotations

import re

from core.extraction.comma_cuts import Kept, cut_pieces
from core.extraction.word_gates import gated

_THERE_NOW = (
    r"(?:and\s+)?(?:already|now|finally|still|currently)\s+(?:here\s+|there\s+)?(?:in|at)\s+"
    # "already in tahoe by noon": where they will be by a time ahead, no news.
    r"(?![^,;!?]*\bby\s+(?:noon|tonight|tomorrow|then|the\s+time|\d|(?:mon|tues|wednes|"
    r"thurs|fri|satur|sun)day))[a-z][^,;!?]{0,60}[!.]*$"
)
_ALREADY_THERE = gated(rf",\s*(?={_THERE_NOW})", re.I)
_AHEAD = gated(
    r"\b(?:will|'ll|gonna|tomorrow|tmrw|next|if|would|'d|hope|hoping)\b",
    re.I,
)
"""A plan or a condition before the comma: the place after it is part of that plan."""
_PLACE_NOW = gated(rf"^{_THERE_NOW}", re.I)


def _already_there(piece: str) -> re.Match[str] | None:
    m = _ALREADY_THERE.search(piece)
    return None if m is None or _AHEAD.search(piece[: m.start()]) else m


_JOURNEY = gated(
    r"\b(?:drove|flew|came|went|headed|left|set\s+off|took\s+(?:the|an?)\s+(?:\w+\s+)?"
    r"(?:flight|train|bus|ferry|plane)|made\s+it|got\s+(?:in|there|up|down))\b"
)


def is_there_now(low: str) -> bool:
    """Whether a clause is only "already / now / finally in <place>", its subject left out."""
    return _PLACE_NOW.match(low) is not None


def they_got_there(before: str, low: str) -> bool:
    """Whether ``low``, only "already / now / finally in <place>", goes on with the journey
    of someone else told just ``before`` ("my sister drove up early, already in tahoe"), not
    with their chores ("dog walked, beds made, finally here in alnwick": the speaker's)."""
    return is_there_now(low) and _JOURNEY.search(before) is not None


def cut_before_already_there(kept: Kept) -> Kept:
    """``kept`` (piece, joint) with a last "already in <place>" after a comma cut off as a
    clause of its own."""
    return cut_pieces(kept, _already_there)
