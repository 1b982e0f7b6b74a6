"""An errand due before the trip the same message plans: its day is the trip's.

"tmrw we go tahoe. must return amazon before", "leaving for tahoe tomorrow, have to drop
off the amazon return before we go": the return (or a bill) is due by the day the trip
sets out, which the message says of the trip, not of the errand. Only "before" with
nothing after it, or with the going itself after it ("before we go", "before go" as a
learner cuts it, "before leaving", "before the trip", "before then"), points at the trip;
"before work", "before going to work" or "before friday" say their own time.
"""

from __future__ import annotations

from dataclasses import replace

from core.extraction.types import ExtractedObservation
from core.extraction.word_gates import gated

_BEFORE_THE_TRIP = gated(
    r"\b(?:before|b4|beforehand)\s*(?:$|[.!,;)]|"
    r"(?:(?:we|i)\s+)?(?:go|leave|head|set\s+off|drive|fly|take\s+off|hit\s+the\s+road|"
    r"going|leaving|heading|setting\s+off|driving|flying|departing|taking\s+off)\b"
    r"(?!\s+(?:in\s+)?(?:to|for|into)\s+(?:work|school|class|bed|the\s+(?:office|gym|shops?))\b)|"
    r"(?:the|our|this|my)\s+(?:trip|drive|flight|holiday|vacation|getaway)\b|then\b|that\b|"
    r"(?:we|i)(?:'re|\s+are|\s+am|'m)\s+(?:off|away|gone|leaving)\b)"
)


def due_before_the_trip(
    observations: list[ExtractedObservation],
) -> list[ExtractedObservation]:
    """``observations`` with a due day for each errand due "before" the trip they plan:
    the trip's day of setting out. An errand with a day of its own keeps it."""
    departs = [
        o for o in observations if o.field == "travel.depart_date" and o.intent == "planning"
    ]
    if len(departs) != 1:
        return observations  # no trip planned, or two: which one it is before is unsaid
    depart = departs[0]
    fields = {o.field for o in observations}
    added = []
    for o in observations:
        item, _, last = o.field.rpartition(".")
        if not (
            o.domain == "financial"
            and last == "status"
            and o.candidate_value == "due"
            and o.intent in ("assertive", "planning")
            and f"{item}.due_date" not in fields
            and _BEFORE_THE_TRIP.search(o.evidence_text.lower())
        ):
            continue
        added.append(
            replace(
                o,
                field=f"{item}.due_date",
                candidate_value=depart.candidate_value,
                intent="planning",
            )
        )
    return [*observations, *added]
