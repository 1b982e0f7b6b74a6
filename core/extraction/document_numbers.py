"""An invoice by its number, written as a name: "invoice 114" -> "invoice #114".

Colleagues' hand-overs and freelancers' notes name an invoice by its number: "invoice 114
still unpaid", "Invoice no. 0871 paid", "INV-2231 outstanding". A bare number after the
word is the invoice's name, not what it comes to, and the money rules already read
"invoice #114" as a name (``financial.invoice_114``), so the number is written that way
before they read the message, without the client's name said aside in brackets after it
(whose the invoice is does not change which one it is). A currency after the number keeps it
an amount ("an invoice for 400 euros" has "for" anyway; "invoice 400 dollars" is left alone).
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_NUMBERED = gated(
    r"\b(?P<word>invoice|inv)(?:\s*(?:no\.?|number|num\.?|nr\.?)\s*|\s*[-#]\s*|\s+)"
    r"(?P<n>\d{2,7})\b(?![.,]\d)(?!\s*(?:dollars?|bucks|euros?|pounds?|quid|usd|eur|gbp|k\b|%))"
    # Whom it is for, said aside, goes: "Invoice 552 (Fenwick): paid" is invoice 552.
    r"(?:\s*\((?-i:[A-Z])[\w&.' -]{0,30}\))?",
    re.I,
)


def numbered_documents(text: str) -> str:
    """``text`` with each invoice number written "#<number>" after "invoice"."""
    if "inv" not in text.lower():
        return text
    return _NUMBERED.sub(lambda m: f"invoice #{m.group('n')}", text)
