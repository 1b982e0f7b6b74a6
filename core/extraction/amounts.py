"""Amounts of money in a clause: "$84", "2,100 dollars", "3k", "three hundred bucks".

The currency is read from its sign or word ("£", "quid", "euros") as an ISO 4217 code;
a bare number is no amount. Numbers are grouped the ways the world writes them: "2,100",
"8 500" (a space, as in South Africa and much of Europe), "1.200,50" (dots for thousands,
a comma before the cents), and the sign may follow the number ("1.200,50 €", "45€").
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_NUMBER = (
    # "1.200,50", "2.500": dots between thousands, a comma before the cents.
    r"\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?(?![\d.,])|"
    # "8 500", "12 000": a space between thousands (not "3 500ml", not "10 20 30").
    r"\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d,.]|[ \u00a0\u202f]?\d)(?:\.\d{1,2})?|"
    # "45,50": a comma before two digits of cents, nothing after.
    r"\d+,\d{2}(?![\d,.])|"
    r"\d[\d,]*(?:\.\d+)?"
)
AMOUNT = gated(
    r"(?P<cur1>us\$|c\$|ca\$|a\$|au\$|(?<![a-zA-Z])[sS]\$|(?<![a-zA-Z])[rR][sS]\.?|[$€£¥₹₦₱]|"
    # Naira typed with a plain "N" (Nigerian English): "N15,000", "n2500", never "n95".
    r"(?<![a-z0-9])[nN](?=\d{1,3}(?:[, \u00a0]\d{3})+(?![\d,])|\d{4,}(?!\d))|"
    # South African rand: "R1,240", "r350" (two digits at least, joined to the R: "R2" is
    # a droid, a road, a rating).
    r"(?<![a-z0-9&])[rR](?=\d{1,3}(?:[, \u00a0]\d{3})+(?![\d,])|\d{2,}(?![\d:]))|[฿]|"
    # A code before the sum, as bank apps and expense forms write it: "CHF 480", "EUR 1,200".
    r"(?<![A-Za-z])(?i:usd|eur|gbp|chf|cad|aud|sgd|aed|inr|jpy|zar|thb|mxn|ngn)(?=\s?\d))\s?(?P<n1>"
    + _NUMBER
    # "₦1.2m", "£2.5 million": a sign and millions (Nigerian rents are said by the million).
    + r")(?:(?P<k1>k\b)|(?P<m1>m\b|mn\b|\s?million\b))?|"
    r"\b(?P<n2>" + _NUMBER + r")\s?(?P<k2>k\b)?\s*(?P<cur2>dollars?|bucks|usd|euros?|eur|"
    r"pounds?|gbp|quid|yen|jpy|cad|aud|chf|pesos?|mxn|php|rupees?|inr|naira|ngn|sgd|rand|zar|"
    r"baht|thb|dirhams?|aed|kes|ksh|grand|"
    # South Asian numbering: "1.2 lakh", "2 crore" (rupees unless written otherwise).
    r"lakhs?|lacs?|crores?)\b|"
    # The sign after the number: "1.200,50 €", "45€", "30 £" (not "€" before a number).
    r"\b(?P<n3>" + _NUMBER + r")\s?(?P<cur3>[€£])(?!\s?\d)"
)
RECURRING_TERM = r"(?:month|mo|mth|week|wk|fortnight|year|yr|quarter|term)\b"
"""The terms a payment recurs by, one list for whatever reads one: "the storage unit is $95 a
month" (``costs_by_the_term``), "I pay 300 a quarter for water" (``paying_for``). "A night"
and "each" price a thing once (``AMOUNT_AND_RATE``): no bill."""
AMOUNT_AND_RATE = gated(
    rf"(?:{AMOUNT.pattern})(?:\s*(?:[aA]n?|[pP]er|/)\s*(?:night|nite|month|mo|week|wk|year|yr|"
    r"day|hour|hr|person|head|pop|session|visit|walk|class|lesson)\b|\s*(?:each|apiece)\b)?"
)
"""An amount and the unit it is priced by: "€210 a night", "$45 per walk", "£64 each". The
unit is no thing paid for ("hotel in Munich is €210 a night, due at check-in" is the
hotel's price, not a bill called "night"; "the tickets were £64 each, due Friday" are the
tickets, not a bill called "each")."""
_UNITS = {
    w: n
    for n, w in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
        ]
    )
}
_TENS = {
    w: 10 * n
    for n, w in enumerate(
        ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"], 2
    )
}
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
NUMBER_WORD = "|".join(sorted([*_UNITS, *_TENS, *_SCALES], key=len, reverse=True))
WORD_AMOUNT = gated(
    rf"\b(?P<words>(?:a\s+)?(?:{NUMBER_WORD})(?:(?:\s+|-|\s+and\s+)(?:{NUMBER_WORD}))*)\s+"
    r"(?P<cur>dollars?|bucks|euros?|pounds?|quid|grand)\b"
)
"""An amount spelled out: "three hundred bucks", "two thousand dollars", "fifty quid",
"a hundred euros", "two grand"."""


def number_in_words(words: str) -> int | None:
    """The value of number words ("two thousand five hundred" -> 2500); None if they do not
    make one number ("five five")."""
    total, part, last = 0, 0, ""
    for w in re.split(r"[\s-]+", words.lower()):
        if w == "and":
            continue
        if w == "a":
            part, last = 1, "unit"
        elif w in _UNITS or w in _TENS:
            kind = "unit" if w in _UNITS else "ten"
            if last == "unit" or (last == "ten" and kind == "ten"):
                return None
            part, last = part + _UNITS.get(w, 0) + _TENS.get(w, 0), kind
        elif w == "hundred":
            part, last = max(part, 1) * 100, "scale"
        else:
            total, part, last = total + max(part, 1) * _SCALES[w], 0, "scale"
    return total + part


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
    # Indian, Nigerian, Singaporean and Philippine money: "Rs 2,340", "₦15,000", "S$40".
    "rs": "INR",
    "rs.": "INR",
    "₹": "INR",
    "₦": "NGN",
    "naira": "NGN",
    "ngn": "NGN",
    "s$": "SGD",
    "sgd": "SGD",
    "₱": "PHP",
    "php": "PHP",
    "n": "NGN",
    "r": "ZAR",
    "rand": "ZAR",
    "lakh": "INR",
    "lac": "INR",
    "crore": "INR",
    "zar": "ZAR",
    "baht": "THB",
    "thb": "THB",
    "฿": "THB",
    "dirham": "AED",
    "aed": "AED",
    "kes": "KES",
    "ksh": "KES",
}


_INDIAN_SCALE = {"lakh": 100_000, "lac": 100_000, "crore": 10_000_000}
_EUROPEAN = gated(r"\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?|\d+,\d{2}")


def number_of(raw: str) -> float | None:
    """The value of a number as written: "2,100" -> 2100, "8 500" -> 8500, "1.200,50" ->
    1200.5, "45,50" -> 45.5."""
    bare = re.sub(r"[ \u00a0\u202f]", "", raw)
    if _EUROPEAN.fullmatch(bare):
        bare = bare.replace(".", "").replace(",", ".")
    try:
        return float(bare.replace(",", ""))
    except ValueError:
        return None


def amount_in(low: str) -> tuple[float | int, str] | None:
    """The first amount in ``low`` and its ISO currency: "$84" -> (84, "USD")."""
    m = AMOUNT.search(low)
    if m is None:
        w = WORD_AMOUNT.search(low)
        spelled = number_in_words(w.group("words")) if w else None
        if w is None or not spelled:
            return None
        cur = w.group("cur").rstrip("s")
        if cur == "grand":
            return spelled * 1000, "USD"
        return spelled, _CURRENCY.get(cur, _CURRENCY.get(cur + "s", "USD"))
    value = number_of(m.group("n1") or m.group("n2") or m.group("n3"))
    if value is None:
        return None
    if m.group("k1") or m.group("k2") or m.group("cur2") == "grand":
        value *= 1000
    if m.group("m1"):
        value *= 1_000_000
    scale = _INDIAN_SCALE.get((m.group("cur2") or "").rstrip("s"))
    if scale is not None:
        value *= scale
    said = m.group("cur1") or m.group("cur2") or m.group("cur3") or "$"
    if len(said) == 3 and said.isalpha():
        said = said.lower()  # "CHF 480": a code before the sum
    cur = said if said in _CURRENCY else said.rstrip("s")  # "rs" is rupees, not "r"
    number: float | int = int(value) if value.is_integer() else round(value, 2)
    return number, _CURRENCY.get(cur, _CURRENCY.get(cur + "s", "USD"))


_BARE = gated(
    # "18k, due on the 5th": after "k" a comma ends the amount; "1200, due on the 5th",
    # "rent is 1200. it's due…": so does a comma or a stop with no digit after it.
    r"\s*(?P<n>\d{1,3}(?:,\d{3})+|\d+)(?P<dec>\.\d{1,2})?"
    r"(?:(?P<k>k\b)|(?![\d:]|[,.]\d|/(?!mo|month|mth)))"
    r"(?!\s*(?:%|"
    r"percent|days?|weeks?|months?|years?|yrs?|hours?|hrs?|minutes?|mins?|am|pm|a\.m|p\.m|st|nd|"
    r"rd|th|people|times|ppl|kids|rooms?|bedrooms?|sq|square|ft|feet|miles?|km|kwh|gb|mb|"
    r"gallons?|liters?|litres?|units?|pages?|ways?)\b)"
)


def bare_amount_at(low: str, pos: int) -> float | int | None:
    """A number written without a currency at ``pos`` where only money can stand ("the
    rent is now 2300", "went up to 2.4k"); None for a count, a date or a time ("3 days",
    "the 5th", "10am")."""
    m = _BARE.match(low, pos)
    if m is None:
        return None
    value = float(m.group("n").replace(",", "") + (m.group("dec") or ""))
    if m.group("k"):
        value *= 1000
    return int(value) if value.is_integer() else round(value, 2)


_ALONE = gated(rf"[^\w$€£¥]*(?:{AMOUNT.pattern})[^\w]*", re.I)


def amount_alone(sentence: str) -> bool:
    """A sentence that is only an amount, emoji aside ("$2,130 💸"): what the sentence
    before it cost or brought ("tax refund came!! $2,130")."""
    return _ALONE.fullmatch(sentence.strip()) is not None
