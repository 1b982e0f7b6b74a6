"""What the writer pays for something, said with the payer first: "I pay 120 a month for the
storage unit", "we spend £60 a month on the gym", "I pay $45 a week for daycare".

The amount is the thing's own (``financial.<thing>.amount``), with its currency when one is
written; a bare number counts only with a rate after it ("a month", "per quarter": the
terms of ``amounts.RECURRING_TERM``), where nothing but money can stand. Only the writer's
payments: "my brother pays 900 a month" is someone else's (the rule reads "I" and "we"
only).
"""

from __future__ import annotations

import re

from core.domain.fields import slugify
from core.extraction.amounts import AMOUNT, RECURRING_TERM, amount_in, bare_amount_at
from core.extraction.clause import Candidate, Clause
from core.extraction.word_gates import gated

_PAY = gated(
    r"\b(?:i|we)\s+(?:currently\s+|now\s+|still\s+)?(?:pay|spend)\s+(?:about\s+|around\s+|like\s+)?"
)
_RATE_FOR = gated(
    rf"\s*(?:a|per|every|each)\s+{RECURRING_TERM}\s+(?:for|on)\s+"
    r"(?:(?:the|my|our|a)\s+)?(?P<item>[a-z][a-z-]*(?:\s+(?!(?:and|but|so|which|because|that|it|in|at|"
    r"now|too|since|plus)\b)[a-z][a-z-]*)?)"
)


def paying_for(clause: Clause) -> list[Candidate]:
    """The amount the writer pays for a thing, when the clause says it with a rate."""
    low = clause.low
    m = _PAY.search(low)
    if m is None:
        return []
    money = AMOUNT.match(low, m.end())
    said = amount_in(money.group()) if money else None
    end = money.end() if money else m.end()
    value: float | int | None = said[0] if said else None
    if value is None:
        bare = re.match(r"\d[\d,]*(?:\.\d+)?k?", low[m.end() :])
        value = bare_amount_at(low, m.end()) if bare else None
        end = m.end() + (bare.end() if bare else 0)
    rate = _RATE_FOR.match(low, end)
    if value is None or rate is None:
        return []
    slug = f"financial.{slugify(rate.group('item'))}"
    out = [Candidate(f"{slug}.amount", value, 0.9)]
    if said and said[1]:
        out.append(Candidate(f"{slug}.currency", said[1], 0.9))
    return out
