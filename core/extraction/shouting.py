"""Words typed in capitals for emphasis, read as the words they are.

"Our bus trip was CANCELLED", "the weather is LOVELY", "they charged me $35 for NOTHING":
older writers and angry ones shout a word, and the tagger reads a capitalised run as a
name ("CANCELLED" a proper noun, so "was" is the verb and the clause the past). A word of
four letters or more in capitals is given its lower case unless it is an organisation the
extractor knows ("IKEA", "NASA") or a time zone's letters ("AEST"); shorter ones are mostly acronyms ("ER", "OOO", "PTO")
and stay. A message typed wholly in capitals is read in lower case.
"""

from __future__ import annotations

import re

from core.extraction.organisations import is_known_organisation
from core.extraction.timezones import ZONE_LETTERS
from core.extraction.word_gates import gated

_SHOUTED = gated(r"\b[A-Z]{4,}\b")
_ANY_LOWER = gated(r"[a-z]")


def _quieter(m: re.Match[str]) -> str:
    word = m.group()
    # A time zone's letters ("I'm on AEST") are read as a zone, not as a word shouted.
    return word if is_known_organisation(word) or word in ZONE_LETTERS else word.lower()


def quieter(text: str) -> str:
    """``text`` with its shouted words in lower case."""
    if not _ANY_LOWER.search(text):
        return re.sub(r"\b[A-Z]+\b", _quieter, text)
    return _SHOUTED.sub(_quieter, text)
