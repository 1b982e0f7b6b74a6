"""A charge the writer disputes: "netflix charged me twice", "got charged for spotify
again?!", "amazon charged my card twice for the same order", "Spotify charged me £11.99
again, I never signed up".

The catalogue's statuses (due, pending, paid, refunded, cancelled) have no word for money
taken that the writer says should not have been: it is no bill paid, so no status is read
from the charge (a sum written with it is still what the service charges).
"""

from __future__ import annotations

from core.extraction.clause import Clause
from core.extraction.word_gates import gated

_SAME_SENTENCE = r"(?:[^.;!?]|\.(?=\d))"
"""Within the sentence: no stop, but the point of a sum ("£11.99")."""
_DISPUTED = gated(
    r"\b(?:double[- ]?charged|overcharged|"
    # "charged me twice", "charged my card twice for the same order"
    rf"charged\b{_SAME_SENTENCE}{{0,40}}?\b(?:twice|double|two\s+times|2x|by\s+mistake|in\s+error|wrongly)\b|"
    # "got charged for spotify again?!": again, and the writer's outcry at it
    rf"charged\b{_SAME_SENTENCE}{{0,40}}?\bagain\s*(?:!+\?|\?+!|\?\?|wtf|ffs|seriously|smh)|"
    # "... even though I cancelled", "..., I never signed up", "and I don't even use it"
    rf"charged\b{_SAME_SENTENCE}{{0,60}}?(?:\beven\s+though\b|\bafter\s+i\s+cancell?ed\b|\bi\s+never\b|"
    r"\bi\s+don'?t\s+even\b|\bfor\s+the\s+same\b|\bfor\s+nothing\b))"
)
"""Words that say a charge was wrong: taken twice, again to the writer's outcry, after a
cancelling or for something never used."""


def disputed_charge(clause: Clause) -> bool:
    """Whether ``clause`` tells of a charge the writer disputes, reading on into the rest of
    the message ("Spotify charged me £11.99 again, I never signed up")."""
    rest = clause.message[clause.start_in_message :] if clause.start_in_message >= 0 else ""
    return any(_DISPUTED.search(text) for text in (clause.low, rest.lower()) if text)
