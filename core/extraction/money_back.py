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
from core.extraction.amounts import AMOUNT, amount_in, bare_amount_at
from core.extraction.clause import Candidate, Clause
from core.extraction.first_names import is_common_first_name
from core.extraction.word_gates import gated

_ITEM = (
    r"(?:security\s+|damage\s+|rental\s+|full\s+)?(?:deposit|bond)|(?:booking\s+|late\s+|"
    r"cancellation\s+|admin\s+|application\s+|bank\s+|overdraft\s+)?fees?|fare|tickets?|"
    r"payment|money|overpayment|excess|premium|tuition"
)
_OWNER = r"(?:my|our|the|his|her|their)\s+"
_REFUNDED = gated(
    r"\b(?:finally\s+|just\s+|already\s+)?(?:refunded|paid\s+back|gave\s+back)\s+"
    rf"(?:(?:me|us)\s+)?{_OWNER}(?P<i>{_ITEM})\b|"
    # "returned my deposit": the landlord did; "returned the tickets" is goods taken back.
    rf"\breturned\s+(?:(?:me|us)\s+)?{_OWNER}(?P<i4>(?:security\s+|damage\s+)?(?:deposit|bond))\b|"
    rf"\b(?:got|get|getting|received|had)\s+{_OWNER}(?P<i2>{_ITEM})\s+back\b|"
    rf"\b(?:got|received)\s+back\s+{_OWNER}(?P<i3>{_ITEM})\b|"
    # "the landlord gave us the deposit back", "hasn't given me my bond back": to the writer.
    rf"\b(?:gave|given|give|sent|send)\s+(?:me|us)\s+{_OWNER}(?P<i5>{_ITEM})\s+back\b"
)
_NOT_YET = gated(r"\b(?:not|never|no|yet\s+to|\w+n't)\s+(?:(?:\w+|£?\d[\d,.]*)\s+){0,2}$")
"""A coming back denied just before its verb: "still not got my deposit back", "we never got
the bond back", "the landlord hasn't given us the deposit back" — owed back, not come."""
_WAITED_ON = gated(
    # "still waiting on the deposit back from the old flat", "waiting for my bond": money
    # owed back and not yet come (a deposit is waited on only to come back).
    rf"\b(?:still\s+)?(?:waiting|waitin)\s+(?:on|for)\s+{_OWNER}"
    rf"(?:(?P<i>{_ITEM})\s+back\b|(?P<i2>(?:security\s+|damage\s+|rental\s+)?(?:deposit|bond))\b)"
)
_GATE = frozenset(["back", "refunded", "returned", "waiting", "waitin"])
_FROM_A_SHOP = gated(
    # "got £40 back from Ryanair", "received 86 euros back from ticketmaster"
    rf"\b(?:got|get|received)\s+(?P<money>{AMOUNT.pattern})\s+back\s+from\s+(?:the\s+)?"
    r"(?P<m>(?!(?:my|our|his|her|their|your|him|them|mum|mom|dad)\b)[a-z][\w&'.-]*)|"
    # "Ticketmaster refunded me €86", "uber finally refunded us the 30", "the landlord has
    # refunded the £200": the sum named, "the" one owed (not "refunded her the £200").
    r"^\W*(?:(?P<det>the|my|our)\s+)?(?!(?:i|we|you|he|she|they)\b)(?P<m2>[a-z][\w&.-]*(?:'(?!s\b)[\w&.-]+)?)"
    r"(?:\s+(?:finally\s+|just\s+|already\s+)?(?:(?:has|have)\s+)?|'s\s+)(?:(?:finally|just|already)\s+)?"
    r"refunded\s+(?:(?:me|us)\s+|(?=the\s))(?:the\s+)?(?P<money2>(?>(?:[$€£₹₦]|r|rs\.?\s?)?\d[\d,.]*"
    r"(?:\s?(?:euros?|pounds?|quid|dollars?|bucks|rand))?))"
    r"(?!\s+(?:back\s+)?to\s+(?!(?:me|us|my|our)\b))"
)
"""Money back from a shop or a company named after "from", or as the one refunding: the
refund is ``<shop>_refund``, as "refund from Zalando" names it (not "got 20 back from my
brother", nor from someone by their first name: money handed back, no refund)."""
_ROLE = gated(
    r"landlord|landlady|letting\s+agent|agent|agency|airline|hotel|gym|bank|council|school|"
    r"nursery|daycare|seller|shop|store|venue|clinic|dentist|vet|builder|plumber|insurer"
)
"""Payers known by what they are to the writer, not by their name."""
_AMOUNT_AFTER = gated(r"\s*(?:back\s+)?[,:(-]*\s*(?:all\s+|the\s+full\s+|in\s+full,?\s+)?")


def money_back(clause: Clause) -> list[Candidate]:
    """The refunded status (and amount) of a payment the clause says came back."""
    if clause.words.isdisjoint(_GATE):
        return []
    m = _REFUNDED.search(clause.low)
    status = "refunded"
    if m is not None and _NOT_YET.search(clause.low, 0, m.start()):
        status = "pending"
    if m is None and (m := _WAITED_ON.search(clause.low)) is not None:
        status = "pending"
    if m is None:
        return _from_a_shop(clause)
    item = next(g for g in m.groups() if g)
    field = "financial." + slugify(re.sub(r"^(?:full|security|damage|rental)\s+", "", item))
    out = [Candidate(f"{field}.status", status, 0.9)]
    lead = _AMOUNT_AFTER.match(clause.low, m.end())
    pos = lead.end() if lead else m.end()
    said = amount_in(clause.low[pos : pos + 16])
    value = said[0] if said else bare_amount_at(clause.low, pos)
    if value is not None:
        out.append(Candidate(f"{field}.amount", value, 0.9))
        if said:
            out.append(Candidate(f"{field}.currency", said[1], 0.9))
    return out


def _from_a_shop(clause: Clause) -> list[Candidate]:
    shop = _FROM_A_SHOP.search(clause.low)
    if shop is None:
        return []
    name = shop.group("m") or shop.group("m2")
    if is_common_first_name(name):
        return []
    money = shop.group("money") or shop.group("money2")
    said = amount_in(money)
    # A shop or a company named refunds its "<name>_refund"; one known by its role ("the
    # landlord", "landlady", "the airline") is that payer's own money back.
    role = shop.group("det") is not None or _ROLE.fullmatch(name) is not None
    field = f"financial.{slugify(name)}" + ("" if role else "_refund")
    out = [Candidate(f"{field}.status", "refunded", 0.9, "assertive")]
    value = said[0] if said else bare_amount_at(money, 0)
    if value is not None:
        out.append(Candidate(f"{field}.amount", value, 0.9, "assertive"))
    if said:
        out.append(Candidate(f"{field}.currency", said[1], 0.9, "assertive"))
    return out
