"""A present clause that says outright it is about now.

In a message that tells a story, a clause with no field about someone or something
else is read as part of the story ("my phone died, it's so annoying"). A present clause
that marks its own time as now is not: "Nan fell last week and she's in the Royal now",
"the house has been so quiet since the kids left", "dad got laid off, he's still taking
it hard". Its words ("now", "still", "at the moment", "these days", a "has been" that
runs up to now) place it after the story, in the present the message is written in.
"""

from __future__ import annotations

from core.extraction.intent_tense import HAD_NEWS
from core.extraction.linguistics.reading import ClauseReading
from core.extraction.word_gates import gated

_NOW_WORDS = gated(
    r"\b(?:now|still|currently|rn|atm|at\s+the\s+moment|right\s+now|as\s+we\s+speak|these\s+days|"
    r"at\s+present|anymore|no\s+longer|ever\s+since|"
    # "the house is quiet again", "the roof's leaking again": back to a state, now.
    r"again|"
    # "new one's on its way": coming, not come.
    r"on\s+(?:its|his|her|their|my|our|the)\s+way)\b|"
    # A state that runs up to now: "has been so quiet", "she's been grumpy" (not "has been
    # to Rome": an experience).
    r"(?:\b(?:has|have)|(?<=\w)'s|'ve)\s+been\s+(?!to\b)|"
    # A state something was left in: "our cellar is flooded", "the road's shut".
    # "the baby's here": come, and here now.
    r"\b(?:is|are|(?<=\w)'s|'re)\s+(?:all\s+)?(?:fixed|shut|closed|sorted|flooded|broken|"
    r"cancell?ed|open|back|off|down|out|done|here)\b"
)


_HELD_SINCE = gated(
    r"(?:\b(?:has|have)|(?<=\w)'s|'ve)\s+(?:had|kept|got)\b[^.;!?]*\bsince\b(?!\s+(?:19|20)\d\d\b)"
)
"""A perfect held up to now, which the parse may read as past: "she's had the kids since
Friday", "he's kept the car since the split"."""


_OWNED = gated(r"^(?:my|our|his|her|their|your|ur)\s+(?:[a-z]+\s+)?[a-z]+(?:'s|\s+(?:is|are))\s")
_WHEREABOUTS_PREPS = frozenset(
    {"prep:in", "prep:at", "prep:on", "prep:with", "prep:off", "prep:out", "prep:inside"}
)


def _owned_thing_placed(reading: ClauseReading, low: str) -> bool:
    """ "her arm's in a cast", "my bag is in Frankfurt", "our car's at the garage": where a
    person's own thing is, or what it is in, told in the present: how things stand now."""
    return (
        reading.verb == "be"
        and reading.simple_present
        and not reading.negated
        and _OWNED.match(low) is not None
        and any(c in _WHEREABOUTS_PREPS for c in reading.complements)
    )


def marked_now(reading: ClauseReading | None, low: str, *, ahead: bool = False) -> bool:
    """The clause is in the present, no modal, and either its own words place it now or
    it is under way ("he's taking it hard"; not "we're flying friday": ``ahead``)."""
    if (
        reading is not None
        and not reading.modal
        and (_HELD_SINCE.search(low) or HAD_NEWS.search(low))
    ):
        return True
    if reading is not None and reading.tense == "none" and reading.verbless_state:
        # "no car rn, dad took it to the garage": a state with its verb left out, said now.
        return _NOW_WORDS.search(low) is not None
    return (
        reading is not None
        and reading.tense == "present"
        and not reading.modal
        and (
            _NOW_WORDS.search(low) is not None
            or (reading.progressive and not ahead)
            or (reading.verb == "be" and reading.simple_present and reading.subject_person)
            or _owned_thing_placed(reading, low)
        )
    )
