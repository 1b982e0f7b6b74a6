"""An employer or a home named in a message that goes on to say it was left.

"We moved to Bristol in 2022 for my job at Dyson. Last year I was made redundant." Each
clause is read alone, so the first still says Dyson; the later one ends that job. An
employer named before "I was made redundant", "I got laid off", "I quit" in the same
message is no longer the speaker's, unless it is named again after it ("…then I joined
Monzo" keeps Monzo). So with a home: "we moved to denver in 2019 and left in 2022" ends
Denver as home ("left Leeds in 2019, back in Leeds now" keeps it).
"""

from __future__ import annotations

import re

from core.extraction.types import ExtractedObservation
from core.extraction.word_gates import gated

_LEFT = gated(
    r"\bi\s+(?:was|got|have\s+been|'ve\s+been)\s+(?:just\s+)?(?:made\s+redundant|laid\s+off|let\s+go|"
    r"fired|sacked|terminated)\b|"
    # "I quit", "I resigned in May", not "I quit smoking".
    r"\bi\s+(?:quit|resigned)(?=\s*(?:$|[,.;!]|last|in|on|after|because|my\s+job|the\s+job|"
    r"there))|\bi\s+left\s+(?:the\s+company|my\s+job|there|them)\b"
)


_DATES_THE_NEW_JOB = gated(r"\b(?:since|after|when|ever\s+since|till|until)\s+$")
""""driving for Uber since I got laid off": the job lost dates the job held now."""


def employer_since_left(
    obs: tuple[ExtractedObservation, ...], text: str
) -> tuple[ExtractedObservation, ...]:
    """``obs`` without an assertive employer named before a job lost or left in ``text``."""
    low = text.lower()
    left = next(
        (m for m in _LEFT.finditer(low) if not _DATES_THE_NEW_JOB.search(low, 0, m.start())), None
    )
    return _without_named_before(obs, low, "profile.employer", left)


_HOME_LEFT = gated(
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
    return _without_named_before(obs, low, "profile.home_city", _HOME_LEFT.search(low))


def _without_named_before(
    obs: tuple[ExtractedObservation, ...], low: str, field: str, left: re.Match[str] | None
) -> tuple[ExtractedObservation, ...]:
    """``obs`` without an assertive ``field`` whose value is named before ``left`` and not
    again after it."""
    if left is None:
        return obs

    def ended(o: ExtractedObservation) -> bool:
        if o.field != field or o.intent != "assertive":
            return False
        name = str(o.candidate_value).lower()
        at = low.find(name)
        return 0 <= at < left.start() and low.find(name, left.end()) < 0

    return tuple(o for o in obs if not ended(o))
