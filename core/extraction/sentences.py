"""A message cut into sentences: at a full stop, a question or exclamation mark, a
semicolon, a line break or an emoji before more words; not after an abbreviation ("Dr.",
"a.m.").

A doubled mark ends one sentence ("came!!"), and an amount alone after a sentence is
what that sentence prices ("tax refund came!! $2,130"), so it stays with it.
"""

from __future__ import annotations

import re

from core.extraction.amounts import amount_alone
from core.extraction.word_gates import gated

# An emoji between two statements ends the first as a full stop would: "Lily has nits
# again 🙄 no school for her tomorrow".
# A mark that closes a quotation ('she asked "are you coming?" and i said yes') ends the
# quoted words, not the sentence that reports them: the question is the other person's.
# A mark inside brackets ("our trip (Santorini!!) is in two weeks") is the aside's, not the
# sentence's.
_END = gated(
    r"(?<=[!?;])\s*(?![\"\u201d!?)])|(?<=\.)\s+|\n+|"
    r"(?<=[\U0001F300-\U0001FAFF\u2600-\u27BF])\s+(?=[a-z]+\s+[a-z]+\s+[a-z])|"
    # A laugh or a groan between two statements ends the first the same way: "bus broke
    # down lol stuck in some village outside york".
    r"(?:(?<=\slol)|(?<=\slmao)|(?<=\slmfao)|(?<=\srofl)|(?<=\ssmh)|(?<=\sugh)|(?<=\sffs))"
    r"\s+(?=[a-zA-Z]+\s+[a-zA-Z]+\s+[a-zA-Z])|"
    # A kiss between two statements ends the first too: "hope ur well x im in margate till
    # sunday" (the greeting, then the news).
    r"(?:(?<=\sx)|(?<=\sxx)|(?<=\sxxx))\s+(?=(?:i|i'm|im|we|we're|my|our)\s)"
)
_ABBREV = gated(
    r"(?:\b(?:st|dr|mr|mrs|ms|mt|ft|jr|sr|vs|etc|e\.g|i\.e|a\.m|p\.m|approx|rs)|(?<![\w.])[a-z]\.[a-z])\.$",
    re.I,
)

_DUE_ALONE = gated(
    r"(?:and\s+|but\s+)?(?:it'?s\s+|its\s+)?(?:also\s+)?due\s+(?!to\b)[\w\s/,.-]{1,30}?[.!?]*"
    r"(?:\s*[^\w\s]+)*",
    re.I,
)

_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DAYS_ALONE = gated(
    rf"(?:from\s+)?(?:the\s+)?(?:{_MONTH}\s+)?\d{{1,2}}(?:st|nd|rd|th)?(?:\s+of\s+{_MONTH})?"
    rf"(?:\s*(?:to|through|thru|till|until|-|–)\s*(?:the\s+)?(?:{_MONTH}\s+)?\d{{1,2}}(?:st|nd|rd|th)?)?"
    r"[.!?]*(?:\s*[^\w\s]+)*",
    re.I,
)
"""A sentence that is only the days of what the sentence before it told ("our trip to napa
is booked!! the 20th to the 22nd 🍷")."""


def sentences(text: str) -> list[str]:
    """The sentences of a cleaned message, in order."""
    out: list[str] = []
    buf = ""
    pos = 0
    for m in _END.finditer(text):
        piece = text[pos : m.start()]
        pos = m.end()
        buf = f"{buf} {piece}".strip() if buf else piece.strip()
        if piece.endswith(".") and _ABBREV.search(piece):
            continue
        if buf:
            _append_sentence(out, buf)
        buf = ""
    rest = text[pos:].strip()
    buf = f"{buf} {rest}".strip() if buf else rest
    if buf:
        _append_sentence(out, buf)
    return out


_LEADING_EMOJI = gated(r"^(?:[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u200D]+\s*)+")
"""Emoji after a sentence's mark belong to the sentence they close ("in paris rn!!! 🇫🇷🥐
back fri"), not to the one after them."""


def _append_sentence(out: list[str], sentence: str) -> None:
    """``sentence`` after the others; an amount alone goes with the sentence before it, the
    news it prices ("tax refund came!! $2,130", "paid the plumber. $350"); emoji that lead
    it close the sentence before."""
    lead = _LEADING_EMOJI.match(sentence)
    if out and lead is not None and lead.end() < len(sentence):
        out[-1] = f"{out[-1]} {lead.group().strip()}"
        sentence = sentence[lead.end() :]
    if out and not sentence.strip("!?;. "):
        out[-1] += sentence  # "came!!": the second mark ends no other sentence
    elif out and (
        amount_alone(sentence)
        or _DUE_ALONE.fullmatch(sentence.strip())
        or _DAYS_ALONE.fullmatch(sentence.strip())
    ):
        # "the electric bill is $212?? due friday": when it is due goes with the bill.
        out[-1] = f"{out[-1]} {sentence}"
    else:
        out.append(sentence)
