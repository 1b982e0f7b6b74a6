"""What a thing of the writer's costs by the month, the week or the year: "the storage unit
is $95 a month", "my parking permit is $40 a month", "the lawn guy is $60 a week", "the
allotment is £30 a year", and by the day: "the dog walker is $25 a day", "the daycare is €55
per day" (a rate paid day after day, as a month's is).

No bill word names it: the thing itself is what is paid for again and again, so it is read
as a bill would be (``financial.<thing>.amount`` and its currency). Only the writer's own
("the", "my", "our" opening the clause: "my sister's storage unit" is hers), said in the
present ("was $60 a month back then" is a story), and by a term that recurs: "a night", "a
head" or "each" price something once, not a bill.
"""

from __future__ import annotations

from core.domain.fields import slugify
from core.extraction.amounts import AMOUNT, RECURRING_TERM, amount_in
from core.extraction.clause import Candidate, Clause
from core.extraction.word_gates import gated

_OPENERS = r"(?:(?:ok|okay|so|and|also|btw|fyi|oh|yeah|plus|well|hey|lol|ugh|fun\s+fact)[,!]?\s+)*"
_COSTS = gated(
    rf"^{_OPENERS}(?:the|my|our)\s+(?P<item>(?:[a-z][a-z-]*\s+){{0,2}}?[a-z][a-z-]*)\s*"
    r"(?:\s(?:is|are|costs?|comes\s+to|runs\s+(?:me|us))|'s|'re)\s+"
    r"(?:(?:now|only|just|still|about|around|like|roughly)\s+)*"
    rf"(?P<money>{AMOUNT.pattern})\s*"
    rf"(?:(?:a|an|per|/|every)\s*(?:{RECURRING_TERM}|day\b)|"
    r"(?:monthly|weekly|yearly|annually|daily)\b|pcm\b)"
)
_NOT_PAID_FOR = gated(
    # What comes in, not what is paid: "my salary is $5,000 a month", "our budget is £400 a
    # week", "the per diem is $75 a day"; and bills and rents, which ``rules_financial`` reads with their status.
    r"\b(?:salary|wages?|pay|income|stipend|allowance|budget|pension|earnings|savings|"
    r"take-home|bonus|tips|profit|revenue|diem|bill|bills|rent|mortgage|invoice|premium|insurance|"
    r"fees?|tuition|payment|spend|spending|average|cost|price|total)$"
)
"""The last word of what is paid for, when it is no thing paid for."""


def cost_by_the_term(clause: Clause) -> list[Candidate]:
    """The amount, and its currency, of a thing of the writer's priced by a term that
    recurs ("the storage unit is $95 a month")."""
    m = _COSTS.match(clause.low)
    if m is None or _NOT_PAID_FOR.search(m.group("item")) is not None:
        return []
    said = amount_in(m.group("money"))
    if said is None:
        return []
    field = f"financial.{slugify(m.group('item'))}"
    return [
        Candidate(f"{field}.amount", said[0], 0.85),
        Candidate(f"{field}.currency", said[1], 0.85),
    ]
