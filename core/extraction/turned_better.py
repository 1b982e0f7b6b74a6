"""An illness and its turn for the better in one sentence, the subject said once: "Gran
has been poorly with her chest but is on the mend now", "Dad was very low last week but
is much brighter today", "the baby had a fever but is fine now".

The sentence has one subject and two states; the rules take the first they meet, so
the relative would stay ill. The turn is cut off as a clause of its own ("…with her
chest. But on the mend now"), which ``better_now`` reads as the ill one's state now:
the later state wins, as it does when the two are said apart ("mum had a migraine all
weekend, better today"). A turn for the worse ("…but is back in hospital") stays.
"""

from __future__ import annotations

from core.extraction.word_gates import gated

_TURN = gated(
    r"(?i)\s*,?\s+but\s+(?:(?:is|are|'s|seems|seem|looks|look)\s+)?(?:now\s+)?"
    r"(?=(?:much\s+|a\s+lot\s+|a\s+bit\s+|a\s+little\s+|slowly\s+|definitely\s+|well\s+)?"
    r"(?:better|brighter|on\s+the\s+mend|recovering|improving|fine|ok|okay|over\s+the\s+worst|"
    r"on\s+the\s+up|picking\s+up|back\s+home|home|out\s+of\s+(?:the\s+)?hospital)\b)"
)
_ILL = gated(
    r"(?i)\b(?:was|were|has\s+been|have\s+been|had|'s\s+been|'ve\s+been)\s+(?:\w+\s+){0,3}?"
    r"(?:poorly|ill|sick|unwell|low|rough|under\s+the\s+weather|a\s+(?:fever|temperature|"
    r"cold|bug|migraine|chest\s+infection)|in\s+(?:the\s+)?hospital|laid\s+up|bad)\b"
)


def turn_said_apart(text: str) -> str:
    """``text`` with a turn for the better after an illness cut off as its own clause."""
    if " but " not in text.lower():
        return text
    ill = _ILL.search(text)
    if ill is None:
        return text
    turn = _TURN.search(text, ill.end())
    if turn is None:
        return text
    return f"{text[: turn.start()]}. But {text[turn.end() :]}"
