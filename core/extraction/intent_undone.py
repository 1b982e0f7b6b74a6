"""A plan the speaker had and let go, told with what stopped it: "we were going to paint the
kitchen but ran out of time", "I was supposed to call her but fell asleep", "was gonna
stream but my internet died".

"was going to" alone reads as what might have been (``COUNTERFACTUAL``: "we were going to
move"), but with "but" and a past event after it the sentence tells what happened: a
memory (historical), the same as "we were gonna go to Miami but didn't". A condition or a
"would have" in it keeps it a counterfactual ("we were going to go but if it had rained
we'd have stayed")."""

from __future__ import annotations

from core.extraction.word_gates import gated

_HAD_PLANNED = (
    r"\b(?:was|were)(?:n't)?\s+(?:going\s+to|gonna|supposed\s+to|meant\s+to|planning\s+(?:to|on))\b"
)
_PAST_AFTER_BUT = (
    r"\bbut\s+(?:then\s+|in\s+the\s+end\s+|instead\s+)?(?:(?:i|we|he|she|they|it|my\s+\w+|the\s+\w+|"
    r"our\s+\w+|work|life|something|everything)\s+)?(?:(?:just|totally|completely|kinda|sort\s+of)\s+)?"
    r"(?:didn't|did\s+not|didnt|couldn't|could\s+not|couldnt|never|forgot|ran|fell|got|came|went|"
    r"had|was|were|left|lost|broke|died|stopped|changed|missed|overslept|chickened|bailed|"
    r"decided|realised|realized|[a-z]+ed)\b"
)
_PLAN_UNDONE = gated(rf"{_HAD_PLANNED}.*{_PAST_AFTER_BUT}")
_STILL_IFFY = gated(
    r"\b(?:if|unless|would|could|might|should)(?:n't)?\s+(?:have|'ve)\b|\bif\b|'d\s+have\b"
)


def plan_undone(low: str) -> bool:
    """A plan the speaker had, and the past event that undid it, in one clause."""
    return _PLAN_UNDONE.search(low) is not None and _STILL_IFFY.search(low) is None
