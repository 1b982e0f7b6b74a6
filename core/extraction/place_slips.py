"""Place names typed with a slip of the thumb: "san fransisco", "albequerque", "cincinatti".

Only well-known names are read through a slip: the short list of destinations in
``places`` and the countries and US states of the gazetteer, never its forty thousand
towns, whose names lie a letter or two from too many English words ("warning", "singing").
A slip is a letter added, dropped or changed, or two neighbours swapped: one for a name of
seven to nine letters, two from ten; the first letter must agree (it is rarely the slip);
a word that only adds or drops letters at the end of a name is another word made from it
("african", "canadian", "germans"), and a word with an English ending ("-ing", "-ed") is
left as typed. Exactly one name must be that near.
"""

from __future__ import annotations

from functools import cache

from rapidfuzz.distance import OSA

from core.extraction import gazetteer
from core.extraction.gazetteer import KnownPlace
from core.extraction.well_known_places import GAZETTEER
from core.extraction.word_gates import gated

_SHORTEST = 7
"""Shortest name (letters) read through a slip: shorter ones are too near other words, but
for a letter dropped from a name of seven ("chicgo", "seatle")."""
_ENGLISH_END = gated(
    r"(?:ing|ed|ers?|ians?|ans?|ean|ese|ish|ly|ness|tion|ment|ence|ine|ane|ade|ies)$"
)
_WORDS_NEAR = frozenset(
    {"surname", "turnkey", "cameron", "georgina", "georgio", "englund", "hungry", "settle"}
    | {"maison", "philistines", "honduran", "madson", "alegria", "lebaron", "holston"}
)
"""English words and first names a slip from a country's or a state's name."""


def slips_apart(a: str, b: str, most: int) -> int:
    """How many slips (a letter added, dropped or changed, two neighbours swapped) turn
    ``a`` into ``b``; ``most + 1`` as soon as more than ``most`` are needed (the optimal
    string alignment distance, from ``rapidfuzz``)."""
    return int(OSA.distance(a, b, score_cutoff=most))


@cache
def _spellable() -> dict[str, list[tuple[str, KnownPlace]]]:
    """The well-known names by first letter, as lookup keys."""
    named = [gazetteer.lookup(gazetteer.key_of(name)) for name in set(GAZETTEER.values())]
    known = [p for p in named if p is not None]
    known += gazetteer.places_of("country", "us_state")
    out: dict[str, list[tuple[str, KnownPlace]]] = {}
    for place in known:
        key = gazetteer.key_of(place.name)
        if len(key.replace(" ", "")) >= _SHORTEST - 1:
            out.setdefault(key[0], []).append((key, place))
    return out


@cache
def misspelt(key: str) -> KnownPlace | None:
    """The well-known place ``key`` (``gazetteer.key_of``) is a slip for, if exactly one."""
    letters = key.replace(" ", "")
    if (
        len(letters) < _SHORTEST - 1
        or not letters.isalpha()
        or _ENGLISH_END.search(key)
        or key in _WORDS_NEAR
        or gazetteer.lookup(key) is not None
    ):
        return None
    most = 1 if len(letters) < 10 else 2
    near = {
        place.name: place
        for name, place in _spellable().get(key[0], [])
        if not key.startswith(name)
        and not name.startswith(key)
        and (len(letters) >= _SHORTEST or len(name) == _SHORTEST)
        and not (key.endswith("s") and not name.endswith("s"))
        and slips_apart(key, name, most) <= most
    }
    return next(iter(near.values())) if len(near) == 1 else None
