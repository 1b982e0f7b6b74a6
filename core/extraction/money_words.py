"""Money said in words, written as its number: "twelve hundred a month" -> "1200 a month".

People say an amount the way they would speak it: "rent is twelve hundred a month",
"phone bill's forty five quid", "I owe him fifteen thousand naira", "eight hundred and
forty pounds this year". The money rules read digits ("$1,200", "45 quid"), so the
words are written as the number they make before the rules read the message, and every
rule reads the amount the same way. Only words that are money are rewritten: a currency
word must follow them ("quid", "naira", "rupees", "grand"), or, with no currency, a rate
of at least a hundred ("twelve hundred a month", "a thousand a year"), so "three a week"
and "two weeks" stay words.

How big an amount felt goes too, since the rules read the amount after the verb: "was a
whopping £412", "came to a hefty £210", "a cool 2 grand", "an eye-watering €1,900" are the
amount.
"""

from __future__ import annotations

import re

from core.extraction.amounts import NUMBER_WORD, number_in_words
from core.extraction.word_gates import gated

_CURRENCY_WORD = (
    r"dollars?|bucks|euros?|pounds?|quid|grand|yen|pesos?|rupees?|naira|rand|baht|dirhams?|"
    r"shillings?|cedis?|ringgit|lakhs?|crores?"
)
_SPOKEN = gated(
    rf"\b(?P<words>(?:a\s+)?(?:{NUMBER_WORD})(?:(?:\s+|-|\s+and\s+)(?:{NUMBER_WORD}))*)"
    rf"(?=\s+(?:(?P<cur>{_CURRENCY_WORD})\b|(?P<rate>a\s+(?:month|year|week|mo)\b|per\s+"
    r"(?:month|year|week|annum)\b|pcm\b|pm\b|p/m\b|monthly\b)))",
    re.I,
)


_FELT_SIZE = gated(
    r"\b(?:an?\s+)?(?:whopping|hefty|massive|staggering|cool|measly|mere|eye[\s-]?watering|"
    r"grand\s+total\s+of|total\s+of|princely\s+sum\s+of|sum\s+of)\s+"
    r"(?=(?:us\$|rs\.?\s?|[$€£¥₹₦₱])?\d)",
    re.I,
)


_BILL_IS = gated(
    # "Rent's £1,150 pcm", "council tax's 142 a month": the bill is the sum, not its owner.
    r"(?i)\b(?P<bill>rent|mortgage|bill|council\s+tax|broadband|insurance|fees?)'s\s+"
    r"(?=(?:[$€£¥₹₦]|rs\.?\s?)\d|\d[\d,.]*\s*(?:pcm|p/?m|a\s+month|per\s+month|a\s+week|quid|k\b))"
)
_TOWARDS = gated(
    # "remitted Rs 45,000 towards the fees": paid, for the fees (Indian English's
    # "remitted" is paid; "towards" names what it paid for).
    r"(?i)\b(?P<verb>paid|remitted|deposited|transferred)(?P<sum>\s+\S+(?:\s+\S+)?\s+)towards?\s+"
    r"(?=(?:the|my|our|this|his|her)\s)"
)
_HANDED = gated(
    # "sent the landlord twelve hundred", "paid him eight hundred and fifty": a sum handed to
    # someone needs no currency word after it when it is said in hundreds or thousands.
    r"\b(?:paid|payed|sent|transferred|wired|gave|owe|owed|venmoed)\s+(?:(?:the|my|our)\s+)?"
    rf"[a-z]+\s+(?P<words>(?:a\s+)?(?:{NUMBER_WORD})(?:(?:\s+|-|\s+and\s+)(?:{NUMBER_WORD}))*)"
    r"(?=\s*(?:$|[,.!;]|\s(?:this|last|yesterday|today|for|back|already|on|via|by)\b))",
    re.I,
)
_BIG_WORD = gated(r"\b(?:hundred|thousand|grand)\b", re.I)


def _handed_number(m: re.Match[str]) -> str:
    words = m.group("words")
    value = number_in_words(words)
    if not value or value < 100 or _BIG_WORD.search(words) is None:
        return m.group()
    start = m.start("words") - m.start()
    return m.group()[:start] + str(value)


def _as_number(m: re.Match[str]) -> str:
    value = number_in_words(m.group("words"))
    if not value or (m.group("cur") is None and value < 100):
        return m.group()
    return str(value)


def money_in_figures(text: str) -> str:
    """``text`` with spoken amounts of money written as their number."""
    text = _BILL_IS.sub(r"\g<bill> is ", _FELT_SIZE.sub("", text))
    if "toward" in text.lower():
        text = _TOWARDS.sub(
            lambda m: (
                f"{'paid' if m['verb'].lower() in ('remitted', 'deposited') else m['verb']}{m['sum']}for "
            ),
            text,
        )
    low = text.lower()
    if ("hundred" in low or "thousand" in low) and _HANDED.search(text):
        text = _HANDED.sub(_handed_number, text)
    return _SPOKEN.sub(_as_number, text)
