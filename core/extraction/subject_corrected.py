"""A trip's subject corrected later in the message: "we're off to Rome on the 10th, well
Jordan is, I'm staying put" is Jordan's trip, not the writer's.

Read clause by clause, the trip comes first with "we" as its subject and is the writer's
plan; the correction after it ("well Jordan is", "actually just the kids are", "not me
though") has no field of its own, so nothing took the plan back (voices36's probes36b
found it: Canon asked "Are you going to Rome on the 10th?" of someone staying home). How
the message is cut into clauses varies with its commas, so the correction is looked for
in the whole message, after the words the trip was read from; the writer's travel fields
said before it go. "well I am", "actually we're going on saturday" or "not for long
though" correct no subject and change nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.extraction.types import ExtractedObservation
from core.extraction.word_gates import gated

_CORRECTED = gated(
    r"(?:[,;:.!-]|\s-|\u2014)\s*"
    # "well Jordan is", "actually just the kids are", "or rather my husband is"
    r"(?:(?:well|actually|or\s+rather|i\s+mean|sorry|correction)\b[,\s]*(?:(?:just|only)\s+)?|"
    r"(?:just|only)\s+)"
    r"(?!(?:i|we|me|us|it|that|this|there|which|who)\b)"
    r"(?:(?:the|my|our)\s+)?[a-z][a-z'-]*(?:\s+(?:and|&)\s+(?:the\s+|my\s+|our\s+)?[a-z][a-z'-]*)?"
    r"\s+(?:is|are)\b(?:\s*(?:going|flying|driving|off|though|anyway|actually|lol|haha))?"
    r"\s*(?:[,;:.!)-]|$)|"
    # "not me though", "minus me", "well, not me", "without me"
    r"(?:[,;:.!-]|\s-|\u2014)\s*(?:(?:well|actually|but)[,\s]+)?(?:not\s+me|minus\s+me|without\s+me)"
    r"\b(?:\s+(?:though|tho|this\s+time|sadly|unfortunately))?\s*(?:[,;:.!)-]|$)"
)
"""Another subject put in the writer's place after the words of a trip, ending its clause:
"…, well Jordan is,", "… - actually just the kids are", "…, not me though"."""


def trips_handed_over(
    observations: Sequence[ExtractedObservation], message: str
) -> tuple[ExtractedObservation, ...]:
    """``observations`` of ``message`` (lower case as the clauses were read) without the
    writer's travel fields read from words before a correction of their subject."""
    low = message.lower()
    m = _CORRECTED.search(low)
    if m is None:
        return tuple(observations)

    def before_it(o: ExtractedObservation) -> bool:
        start = low.find(o.evidence_text.lower())
        return 0 <= start < m.start()

    return tuple(o for o in observations if not (o.domain == "travel" and before_it(o)))
