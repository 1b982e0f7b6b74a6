"""A trip cut short, said alone: "we cut the trip short", "had to cut our holiday short",
"ended up cutting the vacation short". The trip ended early; with nothing said of a way
home still ahead, the writer is back (as "cut our holiday short and flew home yesterday"
says outright). "cut the trip short, flying home tomorrow" is the way home on its day
(read by the way home), someone else's ("my parents cut their trip short") is theirs, and
a story ("we cut the trip short last year too") is not this trip.
"""

from __future__ import annotations

from core.extraction.clause import Candidate, Clause
from core.extraction.intent_tense import CUT_TRIP_SHORT
from core.extraction.travel_returns import HOMEWARD, user_is_subject
from core.extraction.word_gates import gated

_CUT_SHORT = gated(rf"\b{CUT_TRIP_SHORT}\b")
_STORY = gated(
    r"\b(?:last\s+(?:year|time|summer|winter|month)|ago|again|too|every|once|always|when|in\s+(?:19|20)\d\d)\b"
)
_AHEAD = gated(r"\b(?:tomorrow|tmrw|tonight|on\s+the\s+way|heading|flying|driving)\b")
"""A way home still ahead somewhere in the message: the trip is ending, not over."""


def cut_short(clause: Clause) -> list[Candidate] | None:
    """The trip over, when ``clause`` says the writer cut it short and nothing in the
    message says the way home is still ahead; None when it says no such thing."""
    m = _CUT_SHORT.search(clause.low)
    if m is None or clause.intent not in ("assertive", "historical"):
        return None
    message = (clause.message or clause.text).lower()
    if _STORY.search(clause.low) or _AHEAD.search(message) or HOMEWARD.search(message):
        return None
    if not user_is_subject(clause, m.start()):
        return None
    return [Candidate("travel.status", "completed", 0.85, "assertive")]
