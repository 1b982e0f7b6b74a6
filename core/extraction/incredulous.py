"""A statement said in disbelief: "the electric bill is $212??", "rent is 18k?!".

Two or more marks after a sentence in statement order that names an amount exclaim at a
fact the writer has just read, they ask nothing ("babe the electric bill is $212?? due
friday" says what the bill is). One mark still asks ("the bill is $212?"), and so does a
sentence that opens on a question word or an auxiliary ("is it $212??").
"""

from __future__ import annotations

from core.extraction.amounts import AMOUNT
from core.extraction.word_gates import gated

_MARKS = gated(r"(?:\?[?!]+|![?!]*\?[?!]*)\s*$")
_ASKS = gated(
    r"^(?:\W*(?:so|and|but|wait|babe|baby|hun|hon|wtf|omg|lol)\W+)*"
    r"(?:what|when|where|who|why|how|which|is|are|was|were|do|does|did|have|has|can|could|"
    r"will|would|should|am|isn't|aren't|didn't|doesn't|u|you|ur|your)\b"
)


def incredulous(sentence: str) -> bool:
    """Whether ``sentence`` exclaims at an amount it states rather than asking."""
    if _MARKS.search(sentence) is None:
        return False
    low = sentence.casefold().strip()
    return AMOUNT.search(low) is not None and _ASKS.search(low) is None
