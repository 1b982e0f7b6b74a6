"""Place names: the gazetteer (``core.extraction.gazetteer``) plus a capitalised-token
heuristic.

The gazetteer restores natural capitalisation when the user types in lowercase
("we're in tahoe" -> "Tahoe", "i live in springfield" -> "Springfield") and marks a
name as a known place, which earns a higher confidence than a capitalised word that
merely looks like one. ``GAZETTEER`` (``core.extraction.well_known_places``) is only a
short list of well-known destinations the family and profile rules use to tell a
capitalised place at the start of a sentence ("Paris is lovely") from a person's name.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.extraction import gazetteer
from core.extraction.leg_codes import city_of_word_code
from core.extraction.organisations import is_known_organisation
from core.extraction.place_slips import misspelt
from core.extraction.well_known_places import GAZETTEER as GAZETTEER
from core.extraction.word_gates import gated

_MAX_WORDS = gazetteer.MAX_WORDS

# Capitalised words that are never places on their own (weekdays, months, pronouns,
# words capitalised only because they start a sentence).
_NOT_PLACES = frozenset(
    [
        "i",
        "i'm",
        "i'll",
        "i've",
        "i'd",
        "we",
        "the",
        "a",
        "an",
        "my",
        "our",
        "this",
        "that",
        "it",
        "he",
        "she",
        "they",
        "you",
        # "Your flight departs on Mar 6": whose flight, not its place.
        *("your", "ur", "his", "her", "their", "its", "these", "those"),
        "mom",
        "dad",
        "mom's",
        "dad's",
        "grandma's",
        "grandpa's",
        "mum's",
        "nana's",
        # "Visiting Mum in Perth", "staying with Gran in Leeds": a relative called by the
        # family's word, capitalised as a name is, is never the place.
        "mum",
        "mummy",
        "mama",
        "mam",
        "mother",
        "father",
        "daddy",
        "papa",
        "nana",
        "nan",
        "gran",
        "granny",
        "grandma",
        "grandpa",
        "grandad",
        "granddad",
        "auntie",
        "aunty",
        # "I'm at A&E with Leo", "in ICU since Friday": a hospital's department, no town.
        *("a&e", "icu", "hdu", "er", "gp", "nicu", "picu"),
        # Weekdays cut short: "I'm away Thurs to Sun at a wedding in Cork".
        *("mon", "tue", "tues", "wed", "weds", "thu", "thur", "thurs", "fri", "sat", "sun"),
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        "labor",
        "memorial",
        "christmas",
        "thanksgiving",
        "easter",
        "today",
        "tomorrow",
        "tonight",
        "yesterday",
        "next",
        "last",
        "home",
        "work",
        "school",
        "airport",
        "hotel",
        "presidents",
        "new",
        "spring",
        "summer",
        "fall",
        "winter",
        "weekend",
        "also",
        "just",
        "still",
        "mr",
        "mrs",
        "ms",
        "dr",
    ]
)
_CONNECTORS = frozenset({"of", "de", "del", "la", "le", "du", "da", "do", "upon", "on"})
# Letters of any script, so a name typed with its accents ("São Paulo", "Kraków", "Zürich")
# is read whole; the gazetteer folds the accents when it looks the name up.
_WORD = gated(r"[^\W\d_](?:[^\W\d_]|[.'&-])*")


@dataclass(frozen=True)
class Place:
    """A place name found in text and how sure we are it is one."""

    name: str
    known: bool
    """True when it is in the gazetteer."""
    end: int
    """Offset just after the name in the searched text."""


def place_at(text: str, start: int, *, bare: bool = False, headed: bool = False) -> Place | None:
    """The place name beginning at ``text[start:]`` (after skipping spaces), if any.

    Tries the gazetteer first (longest match; lowercase under the gazetteer's rule for
    ordinary words), then a run of capitalised words. A leading "the" is allowed only
    for gazetteer names ("the Bahamas"). ``bare``: the name stands where English wants a
    determiner before a common noun ("a cabin near bend": "near the bend" is the bend),
    so a known town spelled like an ordinary word is the town. ``headed``: the name follows
    a journey's "to" ("flying to nice thursday"), ``gazetteer.accepts``.
    """
    words: list[tuple[str, int, int]] = []
    for m in _WORD.finditer(text, start):
        if words and text[words[-1][2] : m.start()].strip() not in ("", ","):
            break
        if words and text[words[-1][2] : m.start()].strip() == ",":
            break
        if not words and text[start : m.start()].strip():
            return None
        words.append((m.group().rstrip(".'"), m.start(), m.end()))
        if len(words) >= _MAX_WORDS + 1:
            break
    if not words:
        return None
    offset = 1 if words[0][0].lower() == "the" and len(words) > 1 else 0
    for n in range(min(_MAX_WORDS, len(words) - offset), 0, -1):
        chunk = words[offset : offset + n]
        written = text[chunk[0][1] : chunk[-1][2]]
        known = gazetteer.lookup(gazetteer.key_of(written))
        if known is None or (n == 1 and chunk[0][0].lower() in _NOT_PLACES):
            continue  # "in March", "next Spring": a town's name, but here a time
        after = words[offset + n][0] if offset + n < len(words) else None
        if gazetteer.accepts(
            known, written, after, after_the=offset == 1, bare=bare, headed=headed
        ):
            return Place(known.name, True, chunk[-1][2])
        if not written[:1].isupper():
            # "orange juice", "reading glasses": an ordinary word ("san fransisco": a slip)
            return _slip_at(text, words)
    if offset:
        return _region_after_the(words[1:])
    slip = _slip_at(text, words)
    if slip is not None:
        return slip
    run: list[tuple[str, int, int]] = []
    for w, s, e in words:
        if (w[0].isupper() and w.lower() not in _NOT_PLACES) or (run and w in _CONNECTORS):
            run.append((w, s, e))
        else:
            break
    while run and run[-1][0] in _CONNECTORS:
        run.pop()
    if not run:
        return None
    name = " ".join(w for w, _, _ in run)
    if len(run) == 1 and (city := city_of_word_code(name)) is not None:
        return Place(city, True, run[-1][2])  # "fly into LAX": the airport's city
    if is_known_organisation(name):
        return None  # "at Costco", "heading to Target": a shop, not a trip's place
    return Place(name, False, run[-1][2])


_REGION_HEADS = frozenset(
    [
        "highlands",
        "lowlands",
        "lakes",
        "keys",
        "islands",
        "isles",
        "hills",
        "mountains",
        "dales",
        "downs",
        "moors",
        "wolds",
        "fens",
        "glens",
        "beacons",
        "coast",
        "riviera",
        "valley",
        "peninsula",
        "district",
    ]
)
"""The last word of a region's name said with its "the" ("the Greek Islands", "the Blue Ridge
Mountains", "the Amalfi Coast"): a run of capitalised words ending in one is the region."""


