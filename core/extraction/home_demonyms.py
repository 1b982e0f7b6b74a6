"""A home said by what its people are called: "we're Denverites now", "I'm officially a
Londoner", "proud Chicagoans as of saturday".

A demonym is the city's name with a suffix (Denver-ite, London-er, Chicago-an,
Philadelph-ian); taking the suffix off and looking the rest up finds the city. Only a
sizeable city counts, and only when the speaker says they are one: typed with its capital
or with "now"/"officially" beside it, since lower-case "we're movers" or "i'm a banker" is
a trade, not a town.
"""

from __future__ import annotations

import re

from core.extraction import gazetteer
from core.extraction.places import Place
from core.extraction.word_gates import gated

_SPEAKER_IS = gated(
    r"\b(?:i'm|im|i\s+am|we're|we\s+are)\s+(?P<mark>(?:(?:now|officially|finally|proper|"
    r"true|real|fully|all|basically)\s+)*)(?P<a>an?\s+)?(?:(?:new|proud|official|honorary|"
    r"adopted)\s+)*(?P<first>[a-z]+\s+)?(?P<word>[a-z]+(?:ites?|ers?|ians?|ans?))\b"
    r"(?P<after>\s+(?:now|officially)\b)?",
    re.I,
)
_SUFFIXES = ("ites", "ite", "ers", "er", "ians", "ian", "ans", "an")
_ENDINGS = ("", "e", "a", "ia", "o")
"""What the suffix took off the name: Seattle-ite, Atlant-an, Philadelph-ian, Chicago-an."""
_MIN_POPULATION = 100_000


def _city_of(word: str) -> gazetteer.KnownPlace | None:
    for suffix in _SUFFIXES:
        if not word.endswith(suffix) or len(word) - len(suffix) < 3:
            continue
        stem = word[: -len(suffix)]
        for ending in _ENDINGS:
            place = gazetteer.lookup(stem + ending)
            if place is not None and place.kind == "city" and place.population >= _MIN_POPULATION:
                return place
    return None


GATE = frozenset(["i'm", "im", "am", "we're", "are"])
"""The clause's words one of which a speaker who says what they are uses."""


def demonym_home(text: str) -> Place | None:
    """The city whose people the speaker says they now are, or None."""
    for m in _SPEAKER_IS.finditer(text):
        word = m.group("word")
        # "I'm Roman" is a name or a faith; "I'm a Roman", "we're Romans" are people.
        noun = m.group("a") is not None or word.endswith("s")
        if not ((noun and word[0].isupper()) or m.group("mark") or m.group("after")):
            continue
        # "New Yorkers", "Los Angelenos": the name's first word is said before the demonym.
        before = text[m.start() : m.start("word")].split()[-1:]
        two = _city_of(f"{before[0]} {word}".lower()) if before else None
        if place := two or _city_of(word.lower()):
            return Place(place.name, True, m.end("word"))
    return None
