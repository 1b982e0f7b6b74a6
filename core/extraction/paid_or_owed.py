"""Paid, or still owed: what the words around "paid" say about a bill.

"still haven't paid the credit card" is owed now (due); "i never paid the gas bill" and
"didn't pay it" tell of something that did not happen (no claim); and a number with no
currency right after what was paid is what it cost ("paid rent 2100 today").
"""

from __future__ import annotations

import re

from core.extraction.amounts import bare_amount_at
from core.extraction.clause import Clause
from core.extraction.timeref import TimeRef
from core.extraction.word_gates import gated

_NUMBER_TAIL = gated(r"\s+\d[\d,.]*k?$")
_AMOUNT_JOINT = gated(r"\s*[,:=-]\s*|\s+(?:of|for|was|is)\s+|\s+")


def bare_after(item: str, low: str) -> tuple[str, tuple[float | int, str] | None]:
    """A number with no currency right after what was paid is what it cost: "paid rent
    2100 today", "paid the electric bill, 140" (not "the 5th", "3 days" or "10am")."""
    item = _NUMBER_TAIL.sub("", item)
    at = low.find(item.lower())
    joint = _AMOUNT_JOINT.match(low, at + len(item)) if at >= 0 else None
    bare = bare_amount_at(low, joint.end()) if joint else None
    return item, None if bare is None else (bare, "")  # no currency written, none assumed


_NOT_YET = gated(
    r"\b(?:haven'?t|have\s+not|hasn'?t|has\s+not|not\s+yet|still\s+not|yet\s+to\s+be)"
    r"(?:\s+(?:yet|even|actually|really))?\s+$"
)
_NOT_DONE = gated(
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


_TRAILING = gated(r",\s*(?P<n>\d{1,3}(?:,\d{3})+|\d{2,6})(?:\.\d\d)?\s*[.!]*\s*$")


def trailing_amount(clause: Clause) -> tuple[float | int, str] | None:
    """A number the clause ends on after a comma, in a sentence about a bill due or paid:
    what it comes to ("my rent's due on the 1st, 1850"). None when the number belongs to a
    date ("due december 1, 2026") or is under ten."""
    m = _TRAILING.search(clause.low)
    if m is None or any(t.start <= m.start("n") < t.end for t in clause.times):
        return None
    value = bare_amount_at(clause.low, m.start("n"))
    return None if value is None or value < 10 else (value, "")


OF_BARE_NUMBER = gated(r"(?<=\s)of\s+\d[\d,]*(?:\.\d+)?(?=\s|$)", re.I)
"""A bare number after "of", blanked out with its "of" before the bill's name is read."""


def bare_of_amount(low: str, owed: str) -> tuple[float | int, str] | None:
    """A bill's number after "of" with no currency written ("our mortgage payment of 1,850
    went out"): after a bill and "of", only money stands. ``owed`` names the bills."""
    m = re.search(rf"\b(?:{owed}|payment|instal+ment|emi)\s+of\s+(?=\d)", low)
    bare = bare_amount_at(low, m.end()) if m else None
    return (bare, "") if bare is not None and bare >= 10 else None


def nearest_day(times: list[TimeRef], anchor: int) -> TimeRef | None:
    """The date that belongs to the bill at ``anchor`` when a clause names several ("we
    fly Friday and the rent is due Monday"): the first after it, else the closest."""
    if anchor < 0 or len(times) < 2:
        return times[0] if times else None
    return min(times, key=lambda t: (t.start < anchor, abs(t.start - anchor)))


def days_ahead(clause: Clause) -> list[TimeRef]:
    """The days ``clause`` names that are still to come: not one it marks as gone, nor one
    before the day it is said ("was payable by the 20th", said on the 4th), nor a span
    already under way."""
    today = clause.at.date()
    return [t for t in clause.times if not (t.past or t.day < today or t.begun_span(today))]


# What stands around a bill's amount, not the bill itself.
NET_OF = gated(
    r"\b(?:after|before|with|w/|incl(?:uding|\.)?|plus|minus|net\s+of|less)\s+"
    r"(?:the\s+|my\s+|our\s+)?(?:insurance|tax(?:es)?|tips?|fees|discounts?|deductions?|"
    r"credits?|coupons?|shipping|vat|gst)\b"
)
"""What an amount is net or gross of, not what was paid: "$1,240 after insurance", "$86
with tip", "2,100 before tax" (the bill is the hospital's, the meal's)."""
OF_AMOUNT = gated(
    r"\bof\s+(?=(?:us\$|c\$|ca\$|a\$|au\$|s\$|rs\.?|[$€£¥₹₦₱฿]|[nr](?=\d))?\s?\d)", re.I
)


AMOUNT_AFTER = gated(
    # "we owe the solicitor about £1,800", "paid the builder roughly 2k": a word that rounds
    # the amount belongs to it, not to the name of who is paid.
    r"(?<=[a-z])\s+(?:(?:about|around|roughly|nearly|almost|approx(?:imately|\.)?|circa|"
    r"(?:just\s+)?(?:over|under)|close\s+to|something\s+like)\s+|~\s*)?"
    r"(?=(?:us\$|s\$|rs\.?\s?|[$€£¥₹₦₱฿]|r(?=\d{1,3}[, ]\d{3}|\d\d))?\d)",
    re.I,
)  # "r" before two digits: rand ("paid the plumber R1,100")
SHARE_OF = gated(
    r"\s*(?:my|our|your|ur|his|her|their)\s+(?:half|share|part|portion|bit|cut)\s+of\s+(?=\S)"
)
"""A share of a bill is the bill: "paid my share of the electric bill", "my half of the rent"."""
