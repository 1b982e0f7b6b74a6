"""An impression of what was just said: "sounds like a nightmare", "makes sense", "that
looks amazing", "seems a bit much honestly".

A verb of impression (sound, look, seem; "make sense") in the present whose subject is
left out or is the "that"/"it"/"this" that points back at the other person's words rates
what the listener said or showed: a reply, no state of the writer's world. What it takes
may be a clause of its own about someone: one about the listener ("sounds like you had a
great time") is still the reply, one about anyone else is news heard or guessed ("looks
like my flight is delayed", "seems we're stuck here till friday") and keeps its reading.
"""

from __future__ import annotations

from core.extraction.linguistics.reading import ClauseReading
from core.extraction.word_gates import gated

_IMPRESSION_VERBS = frozenset({"sound", "look", "seem"})
_POINTING_BACK = frozenset({"", "that", "it", "this", "all that", "that all"})
_SENSE = gated(r"\bmakes?\s+(?:total\s+|perfect\s+|more\s+|no\s+)?sense\b")
_IMPRESSION_SAID = gated(
    r"(?:^|\b(?:that|it|this|all)\s+)(?:(?:really|just|honestly|tbh|kinda|still)\s+)?"
    r"(?:sounds|looks|seems)\b(?!\s+(?:for|after|into|forward)\b)"
)
"""The verb said as the impression something gives ("sounds like…", "that looks…"), not as
what someone does ("looking for a cheap hotel", "look after the kids")."""
_CLAUSE_TAKEN = gated(r"^(?:advcl|ccomp)\b")
_ABOUT_THE_LISTENER = gated(
    r"\b(?:sounds?|looks?|seems?)\s+(?:like|as\s+if|as\s+though|that)\s+"
    r"(?:you|u|ya|ur|you're|youre|you've|youve|you'll|you'd)\b"
)


def gives_an_impression(reading: ClauseReading | None, low: str) -> bool:
    """The clause rates what the other person said or showed, and claims nothing else."""
    if reading is None or reading.tense != "present":
        return False
    if reading.modal or reading.perfect or reading.progressive or reading.conditional:
        return False
    if reading.subject not in ("none", "other"):
        return False
    if reading.subject_text.lower() not in _POINTING_BACK:
        return False
    if reading.verb == "make":
        return _SENSE.search(low) is not None
    if reading.verb not in _IMPRESSION_VERBS or not _IMPRESSION_SAID.search(low):
        return False
    if any(_CLAUSE_TAKEN.match(c) for c in reading.complements):
        return _ABOUT_THE_LISTENER.search(low) is not None
    return True
