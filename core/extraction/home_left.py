"""A home city named in a message that goes on to say the speaker left it.

"we moved to denver in 2019 and left in 2022": each clause is read alone, so the move
still says Denver is home; the leaving after it ends that home, as a job left ends an
employer (``job_left``). A home named again after the leaving is kept ("left Leeds in
2019, back in Leeds now").
"""

from __future__ import annotations

import re

from core.extraction.types import ExtractedObservation

_LEFT_AFTER = re.compile(
    r"(?:\band|\bbut|\bthen|,)\s+(?:(?:we|i)\s+)?(?:then\s+)?(?:left|moved\s+(?:away|out))"
    r"(?=\s*(?:$|[,.;!]|(?:in|after|when|because|again|last)\b|(?:two|three|a|one|six)\s+"
    r"(?:years?|months?)\b))"
)
"""The speaker leaving, its subject the one before or left out: "…and left in 2022",
"…, left after two years", "…but moved away when the kids came" (not "left my job")."""


def home_since_left(
    obs: tuple[ExtractedObservation, ...], text: str
) -> tuple[ExtractedObservation, ...]:
    """``obs`` without an assertive home city named before a leaving in ``text``."""
    low = text.lower()
    left = _LEFT_AFTER.search(low)
    if left is None:
        return obs

    def ended(o: ExtractedObservation) -> bool:
        if o.field != "profile.home_city" or o.intent != "assertive":
            return False
        name = str(o.candidate_value).lower()
        at = low.find(name)
        return 0 <= at < left.start() and low.find(name, left.end()) < 0

    return tuple(o for o in obs if not ended(o))
