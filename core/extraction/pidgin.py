"""Nigerian Pidgin's perfect: "I don land for Abuja", "we don reach Lagos o".

"don" before a verb marks a thing done ("I have landed"), and "for" before a place is
"in" or "at". The arrival is read as the English perfect it stands for, so the rules that
read "I have landed in Abuja" read it too; other "don"s ("don" the name, "don't") are left.
"""

from __future__ import annotations

import re

_DONE = {"land": "landed", "reach": "reached", "arrive": "arrived", "enter": "entered"}
_DONE |= {"return": "returned", "move": "moved", "relocate": "relocated", "comot": "left"}
_DON = re.compile(
    r"\b(?P<who>i|we|me)\s+(?:don|done)\s+(?P<verb>" + "|".join(_DONE) + r")\b(?P<for>\s+for\b)?",
    re.I,
)


def pidgin_perfect(text: str) -> str:
    """``text`` with "I don land for X" read as "I have landed in X"."""
    if " don" not in text.lower():
        return text  # the cheap test first
    return _DON.sub(_english, text)


def _english(m: re.Match[str]) -> str:
    who = "I" if m.group("who").lower() in ("i", "me") else m.group("who")
    said = f"{who} have {_DONE[m.group('verb').lower()]}"
    return said + (" in" if m.group("for") else "")
