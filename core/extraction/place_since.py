"""A place said alone with the time since the speaker is there: "tahoe as of last night!",
"denver since this morning". Texted fast, the being-there ("we're in", "here in") is left
out and only the place and its since remain; the rules read being somewhere by its words,
so ``in_place_since`` puts the "in" back. Only a known place said as the whole clause,
its since a time gone by, counts: "tahoe as of last night was snowed in" goes on to say
something of the place, and "sam's in tahoe since friday" says its own "in" already.
"""

from __future__ import annotations

import re

from core.extraction.places import place_at
from core.extraction.word_gates import gated

_PLACE_SINCE = gated(
    r"(?P<lead>^|[,;.!]\s+)"
    r"(?P<fill>(?:(?:lol|ok|okay|so|yay|omg|well|update|fyi|btw|and)[:,]?\s+)*)"
    r"(?P<place>[a-z][a-z' .-]{1,30}?)\s+(?:as\s+of|since)\s+"
    r"(?P<when>last\s+night|yesterday(?:\s+(?:morning|afternoon|evening))?|this\s+morning"
    r"|earlier(?:\s+today)?|(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?"
    r"(?:\s+night)?)"
    r"(?=[\s!.]*(?:$|[,;]))",
    re.I,
)


def in_place_since(text: str) -> str:
    """``text`` with each known place said alone with its since read as being there:
    "tahoe as of last night!" is "in tahoe as of last night!"."""
    return _PLACE_SINCE.sub(_in, text)


def _in(m: re.Match[str]) -> str:
    words = m.group("place")
    place = place_at(words, 0)
    if place is None or not place.known or place.end != len(words):
        return m.group()
    return f"{m.group('lead')}{m.group('fill')}in {m.group()[m.start('place') - m.start() :]}"
