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

from typing import TYPE_CHECKING

from core.extraction.clause import Clause
from core.extraction.family_members import names_a_relation
from core.extraction.linguistics.parse import clause_span
from core.extraction.linguistics.people_words import PEOPLE_BY_ROLE
from core.extraction.linguistics.reading import ClauseReading
from core.extraction.word_gates import gated

if TYPE_CHECKING:
    from spacy.tokens import Token

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
_NOW = gated(
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
        and (
            (reading.verb == "be" and bool(_RATED.intersection(reading.complements)))
            or _ALWAYS.search(low) is not None
        )
        and _plural_noun(clause, subject)
    )


_ALWAYS = gated(r"\b(?:always|never|usually|generally|typically|tend\s+to)\b")
"""A kind of thing said to do something always ("Dogs always know when you're sad", "cats
never come when called"): what such things do, true any day, whatever the verb."""


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


_PRAISE_OR_BLAME = frozenset(
    {"great", "amazing", "awesome", "brilliant", "excellent", "fantastic", "gorgeous"}
    | {"beautiful", "stunning", "lovely", "nice", "decent", "solid", "incredible", "unreal"}
    | {"wonderful", "charming", "cute", "delicious", "tasty", "overrated", "underrated"}
    | {"overpriced", "pricey", "worth", "worthless", "awful", "terrible", "horrible", "dreadful"}
    | {"grim", "bleak", "rubbish", "mid", "boring", "dull", "bland", "gross", "disgusting"}
    | {"ugly", "brutal", "insane", "ridiculous", "huge", "massive", "enormous", "underwhelming"}
    | {"disappointing", "impressive", "iconic", "elite", "goated", "unbeatable", "pointless"}
    | {"useless", "magical", "spectacular", "breathtaking", "gorgeous", "hideous", "chaotic"}
)
"""Adjectives that praise or blame what they are said of: a view of the thing, no state of
anyone's ("Lisbon is gorgeous", "the new pass is overpriced"). States a thing can be in for
the writer ("closed", "broken", "late", "full", "cancelled") are not among them."""
_RATED_PARTICIPLES = frozenset({"overrate", "underrate", "overprice"})
"""Participles that rate, which the parse may read as a passive verb."""
_SUBJECTS = frozenset({"nsubj", "csubj", "nsubjpass"})
_VERDICT_NOUNS = frozenset(
    {"scam", "joke", "vibe", "trash", "garbage", "nightmare", "gem", "ripoff", "rip-off"}
    | {"disaster", "dream", "treat", "masterpiece", "mess", "letdown", "classic", "must"}
)
"""Nouns that are a verdict on what they are said of ("the season pass is a scam")."""
_WORD = gated(r"[^\W\d_]+")
_OPENER_WORDS = 2
"""At most an opener before the view ("honestly", "ay no", "yaar"): the view opens the message."""
_TOP = frozenset({"best", "worst", "only", "next"})
"""A thing ranked among its kind: "the best hotel in Porto", "the only decent terminal",
"next level"."""
_WRITER = gated(r"\b(?:i|me|my|mine|we|us|our|ours|i'm|im|we're|i've|we've|i'd|i'll|here|this)\b")
"""The writer or where the writer is: a view said of these may be news ("this flat is
freezing", "the beach is lovely here", "my hotel is gorgeous")."""


def named_and_rated(reading: ClauseReading | None, clause: Clause) -> bool:
    """ "Lisbon is gorgeous in the spring", "heathrow terminal 5 is the only decent terminal
    in london", "the new season pass is a scam", "mi tía makes the best tamales": a place, a
    thing or someone else praised, blamed or ranked. A view of the world, no state of the
    writer's now; the writer's own things, "here" and "this" keep their reading."""
    # The parse may miss a lower-case name as the subject ("honestly portland in winter is
    # grim"): a clause with no subject read is looked at too.
    if reading is None or reading.subject not in ("other", "none"):
        return False
    # "Lake Como is overrated": the participle rates, though the parse reads a passive.
    if reading.passive and reading.verb not in _RATED_PARTICIPLES:
        return False
    if reading.tense != "present" or reading.modal or reading.perfect:
        return False
    if _NOW.search(clause.low) or _WRITER.search(clause.low):
        return False
    span = clause_span(clause.message, clause.text, clause.start_in_message)
    if span is None:
        return False
    for tok in span:
        subject = next((c for c in tok.children if c.dep_ in _SUBJECTS), None)
        if subject is None or subject.pos_ in ("PRON", "AUX"):
            continue
        # A view after the news colours it: "back in the States, jet lag is brutal", "checking
        # in from Lisbon, the conference is great" rate where the writer is and what they have.
        if not _opens_message(subject):
            return False
        # "the flat is lovely": the writer's lodging, news of where they live or stay.
        if subject.lemma_.lower() in _LODGINGS and any(c.lower_ == "the" for c in subject.children):
            return False
        # "mum's great", "the kids are brilliant": how someone is may be news of them.
        if (
            tok.lemma_ == "be"
            and not _people(subject.lower_)
            and any(_rates(c) for c in tok.children if c.dep_ in _RATED)
        ):
            return True
        if tok.lemma_.lower() in _RATED_PARTICIPLES and subject.dep_ == "nsubjpass":
            return True
        # "mi tía makes the best tamales": ranked what someone makes or does.
        if any(c.dep_ == "dobj" and _ranked(c) for c in tok.children):
            return True
    return False


_LODGINGS = frozenset(
    {"flat", "house", "apartment", "place", "room", "cabin", "airbnb", "cottage", "villa"}
)
"""Where one lives or stays: with "the", the writer's own (the seventh round's "the flat is
lovely" is assertive)."""


def _opens_message(subject: Token) -> bool:
    """Nothing but an opener ("honestly", "ay no", "yaar") before the subject rated."""
    before = subject.doc[: subject.left_edge.i]
    words = [t for t in before if _WORD.fullmatch(t.text)]
    return len(words) <= _OPENER_WORDS and not any(t.pos_ in ("VERB", "AUX") for t in before)


def _rates(complement: Token) -> bool:
    """The complement of "be" praises, blames or ranks."""
    if complement.pos_ in ("ADJ", "VERB"):  # "overpriced" may be tagged a participle
        return complement.lower_ in _PRAISE_OR_BLAME or complement.lemma_.lower() in (
            _PRAISE_OR_BLAME | _RATED_PARTICIPLES
        )
    if complement.pos_ != "NOUN":
        return False
    return complement.lemma_.lower() in _VERDICT_NOUNS or _ranked(complement)


def _ranked(noun: Token) -> bool:
    """ "the best tamales", "the only decent terminal", "a great little cafe"."""
    mods = [c for c in noun.children if c.dep_ == "amod"]
    return any(
        m.tag_ == "JJS" or m.lower_ in _TOP or m.lemma_.lower() in _PRAISE_OR_BLAME for m in mods
    )
