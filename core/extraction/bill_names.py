"""The name a bill goes by, whoever sent it: "your PG&E electric bill" is the electric
bill, "Comcast internet bill" the internet bill, "my flat rent" the rent, "your credit card
payment" the credit card, "phone bill autopay" the phone bill.

A notification or a pasted reminder names the company before the bill, and people in India
say "flat rent" or "house rent"; the catalogue knows the bill by what it is for. A name
alone before "bill" stays ("the Verizon bill": nothing else says what it is for).
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_BILL_HEAD = gated(
    r"\b(?:bill|rent|mortgage|invoice|premium|insurance|fees?|tuition|loan|emi|card|taxe?s?|"
    r"membership|subscription|dues)$"
)
_PROVIDER = gated(r"^(?:[A-Z][\w&'.-]*|[\w'.-]*[A-Z&][\w&'.-]*)$")
"""A company's name before the bill: capitalised or with capitals or "&" inside ("PG&E",
"Comcast", "BESCOM", "AT&T")."""
_PLACE_RENT = gated(
    r"^(?:(?:flat|house|home|apartment|apt|room|hostel|pg|studio|condo)\s+)+(?=rent$)", re.I
)
_AFTER = gated(r"\s+(?:payment|autopay|auto-pay|bill\s+payment|instalment|installment|emi)$", re.I)
"""What follows the bill and is only how it is paid: "credit card payment", "phone bill
autopay" (not "car payment": the car is no bill)."""
HOW_PAID_WORDS = frozenset(
    # "emi": Indian English's "equated monthly instalment" ("car loan emi").
    {"payment", "autopay", "auto-pay", "instalment", "installment", "invoice", "charge", "emi"}
)
_HOW_PAID = gated(rf"(?<=\S)\s+(?:{'|'.join(sorted(HOW_PAID_WORDS))})$", re.I)
"""One word of how a bill is paid or asked for, after its name: "property tax payment",
"phone bill invoice", "the gym membership charge", "council tax instalment"."""


_WHICH_ONE = gated(
    r"^(?:new|current|monthly|weekly|yearly|annual|usual|regular)\s+(?=\S+(?:\s+\S+)?$)", re.I
)


_CLIENTS = gated(
    r"\b([A-Za-z][\w&-]*)['\u2019]s\s+((?:(?:final|first|second|last)\s+)?(?:invoice|deposit|quote|"
    r"estimate|balance|payment|retainer|fee))\b"
)
_REFLEXIVE = gated(r"\s+(?:myself|ourselves|ourself|themselves|himself|herself)$", re.I)
"""Who paid, not what: "paid the conference fee myself" is the conference fee."""
_GIVEN_THE = gated(r"^\S+(?:\s+\S+)?\s+(?:the|our|my)\s+(?=(?:deposit|balance|fee|invoice)$)", re.I)
"""Two objects, the payee and the thing paid: "paid the builder the deposit" is the deposit,
as "paid the deposit" names it."""


_WHOSE_BILL = gated(r"^(?P<who>.*[a-z])['\u2019]s\s+bill$", re.I)
"""A bill by who sent it: "the plumber's bill" is what the plumber is owed, as "paid the
plumber" says ("the window cleaner's bill")."""


BILL_ARRIVED = r"(?:came|arrived|showed\s+up|turned\s+up|landed)"
"""The verbs that bring a bill, told in the simple past of a bill here now: "the gas bill
came", "arrived", "water bill showed up", "turned up", "the heating bill landed" (the
pattern's text, for the bill patterns built on it; "came in" is "came" and its "in")."""
_CAME = gated(rf"(?<=\S)\s+{BILL_ARRIVED}(?:\s+in)?$", re.I)
"""The verb that brought the bill, read with its name: "the gas bill came, $80, due friday"."""


def without_arrival(item: str) -> str:
    """``item`` without the verb that brought it: "bill showed up" -> "bill"."""
    return _CAME.sub("", item)


_RENEWAL = gated(r"(?<=\S)\s+renewal$", re.I)
"""A thing paid for again: "season ticket renewal", "car insurance renewal" are the season
ticket and the car insurance, paid for another term."""


def bill_name(item: str) -> str:
    """``item`` without the company before it, the home before "rent" and the way it is
    paid after it: "PG&E electric bill" -> "electric bill"."""
    # "Halcyon's invoice" is the Halcyon invoice, as "the Hollis invoice" names it;
    # "the roofer's deposit", "the electrician's quote": the roofer deposit, as said; "the
    # florist's balance", "the venue's final payment" the same.
    name = _CLIENTS.sub(r"\1 \2", _REFLEXIVE.sub("", item.strip()))
    name = _GIVEN_THE.sub("", name)
    name = _WHOSE_BILL.sub(r"\g<who>", _CAME.sub("", name))
    bare = _AFTER.sub("", name)
    if bare != name and _BILL_HEAD.search(bare.lower()):
        name = bare
    name = _without_how_paid(name)
    name = _PLACE_RENT.sub("", _RENEWAL.sub("", name))
    # "my new rent", "the current premium", "our monthly mortgage": the same bill.
    name = _WHICH_ONE.sub("", name)
    words = name.split()
    # Company names go, as long as a lower-case word is left to say what the bill is for.
    while len(words) > 2 and _PROVIDER.match(words[0]) and words[1].islower():
        words = words[1:]
    return " ".join(words)


def _without_how_paid(name: str) -> str:
    """``name`` without the words after it that say how it is paid, as long as what is left
    is a bill by itself: "electricity bill payment" is the electricity bill, "property tax
    installment" the property tax; "car payment", "the late payment charge" and "service
    charge" stay (neither a car nor a service is a bill)."""
    while True:
        bare = _HOW_PAID.sub("", name)
        if bare == name or not _BILL_HEAD.search(bare.lower()):
            return name
        name = bare
