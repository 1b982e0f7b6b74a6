"""The town an arrival told without it names next: "we're here! Charleston is so pretty",
"got here around 2, Portland is pouring as usual", "landed. boston. exhausted.".

"we're here", "made it", "landed" say a trip is under way and leave the place out; the
clause right after often opens with the town itself, as the subject of a remark about it or
alone as a terse status line. That town is where the writer is. Only a known town counts
(a person's name opening the next clause is someone's news), only right after the writer's
own arrival with no place (someone else's arrival never reaches here: its status is not the
writer's), and only as the subject or alone ("Portland trip was a blast" is no remark on a
town the writer is in).
"""

from __future__ import annotations

from core.extraction.clause import Candidate, Clause
from core.extraction.first_names import is_common_first_name
from core.extraction.places import place_at
from core.extraction.types import ExtractedObservation
from core.extraction.word_gates import gated

_REMARK = gated(
    r"(?:\s+(?:is|'s|was|has|looks|feels|seems)\b(?!\s+(?:where|going|gonna|next|tomorrow|on\s+the\s+list)\b)"
    r"|\s*[.!]*\s*$)"
)
"""What follows the town: a remark on it now ("is so pretty", "looks amazing"), or nothing
(the town alone); not the next stop ("Denver is next")."""


def place_after_arrival(
    said_before: list[ExtractedObservation], clause: Clause
) -> Candidate | None:
    """The writer's location from a clause that opens with a known town right after a clause
    that put the writer's trip under way with no place; None otherwise."""
    if not said_before or clause.intent in ("hypothetical", "historical"):
        return None
    under_way = any(
        o.field == "travel.status"
        and o.candidate_value == "in_progress"
        and o.intent == "assertive"
        for o in said_before
    )
    if not under_way or any(
        o.field.startswith("travel.") and o.field != "travel.status" for o in said_before
    ):
        return None
    place = place_at(clause.text, 0)
    if place is None or not place.known or is_common_first_name(place.name.lower()):
        return None
    if _REMARK.match(clause.text, place.end) is None:
        return None
    return Candidate("travel.location", place.name, 0.85, "assertive")
