"""Who a clause's subject is: the speaker, "we", the listener, another person or a thing.

Read from spaCy's parse of the clause, for ``reading``: the subject of the main verb (or
of the verb it hangs from, "wanted to go"), the pronoun beside a vocative the parser took
for the subject ("bro, i'm stuck in Leeds"), and whether a subject that is not the
speaker is a person ("my wife", "Marcus", "the ceo") or a thing ("amazon return").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.extraction.linguistics.people_words import PEOPLE_BY_ROLE
from core.extraction.linguistics.subjects import Subject
from core.extraction.word_gates import gated

if TYPE_CHECKING:
    from spacy.tokens import Token

_SPEAKER = frozenset({"i", "me", "myself"})
_WE = frozenset({"we", "us"})
_YOU = frozenset({"you", "u", "ya"})


def subject_kind(tok: Token | None) -> Subject:
    if tok is None:
        return "none"
    low = tok.lower_
    if low in _SPEAKER:
        return "speaker"
    if low in _WE:
        return "we"
    if low in _YOU:
        return "addressee"
    return "other"


_STRETCHED = gated(r"([a-z])\1\1")
"""A letter typed three times over ("sooo", "reallyyy", "omggg"): a word drawn out for
feeling, never a name; the small model may take it for one ("sooo tired" as someone
called Sooo who tired), and the clause has no subject of its own."""


def subject_of(head: Token) -> Token | None:
    for tok in (head, *head.ancestors):
        for child in tok.children:
            if child.dep_ in ("nsubj", "nsubjpass", "expl"):
                if _called_out(tok, child) or _STRETCHED.search(child.lower_):
                    return None
                return _pronoun_beside(tok, child)
        if tok.dep_ not in ("xcomp", "conj", "aux"):
            break
    return None


def _called_out(verb: Token, subject: Token) -> bool:
    """ "gg, flying to Seoul tomorrow", "chat, heading out": a bare word and a comma before
    a participle with no auxiliary is whom (or what) the writer calls out, and the
    participle's subject is left out. A subject of its own would take "is" ("Tom is
    flying"); an appositive has words of its own ("my brother, flying in from Leeds, …")."""
    return (
        verb.tag_ == "VBG"
        and subject.i + 2 == verb.i
        and subject.nbor(1).text == ","
        and subject.left_edge.i == subject.sent.start
        and all(c.dep_ in ("punct", "compound") for c in subject.children)
        and not any(c.dep_ in ("aux", "auxpass") for c in verb.children)
    )


def _pronoun_beside(verb: Token, subject: Token) -> Token:
    """ "bro, i'm stuck in Leeds": the parser may take whom the writer calls out to for the
    subject and hang the real one, a pronoun, from the auxiliary. The pronoun then."""
    if subject.pos_ == "PRON":
        return subject
    for aux in verb.children:
        if aux.dep_ in ("aux", "auxpass") and aux.i > subject.i:
            for g in aux.children:
                if g.dep_ in ("nsubj", "nsubjpass") and g.lower_ in (*_SPEAKER, *_WE, *_YOU):
                    return g
    return subject


_PERSON_WORDS = frozenset(
    [
        "mom",
        "mum",
        "mother",
        "dad",
        "father",
        "wife",
        "husband",
        "partner",
        "sister",
        "brother",
        "son",
        "daughter",
        "kid",
        "kids",
        "child",
        "children",
        "friend",
        "boss",
        "coworker",
        "colleague",
        "roommate",
        "boyfriend",
        "girlfriend",
        "fiance",
        "fiancee",
        "cousin",
        "aunt",
        "uncle",
        "grandma",
        "grandpa",
        "grandmother",
        "grandfather",
        "neighbor",
        "neighbour",
        "baby",
        # "the boys are spending the summer with their dad in germany": the household's
        # children and elders by other names are someone else too.
        "boys",
        "girls",
        "twins",
        "parents",
        "grandparents",
        "grandkids",
        "grandson",
        "granddaughter",
        "nephew",
        "niece",
        "stepson",
        "stepdaughter",
        "stepdad",
        "stepmom",
        "toddler",
        "he",
        "she",
        "they",
    ]
)


_GROUPS = frozenset(
    {"group", "choir", "scout", "congregation", "band", "delegation", "committee", "orchestra"}
    | {"troop", "parish", "youth", "squad"}
)
"""A body of people as a subject: a notice's or a newsletter's news of them is theirs."""


def is_person(subject: Token | None) -> bool:
    if subject is None or subject.lower_ in _SPEAKER | _WE:
        return False
    if any(c.dep_ == "conj" and c.lower_ in _SPEAKER | _WE for c in subject.children):
        return False  # "my wife and I"
    if subject.lower_ in _PERSON_WORDS or subject.lemma_.lower() in _PERSON_WORDS:
        return True
    if subject.lower_ in PEOPLE_BY_ROLE:
        return True  # "the ceo is flying to london": someone by their role
    if subject.lemma_.lower() in _GROUPS:
        # "The youth group returns from Taizé on Thursday": people, not the writer ("our
        # choir flies to Rome friday" has the writer in it).
        return not any(c.dep_ == "poss" and c.lower_ in ("our", "my") for c in subject.children)
    if subject.is_lower and subject.ent_type_ != "PERSON" and _named_thing(subject):
        return False  # "amazon return is due", typed in lower case: a thing, not someone
    # A name as subject is someone ("Marcus lives in Tulsa", even when the small
    # model calls Marcus a place), unless it is a company or a thing.
    return subject.ent_type_ == "PERSON" or (
        subject.tag_ == "NNP"
        # "Sun: fly home" in a list reads "sunday fly home", the day parsed as a subject
        and subject.ent_type_
        not in ("ORG", "PRODUCT", "FAC", "EVENT", "WORK_OF_ART", "NORP", "DATE", "TIME")
    )


def _named_thing(subject: Token) -> bool:
    """A lower-case compound the small model tags as a name ("amazon return", "car
    payment"): a modifier before it that is no person word and no one's name. A person
    typed in lower case stands alone or after a title ("emma", "aunt emma")."""
    modifiers = [c for c in subject.children if c.dep_ == "compound" and c.i < subject.i]
    return bool(modifiers) and all(
        c.is_lower and c.ent_type_ != "PERSON" and c.lower_ not in _PERSON_WORDS for c in modifiers
    )
