"""Money handed to a person, said the way chat says it: "sent kayla the 20 i owed her",
"venmoed jake 40", "paid thabo back the R300", "i owe tyler like 35".

The money rules read a debt settled from "paid <whom> <amount>" ("paid jake 40":
``financial.jake.status = paid``) and a debt from "owe <whom> <amount>". Chat names the
payment by the app it went through ("venmoed", "zelled", "cashapped"), by "sent", puts
"back" and "the" between the person and the sum, adds "i owed him" after it, and pads the
sum with a spoken "like". Each is read as the plain "paid <whom> <amount>" it means.

Not money sent to a shop or a thing ("sent the landlord an email", "sent jake 2 pics", "sent the 20
to the wrong account"): a person, by a name or "my <relation>", then a sum, must follow.
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_SUM = r"(?:[$£€₦₹]|R(?=\d)|rs\.?\s?)?\d[\d,.]*k?(?:\s*(?:bucks|dollars|quid|pounds|euros|usd|eur|gbp))?"
_WHOM = (
    r"(?P<whom>(?:my\s+|our\s+)?(?!(?:the|a|an|it|that|this|them|those|these|back|him|her|"
    r"me|you|u|us|out|off|over|in|on|for|to)\b)[a-z][\w'-]*)"
)
_SENT = gated(
    r"\b(?:sent|venmoed|venmo'd|zelled|zelle'd|cashapped|cash\s+apped|paypaled|paypalled|"
    r"e-?transferred|transferred|paid|payed)\s+"
    + _WHOM
    + r"\s+(?:back\s+)?(?:the\s+|my\s+|his\s+|her\s+|their\s+)?"
    r"(?:like\s+|about\s+|around\s+)?(?P<sum>" + _SUM + r")(?:\s+(?:i|that\s+i)\s+owed?\s+"
    r"(?:him|her|them|\w+))?"
    # the sum ends there ("sent jake 2 pics" sends no money)
    r"(?=\s*(?:$|[^\w\s]|(?:for|back|i|that|on|via|over|thru|through|last|yesterday|today|this|"
    r"and|lol|fr|already|just|tho|rn|so|but)\b))",
    re.I,
)
"""A sum handed to a person, by any word of paying or sending."""
_OWED_LIKE = gated(
    r"\b(?P<head>owe|owes|owed)\s+" + _WHOM + r"\s+(?:like|about|around|roughly|literally)\s+"
    r"(?=" + _SUM + r")",
    re.I,
)
"""A debt with a spoken "like" before its sum: "i owe tyler like 35"."""
_SHARE_OF = gated(
    r"\bmy\s+(?:share|part|portion|cut|half|third|bit)\s+of\s+(?:the\s+)?(?=rent\b|bills?\b|"
    r"utilities\b|wifi\b|internet\b|electric|council\s+tax\b|(?:[a-z]+\s+){1,2}bill\b)",
    re.I,
)
"""One's share of a bill shared with flatmates: "my share of rent is 650", "my bit of the
water bill is €18", "my share of council tax is £80" is the bill one pays ("my half of the
rent" reads so already)."""


_INVOICE_PAID = gated(
    r"\b(?:(?:the|my|our|this|that|a)\s+)?(?:client|clients|customer|agency|publisher|brand|"
    r"studio|company|startup|[A-Z][\w&]+)\s+(?:finally\s+|just\s+|already\s+|actually\s+)?"
    r"paid\s+(?:(?:my|the|our|their|that)\s+)?(?P<what>(?:[a-z]+\s+)?invoice)\b"
)
"""A freelancer's invoice paid by the client: "client paid the invoice finally", "Acme paid my
invoice" (the client is the subject, the money the writer's: "the invoice got paid")."""
_MY_BILL_IN = gated(
    r"\b(?P<my>my|our)\s+(?P<bill>rent|bills?)\s+in\s+(?:[a-z\u00c0-\u024f]+\s+){1,2}?"
    r"(?=(?:is|was|comes\s+to|came\s+to)\b)",
    re.I,
)
_RENT_AT_MINE = gated(
    r"\b(?:the\s+)?rent\s+(?:in|at|for)\s+(?:my|our)\s+(?:new\s+)?(?:place|apartment|apt|flat|room|"
    r"studio|house|condo)\s+(?=(?:is|was|comes\s+to)\b)",
    re.I,
)
"""The rent of the writer's own home: "rent in my new place is 700 usd"."""
"""One's own rent where one lives now: "my rent in lisbon is 900" ("rent in lisbon is 2k" may
be anyone's: the market's, not the writer's)."""


