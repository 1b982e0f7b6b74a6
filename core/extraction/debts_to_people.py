"""A debt to a person settled or still open, said without its sum: "paid mike back for the
tickets", "paid back my mom for the flight", "i still owe jess for the concert tix".

With a sum the money rules read it already ("paid jake 40", "owe tyler 35"); without one
the person alone is no bill, so nothing was kept. The person is the debt's name
(``financial.<name>.status``): paid back, or due while owed. Only the writer's own
debts: the clause opens on the verb, "I" or "we" ("my brother paid mike back", "mike paid
me back" are someone else's paying), and "never paid him back" tells of nothing done.
"""

from __future__ import annotations

import re

from core.domain.fields import slugify
from core.extraction.clause import Candidate, Clause
from core.extraction.first_names import is_common_first_name
from core.extraction.paid_or_owed import not_paid
from core.extraction.types import ObservationIntent
from core.extraction.word_gates import gated

_LEAD = (
    r"^\W*(?:(?:so|and|yeah|ok|okay|also|btw|fyi|lol|i|we|i've|we've|have|finally|just|already|"
    r"still|fully|officially|haven't|havent|never|didn't|didnt)\s+)*"
)
_RELATION = (
    r"(?:my|our)\s+(?P<rel>mom|mum|mother|dad|father|sister|sis|brother|bro|roommate|roomie|"
    r"flatmate|housemate|cousin|aunt|uncle|grandma|grandpa|nan|parents|boss|bf|gf|boyfriend|"
    r"girlfriend|friend|landlord|landlady)"
)
_WHOM = rf"(?:{_RELATION}|(?P<name>[a-z][a-z'-]+))"
_PAID_BACK = gated(
    _LEAD
    + r"(?P<verb>paid|venmoed|zelled|sent)\s+(?:(?P<back>back)\s+)?"
    + _WHOM
    + r"(?(back)|\s+back)"
    # no sum after: "paid mike back 40" is read with its sum by the money rules
    r"(?=\s*(?:$|[^\w\s$£€]|(?:for|last|yesterday|today|this|already|finally|so|and|now|yet|"
    r"in\s+full|fr|lol|ty|tho|btw)\b))"
)
_OWE = gated(
    _LEAD
    + r"(?P<verb>owe)\s+"
    + _WHOM
    + r"(?=\s*(?:$|[^\w\s$£€]|(?:for|from|money|big\s+time|still|rn|right\s+now|so|and|lol)\b))"
)
_NOT_PEOPLE = frozenset({"bill", "will", "chase", "penny", "sue", "rent", "back", "them", "him"})
_RELATION_SLUG = {"mum": "mom", "mother": "mom", "father": "dad", "sis": "sister", "bro": "brother"}


def _whom(m: re.Match[str]) -> str | None:
    if m.group("rel"):
        rel = m.group("rel")
        return _RELATION_SLUG.get(rel, rel)
    name = m.group("name")
    return name if name not in _NOT_PEOPLE and is_common_first_name(name) else None


def debt_to_person(clause: Clause) -> list[Candidate]:
    """The status of the writer's debt to a person named without a sum, or nothing."""
    low = clause.low
    if "owe" not in clause.words and "back" not in clause.words:
        return []
    status = "paid"
    m = _PAID_BACK.match(low)
    if m is None:
        m, status = _OWE.match(low), "due"
    if m is None or (whom := _whom(m)) is None:
        return []
    if status == "paid":
        unpaid = not_paid(low, m.start("verb"))
        if unpaid is False:
            return []  # "never paid mike back": nothing was done
        status = "due" if unpaid else "paid"
    elif not_paid(low, m.start("verb")) is False:
        return []  # "i don't owe jess anything"
    # Paid is done whatever the tense it is told in ("paid mike back last night"), as the
    # money rules force a payment; what is owed takes the clause's reading.
    forced: ObservationIntent | None = "assertive" if status == "paid" else None
    return [Candidate(f"financial.{slugify(whom)}.status", status, 0.85, forced)]
