"""A bill said with what it comes to: "the gas bill is $84", "rent's 2200", "the hospital
bill came, $1,200", "electric bill at the new place is $140".

``BILL`` finds what is owed (``core.extraction.owed_kinds``: a bill, a fee, a deposit) in
a text, and ``BILL_IS`` a bill followed by the verb that gives its sum (the sum
itself is read by the caller, from where the match ends).
"""

from __future__ import annotations

from core.extraction.bill_names import BILL_ARRIVED
from core.extraction.goods_returns import ITEM_STOP
from core.extraction.owed_kinds import OWED
from core.extraction.word_gates import gated

BILL = gated(rf"\b(?:bills|{OWED})\b")
_OPENERS = frozenset(
    ["seriously", "meanwhile", "honestly", "basically", "literally", "actually", "anyway",
     "also", "plus", "oh", "ok", "okay", "yeah", "wait", "hey", "apparently", "now",
     "currently", "guess", "well", "sooo", "welp", "update", "news"]
)  # fmt: skip
_NOT_NAMING = "|".join(sorted(ITEM_STOP | _OPENERS))
"""Words before a bill that never name it: "lol rent is 2200 now", "meanwhile rent is …"."""
CAME = gated(rf"\b{BILL_ARRIVED}\b(?!\s+to\b)")
_NAMED_BILL = (
    rf"(?:^|\b(?:the|my|our|this\s+month's|this\s+months|{_NOT_NAMING})\s+)"
    # A word before the bill names it; a determiner does not, nor one that makes it
    # everyone's ("average rent is now 2300", "her rent").
    r"(?P<item>(?:(?!(?:the|my|our|your|a|an|this|that|his|her|their|average|avg|median|"
    rf"typical|market|{_NOT_NAMING})\b)[a-z][a-z&]*\s+){{0,2}}(?:{OWED}))"
)
BILL_IS = gated(
    _NAMED_BILL
    # "electric bill at the new place is $140": where or what for, between the bill and its verb.
    + r"(?:\s+(?:at|for|on)\s+(?:the\s+|my\s+|our\s+)?(?:[a-z]+\s+){0,2}?[a-z]+|\s+here)?"
    # "the hospital bill came, $1,200", "water bill came in at $85", "came in at $143": what
    # the bill that arrived says.
    # "our gas bill this quarter is $412": the period between the bill and its verb.
    r"(?:\s+(?:this|last)\s+(?:month|quarter|year|time|week))?"
    r"\s*(?:\s(?:is|was|came\s+to|comes\s+to|will\s+be|came\s+in\s+at|(?:just\s+|finally\s+)?"
    # "electricity bill came. £140. due on the 20th": a sum alone, as the next sentence.
    rf"{BILL_ARRIVED}(?:\s+in)?(?:\s+(?:today|yesterday|this\s+morning))?\s*[,:.-]?)|"
    r"'s)\s+"
    r"(?:(?:about|around|like|only|just)\s+)?(?=(?:us\$|s\$|rs\.?|[$€£¥₹₦₱฿]|r(?=\d{1,3}[, ]\d{3}|\d\d))?\s?\d)"
)
BILL_PRICED = gated(
    _NAMED_BILL
    # "Water bill €55. It's due the 12th", "council tax: £160", "gas bill - 72 euros": a bill
    # and its sum with no verb between, as a note or a text names them; the sum must say
    # its currency ("the phone bill 3 weeks ago" names no sum).
    + r"\s*[:\u2013\u2014-]?\s*(?=(?:us\$|[$€£¥₹₦₱฿])\s?\d|"
    r"\d[\d,]*(?:\.\d{1,2})?k?\s?(?:euros?|eur|dollars|bucks|pounds|quid|usd|gbp)\b)"
)
BILL_IN = gated(
    _NAMED_BILL
    # "Internet bill's in: $65", "the gas bill is in, £92": a bill come in, and its sum; the
    # sum must say its currency ("rent is in 10 days" is when, not how much).
    + r"(?:\s+is|'s)\s+(?:just\s+|finally\s+)?in\s*[,:.-]?\s*(?=(?:us\$|[$€£¥₹₦₱฿])\s?\d)"
)
