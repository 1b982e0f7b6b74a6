"""A fact, then an instruction with its own condition after a comma: "Leo has a cough, calpol
at 6 if he's warm", "Nana's in hospital, ring me if you hear anything".

The condition governs the instruction it closes, not the fact before the comma: read as one
clause, "if" made "Leo has a cough" a supposition. ``segments`` cuts at the comma when the
piece after it says something before its "if" and the piece before is a plain present fact
(no modal, no future: "we'll go to the beach, if it stays dry" is one conditional plan).
"""

from __future__ import annotations

import re

from core.extraction.comma_cuts import Kept, cut_pieces
from core.extraction.word_gates import gated

_INSTRUCTION_IF = gated(
    r"(?:,\s*(?:so\s+)?|\s+so\s+(?=(?:just\s+|pls\s+|please\s+)?(?:bring|call|ring|text|txt|"
    r"ping|message|msg|email|come|pop|drop|grab|eat|start|go|help|let|give|tell|ask|send|use|"
    r"leave|knock|shout|feel|do|don'?t)\b))"
    r"(?=[a-z][^,;.!?]{1,40}?\s(?:if|unless)\s+[^,;.!?]+$)",
    re.I,
)
"""The joint before an instruction with its own "if": a comma, or "so" without one when an
imperative follows ("I'm babysitting all week so bring snacks if you come"); "so" before
anything else may be a degree ("I'm so glad if you come") and is left joined."""
_NOT_PLAIN = gated(
    r"\b(?:if|unless|will|'ll|won't|would|'d|could|might|may|should|must|can|can't|gonna|"
    r"going\s+to|wanna|hope|wish|maybe|probably|tomorrow|next)\b",
    re.I,
)
"""What makes the piece before the comma more than a plain fact now: a modal, a future, a
condition of its own, a hope."""


_IF_THEN_INSTRUCTION = gated(
    r",\s*(?=(?:if|when)\s+[^,;.!?]{2,40}?,?\s(?:just\s+|pls\s+|please\s+)?(?:stick|put|leave|bring|"
    r"call|ring|text|txt|message|grab|let|tell|send|give|feed|water|sign|take|pop|drop|shove|chuck|"
    r"knock|use|help)\s+(?:it|them|me|us|him|her|the|my|our|in|yourself|yourselves)\b[^,;.!?]*$)",
    re.I,
)
"""The joint before a condition with its instruction after it, no comma between: "I'm in
Paris till the 9th, if the parcel comes stick it in my room". The condition governs the
instruction, not the fact before the comma."""


def _instruction_if(piece: str) -> re.Match[str] | None:
    m = _INSTRUCTION_IF.search(piece) or _IF_THEN_INSTRUCTION.search(piece)
    if m is None or len(piece[: m.start()].split()) < 3:
        return None  # "Sis, abeg help me check if …": whom the writer calls, no fact
    return None if _NOT_PLAIN.search(piece, 0, m.start()) else m


def cut_before_conditional_tail(kept: Kept) -> Kept:
    """``kept`` (piece, joint) with an instruction and its "if" cut off a plain fact."""
    return cut_pieces(kept, _instruction_if)
