"""Slips of the thumb in the words the rules read: "retrun", "tommorow", "wensday".

The rules key on a small vocabulary (days, "return", "arrived", "cancelled", ...). A
word typed one slip away from one of those words is read as that word, by the kinds of
slip that almost never make another English word:

- two neighbouring letters swapped ("retrun", "firday", "flihgt"), for words of five
  letters or more;
- a letter doubled or undoubled ("tommorow", "arived", "cancelled"/"canceled",
  "planing" a trip);
- one letter dropped (not the last), for the words that name a day ("wednsday",
  "thursay", "yesterdy"), words of eight letters or more ("cancled"), which no
  shorter word resembles (the few that do are listed in ``_REAL``), and a few shorter
  words checked one by one ("alredy", "arrved");
- one letter typed for another (not the first), for the seven weekdays, whose
  spelling people write as they say it ("saterday", "wendesday" aside, "thersday"), and
  the weekdays' spellings by ear that are further off ("wensday", "tusday").

Everything else is left as typed: a word that is itself in the vocabulary, or one slip
from two different words, is never changed. Pure and cheap: one dictionary lookup per
word, built once at import.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Final

from core.extraction.word_gates import gated

_DAY_WORDS: Final = [
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "weekend",
    "tomorrow",
    "yesterday",
    "tonight",
    "morning",
    "afternoon",
    "evening",
]
"""Words that name a day: one dropped letter still reads as them."""

_WORDS: Final = [
    "return",
    "returned",
    "returning",
    "returns",
    "refund",
    "package",
    "order",
    "payment",
    "subscription",
    "arrived",
    "arriving",
    "landed",
    "leaving",
    "flight",
    "flights",
    "airport",
    "hotel",
    "vacation",
    "holiday",
    "travelling",
    "traveling",
    "cancelled",
    "canceled",
    "cancelling",
    "canceling",
    "postponed",
    "planning",
    "planned",
    "already",
    "finally",
    "currently",
    "staying",
    "visiting",
    "hospital",
    # Health words a worried parent types fast: "a temprature", "recoverd", "antibiotcs".
    "temperature",
    "recovered",
    "recovering",
    "infection",
    "antibiotics",
    "discharged",
    "admitted",
    "pneumonia",
    "tonsillitis",
    "school",
    "practice",
    "appointment",
    "birthday",
    "sister",
    "brother",
    "mother",
    "father",
    "daughter",
    "husband",
    "weather",
    "office",
    "meeting",
    "project",
    "shipped",
    "blocked",
    "released",
    "deadline",
    "finished",
    # What a bill is for, typed fast before "bill": "watr bill $55", "intenet bill".
    "water",
    "electric",
    "electricity",
    "internet",
    "phone",
    "heating",
]


_DROPS_READ: Final = frozenset(["already", "arrived", "water"])
"""Shorter words whose every one-letter-dropped form was checked by hand not to be an
English word ("alredy", "alrady", "aready"; "arrved", "arrivd"; "wter", "waer", "watr"):
read like the long words. Not "leaving" ("laving"), "staying" ("saying") or "landed"
("laded")."""

_WEEKDAYS: Final = _DAY_WORDS[:7]
_BY_EAR: Final = {
    "wensday": "wednesday",
    "wenesday": "wednesday",
    "wendsday": "wednesday",
    "wednesdy": "wednesday",
    "tusday": "tuesday",
    "tuseday": "tuesday",
    "thirsday": "thursday",
    "thurday": "thursday",
    "saturdy": "saturday",
    # A household's words spelt by ear: "in hospitol again", "granma's poorly", "the docter".
    "hospitol": "hospital",
    "hospitle": "hospital",
    "hosiptal": "hospital",
    "granma": "grandma",
    "gramma": "grandma",
    "grandda": "grandad",
    "docter": "doctor",
}
"""Weekdays, and a few words a household writes, spelt by ear, more than one slip from the
word."""

_REAL: Final = frozenset(["retuning", "reveling", "sundry"])
"""Words one dropped letter from the vocabulary that mean something else: left as typed."""


_VOCABULARY: Final = frozenset(_WORDS) | frozenset(_DAY_WORDS)


def _collapsed(word: str) -> str:
    """``word`` with every run of one letter taken as one: "tommorrow" -> "tomorow"."""
    return re.sub(r"(.)\1+", r"\1", word)


def _swaps(word: str) -> Iterable[str]:
    for i in range(len(word) - 1):
        if word[i] != word[i + 1]:
            yield word[:i] + word[i + 1] + word[i] + word[i + 2 :]


def _substitutions(word: str) -> Iterable[str]:
    # Not the first letter: "monday" and "sunday" differ only there.
    for i in range(1, len(word)):
        for letter in "abcdefghijklmnopqrstuvwxyz":
            if letter != word[i]:
                yield word[:i] + letter + word[i + 1 :]


def _drops(word: str) -> Iterable[str]:
    # Not the last letter: "frida" is a name, "mornin'" is said on purpose.
    for i in range(len(word) - 1):
        yield word[:i] + word[i + 1 :]


def _index() -> tuple[dict[str, str], dict[str, str]]:
    """Slips -> the word meant, and collapsed forms -> the word meant; a slip that two
    words share is dropped (ambiguous), and a real vocabulary word is never a slip."""
    slips: dict[str, str | None] = {}

    def add(slip: str, word: str) -> None:
        if slip in _VOCABULARY or len(slip) < 4:
            return
        slips[slip] = word if slips.get(slip, word) == word else None

    for word in sorted(_VOCABULARY):
        if len(word) >= 5:
            for slip in _swaps(word):
                add(slip, word)
        if word in _DAY_WORDS or len(word) >= 8 or word in _DROPS_READ:
            for slip in _drops(word):
                if slip not in _REAL:
                    add(slip, word)
        if word in _WEEKDAYS:
            for slip in _substitutions(word):
                if slip not in _REAL:
                    add(slip, word)
    for slip, word in _BY_EAR.items():
        add(slip, word)
    collapsed: dict[str, str | None] = {}
    for word in sorted(_VOCABULARY):
        key = _collapsed(word)
        collapsed[key] = word if collapsed.get(key, word) == word else None
    return (
        {s: w for s, w in slips.items() if w is not None},
        {k: w for k, w in collapsed.items() if w is not None},
    )


_SLIPS, _COLLAPSED = _index()
_WORD = gated(r"\b[A-Za-z]{4,}\b")


@lru_cache(maxsize=4096)
def meant(word: str) -> str | None:
    """The vocabulary word ``word`` is one slip from, or None. Cached: every word of four
    letters or more of every message is looked up, and a few hundred words make most of
    what people write."""
    low = word.lower()
    if low in _VOCABULARY:
        return None
    # A doubled letter ("tommorow") or an undoubled one ("arived"): the collapsed forms match.
    return _SLIPS.get(low) or _COLLAPSED.get(_collapsed(low))


def _fixed(m: re.Match[str]) -> str:
    typed = m.group()
    word = meant(typed)
    if word is None:
        return typed
    return word.capitalize() if typed[:1].isupper() else word


_MODAL_OF = gated(
    r"\b(should|could|would|must|might)\s+of\b(?!\s+(?:course|the|a|an|my|our|his|her|their|"
    r"them|us|it|its|those|these|that|this|me|you)\b)",
    re.I,
)
""""We should of gone", "could of stayed": "of" written as "'ve" sounds, a slip of the ear
that never means "of" after a modal ("would of course" aside)."""


def fix_slips(text: str) -> str:
    """``text`` with each slip of the thumb read as the word it was meant to be."""
    if " of " in text:  # the cheap test first
        text = _MODAL_OF.sub(r"\1 have", text)
    return _WORD.sub(_fixed, text)
