"""A day, a time or a sum the writer corrects as they type, read as corrected.

People fix a slip in the same message rather than send a new one: "flying out tuesday -
no wait, thursday", "back on the 14th, sorry, the 15th", "we fly on Friday. Actually
Saturday", "due the 5th... scratch that, the 3rd", "the 8th, I mean the 9th", "$58, no hang
on, $85". The first value is withdrawn: every rule downstream would read it as said, and
take the day or the sum first told. ``as_corrected`` drops it with the words that withdraw
it, so "flying out thursday" is what the rules read.

Only a value of the same kind corrects one (a weekday a weekday, a day of the month a day
of the month, a clock time a clock time, a sum a sum): "back on the 14th, sorry for the
late reply" keeps its day. A value that opens a clause of its own after the marker is news,
not a correction: "back on the 14th. Actually the 15th is Jordan's birthday".
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

__all__ = ["as_corrected"]

_MARKER = (
    r"(?:no\s+wait|wait\s+no|no\s+sorry|sorry|actually|scratch\s+that|i\s+mean|"
    r"no\s+hang\s+on|hang\s+on|or\s+rather|make\s+that|correction|wait|oops|no)"
)
"""Words that withdraw what was just said. A bare "no" or "wait" needs a value of the same
kind straight after it, as every marker does."""
_BETWEEN = rf"(?:\s*(?:[,;:.!…]+|\s[-–—]+))?\s*{_MARKER}\b[\s,;:.!…]*(?:[-–—]\s*)?"
"""The marker with the marks around it: ", sorry, ", " - no wait, ", "... scratch that, ",
". Actually "."""
_NOT_NEWS = r"(?!'s\b|\s+(?:is|was|works|would|will|could|might|suits|isn't|wasn't)\b)"
"""The corrected value is not the subject of a clause of its own."""

_KINDS = (
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tues?|wed|thurs?|fri|sat|sun",
    r"(?:the\s+)?\d{1,2}(?:st|nd|rd|th)(?:\s+of\s+[a-z]+)?",
    r"\d{1,2}(?::\d\d)?\s?(?:am|pm)",
    r"[$£€]\s?\d[\d,]*(?:\.\d+)?k?|\d[\d,]*(?:\.\d+)?\s?(?:dollars|bucks|quid|pounds|euros)",
)
"""The kinds of value a correction swaps, one for another of the same kind."""

_CORRECTED = tuple(
    gated(
        rf"(?<![\w$£€])(?P<old>{kind})(?P<between>{_BETWEEN})(?P<new>{kind})\b{_NOT_NEWS}",
        re.IGNORECASE,
    )
    for kind in _KINDS
)


def as_corrected(text: str) -> str:
    """``text`` with each value the writer withdrew in it left out, with the words that
    withdraw it ("tuesday - no wait, thursday" -> "thursday")."""
    for pattern in _CORRECTED:
        text = pattern.sub(lambda m: m.group("new"), text)
    return text
