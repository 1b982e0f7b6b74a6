"""Money paid out that came back, said with the payer as the subject or with "back":
"the landlord finally refunded my deposit", "the airline refunded us the fare", "got my
deposit back", "we got the booking fee back, all 40 of it".

What came back is the item's own field (``financial.deposit.status = refunded``), with
its amount when one is said after it. Only things that are paid and returned are read:
a deposit or bond, fees, fares, tickets, the money or a payment; "got my phone back"
or "got the kids back" is no money.
"""

from __future__ import annotations

import re

from core.domain.fields import slugify
from core.extraction.amounts import amount_in, bare_amount_at
from core.extraction.clause import Candidate, Clause

_ITEM = (
    r"(?:security\s+|damage\s+|rental\s+|full\s+)?(?:deposit|bond)|(?:booking\s+|late\s+|"
    r"cancellation\s+|admin\s+|application\s+|bank\s+|overdraft\s+)?fees?|fare|tickets?|"
    r"payment|money|overpayment|excess|premium|tuition"
)
_OWNER = r"(?:my|our|the|his|her|their)\s+"
_REFUNDED = re.compile(
    r"\b(?:finally\s+|just\s+|already\s+)?(?:refunded|paid\s+back|gave\s+back)\s+"
    rf"(?:(?:me|us)\s+)?{_OWNER}(?P<i>{_ITEM})\b|"
    # "returned my deposit": the landlord did; "returned the tickets" is goods taken back.
    rf"\breturned\s+(?:(?:me|us)\s+)?{_OWNER}(?P<i4>(?:security\s+|damage\s+)?(?:deposit|bond))\b|"
    rf"\b(?:got|get|getting|received)\s+{_OWNER}(?P<i2>{_ITEM})\s+back\b|"
    rf"\b(?:got|received)\s+back\s+{_OWNER}(?P<i3>{_ITEM})\b"
)
_GATE = frozenset(["back", "refunded", "returned"])
_AMOUNT_AFTER = re.compile(r"\s*(?:back\s+)?[,:(-]*\s*(?:all\s+|the\s+full\s+|in\s+full,?\s+)?")


def money_back(clause: Clause) -> list[Candidate]:
    """The refunded status (and amount) of a payment the clause says came back."""
    if clause.words.isdisjoint(_GATE):
        return []
    m = _REFUNDED.search(clause.low)
    if m is None:
        return []
    item = m.group("i") or m.group("i2") or m.group("i3") or m.group("i4")
    field = "financial." + slugify(re.sub(r"^(?:full|security|damage|rental)\s+", "", item))
    out = [Candidate(f"{field}.status", "refunded", 0.9)]
    lead = _AMOUNT_AFTER.match(clause.low, m.end())
    pos = lead.end() if lead else m.end()
    said = amount_in(clause.low[pos : pos + 16])
    value = said[0] if said else bare_amount_at(clause.low, pos)
    if value is not None:
        out.append(Candidate(f"{field}.amount", value, 0.9))
        if said:
            out.append(Candidate(f"{field}.currency", said[1], 0.9))
    return out
