"""Names that look the same on a screen: "Аlice" with a Cyrillic А is Alice to a reader.

``skeleton`` maps a text to what it looks like, as Unicode's confusable skeletons do
(UTS #39, section 4): the text is decomposed, invisible characters (zero-width spaces,
direction marks) dropped, every character replaced by the prototype of the characters
drawn like it, and the result decomposed again. The table is Unicode's own
(confusables.txt), as the ``confusable_homoglyphs`` library ships it, so the Cyrillic and
Greek letters drawn like Latin ones, fullwidth and mathematical letters, the Cherokee Ꭰ,
the capital I drawn like a small l and "rn" drawn like "m" all read as what they look like.

Two things are stricter than UTS #39, because a name is read, not compared as an
identifier: case is folded (a reader takes "ALICE" for Alice) and combining marks are
dropped ("Alicé" is Alice at a glance). Two names with one skeleton are one name to
whoever reads them, so Canon never lets a told name stand for one user when it looks like
another's, nor a word Canon speaks as ("Саnоn").

Pure (the table is read once, on first use).
"""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import Final

_INVISIBLE: Final = frozenset({"Cf"})
"""Format characters: zero-width spaces and joiners, direction marks and overrides."""


def skeleton(text: str) -> str:
    """What ``text`` looks like: equal for two texts a reader cannot tell apart."""
    drawn = _drawn(text)
    # Folding the case can make a letter that has a prototype of its own ("ſ" -> "s"):
    # mapped once more, a capital and its small letter meet.
    return _drawn(drawn.casefold())


def skeletons(text: str) -> frozenset[str]:
    """What ``text`` may be read as: its skeleton as written and in small letters. A
    capital I is drawn like a small l and is the capital of i, so "Ivan" looks like both
    "lvan" and "ivan" (and "ıvan"); two texts look alike when these share one."""
    return frozenset({skeleton(text), skeleton(text.casefold())})


def look_alike(text: str, other: str) -> bool:
    """Whether a reader could take ``text`` for ``other``."""
    return not skeletons(text).isdisjoint(skeletons(other))


def _drawn(text: str) -> str:
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFKD", text)
    mapped = "".join(
        prototypes.get(c, c)
        for c in decomposed
        if not unicodedata.combining(c) and unicodedata.category(c) not in _INVISIBLE
    )
    again = unicodedata.normalize("NFKD", mapped)
    return "".join(c for c in again if not unicodedata.combining(c))


@cache
def _prototypes() -> dict[str, str]:
    """Each character drawn like another -> the prototype of its kind (UTS #39).

    The library keeps confusables.txt's pairs both ways (a character -> what it is
    confused with), without saying which side is the prototype. In the table every
    character maps to one prototype and no prototype maps on, so the pairs fall into
    stars, one per prototype: the prototype is the one string of several characters
    ("rn" for "m"), else the centre of the star, else (a pair alone) either of the two,
    the same one each time. Any one member per star keeps skeletons equal exactly when
    UTS #39's are; only a string of several characters must be the one chosen, since a
    text is mapped a character at a time.
    """
    from confusable_homoglyphs.confusables import confusables_data

    linked: dict[str, set[str]] = {}
    for source, found in confusables_data.items():
        a = _visible(source)
        for entry in found:
            b = _visible(entry["c"])
            if a and b and a != b:
                linked.setdefault(a, set()).add(b)
                linked.setdefault(b, set()).add(a)
    prototypes: dict[str, str] = {}
    placed: set[str] = set()
    for start in linked:
        if start in placed:
            continue
        star = _reached(start, linked)
        placed |= star
        prototype = _prototype_of(star, linked)
        prototypes.update({c: prototype for c in star if len(c) == 1 and c != prototype})
    return prototypes


def _visible(text: str) -> str:
    """``text`` without the direction marks the library wraps right-to-left letters in."""
    return "".join(c for c in text if unicodedata.category(c) not in _INVISIBLE)


def _reached(start: str, linked: dict[str, set[str]]) -> set[str]:
    reached = {start}
    todo = [start]
    while todo:
        for other in linked[todo.pop()] - reached:
            reached.add(other)
            todo.append(other)
    return reached


def _prototype_of(star: set[str], linked: dict[str, set[str]]) -> str:
    several = sorted(c for c in star if len(c) > 1)
    if several:
        return several[0]
    centres = sorted(c for c in star if len(linked[c]) > 1)
    if centres:
        return centres[0]
    # A pair alone: the ASCII one when there is one, so "0" and "O" read as the letter.
    return min(star, key=lambda c: (not c.isascii(), c))
