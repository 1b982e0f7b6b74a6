"""A thing's "'s" that is "is": "dinner's in the oven", "car's at the garage till thursday",
"washing's still out". A bare noun opening a sentence with "'s" before where or how it is
reads to the parse as a possessive, so the clause has no verb and claims nothing.

Not a person's ("Mum's in theatre", "Tom's at work"): the readers of people and relatives
know their "'s" already, and a capitalised word in mid-message is a name.
"""

from __future__ import annotations

import re

from core.extraction.first_names import is_common_first_name
from core.extraction.word_gates import gated

_THING_S = gated(
    r"(?:^|(?<=[.!?;]\s))([a-z]+)'s\s+(?=(?:in|on|at|under|ready|done|nearly|almost|still|out|"
    r"off|back)\b(?!-))",
    re.I,
)
_OWNED_THING_S = gated(
    r"\b(?P<det>the|my|our|your|this|that)\s+(?P<w>[a-z]+)'s\s+(?=(?:ready|done|broken|fixed|sorted|"
    r"booked|closed|open|empty|full|finished|overdue|nearly|almost)\b(?!-))",
    re.I,
)
"""A thing after its determiner, then "'s" and a state no possession can follow: "my
prescription's ready to collect", "the boiler's broken again", "our flat's empty now"."""


def _words(block: str) -> frozenset[str]:
    return frozenset(block.split())


_NOT_A_THING = _words(
    """
    it that what there here he she who where let how when why everyone everything nobody
    nothing one mum mom mam mummy mommy ma dad daddy pa nan nana nanna gran granny grandma
    grandpa grandad granddad gramps wife hubby husband sister sis brother bro son daughter
    baby partner boyfriend girlfriend bf gf auntie aunt uncle cousin niece nephew kid boss
    landlord doctor doc gp nurse teacher
    """
)


def _is(m: re.Match[str]) -> str:
    word = m.group(1)
    person = word.lower() in _NOT_A_THING or is_common_first_name(word.lower())
    if person or (word[0].isupper() and m.start() > 0):
        return m.group()  # a person, or a name in mid-message: not a thing
    return f"{word} is "


def thing_is(text: str) -> str:
    """``text`` with a thing's "'s" before where or how it is written "is"."""
    if "'s " not in text:  # the cheap test first
        return text
    return _OWNED_THING_S.sub(_owned_is, _THING_S.sub(_is, text))


def _owned_is(m: re.Match[str]) -> str:
    word = m.group("w")
    if word.lower() in _NOT_A_THING or is_common_first_name(word.lower()):
        return m.group()  # "my mum's done in", "my son's ready": the readers of people's
    return f"{m.group('det')} {word} is "
