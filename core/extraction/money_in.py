"""Money that came in, said as people say it: "child support came in late again, $640",
"etsy payout for march hit, $1,120", "my paycheck landed today, 2,300", "$85 reimbursement
finally showed up".

What came in is named by what it is (a payout, a paycheck, child support, a stipend, a
bonus, a reimbursement) and, before it, by who pays it ("airbnb payout"): its amount is
``financial.<name>.amount``, with its currency when one is written. Only the amount: the
catalogue's statuses are those of bills ("due", "paid"), not of money received. The money
of someone else ("his paycheck hit") is not the speaker's (``whose_clause``).
"""

from __future__ import annotations

from core.domain.fields import slugify
from core.extraction.amounts import AMOUNT, amount_in, bare_amount_at
from core.extraction.clause import Candidate, Clause
from core.extraction.word_gates import gated

_INCOME = (
    r"pay\s*check|payout|child\s+support|alimony|stipend|bonus|reimbursement|commission|"
    r"pension|severance|direct\s+deposit|settlement|"
    # Students' and workers' money: "bursary money came in", "my salary hit", "wages landed".
    r"bursary|scholarship|allowance|salary|wages|per\s+diem|tips|"
    # Retirement savings paid out: "my PF got credited", "CPF payout came in"
    r"pf|epf|cpf|provident\s+fund"
)
_CAME_IN = (
    # "per diem for the Geneva trip paid out", "the bonus got paid out": paid to the writer.
    r"(?:(?:finally|just|already)\s+)?(?:came\s+in|came\s+through|went\s+through|hit|landed|"
    r"(?:got\s+|was\s+|has\s+been\s+)?paid\s+out|"
    r"arrived|cleared|posted|showed\s+up|dropped|came|"
    # Indian English: "salary got credited today itself", "stipend is credited"
    r"(?:got|was|has\s+been|is|been)\s+credited|credited)\b"
    r"(?:\s+(?:late|early|again|today|yesterday|finally|this\s+morning|last\s+night|itself|"
    r"(?:in|on)\s+time))*"
)
_NAMED = gated(
    r"(?:^|\b(?:the|my|our|this\s+month's|this\s+months|last\s+month's)\s+)"
    # A word before it says who pays: "airbnb payout", "uber reimbursement" (not "his").
    rf"(?P<item>(?:(?!(?:the|my|our|your|ur|his|her|their|a|an)\b)[a-z][a-z&'-]*\s+)?(?:{_INCOME}))"
    r"(?:\s+money)?"
    # What period it is for dates it, it does not name it: "payout for february".
    r"(?:\s+(?:for|from)\s+(?:the\s+)?[a-z]+(?:\s+[a-z]+)?)?"
    rf"\s+{_CAME_IN}\s*[,:;-]?\s*(?:(?:it's|its|it\s+was|for|of|at)\s+)?"
)
_PAY_CHECK = gated(r"pay\s+check")
_AMOUNT_FIRST = gated(
    r"(?P<money>(?:us\$|[$€£¥₹])\s?\d[\d,]*(?:\.\d+)?k?)\s+"
    rf"(?P<item>(?:[a-z][a-z&'-]*\s+)?(?:{_INCOME}))\s+{_CAME_IN}"
)


def money_in(clause: Clause) -> list[Candidate]:
    """The amount of the money the clause says came in, if it names both."""
    if (m := _NAMED.search(clause.low)) is not None:
        money = AMOUNT.match(clause.low, m.end())
        if money is not None:
            amount = amount_in(money.group())
        else:
            bare = bare_amount_at(clause.low, m.end())
            amount = None if bare is None or bare < 10 else (bare, "")
        item = m.group("item")
    elif (m := _AMOUNT_FIRST.search(clause.low)) is not None:
        amount, item = amount_in(m.group("money")), m.group("item")
    else:
        return []
    if amount is None:
        return []
    slug = f"financial.{slugify(_PAY_CHECK.sub('paycheck', item))}"
    out = [Candidate(f"{slug}.amount", amount[0], 0.9, "assertive")]
    if amount[1]:
        out.append(Candidate(f"{slug}.currency", amount[1], 0.9, "assertive"))
    return out
