"""What was paid, bought or received: the item after its verb ("paid the water bill of
$80" is the water bill), and what only dates a bill ("this month's rent", "the rent for
March") rather than naming it.
"""

from __future__ import annotations

import re

from core.extraction.amounts import WORD_AMOUNT as _WORD_AMOUNT
from core.extraction.clause import Clause, phrase_after
from core.extraction.goods_returns import ADJ, ITEM_STOP
from core.extraction.object_kinds import object_kind_in
from core.extraction.paid_or_owed import AMOUNT_AFTER, OF_AMOUNT, SHARE_OF
from core.extraction.word_gates import gated

NOT_ITEMS = frozenset(
    [
        *("paid", "it", "that", "this", "them", "a", "cold", "the", "flu", "sick", "home"),
        *("back", "up"),  # "paid it back", "settled up with Jo" (debts_settled.py)
        "there",
        "here",
        # "it's 120 due on the 15th": "it" with its verb stands for a bill named before.
        *("it's", "its", "that's", "they", "they're", "it is", "that is"),
        # "it's like 130 bucks due friday": the hedge before a sum is no bill either.
        *("like", "about", "around", "only", "just", "roughly"),
        # "water bill paid, next one due in April": "one" stands for the bill already named.
        *("one", "next one", "the next one", "another one", "the other one", "the last one"),
    ]
)
_PERIOD = (
    r"(?:(?:this|last|next)\s+)?(?:month|week|year|quarter)|jan(?:uary)?|feb(?:ruary)?|march|"
    r"april|may|june|july|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)
DATED = gated(
    rf"\b(?:{_PERIOD}|today)'s\s+|\s(?:for|of)\s+(?:the\s+month\s+of\s+)?(?:{_PERIOD})\b|"
    # "tuition for the semester", "fees for the spring term", "rent for the whole year"
    r"\s(?:for|of)\s+(?:the|this|next)\s+(?:(?:whole|full|entire|first|second|spring|fall|"
    r"autumn|summer|winter|coming)\s+)?(?:semester|term|school\s+year|academic\s+year|year|"
    r"quarter|month)\b",
    re.I,
)
"""What dates a bill, not which bill it is: "this month's rent", "the rent for March"."""


def item_after(clause: Clause, pos: int) -> str:
    if share := SHARE_OF.match(clause.low, pos):
        pos = share.end()
    # The item ends where an amount in words begins: "paid the plumber two grand".
    spelled = _WORD_AMOUNT.search(clause.low, pos)
    text = clause.text[: spelled.start()] if spelled else clause.text
    # ... and where "of" and its amount begin: "paid the water bill of $80".
    if (of := OF_AMOUNT.search(text, pos)) is not None:
        text = text[: of.start()]
    # ... and where an amount begins after its first word: "paid the babysitter 60 bucks",
    # "we owe the dentist 320 after insurance" (its number is read after it, by bare_after).
    if (money := AMOUNT_AFTER.search(text, pos)) is not None:
        text = text[: money.start()]
    # ... and where a day begins: "need to pay the rent friday" is the rent, due Friday.
    if (day := next((t for t in clause.times if t.start >= pos), None)) is not None:
        text = text[: day.start]
    name, _ = phrase_after(text, pos, max_words=3, stop=ITEM_STOP)
    return ADJ.sub("", name)


ACQUIRED = gated(r"(?:got|received|picked\s+up)\b")
"""Verbs that read as buying goods but only mean receiving a bill or a fine."""


def demanded(clause: Clause, start: int, item: str) -> bool:
    """Whether the object after ``start`` is money asked of the user (a bill, an
    invoice, a fine, a speeding ticket) rather than goods bought."""
    if not item:
        return False
    end = clause.text.find(item, start)
    end = end + len(item) if end >= 0 else start + len(item)
    return object_kind_in(clause, start, end) == "demand"
