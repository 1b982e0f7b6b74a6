"""What a person's name may be: a short line of letters and the marks names use.

A name told to Canon ("my name is Alice", an observation of ``profile.name``, an edited
answer, an assistant's proposal) reaches every prompt the household reads: the user's
questions, the context block, another member's "Alice says you're in Tahoe". So it is
checked as a name wherever it comes in, never passed on as it was typed: no control,
format or direction characters (a right-to-left override turns "exe.gnp" around, a line
break starts a line of its own), no markup (Markdown emphasis, HTML, links), and at most
``MAX_NAME`` characters. What names use passes: letters and combining marks of any
script, digits, spaces, apostrophes, hyphens and periods ("O'Brien", "Mary-Jane Smith",
"J. R. R. Tolkien", "李小龙").

The rule, whole: a name is 1 to ``MAX_NAME_WORDS`` words and at most ``MAX_NAME``
characters of those, and none of its words is an order to an assistant, a word Canon
speaks as or the reader's "you" (``NOT_NAME_WORDS``: "ignore", "instructions",
"system", "Canon", "you", …):
"Ignore previous instructions" is refused whole, never kept as "Ignore". A name that
passes is still shown only as a quoted value wherever another member reads it.

Pure: no I/O.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import Any, Final

from core.domain.look_alikes import skeletons

NAME_FIELD: Final = "profile.name"
MAX_NAME: Final = 64
"""Longer than any name people go by; far shorter than a paragraph of instructions."""
MAX_NAME_WORDS: Final = 4
""""Ana María López García", "Ludwig van Beethoven": more words are a sentence."""
NOT_NAME_WORDS: Final = frozenset(
    ["ignore", "disregard", "forget", "override", "bypass", "jailbreak", "instruction",
     "instructions", "prompt", "prompts", "system", "assistant", "canon", "admin", "developer",
     "execute", "delete", "you", "your", "yours"]
)  # fmt: skip
"""Words no one is called by: orders to an assistant, the words Canon speaks as, and the
reader's "you" (a "name" like "Confirmed By You" would read as Canon's own line in the
question another member is asked: "Confirmed By You says you're in Tahoe")."""


@cache
def _not_name_looks() -> frozenset[str]:
    """What the words no one is called by look like: "Ѕystem" with a Cyrillic Ѕ, or a
    fullwidth "ｃａｎｏｎ", is the word to whoever reads it."""
    return frozenset(look for word in NOT_NAME_WORDS for look in skeletons(word))


_MARKS: Final = frozenset(" '\u2019-.")
"""Besides letters, marks and digits: the space, apostrophes, hyphens and periods."""


def name_problem(value: str) -> str | None:
    """Why ``value`` is not a person's name, or None when it is one."""
    if not value.strip():
        return "a name cannot be blank"
    if len(value) > MAX_NAME:
        return f"a name is at most {MAX_NAME} characters (this one has {len(value)})"
    for ch in value:
        if ch in _MARKS or unicodedata.category(ch)[0] in "LM" or ch.isdigit():
            continue
        shown = ch if ch.isprintable() and not ch.isspace() else f"U+{ord(ch):04X}"
        return f"a name holds letters, spaces, apostrophes, hyphens and periods, not {shown!r}"
    words = value.split()
    if len(words) > MAX_NAME_WORDS:
        return f"a name is at most {MAX_NAME_WORDS} words (this one has {len(words)})"
    order = next((w for w in words if w.strip("'\u2019-.").casefold() in NOT_NAME_WORDS), None)
    if order is not None:
        return f"{order!r} is an instruction or a word Canon speaks as, not a name"
    looks = _not_name_looks()
    drawn = next((w for w in words if not skeletons(w.strip("'\u2019-.")).isdisjoint(looks)), None)
    if drawn is not None:
        return f"{drawn!r} looks like an instruction or a word Canon speaks as, not a name"
    return None


def told_name_errors(schema: str, payload: Any) -> list[str]:
    """The error of a schema-valid observation whose ``profile.name`` is no name (it is
    dead-lettered with it, as a schema error is); empty otherwise."""
    if schema != "state_observation" or not isinstance(payload, dict):
        return []
    value = payload.get("candidate_value")
    if payload.get("field") != NAME_FIELD or not isinstance(value, str):
        return []
    problem = name_problem(value)
    return [] if problem is None else [f"$.candidate_value: {problem}"]
