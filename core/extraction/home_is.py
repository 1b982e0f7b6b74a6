"""A home said with "home" as the word that names it: "boston is home now", "home is
portland these days", "denver is our home".

The place and "home" are joined by "is", either way round; the match ends where the
place begins, for ``rules_profile`` to read it as it reads "we live in X".
"""

from __future__ import annotations

from core.extraction.gazetteer import key_of
from core.extraction.word_gates import gated

HOME_IS = gated(
    # "home is portland these days", "our home is in Tucson now"
    # "home base is still chiang mai", "my base is lisbon now": the nomad's word for it.
    r"^(?:(?:my|our)\s+)?(?:home|home\s+base|base)\s+is\s+(?:now\s+|still\s+)?(?:in\s+)?"
    r"(?=[a-z])|"
    # "boston is home now", "denver is our home": the place first.
    r"^(?=[a-z][a-z .'-]{1,30}?\s+is\s+(?:now\s+|finally\s+|officially\s+|still\s+)?"
    r"(?:home|my\s+home|our\s+home)\b(?:\s+(?:now|these\s+days|nowadays))?\s*[!.]*$)"
)


def named_as_typed(name: str, typed: str) -> bool:
    """Whether a place read before "is home" is the one typed ("boston" → Boston), not one
    of the gazetteer's other names for a city ("sam" → Damascus): with the place first,
    nothing before it says a place is coming."""
    return key_of(name).startswith(key_of(typed))
