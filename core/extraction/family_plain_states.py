"""A member's state said in plain words the status readers did not know: still ill said
as no improvement ("Dad no better", "Gran is not getting any better", "she's none the
better for the antibiotics"), and away said as being off somewhere or working away ("Jamie
is off in Houston for work", "my husband works away on the rigs", "Dan's working away
till Friday").

``rest`` is what follows the member's name, as ``family_condition_words`` reads it.
"""

from __future__ import annotations

from core.extraction.word_gates import gated

_LEAD = r"^\s*(?:(?:just|still|now|currently|already|also)\s+)*"
_BE = r"(?:(?:is|are|'s|has\s+been|have\s+been|'s\s+been)\s+)?(?:(?:still|now|currently)\s+)*"

_NO_BETTER = gated(
    _LEAD + _BE + r"(?:no\s+better|not\s+(?:getting\s+)?(?:any\s+)?better|not\s+improving|"
    r"none\s+the\s+better|no\s+(?:real\s+)?improvement|showing\s+no\s+improvement|"
    r"not\s+(?:really\s+)?picking\s+up)\b(?!\s+(?:than|at|with|for)\b)"
)
"""No better is still ill: "Dad no better", "Gran's not getting any better"."""

_AWAY = gated(
    _LEAD + r"(?:(?:is|are|'s|has\s+been|have\s+been|'s\s+been)\s+(?:(?:still|now|currently)\s+)*"
    # "Jamie is off in Houston", "Dad's off up in Aberdeen": off somewhere by its name.
    r"off\s+(?:up\s+|down\s+|out\s+|over\s+)?in\s+(?!(?:a|an|the|his|her|their|my|bed|time|"
    r"minutes?|hours?|bits?|secs?|seconds?|mo|moments?|half|town|one|two|ten|five|\d+)\b)"
    r"(?=[a-z])|"
    # "my husband works away", "Dan's working away on the rigs", "he's offshore till the 9th"
    r"(?:(?:is|are|'s|has\s+been|'s\s+been)\s+)?(?:(?:still|now|currently)\s+)*"
    r"(?:works|working|worked)\s+away\b|(?:is|are|'s)\s+(?:(?:still|now)\s+)*offshore\b)"
)
"""Off in a town or working away: away."""


def plain_state(rest: str) -> str | None:
    """The status ``rest`` says in the words above, or None."""
    if _NO_BETTER.match(rest):
        return "sick"
    return "away" if _AWAY.match(rest) else None
