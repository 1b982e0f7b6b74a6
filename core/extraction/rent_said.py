"""Rent said with a verb, not a bill: "we rent a 2 bed in Croydon for £1,650 a month",
"i'm paying 900 a month in rent", "we pay Rs 18,000 rent".

What the rent comes to (``financial.rent.amount``) and its currency when one is written;
not whether it is due or paid. The writer's own rent only: "i" or "we" rents or pays, and
a bare number counts only where a month says it is rent ("for 1650 a month") or the word
"rent" follows it.
"""

from __future__ import annotations

from core.extraction.amounts import AMOUNT, amount_in, bare_amount_at
from core.extraction.clause import Candidate, Clause
from core.extraction.word_gates import gated

_MONEY = rf"(?P<money>(?:{AMOUNT.pattern})|\d{{1,3}}(?:,\d{{3}})+|\d{{3,6}})"
_A_MONTH = r"\s*(?:a|per|/|each|every)\s*(?:month|mo|mth)\b|\s*(?:pcm|p/m|monthly)\b"
_SUBJECT = (
    r"\b(?:i|we|i'm|im|we're|i\s+am|we\s+are)\s+(?:(?:currently|now|still|already|only|just)\s+)*"
)
_RENT_FOR = gated(
    _SUBJECT + r"(?:rent|renting)\b[^.;!?]{0,60}?\bfor\s+" + _MONEY + rf"(?={_A_MONTH})"
)
""""we rent a flat in Leeds for £900 a month": what the rented home costs."""
_PAY_RENT = gated(
    _SUBJECT
    + r"(?:pay|paying)\s+"
    + _MONEY
    + rf"(?:{_A_MONTH})?\s+(?:in\s+|for\s+|as\s+)?(?:(?:the|my|our)\s+)?rent\b"
)
""""i pay 1200 a month in rent", "we're paying ₹18,000 rent"."""


def rent_said(clause: Clause) -> list[Candidate]:
    """The writer's rent said with a verb: its amount, and its currency when written."""
    m = _RENT_FOR.search(clause.low) or _PAY_RENT.search(clause.low)
    if m is None:
        return []
    written = amount_in(m.group("money"))
    if written is not None:
        value, currency = written
    else:
        bare = bare_amount_at(clause.low, m.start("money"))
        if bare is None or bare < 100:
            return []  # "for 2 a month": no rent
        value, currency = bare, ""
    out = [Candidate("financial.rent.amount", value, 0.9)]
    if currency:
        out.append(Candidate("financial.rent.currency", currency, 0.9))
    return out
