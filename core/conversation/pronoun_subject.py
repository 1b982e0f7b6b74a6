"""Which members a message's opening "she" or "he" can mean, before the chat's last news
is taken for its subject.

"she's better now" just after "Is your son sick today?" was asked: the son was told of
last, but "she" cannot be him. The chat's subject (``recent_subject``) is chosen among the
members the pronoun agrees with: the son is passed over for Emma, told of earlier as the
user's daughter; a member whose gender nothing says (a name alone) may be either. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime

from core.extraction.known_people import recent_subject
from core.extraction.pronouns import pronoun_of

_OPENING = re.compile(
    r"^\W*(?:(?:and|but|so|now|then|today|poor|oh|ok|okay)\W+)*(?P<p>she|he|they)\b", re.I
)


def pronoun_agreeing(
    said: Iterable[tuple[str, datetime]], text: str, relations: Mapping[str, str]
) -> list[tuple[str, datetime]]:
    """``said`` ((field, time) pairs of the state and open questions) without the members'
    fields whose gender disagrees with the pronoun ``text`` opens with; ``relations``: each
    member's relation word by slug (``family.emma.relation`` = "daughter"), else the slug
    is its own word ("son"). All of ``said`` when the text opens with no "she" or "he"."""
    m = _OPENING.match(text)
    if m is None or m.group("p").lower() == "they":
        return list(said)
    pronoun = m.group("p").lower()

    def fits(field: str) -> bool:
        parts = field.split(".")
        if len(parts) != 3 or parts[0] != "family":
            return True
        said_as = pronoun_of(relations.get(parts[1], parts[1]))
        return said_as in ("?", pronoun)

    return [(field, at) for field, at in said if fits(field)]


def pronoun_subject(
    said: Sequence[tuple[str, datetime]], text: str, relations: Mapping[str, str], now: datetime
) -> str | None:
    """The chat's subject for ``text`` (``recent_subject``): the member told of last, or,
    when the pronoun ``text`` opens with cannot be them, the last it can be. Two told of at
    once stay either ("mom and dad are sick", then "she's poorly": not guessed)."""
    subject = recent_subject(said, now)
    if subject is None or pronoun_agreeing([(f"family.{subject}.status", now)], text, relations):
        return subject
    return recent_subject(pronoun_agreeing(said, text, relations), now)


def relations_of(facts: Iterable[tuple[str, object]]) -> dict[str, str]:
    """Each member's relation word (slug -> "daughter") from (field, value) pairs."""
    out: dict[str, str] = {}
    for field, value in facts:
        parts = field.split(".")
        if len(parts) == 3 and parts[0] == "family" and parts[2] == "relation":
            out[parts[1]] = str(value)
    return out
