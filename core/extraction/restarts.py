"""Spoken restarts: a word or a few said twice as the speaker starts again.

Transcripts and dictated messages repeat the start of a phrase while the speaker finds the
rest ("so I'm I'm working at uh at Deloitte", "we we moved, we moved to Sheffield", "I
don't, I don't live in London anymore", "if if we had the money"). Once the hesitations
are gone (``typed_text``), the repeat is read as said once: a parse of "at at Deloitte"
finds no employer and "if if" no condition. Only words of letters are folded, one to
three of them said again straight after themselves, with a comma between at most, so a
list ("Paris, Lyon, Paris") keeps its order and a name said twice ("Walla Walla") stays.
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_RESTART = gated(
    # "finally, FINALLY, moved": a word said again for weight, set off by commas, goes with
    # both its commas.
    r"(?<![\w'])(?P<said>[a-z]+(?:'[a-z]+)?(?:\s+[a-z]+(?:'[a-z]+)?){0,2})(?P<comma>,)?\s+(?P=said)"
    r"(?(comma),?)(?![\w'])",
    re.I,
)


_HESITATION_INSIDE = gated(
    r",\s*(?:u+m+|u+h+|e+r+m*|uhm+|like|you\s+know|I\s+mean)\s*,\s*(?=(?:back|to|in|at|into|"
    r"from|for|on|with|up|down|over|out|the|a|an|my|our|both|all)\b|(?-i:[A-Z][a-z]))",
    re.I,
)
"""A hesitation or a spoken "like" set off by commas inside a phrase ("I moved, uh, back to
Glasgow", "the kids have both got, like, the flu", "based in, um, Bristol"): the phrase goes
on after it, so neither comma cuts it."""


def hesitations_inside_closed(text: str) -> str:
    """``text`` with a hesitation inside a phrase taken out, and its commas with it."""
    return _HESITATION_INSIDE.sub(" ", text) if "," in text else text


def restarts_folded(text: str) -> str:
    """``text`` with each phrase said twice in a row said once."""
    if " " not in text:
        return text
    before = None
    while before != text:  # "I'm I'm I'm" folds twice
        before = text
        text = _RESTART.sub(_once, text)
    return text


def _once(m: re.Match[str]) -> str:
    said = m.group("said")
    if (
        m.group("comma")
        and said.lower() in _ENDS_AND_OPENS
        and _ENDED.search(m.string[: m.start()])
    ):
        return m.group()  # "I paid it, it was due Friday": one clause's object, the next's subject
    if said[0].isupper() and not _PRONOUN_I.match(said) and m.group().endswith(" " + said):
        return m.group()  # "Walla Walla", "Bora Bora": a name that is said twice
    return said


_PRONOUN_I = gated(r"I(?:'[a-z]+)?\b")

_ENDS_AND_OPENS = frozenset(("it", "that", "this", "them", "they"))
"""Words that end one clause as its object and open the next as its subject ("loved it, it
was great", "sold them, they were old"): said once each, with a comma between, no restart."""
_ENDED = gated(
    r"(?<![\w'])(?!(?:and|but|so|or|then|well|oh|um|uh|like|because|cos|if|when)\b)[a-z]+\s+$", re.I
)
"""A word before the first of them that a clause can end on (a verb's object follows a
verb, not "and", "so" or "if": "so it, it was great" is a restart)."""
