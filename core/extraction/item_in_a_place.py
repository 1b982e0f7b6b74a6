"""What a bill or a price is for, when the thing is named with its town: "the apartment in
Lisbon is €900, due on the 1st" is the apartment's rent, not a bill called Lisbon; "the
hotel in Rome is €185, due at checkout" is the hotel's.

The words before a status ("… is due") stop at "in", a stop word, and would leave only the
place. A place the gazetteer knows, after "in" and a noun, says where the thing is; the
thing is the noun before it.
"""

from __future__ import annotations

import re

from core.extraction.bill_names import HOW_PAID_WORDS
from core.extraction.clause import phrase_before
from core.extraction.gazetteer import key_of, lookup
from core.extraction.word_gates import gated

_IN_BEFORE = gated(r"\s+(?:in|at)\s+$", re.I)


def item_before(text: str, end: int) -> str:
    """Up to three words naming the thing before ``end``, the thing rather than its town
    when it is named "<thing> in <place>"; four when the last says only how it is paid
    ("credit card bill payment", "car insurance premium payment")."""
    item = phrase_before(text, end, max_words=3)
    if item.rsplit(None, 1)[-1:] and item.rsplit(None, 1)[-1].lower() in HOW_PAID_WORDS:
        item = phrase_before(text, end, max_words=4)
    if not item or lookup(key_of(item)) is None:
        return item
    start = text.rfind(item, 0, end)
    if start < 0 or (inside := _IN_BEFORE.search(text[:start])) is None:
        return item
    return phrase_before(text, inside.start(), max_words=3) or item
