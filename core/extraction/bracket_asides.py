"""Who the writer is, said in brackets after the subject: "I (32F) live in Austin", "We (two
adults, one toddler) are in Bangkok", "Me (29M) and my girlfriend (27F) live in Glasgow".

Advice posts open this way. The bracket splits the subject from its verb, and the parse
then finds no subject for "live" or "are": the writer's home or whereabouts go unread. A
bracket right after a subject (a pronoun, or "my"/"our" and a noun) that says only an age,
a sex or who is in the party is dropped; any other bracket ("moved here (Seoul) in
August", "my flight (the 7am) is late") is kept.
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_NUMBER = r"(?:\d{1,3}|one|two|three|four|five|six)"
_WHO = (
    r"(?:\d{1,2}\s*(?:[mf]|yo|y/o|yrs?|years?(?:\s+old)?)?|[mf]\s*\d{1,2}|"
    r"(?:both\s+)?(?:early|mid|late)?\s*\d0s|\d{1,2}\s*(?:and|&|,)\s*\d{1,2}|"
    rf"{_NUMBER}\s+(?:adults?|kids?|children|toddlers?|teens?|babies|baby|dogs?|cats?|of\s+us)"
    rf"(?:\s*(?:,|and|&|\+)\s*{_NUMBER}\s+(?:adults?|kids?|children|toddlers?|teens?|babies|"
    r"baby|dogs?|cats?))*|(?:family|party|couple)\s+of\s+\w+)"
)
_ASIDE = gated(
    r"\b(?P<who>i|we|me|us|(?:my|our)\s+[a-z]+)\s*\(\s*(?:" + _WHO + r")\s*\)",
    re.I,
)


def without_age_tags(text: str) -> str:
    """``text`` with the age, sex or party brackets after a subject left out."""
    if "(" not in text:
        return text
    return _ASIDE.sub(r"\g<who>", text)
