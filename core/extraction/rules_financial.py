"""Financial fields: amount, currency, status and merchant of purchases and bills.

"paid rent, $2,100" -> financial.rent.{status=paid, amount=2100, currency=USD};
"bought a standing desk from IKEA for 349 euros" adds the merchant; "the Amazon
return is still pending" -> financial.amazon_return.status=pending.
"""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta

from core.extraction.clause import Candidate, Clause, phrase_after, phrase_before
from core.extraction.types import ObservationIntent
from core.fields import slugify

_AMOUNT = re.compile(
    r"(?P<cur1>us\$|c\$|ca\$|a\$|au\$|[$€£¥])\s?(?P<n1>\d[\d,]*(?:\.\d+)?)(?P<k1>k\b)?|"
    r"\b(?P<n2>\d[\d,]*(?:\.\d+)?)\s?(?P<k2>k\b)?\s*(?P<cur2>dollars?|bucks|usd|euros?|eur|"
    r"pounds?|gbp|quid|yen|jpy|cad|aud|chf|pesos?|mxn|rupees?|inr)\b"
)
_CURRENCY = {
    "$": "USD",
    "us$": "USD",
    "c$": "CAD",
    "ca$": "CAD",
    "a$": "AUD",
    "au$": "AUD",
    "€": "EUR",
    "£": "GBP",
    "¥": "JPY",
    "dollar": "USD",
    "buck": "USD",
    "usd": "USD",
    "euro": "EUR",
    "eur": "EUR",
    "pound": "GBP",
    "gbp": "GBP",
    "quid": "GBP",
    "yen": "JPY",
    "jpy": "JPY",
    "cad": "CAD",
    "aud": "AUD",
    "chf": "CHF",
    "peso": "MXN",
    "mxn": "MXN",
    "rupee": "INR",
    "inr": "INR",
}
_ITEM_STOP = frozenset(
    [
        "for",
        "from",
        "at",
        "on",
        "to",
        "today",
        "yesterday",
        "tomorrow",
        "this",
        "last",
        "next",
        "with",
        "via",
        "and",
        "but",
        "so",
        "is",
        "was",
        "already",
        "finally",
        "just",
        "off",
        "in",
        "using",
        "online",
        "which",
        "that",
        "it's",
        "by",
        "due",
        "before",
        "until",
        "every",
    ]
)
_VERB_STATUS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            r"\b(?:got|received)\s+(?:my\s+|a\s+|the\s+)?(?:\S*\d\S*\s+)?refund\s+"
            r"(?:from|for|on)\s+"
        ),
        "refunded",
    ),
    (
        re.compile(
            r"\b(?:cancell?ed|canceled)\s+(?=(?:[\w']+\s+){0,3}?(?:subscription|membership|"
            r"order|payment|plan|account)\b)"
        ),
        "cancelled",
    ),
    (re.compile(r"\b(?:paid\s+off|paid\s+for|paid|settled)\s+"), "paid"),
    (re.compile(r"\b(?:bought|purchased|ordered|splurged\s+on|picked\s+up|got)\s+"), "paid"),
)
_SUBJECT_STATUS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\s+(?:is|are|'s|was)\s+(?:still\s+|now\s+)?pending\b"), "pending"),
    (
        re.compile(
            r"\s+(?:is|are|'s|was|were|got|has\s+been)\s+(?:finally\s+|just\s+)?refunded\b|"
            r"\s+(?:came|went)\s+through\b|\s+(?:is|was)\s+processed\b"
        ),
        "refunded",
    ),
    (
        re.compile(
            r"\s+(?:is|are|'s|comes|will\s+be)\s+due\b|\s+due\s+(?:on|by|tomorrow|today|"
            r"next|this|friday|monday)\b"
        ),
        "due",
    ),
    (re.compile(r"\s+(?:is|are|'s|was|got|has\s+been)\s+(?:already\s+)?paid\b"), "paid"),
    (re.compile(r"\s+(?:is|was|got)\s+(?:cancell?ed|canceled)\b"), "cancelled"),
)
_MERCHANT = re.compile(r"\b(?:from|at|on|with|to)\s+(?P<m>[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*)*)")
_FINANCIAL_WORDS = re.compile(
    r"\b(?:rent|bill|bills|invoice|mortgage|subscription|membership|order|refund|return|"
    r"payment|tuition|insurance|loan|tax|taxes|fee|fine|ticket|deposit|premium|charge|package|"
    r"purchase)\b"
)
_NOT_ITEMS = frozenset(
    [
        "paid",
        "it",
        "that",
        "this",
        "them",
        "a",
        "cold",
        "the",
        "flu",
        "sick",
        "home",
        "back",
        "there",
    ]
)
_TODO = re.compile(r"(pay|renew|return)\s+")
_ADJ = re.compile(r"^(?:new|brand\s+new|used|some|another|nice|cheap)\s+", re.I)


