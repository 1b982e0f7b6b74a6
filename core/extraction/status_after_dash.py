"""A status or a sum after a dash is the thing's: "car insurance - paid", "Gas bill - $82 -
due Fri", "Trip to Seattle - CANCELLED", "The heating bill arrived - €210".

A note line names a thing, a dash, then what it is; written out, the dash goes and the two
read as one clause ("gas bill $82", which the bill rules read). A clause with a verb of its
own before the dash stays as typed ("we landed - paid $40 for the cab"), but not a bill and
the verb that brought it: "the heating bill arrived - €210" is the bill and its sum, as
"the heating bill arrived, €210" is.
"""

from __future__ import annotations

import re

from core.extraction.bill_names import BILL_ARRIVED
from core.extraction.owed_kinds import OWED
from core.extraction.word_gates import gated

_STATUS_AFTER_DASH = gated(
    r"(?:^|(?<=[.;!?] ))(?P<thing>[^.;!?:\-]{2,40}?)\s+--?\s+"
    r"(?=(?:paid|due|cancell?ed|canceled|booked|done|postponed|refunded|[$€£¥₹]\s?\d)\b|[$€£¥₹])",
    re.I,
)
_VERB = gated(r"\b(?:i|we|he|she|they|is|are|was|were|am|\w+ed|\w+ing)\b", re.I)
_BILL_CAME = gated(
    rf"^(?:(?:the|my|our)\s+)?(?:[a-z]+\s+){{0,2}}(?:{OWED})(?:\s+(?:just\s+|finally\s+)?"
    rf"(?:{BILL_ARRIVED}(?:\s+in)?|is\s+in)(?:\s+(?:today|yesterday|this\s+morning))?|"
    r"'s\s+in)?$",
    re.I,
)
"""A bill named, and the verb that brought it: "The heating bill arrived", "water bill just
came", "phone bill is in" (a word in "-ing" before it names the bill: "heating")."""


def status_after_dash(text: str) -> str:
    """``text`` with each status or sum after a dash joined to the thing before it."""
    for _ in range(3):  # "Gas bill - $82 - due Fri": each dash in turn
        text, n = _STATUS_AFTER_DASH.subn(_status, text)
        if not n:
            break
    return text


def _status(m: re.Match[str]) -> str:
    thing = m.group("thing")
    if _VERB.search(thing) and _BILL_CAME.match(thing.strip()) is None:
        return m.group()  # "we landed - paid $40 for the cab": a clause, not an item
    return thing + " "
