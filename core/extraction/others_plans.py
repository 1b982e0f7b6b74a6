"""Someone else's arrangements, told by the speaker: a fact about them now, not a plan.

A plan is the speaker's own scheduled future (the labelling guide); "my brother said he's
moving to phoenix next month", "my landlord says rent's going up in april", "jake and
priya won't be flying in after all" tell how things stand for someone else, and a careful
reader files them as facts (assertive), as they do "Marcus lives in Tulsa". The speaker
in the arrangement ("dad's driving me down saturday", "mum's coming to stay with us")
keeps it a plan, as does a visit coming to the speaker; so does an itinerary line, whose "subject" is a parse of a list
("Tues: dentist 9:30"), and a name the parse guessed ("Airbnb booked in Lisbon"): the
subject must be "he"/"she", a relation, a role or a common first name.
"""

from __future__ import annotations

from core.extraction.clause import Clause
from core.extraction.family_members import names_a_relation
from core.extraction.first_names import is_common_first_name
from core.extraction.linguistics.people_words import PEOPLE_BY_ROLE
from core.extraction.linguistics.reading import ClauseReading
from core.extraction.word_gates import gated

_SPEAKER_IN_IT = frozenset(
    {"me", "us", "mine", "ours", "myself", "ourselves", "we", "we're", "we'll", "we've", "we'd"}
)
"""The speaker among those the arrangement is for or with ("driving me", "with us", "mum
says we're going"); "my brother" is still the brother's, and "i" may well be a remark run
on after it ("..., idk how i feel about it")."""
_TOWARDS_US = frozenset({"come", "visit"})
"""Coming or visiting moves towards the speaker ("my sister is coming to visit next
weekend"): the household hosts it, a plan of its own; called off ("won't be coming after
all") it is news of how things stand."""
_BE_A_STATE = gated(r"\bbe\s+(?!\w+ing\b)")
"""How someone will be ("going to be thrilled", "will be on leave"), not what they will be
doing ("won't be flying in")."""
_PERSON_PRONOUNS = frozenset({"he", "she"})
"""("they" is as often a company or "the airline" as a person.)"""


def someone_elses_arrangement(clause: Clause, reading: ClauseReading | None) -> bool:
    """The clause, read as a plan, tells what another person has arranged, without the
    speaker in it."""
    if reading is None or reading.subject != "other" or not reading.subject_person:
        return False
    if reading.modal or not reading.verb or reading.tense == "none" or ":" in clause.low:
        return False
    if reading.verb.split(" ")[0] in _TOWARDS_US and not reading.negated:
        return False
    if reading.tense == "future" and _BE_A_STATE.search(clause.low):
        return False  # "the kids are going to be thrilled": a forecast, no arrangement
    who = reading.subject_text.lower()
    if who not in clause.words or (clause.words - {who}) & _SPEAKER_IN_IT:
        return False
    return (
        who in _PERSON_PRONOUNS
        or who in PEOPLE_BY_ROLE
        or names_a_relation(who)
        or is_common_first_name(who)
    )