def _amount(clause: Clause) -> tuple[float | int, str] | None:
    m = _AMOUNT.search(clause.low)
    if m is None:
        return None
    raw = (m.group("n1") or m.group("n2")).replace(",", "")
    try:
        value = float(raw)
    except ValueError:
        return None
    if m.group("k1") or m.group("k2"):
        value *= 1000
    cur = (m.group("cur1") or m.group("cur2") or "$").rstrip("s")
    number: float | int = int(value) if value.is_integer() else round(value, 2)
    return number, _CURRENCY.get(cur, _CURRENCY.get(cur + "s", "USD"))


def _item_after(clause: Clause, pos: int) -> str:
    name, _ = phrase_after(clause.text, pos, max_words=3, stop=_ITEM_STOP)
    return _ADJ.sub("", name)


_GATE = frozenset(
    [
        "paid",
        "pay",
        "bought",
        "purchased",
        "ordered",
        "got",
        "received",
        "refund",
        "refunded",
        "pending",
        "due",
        "charged",
        "cancelled",
        "canceled",
        "settled",
        "splurged",
        "picked",
        "return",
        "renew",
        "subscription",
        "order",
        "bill",
        "rent",
        "processed",
        "came",
        "went",
    ]
)
_MONEY_CHARS = re.compile(r"[\d$€£¥]")


def extract_financial(clause: Clause) -> list[Candidate]:
    """Financial candidates in one clause."""
    if clause.words.isdisjoint(_GATE) and _MONEY_CHARS.search(clause.low) is None:
        return []
    amount = _amount(clause)
    # Amounts are blanked out so "the bill is $120 due Friday" reads "the bill is due Friday".
    text = _AMOUNT.sub(lambda m: " " * len(m.group()), clause.text)
    low = text.lower()
    item, status = "", ""
    for rx, st in _SUBJECT_STATUS:
        m = rx.search(low)
        if m:
            item, status = _ADJ.sub("", phrase_before(text, m.start(), max_words=3)), st
            break
    if not item:
        for rx, st in _VERB_STATUS:
            m = rx.search(low)
            if m:
                item, status = _item_after(clause, m.end()), st
                if st == "refunded" and (mm := _MERCHANT.search(clause.text, m.start())):
                    item = mm.group("m") + " refund"
                break
    if clause.markdown and not item and (m := _TODO.match(low)):
        # A to-do line: "- [ ] Pay rent by Friday" is due, "- [x] Pay rent" is paid.
        verb = m.group(1)
        item = _item_after(clause, m.end())
        status = ("paid" if clause.done else "due") if verb in ("pay", "renew") else "pending"
    item = item.strip(" ,.$")
    if not item or item.lower() in _NOT_ITEMS or any(c.isdigit() for c in item[:1]):
        return []
    merchant_m = _MERCHANT.search(clause.text)
    merchant = merchant_m.group("m") if merchant_m else None
    # "got a new bike" is a purchase only when money or a shop is named; a bill word
    # ("rent", "invoice") is financial by itself.
    if amount is None and merchant is None and not _FINANCIAL_WORDS.search(item.lower()):
        return []
    if status == "paid" and clause.intent == "planning":
        status = "due"
    slug = f"financial.{slugify(item)}"
    forced: ObservationIntent | None = (
        "assertive" if status in ("paid", "refunded", "cancelled") else None
    )
    out = [Candidate(f"{slug}.status", status, 0.9, forced)]
    if amount is not None:
        out.append(Candidate(f"{slug}.amount", amount[0], 0.9, forced))
        out.append(Candidate(f"{slug}.currency", amount[1], 0.9, forced))
    if merchant is not None:
        out.append(Candidate(f"{slug}.merchant", merchant, 0.85, forced))
    due = next((t for t in clause.times if not t.past), None)
    if status == "due" and due is not None:
        until = datetime.combine(due.day + timedelta(days=1), time(0), tzinfo=clause.at.tzinfo)
        out = [Candidate(c.field, c.value, c.confidence, c.intent, until) for c in out]
        out.append(Candidate(f"{slug}.due_date", due.day.isoformat(), 0.9, None, until))
    return out