def _region_after_the(words: list[tuple[str, int, int]]) -> Place | None:
    """A region the gazetteer does not know, written after "the" as a capitalised run of two
    words or more that names what kind of land it is ("off to the Greek Islands", "the Isle of
    Wight"): one capitalised word after "the" is more often a family or a shop ("the Smiths",
    "the Shard"), so a single word is read only when the gazetteer knows it."""
    run: list[tuple[str, int, int]] = []
    for w, s, e in words:
        if (w[:1].isupper() and w.lower() not in _NOT_PLACES) or (run and w in _CONNECTORS):
            run.append((w, s, e))
        else:
            break
    while run and run[-1][0] in _CONNECTORS:
        run.pop()
    if len(run) < 2:
        return None
    first, last = run[0][0].lower(), run[-1][0].lower()
    if last not in _REGION_HEADS and first not in ("isle", "isles"):
        return None
    name = " ".join(w for w, _, _ in run)
    return None if is_known_organisation(name) else Place(name, False, run[-1][2])


def _slip_at(text: str, words: list[tuple[str, int, int]]) -> Place | None:
    """A well-known name typed with a slip of the thumb in the first words ("made it to san
    fransisco", "flying into albequerque"): ``place_slips``."""
    for n in range(min(2, len(words)), 0, -1):
        if any(w.lower() in _NOT_PLACES for w, _, _ in words[:n]):
            continue
        slip = misspelt(gazetteer.key_of(text[words[0][1] : words[n - 1][2]]))
        if slip is not None:
            return Place(slip.name, True, words[n - 1][2])
    return None


def place_before(text: str, end: int) -> Place | None:
    """The place name that ends right before ``text[end:]`` ("the Vegas trip")."""
    head = text[:end].rstrip()
    words = head.split()
    for n in range(min(_MAX_WORDS, len(words)), 0, -1):
        cand = " ".join(words[-n:])
        if cand.lower() in GAZETTEER:
            return Place(GAZETTEER[cand.lower()], True, len(head))
    # "our goa trip", "the tahoe trip", "jaipur trip": a known place typed in lower case,
    # under the gazetteer's rule for ordinary words ("the nice trip", "the school trip",
    # "a road trip" name no town).
    for n in range(min(_MAX_WORDS, len(words)), 0, -1):
        start = len(head) - len(" ".join(words[-n:]))
        found = place_at(head, start)
        if found is not None and found.known and found.end == len(head):
            return found
    run: list[str] = []
    for w in reversed(words):
        if w[:1].isupper() and w.lower() not in _NOT_PLACES and w.isalpha():
            run.insert(0, w)
        else:
            break
    if not run:
        return None
    return Place(" ".join(run), False, len(head))


_THERE = gated(
    r"\b(?:go|going|goin|fly|flying|drive|driving|head|heading|headed|travel(?:l?ing)?|move|"
    r"moving)\s+(?:(?:up|down|over|out|back)\s+)?there\b"
)


def place_there(low: str, message: str, start: int) -> Place | None:
    """ "my mom lives in Tampa, I'm going there next week": the known place an earlier
    clause of the message named is where "there" goes (the last one, if several)."""
    m = _THERE.search(low) if "there" in low else None
    if m is None or start < 0:
        return None
    before = message[: start + m.start()]  # a run-on's own first part counts too
    found: Place | None = None
    for m in _WORD.finditer(before):
        place = place_at(before, m.start())
        if place is not None and place.known:
            found = place
    return found
