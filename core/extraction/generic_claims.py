"""A statement about things in general: "Trains in this country are a complete joke",
"Airports are the worst on a friday evening", "Nothing beats a cup of tea after a long
walk"; and a thing pointed at and rated: "That hotel is way overpriced for what it is",
"this song slaps".

Its subject is a kind of thing, not a thing of the speaker's (a bare plural with no
article or possessive, or "nothing"/"everything"), and its predicate rates it. Such a
clause is an opinion about the world at large, true any day: it claims nothing about the
speaker's world now, and sets no field. A thing of one's own ("the boiler is broken",
"my flight is late"), a state marked now ("prices are crazy right now") and a bare
plural doing something ("bins are out") keep their reading.
"""

from __future__ import annotations

import re

from core.extraction.clause import Clause
from core.extraction.family_members import names_a_relation
from core.extraction.linguistics.parse import clause_span
from core.extraction.linguistics.people_words import PEOPLE_BY_ROLE
from core.extraction.linguistics.reading import ClauseReading

_ANY_THING = frozenset({"nothing"})
_OUTDONE = frozenset({"beat", "compare", "top", "match", "come", "touch"})
"""What nothing does to the thing rated: "Nothing beats…", "nothing compares to…",
"nothing comes close to…"."""
_WORDS_IN_S = frozenset({"this", "his", "hers", "its", "ours", "yours", "theirs", "us", "yes"})
"""Pronouns and determiners that end in "s" and are no plural of a kind of thing."""
_OWNED = frozenset(
    {"the", "my", "our", "your", "ur", "his", "her", "their", "this", "that", "these", "those"}
    | {"a", "an", "some", "all", "both", "its", "no", "any", "of"}
)
"""Words before the noun that make it things of someone's, or some of them, not a kind:
"the trains", "my flights", "these hotels" ("budget airlines" stays a kind)."""
_RATED = frozenset({"acomp", "attr"})
_NOW = re.compile(
    r"\b(?:now|today|tonight|rn|atm|currently|still|again|yet|already|this\s+(?:week|morning|"
    r"weekend|year|month|time)|at\s+the\s+moment|these\s+days|lately|anymore)\b"
)


def in_general(reading: ClauseReading | None, clause: Clause) -> bool:
    """The clause rates a kind of thing, not anything of the speaker's now."""
    low = clause.low
    if reading is None or reading.subject != "other":
        return False
    # "flights are going to be silly money at Christmas": a kind of thing rated ahead, too.
    if reading.tense not in ("present", "future") or reading.modal or reading.perfect:
        return False
    if reading.progressive and reading.tense == "present":
        return False
    subject = reading.subject_text.lower()
    if _NOW.search(low):
        return False
    if subject in _ANY_THING:
        return not reading.negated and reading.verb.split(" ")[0] in _OUTDONE
    at = low.find(subject)
    if at < 0:
        return False
    before = [w.strip("\"'()\u201c\u201d\u2018\u2019") for w in low[:at].split()]
    return (
        len(before) <= 2
        and not _OWNED.intersection(before)
        and subject.endswith("s")
        and subject not in _WORDS_IN_S
        and not subject.endswith(("ss", "'s"))
        and not _people(subject)
        and reading.verb == "be"
        and bool(_RATED.intersection(reading.complements))
        and _plural_noun(clause, subject)
    )


_POINTED = frozenset({"that", "those"})
"""A thing pointed at over there, in talk: "that hotel", "those prices" ("this flat is freezing"
may be where the writer is)."""
_RATING_VERBS = frozenset({"slap", "suck", "rock", "rule", "stink", "bang"})
"""Verbs that rate the thing they are said of: "this song slaps", "that app sucks"."""


def pointed_at_and_rated(reading: ClauseReading | None, clause: Clause) -> bool:
    """ "That hotel is way overpriced for what it is", "this song slaps": an opinion of a
    thing pointed at, not a state of the writer's now."""
    if reading is None or reading.subject != "other" or reading.subject_person:
        return False
    # Present only: "that summer was the best of my life" is a memory of the writer's.
    if reading.tense != "present" or reading.modal or reading.perfect:
        return False
    if reading.negated or reading.passive:
        return False
    if _NOW.search(clause.low):
        return False
    span = clause_span(clause.message, clause.text, clause.start_in_message)
    if span is None:
        return False
    subject = next((t for t in span if t.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is None or subject.pos_ != "NOUN":
        return False
    pointer = {c.lower_ for c in subject.children if c.dep_ == "det"}
    if reading.verb in _RATING_VERBS:
        return bool(pointer & (_POINTED | {"this", "these"}))
    return (
        bool(pointer & _POINTED)
        and reading.verb == "be"
        and bool(_RATED.intersection(reading.complements))
    )


def _plural_noun(clause: Clause, subject: str) -> bool:
    """The subject is a plural common noun as parsed ("trains"), not a name ending in "s"
    ("Leeds is brilliant")."""
    span = clause_span(clause.message, clause.text, clause.start_in_message)
    return span is not None and any(t.lower_ == subject and t.tag_ == "NNS" for t in span)


def _people(plural: str) -> bool:
    """ "kids", "parents", "nurses": people, whose state is news, not things rated."""
    single = plural.removesuffix("s")
    return any(w in PEOPLE_BY_ROLE or names_a_relation(w) for w in (plural, single))
