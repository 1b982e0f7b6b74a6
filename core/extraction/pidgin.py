"""Nigerian Pidgin's perfect and future: "I don land for Abuja", "I go return Sunday".

"don" before a verb marks a thing done ("I have landed"), and "for" before a place is
"in" or "at". The arrival is read as the English perfect it stands for, so the rules that
read "I have landed in Abuja" read it too; other "don"s ("don" the name, "don't") are left.
"go" before a bare verb of travel is the future ("I go return Sunday": I will return on
Sunday), read as "will" so the rules of English plans read it.
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_DONE = {"land": "landed", "reach": "reached", "arrive": "arrived", "enter": "entered"}
_DONE |= {"return": "returned", "move": "moved", "relocate": "relocated", "comot": "left"}
_DON = gated(
    r"\b(?P<who>i|we|me)\s+(?:don|done)\s+(?P<verb>" + "|".join(_DONE) + r")\b(?P<for>\s+for\b)?"
    r"(?P<house>\s+house\b)?",
    re.I,
)


_GO = gated(
    r"(?:\b(?P<who>i|we)\s+|(?P<bare>(?<=,\s)))go\s+(?=(?:return|come\s+back|comot|travel|reach|"
    r"land|arrive|fly|move|relocate|leave)\b)",
    re.I,
)
"""Pidgin's future: "I go return Sunday", "we go reach Lagos by 6" ("I go to…" is English);
after a comma in a message that is Pidgin by its "dey", its "I" may be left out ("I dey
Abuja, go return Friday"; not English's "ok, go return the car")."""


_NA_WHEN = gated(
    r"(?:^|(?<=[.!?]\s))na\s+(?=(?:tomorrow|today|tonight|next|this|on|(?:mon|tues|wednes|thurs|"
    r"fri|satur|sun)day)\b[^.!?]*\b(?:i|we)\s+(?:go|don|dey|will)\b)",
    re.I,
)
"""Pidgin's "na" that puts the day first ("Na tomorrow I go travel": it is tomorrow that I
will travel)."""


_DEY_STATE = gated(
    r"(?<!\bi\s)(?<!\bwe\s)(?<!\bi\sstill\s)(?<!\bwe\sstill\s)\bdey\s+(?:for\s+|inside\s+)?"
    r"(?:(?P<home>house)\b|(?=(?P<where>hospital|clinic|icu)\b|(?:sick|ill|better|kampe|well|fine)\b))",
    re.I,
)
_COMOT = gated(r"\b(?:don\s+|done\s+)?comot\s+(?:for\s+|from\s+)?(?=hospital\b)", re.I)
"""Pidgin's "comot" (come out) of hospital: "my mama don comot hospital" is out of it."""
"""Pidgin's "dey" as "is" before a state or a hospital ("my papa still dey hospital since
Tuesday", "mama dey sick"): a relative's health, read as the English "is (in)"."""


def pidgin_perfect(text: str) -> str:
    """``text`` with "I don land for X" read as "I have landed in X", and "I go return" as
    "I will return", and "dey" before a state as "is"."""
    low = text.lower()
    if low.startswith("na ") or ". na " in low:
        text = _NA_WHEN.sub("", text)
    if " dey " in low:
        text = _DEY_STATE.sub(_dey_is, text)
    if "comot" in low:
        text = _COMOT.sub("is out of ", text)
    if " go " in low:
        pidgin = " dey " in low or " don " in low
        text = _GO.sub(lambda m: _will(m, pidgin), text)
    if " don" not in low:
        return text  # the cheap test first
    return _DON.sub(_english, text)


def _will(m: re.Match[str], pidgin: bool) -> str:
    if m.group("who"):
        return f"{m.group('who')} will "
    return "I will " if pidgin else m.group()


def _dey_is(m: re.Match[str]) -> str:
    if m.group("home"):
        return "is at home"  # "she dey house now"
    return "is in " if m.group("where") else "is "


def _english(m: re.Match[str]) -> str:
    who = "I" if m.group("who").lower() in ("i", "me") else m.group("who")
    said = f"{who} have {_DONE[m.group('verb').lower()]}"
    if m.group("house"):
        return said + " home"  # "I don reach house": I have reached home
    return said + (" in" if m.group("for") else "")
