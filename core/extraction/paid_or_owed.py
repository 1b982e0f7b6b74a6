"""Paid, or still owed: what the words around "paid" say about a bill.

"still haven't paid the credit card" is owed now (due); "i never paid the gas bill" and
"didn't pay it" tell of something that did not happen (no claim); and a number with no
currency right after what was paid is what it cost ("paid rent 2100 today").
"""

from __future__ import annotations

import re

from core.extraction.amounts import bare_amount_at

_NUMBER_TAIL = re.compile(r"\s+\d[\d,.]*k?$")
_AMOUNT_JOINT = re.compile(r"\s*[,:=-]\s*|\s+(?:of|for|was|is)\s+|\s+")


def bare_after(item: str, low: str) -> tuple[str, tuple[float | int, str] | None]:
    """A number with no currency right after what was paid is what it cost: "paid rent
    2100 today", "paid the electric bill, 140" (not "the 5th", "3 days" or "10am")."""
    item = _NUMBER_TAIL.sub("", item)
    at = low.find(item.lower())
    joint = _AMOUNT_JOINT.match(low, at + len(item)) if at >= 0 else None
    bare = bare_amount_at(low, joint.end()) if joint else None
    return item, None if bare is None else (bare, "")  # no currency written, none assumed


_NOT_YET = re.compile(
    r"\b(?:haven'?t|have\s+not|hasn'?t|has\s+not|not\s+yet|still\s+not|yet\s+to\s+be)"
    r"(?:\s+(?:yet|even|actually|really))?\s+$"
)
_NOT_DONE = re.compile(
    r"\b(?:didn'?t|did\s+not|never|not|won'?t|can'?t|cannot|couldn'?t|forgot\s+to)"
    r"(?:\s+(?:yet|even|actually|really|ever))?\s+$"
)


def not_paid(low: str, start: int) -> bool | None:
    """Whether the paying at ``start`` is denied: True when it is still owed ("still
    haven't paid the credit card"), False when it did not happen ("never paid it",
    "didn't pay"), None when it was paid."""
    before = low[max(0, start - 40) : start]
    if _NOT_YET.search(before):
        return True
    return False if _NOT_DONE.search(before) else None
