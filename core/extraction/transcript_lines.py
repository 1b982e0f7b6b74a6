"""A pasted chat transcript: "Sam: we're in Tahoe till sunday", "[28/11/26, 10:42] Priya:
I'm stuck in Denver", "Mom: at the hospital", "Me: nice!".

A line opened by someone's name and a colon is that person's words, copied from another
chat: its "I" and "we" are the one named, never the user who pastes it (read as
``handed_on`` reads a relative's quoted words: "Sam is in Tahoe till sunday"). The user's
own lines, labelled "Me:" or "You:" (as a phone's export labels them), are the user's
words without the label. A label that names no one ("Update:", "Note:", "Tahoe:", a month
or a day) leaves its line as typed.
"""

from __future__ import annotations

import re
from typing import Final

from core.extraction.first_names import is_common_first_name, is_first_name
from core.extraction.gazetteer import key_of, lookup
from core.extraction.handed_on import handed_on
from core.extraction.word_gates import gated

_LINE: Final = gated(
    # "[28/11/26, 10:42]" or "10:42 -" as a phone's export stamps each line.
    r"^\s*(?:\[[^\]\n]{1,40}\]\s*|\d{1,2}[:.]\d{2}(?:\s*[ap]\.?m\.?)?\s*[-–]?\s*)?"
    r"(?P<who>(?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][a-z]+))?)"
    r"(?:\s*\([^)\n]{0,40}\))?\s*:\s*(?P<said>\S.*)$",
    re.IGNORECASE,
)
_OWN: Final = frozenset({"me", "you", "i", "myself"})
_OWN_INLINE: Final = gated(r"(?<=\S)\s+(?=(?-i:Me|You)\s*:\s)")
"""'Mum: where are you?? Me: still in Leeds': the user's reply on the same line."""
_FIRST_PERSON: Final = gated(r"\b(?:i|i'm|im|i've|i'll|we|we're|we've|we'll|my|our)\b", re.I)
_RELATIVES: Final = frozenset(
    re.findall(
        r"[a-z]+",
        "mom mum mother dad father wife husband hubby partner son daughter "
        "sister brother grandma grandpa grandmother grandfather nana grandad granddad granny gran "
        "nan aunt uncle cousin",
    )
)
_NO_ONE: Final = frozenset(
    # Months and days label notes ("June: Paris", "Sun: back home"), names though some are;
    # and a mail's headers ("Fwd:", "Subject:").
    re.findall(
        r"[a-z]+",
        "jan january feb february mar march apr april may jun june jul "
        "july aug august sep sept september oct october nov november dec december mon monday "
        "tue tues tuesday wed wednesday thu thur thurs thursday fri friday sat saturday sun "
        "sunday today tomorrow tonight fwd fw re subject subj note reminder update quote "
        "quoting notice",
    )
)


def others_as_said(text: str, known_people: frozenset[str] = frozenset()) -> str:
    """``text`` with each transcript line of another person's read as said of them, and
    then the user's own labelled lines without their label; any other text as it is.
    ``known_people``: the household's names, speakers whatever words they are."""
    known = frozenset(n.lower() for n in known_people)
    lines = _OWN_INLINE.sub("\n", text).split("\n")
    theirs = [_theirs_line(line, known) for line in lines]
    if all(t is None for t in theirs):
        return text  # no one else's words: "Me: exhausted" in a note is the note's
    read = [_own_line(line) if t is None else t for line, t in zip(lines, theirs, strict=True)]
    return "\n".join(read)


def _own_line(line: str) -> str:
    """A line of the user's own in a transcript, without its label ("Me: nice!")."""
    m = _LINE.match(line)
    if m is None or m.group("who").lower() not in _OWN:
        return line
    return m.group("said").strip()


def _theirs_line(line: str, known_people: frozenset[str]) -> str | None:
    """The line as read if it is another person's words (None: it is not)."""
    m = _LINE.match(line)
    if m is None:
        return None
    who, said = m.group("who"), m.group("said").strip()
    first = who.split()[0].lower()
    if first in _OWN or first in _NO_ONE or _FIRST_PERSON.search(said) is None:
        # "Dad: bright, chatty", "Ivy: sick x2", "Netflix: cancelled": a note of how
        # someone or something is, in the user's words; read as typed.
        return None
    if first in _RELATIVES:
        return _theirs(first, said)
    # A word no dictionary knows labels as often as it names ("Fwd: ...", "Tahoe: we made
    # it"): a place's or a header's label is no speaker.
    named = is_common_first_name(first) or first in known_people
    if not named and (not is_first_name(first) or lookup(key_of(who)) is not None):
        return None
    return _theirs(who.split()[0], said)


def _theirs(who: str, said: str) -> str:
    """``said`` as said of ``who`` (``handed_on``); a double quote inside would end the
    quote early and leave the rest as the user's, so it is a single one."""
    quoted = said.replace('"', "'").replace("”", "'").replace("“", "'")
    return handed_on(f'{who}: "{quoted}"')
