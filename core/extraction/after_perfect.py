"""Irish English's "after" perfect: "I'm only after landing in Shannon", "we're just after
getting back from Boston", "she's after starting at the hospital".

"be after" with a verb in "-ing" says the thing has just been done: "I'm after landing" is
"I've just landed". It is read as the English perfect it stands for, so the rules that read
"I've just landed in Shannon" read it too. Paying has its own reader (``financial_statuses``:
"I'm after paying the bin charges"), so it is left as said.
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_DONE = {
    "landing": "landed",
    "arriving": "arrived",
    "getting back": "got back",
    "getting in": "got in",
    "getting home": "got home",
    "coming back": "come back",
    "coming home": "come home",
    "flying in": "flown in",
    "moving": "moved",
    "starting": "started",
    "leaving": "left",
    "reaching": "reached",
    "booking": "booked",
    "finishing": "finished",
    "joining": "joined",
}
_SUBJECT = {"i'm": "I've", "i am": "I have", "im": "I've", "we're": "we've", "we are": "we have"}
_SUBJECT |= {"she's": "she's", "he's": "he's", "they're": "they've"}
_AFTER = gated(
    r"\b(?P<who>i'm|i\s+am|im|we're|we\s+are|she's|he's|they're)\s+(?:only\s+|just\s+|only\s+just\s+)?"
    r"after\s+(?P<verb>" + "|".join(v.replace(" ", r"\s+") for v in _DONE) + r")\b",
    re.I,
)


def after_perfect(text: str) -> str:
    """``text`` with "I'm after landing" read as "I've just landed"."""
    if "after" not in text:  # the cheap test first
        return text
    return _AFTER.sub(_perfect, text)


def _perfect(m: re.Match[str]) -> str:
    who = _SUBJECT[" ".join(m.group("who").lower().split())]
    if m.group("who")[0].isupper():
        who = who[0].upper() + who[1:]
    return f"{who} just {_DONE[' '.join(m.group('verb').lower().split())]}"