_BILL_LIKE = gated(
    r"\b(?P<bill>bill|rent|invoice|fees?|payment|deposit|tuition)\s+(?:like|about|around|roughly)\s+"
    r"(?=" + _SUM + r")",
    re.I,
)
"""A spoken "like" between a bill and its sum: "we still owe the water bill like 60 bucks"."""
_MONTHS_OF = gated(
    r"\b(?P<paid>paid|prepaid)\s+(?P<n>\d{1,2}|one|two|three|four|six|twelve|a\s+few)\s+"
    r"(?P<unit>months?|weeks?)(?:'|'s)?\s+(?:of\s+)?(?:the\s+)?rent\b",
    re.I,
)
""""paid 6 months rent upfront": the rent, paid for a span ("paid the rent for 6 months")."""
_BILL_TO_WHOM = gated(
    r"\b(?P<v>sent|paid|transferred|gave|wired)\s+(?:the|my|our)\s+(?:landlord|landlady|letting\s+agents?|"
    r"agent|council|bank)\s+(?:(?:this|last|next)\s+month's\s+|the\s+|my\s+|our\s+)?"
    r"(?P<bill>rent|deposit|council\s+tax|mortgage|service\s+charge)\b",
    re.I,
)
"""A bill handed to the one it is owed to: "sent the landlord this month's rent" pays the
rent, not a debt to the landlord."""
_SUM_TO_LANDLORD = gated(
    r"\b(?P<v>sent|paid|payed|transferred|gave|wired|venmoed|e-?transferred)\s+(?:the|my|our)\s+"
    r"(?:landlord|landlady|letting\s+agents?)\s+(?:the\s+)?(?P<sum>"
    + _SUM
    + r")(?![\w,.])(?!\s+(?:for|towards?)\s)",
    re.I,
)
"""A sum handed to the landlord with no bill named: "sent the landlord 1200 this morning"
pays the rent, not a debt to the landlord ("for the deposit" names the bill itself)."""
_PART_OF = gated(
    r"\b(?P<v>paid|payed|pay|paying|cleared|clear|clearing)\s+(?P<off>off\s+)?(?:the\s+)?"
    r"(?:last|rest|remainder|balance|final\s+bit)\s+of\s+(?=(?:my|our|the)\s)",
    re.I,
)
"""The last of a bill paid is the bill paid: "paid off the last of my credit card", "cleared
the rest of the car loan"."""
_BY_DEBIT = gated(
    r"(?<=\w)\s+(?:direct\s+debit|standing\s+order)(?=\s+(?:goes|went|comes|came|has|is|was|'s|"
    r"bounced|failed|will|of|for)\b)",
    re.I,
)
"""How a bill is paid, between the bill and its verb: "my council tax direct debit goes out
on the 1st" is the council tax going out."""


def money_to_people(text: str) -> str:
    """``text`` with chat's ways of paying a person back read as "paid <whom> <sum>"."""
    low = text.lower()
    if " like " in low or " about " in low or " around " in low or " roughly " in low:
        text = _BILL_LIKE.sub(lambda m: f"{m.group('bill')} ", text)
    if "direct debit" in low or "standing order" in low:
        text = _BY_DEBIT.sub("", text)
    if not any(w in low for w in ("sent", "ed ", "paid", "payed", "owe", " of ", " in ")):
        return text
    text = _MONTHS_OF.sub(lambda m: f"paid the rent for {m.group('n')} {m.group('unit')}", text)
    text = _BILL_TO_WHOM.sub(lambda m: f"{m.group('v')} the {m.group('bill')}", text)
    text = _PART_OF.sub(lambda m: f"{m.group('v')} {m.group('off') or ''}", text)
    text = _SUM_TO_LANDLORD.sub(lambda m: f"{m.group('v')} the rent {m.group('sum')}", text)
    text = _SENT.sub(lambda m: f"paid {m.group('whom')} {m.group('sum')}", text)
    text = _OWED_LIKE.sub(lambda m: f"{m.group('head')} {m.group('whom')} ", text)
    text = _INVOICE_PAID.sub(lambda m: f"the {m.group('what')} got paid", text)
    text = _MY_BILL_IN.sub(lambda m: f"{m.group('my')} {m.group('bill')} here ", text)
    text = _RENT_AT_MINE.sub("my rent ", text)
    return _SHARE_OF.sub("my ", text)
