"""A debt to a person settled, said without its sum: "paid Mike back for the festival
tickets", "I've paid back my sister", "settled up with Jo for the cottage", "we're square
with Dan now".

The money rules read a person paid only with a sum after them ("paid jake 40",
``money_sent.py``); without one, "back" or "settled up" still says that what was owed to
that person is paid: ``financial.<person>.status = paid``, as "paid Tom back the 40" gives
it. The person is someone by a common first name or "my/our <relation>"; "paid the bill
back", "paid it back" and "paid them back" name no one the state keeps.
"""

from __future__ import annotations

from core.domain.fields import slugify
from core.extraction.clause import Candidate, Clause
from core.extraction.family_members import names_a_relation
from core.extraction.first_names import is_common_first_name
from core.extraction.word_gates import gated


def _whom(n: int) -> str:
    """The person paid, as group ``w<n>``, after "my"/"our" as group ``o<n>``."""
    return rf"(?P<o{n}>(?:my|our)\s+)?(?P<w{n}>[a-z][a-z'-]+)"


_SETTLED = gated(
    # "paid Mike back", "i've finally paid my brother back for the flights"
    rf"\b(?:paid|payed)\s+{_whom(1)}\s+back\b(?!\s+(?:the\s+|my\s+|like\s+)?"
    r"[$£€₦₹]?\d)|"
    # "paid back my sister", "paying back Jess this week"
    rf"\b(?:paid|payed)\s+back\s+{_whom(2)}\b(?!\s+(?:the\s+|like\s+)?[$£€₦₹]?\d)|"
    # "settled up with Jo", "squared up with my dad", "we're square with Dan now"
    rf"\b(?:settled|squared)\s+up\s+with\s+{_whom(3)}\b|\b(?:all\s+)?square\s+with\s+{_whom(4)}\b"
)
_GATE = frozenset(["back", "settled", "squared", "square"])
_ASKED_OR_AHEAD = gated(
    r"\b(?:will|'ll|gonna|going\s+to|need\s+to|have\s+to|should|must|can|could|when|if|"
    r"haven't|havent|hasn't|didn't|never|not|still\s+(?:need|have))\b"
)
"""A repayment still to make or never made: "I'll pay Mike back Friday", "haven't paid
my sister back", "need to pay Jo back" (the sum still owed is another rule's)."""


def debt_settled(clause: Clause) -> list[Candidate]:
    """``financial.<person>.status = paid`` when the clause settles a debt to a person
    without naming its sum."""
    if clause.words.isdisjoint(_GATE):
        return []
    m = _SETTLED.search(clause.low)
    if m is None or _ASKED_OR_AHEAD.search(clause.low[: m.start()]):
        return []
    n = next(i for i in range(1, 5) if m.group(f"w{i}"))
    whom = m.group(f"w{n}")
    related = names_a_relation(whom) and m.group(f"o{n}") is not None
    if not related and not is_common_first_name(whom):
        return []
    return [Candidate(f"financial.{slugify(whom)}.status", "paid", 0.85, "assertive")]
