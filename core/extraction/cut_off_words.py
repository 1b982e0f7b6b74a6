"""A word cut off and said again, as transcripts of speech write it: "we're in Lis- in
Lisbon now", "I've been at Sainsb- Sainsbury's for ages", "my mum's in the hosp- the
hospital".

The speaker starts a word, stops (the transcript's hyphen), and says it whole, often with
the word before it again. The cut-off start is dropped with the repeated word before it,
so the rules read "we're in Lisbon now" and not a place called "Lis-". A hyphen with no
space after it ("well-known", "Stoke-on-Trent") is a word's own and stays.
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_CUT_OFF_WITH_LEAD = gated(
    r"\b(?P<lead>in|at|to|on|from|for|the|a|my|our|with)\s+(?P<part>[A-Za-z]{1,12})-\s+"
    r"(?=(?P=lead)\s+(?P=part)[\w'])",
    re.I,
)
"""The word before said again too: "in Lis- in Lisbon"."""
_CUT_OFF = gated(r"\b(?P<part>[A-Za-z]{1,12})-\s+(?=(?P=part)[\w'])", re.I)
"""The word alone said again: "at Sainsb- Sainsbury's"."""


def words_cut_off(text: str) -> str:
    """``text`` without the starts of words said again whole."""
    if "- " not in text:
        return text
    return _CUT_OFF.sub("", _CUT_OFF_WITH_LEAD.sub("", text))
