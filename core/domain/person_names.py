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

Pure: no I/O.
"""

from __future__ import annotations

import unicodedata
from typing import Any, Final

NAME_FIELD: Final = "profile.name"
MAX_NAME: Final = 64
"""Longer than any name people go by; far shorter than a paragraph of instructions."""
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
