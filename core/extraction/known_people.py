"""People Canon already knows, recognised however their names are typed.

"emma is sick today" is about Emma when Emma is in the user's state: a family
member with a status of her own (``family.emma.status``). People type names in
lower case; the parse and the rules tell a name from a word by its capital
("Emma is sick", "my daughter Lily"), so a known name is given its capital
before the message is read, and from there it goes the way any typed name goes.

A known name that is also an ordinary word is left as typed where it reads as
the word: a stop word never ("will", "may"), and no name right after a pronoun,
"to" or a modal ("we hope to", "I'll mark it").

The member the chat was last about is known the same way, from the state: "emma's got a
temperature" in the morning, "she's poorly again" at lunch (``recent_subject``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Final

from core.extraction.places import GAZETTEER
from core.extraction.rules_family import names_a_relation
from core.extraction.word_gates import gated

_NAME = gated(r"[a-z][a-z'-]{1,30}")
_WORD_BEFORE = gated(
    r"\b(?:i|we|you|they|he|she|it|to|will|would|can|could|should|might|must|'ll|'d|don't|"
    r"didn't|do|did)\s+$",
    re.I,
)


def known_people(fields: Iterable[str]) -> frozenset[str]:
    """The lowercase first names in ``fields`` (``family.<name>.status``): members the
    state knows by name, not by relation ("wife", "kids") or activity."""
    out: set[str] = set()
    for field in fields:
        parts = field.split(".")
        if len(parts) != 3 or parts[0] != "family" or parts[2] != "status":
            continue
        slug = parts[1]
        if _NAME.fullmatch(slug) and not names_a_relation(slug):
            out.add(slug)
    return frozenset(out)


RECENT: Final = timedelta(hours=24)
"""How long the member last told of stays the one "she" or "he" means: a day; past it a
pronoun alone is nobody the chat knows."""


def recent_subject(
    said: Iterable[tuple[str, datetime]], now: datetime, within: timedelta = RECENT
) -> str | None:
    """The member (``family.<slug>.status``'s slug) whose status was told last, from the
    state's (field, evidence time) pairs, when that was within ``within`` before ``now``;
    None when nobody's was, or when two were told at once ("mom and dad are sick": "she"
    could be either)."""
    latest: list[str] = []
    when = now - within
    for field, at in said:
        parts = field.split(".")
        if len(parts) != 3 or parts[0] != "family" or parts[2] != "status" or at > now:
            continue
        if at > when:
            latest, when = [parts[1]], at
        elif at == when:
            latest.append(parts[1])
    return latest[0] if len(latest) == 1 else None


def _ordinary_word(name: str) -> bool:
    # Imported here: reading the state's names must not load the language pipeline.
    from spacy.lang.en.stop_words import STOP_WORDS

    return name in STOP_WORDS or name in GAZETTEER


def capitalise_known(text: str, names: Iterable[str]) -> str:
    """``text`` with each known name written in lower case given its capital
    ("emma is sick" -> "Emma is sick"); same length, nothing else changed."""
    wanted = sorted({n.lower() for n in names if n and not _ordinary_word(n.lower())})
    if not wanted:
        return text
    rx = re.compile(r"\b(?:" + "|".join(map(re.escape, wanted)) + r")\b(?=$|[^\w-])")

    def fix(m: re.Match[str]) -> str:
        word = m.group()
        if word != word.lower() or _WORD_BEFORE.search(text, 0, m.start()):
            return word
        return word[0].upper() + word[1:]

    return rx.sub(fix, text)
