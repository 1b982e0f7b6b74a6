"""A bill's amount said in the clause after it, by "it": "rent is due friday and it's
£1,150 this time", "still haven't paid the water bill, it's sitting at 78 dollars".

The clause with the bill names no sum; the one after names the sum and no bill, only "it"
(or "that"). The sum is that bill's, as long as the clause before set the bill and no
amount for it.
"""

from __future__ import annotations

import re

from core.extraction.amounts import AMOUNT, amount_in, bare_amount_at
from core.extraction.clause import Candidate
from core.extraction.types import ExtractedObservation

_IT_IS = re.compile(
    r"^(?:and\s+|but\s+|so\s+)?(?:it's|it\s+is|it\s+was|that's|that\s+is|its|which\s+is)\s+"
    r"(?:(?:now|only|just|still|like|about|around|roughly|sitting\s+at|up\s+to|down\s+to|"
    r"gone\s+up\s+to|a\s+whopping)\s+)*(?=\S)"
)
_FIGURE = re.compile(r"\d[\d,]*(?:\.\d+)?k?")
_AFTER_SUM = re.compile(r"\s*(?:$|[,.!;]|(?:this|a|per|for|now|again|ouch|though|tho|lol)\b)")


def bill_amount_after(low: str, said_before: list[ExtractedObservation]) -> list[Candidate]:
    """The amount (and currency) ``low`` (one clause) gives to the bill the clause before
    set; none when it names no sum, or the bill had its sum already."""
    if not low.startswith(("it", "that", "and", "but", "so", "which")):
        return []
    m = _IT_IS.match(low)
    if m is None:
        return []
    bills = {o.field.rsplit(".", 1)[0] for o in said_before if o.field.startswith("financial.")}
    priced = {o.field.rsplit(".", 1)[0] for o in said_before if o.field.endswith(".amount")}
    if len(bills) != 1 or bills & priced:
        return []
    rest = low[m.end() :]
    bill = next(iter(bills))
    written = AMOUNT.match(rest)
    if written is not None and (said := amount_in(written.group())) is not None:
        # "it's £1,150 this time"
        return [
            Candidate(f"{bill}.amount", said[0], 0.9),
            Candidate(f"{bill}.currency", said[1], 0.9),
        ]
    figure = _FIGURE.match(rest)
    bare = bare_amount_at(rest, 0) if figure else None
    if figure and bare is not None and bare >= 20 and _AFTER_SUM.match(rest, figure.end()):
        return [Candidate(f"{bill}.amount", bare, 0.85)]  # "it's 212 this month"
    return []
