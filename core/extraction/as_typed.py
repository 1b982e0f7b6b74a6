"""What the user typed, quoted as typed: an observation's evidence is the clause the rules
read, which ``typed_text.clean`` mended ("emmas got a fever" -> "Emma's got a fever",
"im in tahoe rn" -> "I'm in tahoe right now"). "/why" says "you said …", so the quote is
taken back from the message: the same words when the clause is in it as it stands, else
the stretch of the message that lines up best with the clause (rapidfuzz's partial
alignment, widened to whole words). A clause that is most of the message quotes all of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rapidfuzz import fuzz

from core.extraction.types import ExtractedObservation

_LIMIT = 1000
_MOST = 0.8
"""A clause this long beside the message is the message (a window would cut it short)."""
_ALIGNED = 60.0
"""Below this score the stretch found is no quote of the clause: the clause stays."""


def quoted_as_typed(
    observations: Sequence[ExtractedObservation], typed: str
) -> tuple[ExtractedObservation, ...]:
    """``observations`` with each evidence text the words of ``typed`` it was read from."""
    spans: dict[str, str] = {}
    out = []
    for o in observations:
        said = o.evidence_text
        if not said or said in typed:
            out.append(o)
            continue
        if said not in spans:
            spans[said] = _span(said, typed)
        out.append(replace(o, evidence_text=spans[said]))
    return tuple(out)


def _span(said: str, typed: str) -> str:
    low, message = said.lower(), typed.lower()
    at = message.find(low)
    if at >= 0:
        return typed[at : at + len(said)]
    whole = " ".join(typed.split())
    if len(said) >= _MOST * len(whole):
        return whole[:_LIMIT]
    found = fuzz.partial_ratio_alignment(low, message, score_cutoff=_ALIGNED)
    if found is None:
        return said
    start, end = found.dest_start, found.dest_end
    while start > 0 and typed[start - 1].isalnum():
        start -= 1
    while end < len(typed) and typed[end].isalnum():
        end += 1
    return " ".join(typed[start:end].split())[:_LIMIT] or said
