"""A mail's pointer to what follows it, closed as a sentence of its own.

A letter points at the list under it before it gives it: "Please see my travel plans
below:", "Details of my stay as follows:", "Find my itinerary below -". The colon joins
the pointer to the first line of the list, and the pointer's imperative ("please see")
then makes the list look like a request. The pointer asks nothing of the world and the
lines after it are the writer's facts, so the pointer ends with a full stop: "Please see
my travel plans below. Out: Tue 10 Mar, MAN–CPH".
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_POINTER = gated(
    # "Please see my travel plans below for the conference:", "details as follows:",
    # "Find my booking below –": a pointer line ending in a colon or a dash.
    r"(?im)^(?P<line>[^\n:]{0,80}?\b(?:below|as\s+follows|underneath|beneath)\b[^\n:]{0,60}?)"
    r"\s*(?::|\s[\u2013\u2014-])[ \t]*(?=\n|\s*$|[ \t]+\S)"
)
_POINTING = gated(
    # The words of a pointer: what is shown, not what is asked ("see below", "find below",
    # "details below", "are as follows").
    r"(?i)\b(?:see|find|read|details?|plans?|itinerary|booking|confirmation|schedule|"
    r"times|dates|flights?|forwarded|follows|copied|pasted|info(?:rmation)?)\b"
)
_ASKING = gated(r"(?i)\b(?:could|can|would|will)\s+you\b|\?")
_ANOTHERS = gated(
    # "My sister's flight details below:", "her itinerary as follows:": the list is someone
    # else's, and the colon keeps it theirs.
    r"(?i)\b(?:his|her|their|your|\w+'s|\w+s'|from\s+(?!me\b)\w+)\b"
)


def _closed(m: re.Match[str]) -> str:
    line = m.group("line")
    if _POINTING.search(line) is None or _ASKING.search(line) or _ANOTHERS.search(line):
        return m.group()
    return f"{line.rstrip()}. "


def written_out(text: str) -> str:
    """``text`` with a pointer to the list under it ended as a sentence (see the module)."""
    if not re.search(r"(?i)\b(?:below|as\s+follows|underneath|beneath)\b", text):
        return text
    return _POINTER.sub(_closed, text)
