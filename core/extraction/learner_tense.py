"""A coming or going told in the plain present with a past day, as learners of English
often tell it: "we arrive to madrid yesterday night", "yesterday we arrive in tahoe", "we
come back home yesterday", "we return home last night". The day says when; the verb is
read in the past it means, so the arrival's result (being there, being home) holds now as
it does for "we arrived yesterday".

Only verbs of arriving and coming home, only after a subject pronoun, and only in a
sentence whose day is behind (yesterday, last night, ... ago) with no word of a plan or a
habit in it ("we arrive tomorrow", "we usually arrive late", "when we arrive yesterday's
mail..." keep theirs).
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_PAST = {
    "arrive": "arrived",
    "come": "came",
    "return": "returned",
    "get": "got",
    "land": "landed",
    "reach": "reached",
}
_VERB = gated(
    r"\b(?P<lead>(?:i|we|me\s+and\s+(?:my\s+)?\w+|\w+\s+and\s+i)\s+(?:(?:already|finally|just|"
    r"safely|all)\s+)?)(?P<verb>arrive|come|return|get|land|reach)\b"
    r"(?=\s+(?:to|in|at|into|back|home|here|there|safe|safely|ok|okay|\w+\s+(?:to|in)\b))",
    re.I,
)
_BEHIND = gated(
    r"\b(?:yesterday|last\s+(?:night|week|weekend|month|monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday)|\w+\s+(?:days?|weeks?|hours?)\s+ago|the\s+day\s+before)\b",
    re.I,
)
_NOT_PAST = gated(
    r"\b(?:will|'ll|shall|gonna|going\s+to|tomorrow|tonight|next|usually|always|often|"
    r"every|when|whenever|if|before|after|until|plan|planning|hope|want|must|should|can|"
    r"could|would|may|might|do|does|don't|doesn't|did|didn't)\b",
    re.I,
)
_SENTENCE = gated(r"[^.!?;\n]+[.!?;\n]*")


def past_as_meant(text: str) -> str:
    """``text`` with each arrival told in the plain present beside a past day put in the
    past ("we arrive to madrid yesterday" -> "we arrived to madrid yesterday")."""
    if _BEHIND.search(text) is None:  # the cheap test first: most messages have no such day
        return text
    return _SENTENCE.sub(_sentence, text)


def _sentence(m: re.Match[str]) -> str:
    part = m.group()
    if _BEHIND.search(part) is None or _NOT_PAST.search(part) is not None:
        return part
    return _VERB.sub(_past, part)


def _past(m: re.Match[str]) -> str:
    verb = m.group("verb")
    past = _PAST[verb.lower()]
    return m.group("lead") + (past.capitalize() if verb[:1].isupper() else past)
