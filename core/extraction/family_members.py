"""Who a family clause is about (a relation or a first name), and whether a household
member is somewhere else.

A first name is found capitalised ("Lily is sick") or, typed in lower case, where the
parse makes it the subject ("maya has a fever", "jo has a fever") or right after the
relation when the word reads as a first name by itself ("my daughter emma is sick",
not "my daughter school is closed" nor "my son still has a fever"; ``first_names``).
Chat often puts an opinion frame before it ("i think noah's coming down with
something", "pretty sure Emma has strep"): the frame is the speaker's hedge, and the
member is the subject of what follows it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal

from core.extraction.clause import Clause
from core.extraction.first_names import is_first_name
from core.extraction.linguistics.parse import parse
from core.extraction.places import GAZETTEER, place_at
from core.extraction.pronouns import KIN_AS_SAID, RELATION_SPELLINGS
from core.extraction.word_gates import gated

if TYPE_CHECKING:  # spaCy is imported only where messages are read
    from spacy.tokens import Token

_RELATION = (
    # The in-laws first, or "mother" would stop short of "mother-in-law" ("my mother in law
    # is in hospital", typed without its hyphens too).
    r"(?:mother|father|sister|brother|son|daughter)(?:-in-law|\s+in\s+law)\b|"
    r"wife|husband|partner|spouse|son|daughter|kids|kid|children|child|baby|toddler|mom|mother|"
    r"dad|father|grandma|grandpa|grandmother|grandfather|sister|brother|twins|boys|girls|"
    r"grandson|granddaughter|grandkids|grandchildren|"
    r"aunt|uncle|niece|nephew|cousin|parents|grandparents|stepmom|stepdad|stepson|stepdaughter|"
    r"mother-in-law|father-in-law|in-laws|nanny|fianc[eé]e?|boyfriend|girlfriend|family|"
    r"whole\s+family|"
    # A child by their place among the children: "my eldest is off sick", "our little one".
    r"eldest|oldest|youngest|little\s+one|wee\s+one|middle\s+one|"
    + "|".join(sorted([*RELATION_SPELLINGS, *KIN_AS_SAID], key=len, reverse=True))
)
# "both kids are sick", "all the kids have colds": a quantifier before the relation.
_RELATIVE = gated(
    # "your mum's gone down with the flu", "ur nan's in hospital again": the writer's
    # relative as told to the reader (a partner's or a sibling's note passed on).
    rf"(?:^(?:both\s+|all\s+)?|\b(?:(?:both|all)\s+(?:of\s+)?)?(?:my|our|the|your|ur)\s+)"
    # "my lil bro", "my little brother", "my big sis", "our baby sister": the relation
    # after an age or size word is the same relation ("my little one" keeps its own).
    rf"(?:(?:little|lil|big|older|younger|baby|kid|twin|elder)\s+(?=(?:{_RELATION})\b))?"
    rf"(?P<rel>{_RELATION})\b"
)
_RELATION_WORD = gated(rf"(?:{_RELATION})")
_BARE_RELATION = gated(rf"(?:both\s+|all\s+)?(?P<rel>{_RELATION})\b")


def names_a_relation(word: str) -> bool:
    """Whether ``word`` is a relation ("wife", "kids", "mum"), not someone's name."""
    return _RELATION_WORD.fullmatch(word.lower()) is not None


APPOSITIVE_NAME = gated(r",?\s+(?P<name>[A-Z][a-z]+)\b,?")
NOT_NAMES = frozenset(
    [
        *("is", "are", "was", "were", "has", "have", "had", "got", "gets", "feels", "seems"),
        *("just", "still", "finally", "now", "also", "really", "already", "and", "who", "says"),
    ]
)
NOT_MEMBERS = frozenset(
    [
        *("I", "We", "The", "My", "Our", "This", "That", "It", "They", "He", "She", "You", "What"),
        # "Myself and family are in Goa" (Indian English): the writer, not someone named Myself.
        *("Myself", "Me", "Us"),
        # A possessive leading the clause is whose relative, never a name ("Your mum's ...").
        *("Your", "Ur", "His", "Her", "Their"),
        # A status line's adverb, capitalised as its first word ("Finally home in Portland",
        # "Still sick", "Already back"): the speaker's, not someone named Finally.
        *("Already", "Finally", "Just", "Still", "Also", "Now", "Currently", "Officially"),
        *("Really", "Back", "Home", "Today", "Tonight", "Yesterday", "Tomorrow", "Safely"),
        # "Off sick today", "Away till Friday", "Out with flu": the writer's own note.
        *("Off", "Away", "Out"),
    ]
)
# Adverbs between the member and the verb: "my son just got over a cold", "mom probably has the flu".
# Non-native "my mother she is in hospital": a pronoun that repeats the member.
PRE = (
    # "my dad (78) is in hospital", "my mum, 81, has pneumonia": the age said aside.
    r"^\s*(?:\(\s*\d{1,3}\s*[mf]?\s*\)\s*|,\s*\d{1,3}\s*,\s*)?"
    r"(?:(?:she|he|they)\s+(?=(?:is|are|was|were|has|have|had)\b))?"
    r"(?:(?:just|finally|now|still|also|really|already|recently|currently|both|all|"
    # The speaker's certainty between the member and the verb: "emma probably has a
    # fever", "mom definitely has the flu" (the clause's hedge sets how sure it is).
    r"probably|prob|definitely|def|actually|likely|totally|officially|literally|apparently)\s+)*"
)
_FIRST_NAME = gated(r"(?P<name>[A-Z][a-z]+)(?=\s|'s\b)")
_LOWER_FIRST = gated(r"(?P<name>[a-z]{2,})(?=\s|'s\b)")
_LOWER_APPOSITIVE = gated(r",?\s+(?P<name>[a-z]{2,})(?=,?\s|'s\b),?")
_NAME_ROLES = frozenset({"nsubj", "nsubjpass", "poss", "ROOT"})
_FRAME = gated(
    r"(?:i\s+think|i\s+guess|i\s+believe|i\s+bet|(?:i'm\s+|im\s+)?pretty\s+sure|"
    r"looks\s+like|sounds\s+like|seems\s+like|turns\s+out|"
    # Who looks after the member, reporting: "the doctor says dad has pneumonia", "the GP
    # thinks my son has an infection", "the ward sister said mum is comfortable" (not the
    # vet: a pet's health is no family member's status).
    r"(?:the|our|his|her|their)\s+(?:(?:district|school|ward|night|practice)\s+)?"
    r"(?:doctors?|doc|gp|nurses?|consultant|surgeon|specialist|paediatrician|pediatrician|"
    r"midwife|sister(?<=ward\ssister)|carer|physio|dentist|school|nursery|teacher|hospital|ward)\s+"
    r"(?:says|said|thinks|reckons|told\s+(?:me|us)|tells\s+(?:me|us)|confirmed|confirms))"
    r"\s+(?:that\s+)?",
    re.I,
)
"""An opinion or evidence frame before the member: "i think", "pretty sure", "looks like",
or the word of whoever looks after them ("the doctor says")."""

Named = Literal["relation", "name", "noun"]
"""How the member was found. "noun": a lower-case word the parse reads as a common
noun, bare, as the subject ("lily has a fever"): English puts no bare singular noun in
subject position except a name, but the reading is weaker, so only illness is read.
Indefinite pronouns the tagger calls nouns ("everyone's sick", "nobody has a fever")
name no one."""


def member_named(clause: Clause) -> tuple[re.Match[str], Named] | None:
    """The member the clause is about and how it was found, or None."""
    if m := _RELATIVE.search(clause.low):
        return m, "relation"
    frame = _FRAME.match(clause.text)
    start = frame.end() if frame else 0
    if frame and (m := _BARE_RELATION.match(clause.low, start)):
        return m, "relation"  # "i think mom has the flu", as "mom has the flu"
    if (
        (own := _OUR_NAME.match(clause.text, start))
        and (m := _FIRST_NAME.match(clause.text, own.end()))
        and is_first_name(m.group("name").lower())
    ):
        return m, "name"  # "our Jess has chickenpox", "my Liam is poorly": a child by name
    if m := _FIRST_NAME.match(clause.text, start):
        return m, "name"
    return _lower_case_name(clause, start)


_OUR_NAME = gated(r"(?:our|my)\s+", re.I)
"""A possessive before a first name (Northern English and Irish "our Jess", a parent's "my
Liam"): the person is named all the same, when the word is known as a first name."""


def _lower_case_name(clause: Clause, start: int) -> tuple[re.Match[str], Named] | None:
    """A first name typed in lower case at the head of the clause ("maya has a fever",
    "ella's got croup"): the parse reads it as a proper noun that is the subject (or
    owns it), or as a bare singular noun that is the subject; it is no place and no
    relation. The capital is not needed."""
    m = _LOWER_FIRST.match(clause.text, start)
    if m is None or clause.start_in_message < 0 or not clause.message:
        return None
    name = m.group("name")
    if name in GAZETTEER or names_a_relation(name) or name in NOT_NAMES:
        return None
    short = len(name) < 3  # "jo has a fever": two letters are a name only if known as one
    if short and (_stop_word(name) or not is_first_name(name)):
        return None
    at = clause.start_in_message + start
    for tok in parse(clause.message):
        if tok.idx == at:
            if tok.text != name:
                return None
            if short:
                return (m, "name") if tok.pos_ == "PROPN" and tok.dep_ in _NAME_ROLES else None
            if tok.pos_ == "PROPN" and tok.dep_ in _NAME_ROLES:
                return m, "name"
            bare = not any(c.dep_ in ("det", "poss", "amod", "compound") for c in tok.children)
            if tok.tag_ == "NN" and tok.pos_ == "NOUN" and tok.dep_ in ("nsubj", "poss") and bare:
                return m, "noun"
            return (m, "noun") if _missing_subject(tok) else None
        if tok.idx > at:
            break
    return None


def _stop_word(word: str) -> bool:
    from spacy.lang.en.stop_words import STOP_WORDS  # loaded with the pipeline anyway

    return word in STOP_WORDS


def lower_case_appositive(clause: Clause, pos: int) -> re.Match[str] | None:
    """A first name typed in lower case right after the relation that names the same
    person ("my daughter emma is sick", "our son max is home", "my wife, jo, has a
    fever"), or None.

    The parse cannot tell "my son max is sick" from the possessive-less "my son teacher
    is sick" (his teacher) or "my daughter school is closed": it tags both words alike.
    So the word must read as a first name by itself (``first_names``), be no function
    word, place or relation, and be followed by what the member does or is: a verb, an
    adverb, "'s" or a comma ("my son max still has a fever")."""
    m = _LOWER_APPOSITIVE.match(clause.text, pos)
    if m is None or clause.start_in_message < 0 or not clause.message:
        return None
    name = m.group("name")
    if name in NOT_NAMES or names_a_relation(name) or name in GAZETTEER or _stop_word(name):
        return None
    if not is_first_name(name):
        return None
    at = clause.start_in_message + m.start("name")
    doc = parse(clause.message)
    for tok in doc:
        if tok.idx == at:
            if (
                tok.text.lower() != name
                or tok.pos_ not in ("PROPN", "NOUN")
                or tok.i + 1 >= len(doc)
            ):
                return None
            after = doc[tok.i + 1]
            if after.pos_ in ("AUX", "VERB", "ADV", "PART") or after.text in ("'s", ","):
                return m
            return None
        if tok.idx > at:
            break
    return None


def _missing_subject(tok: Token) -> bool:
    """The word right before a finite verb that has no subject of its own ("lily has a
    fever", tagged as an adverb): a finite verb needs one, and this is the only word
    that can be it."""
    doc = tok.doc
    if tok.i + 1 >= len(doc):
        return False
    verb = doc[tok.i + 1]
    if verb.tag_ not in ("VBZ", "VBD") or tok.pos_ in ("PRON", "DET", "PUNCT", "NUM"):
        return False
    return not any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in verb.children)


# Who lives in the household: away from it when somewhere else. A parent or a sibling
# "in Ohio" may simply live there, so only these are read as away.
HOUSEHOLD = frozenset(
    {"wife", "husband", "partner", "spouse", "kids", "son", "daughter", "twins", "boys"}
    | {"girls", "baby", "toddler", "fiance", "fiancee", "fiancé", "fiancée"}
)
_BE_IN = gated(
    PRE + r"(?:(?:is|are|'s|'re|has\s+been|have\s+been)\s+(?:(?:still|currently|now|over|all)\s+)*"
    # "is staying in Madrid", "is stuck at O'Hare": somewhere else for now.
    r"(?:(?:staying|stuck|stranded|working)\s+)?"
    # "w" and "w/" are "with" as typed ("the twins are w their dad this weekend").
    r"(?:in\s+|at\s+|with\s+|w/\s*|w\s+)|"
    # "my husband has gone to Abuja for one week", "wife and kids have gone to her mother's
    # place", "mom just landed in phoenix": gone there, and not back yet.
    # "mum has gone to stay with my aunt": at someone's, "is gone" a learner's "has gone".
    r"(?:has|have|'s|'ve|is|are)\s+(?:just\s+)?gone\s+(?:to|back\s+to)\s+(?:stay\s+(?:with|at)\s+)?|"
    # "hubby flew out to Lagos this morning", "my husband left for Dubai yesterday": left for
    # there, and not back yet.
    r"(?:(?:has|have|'s|'ve)\s+)?(?:just\s+)?(?:(?:flew|flown)\s+(?:out\s+)?(?:to|back\s+to)|"
    r"left\s+for)\s+|"
    r"(?:just\s+)?(?:landed|arrived)\s+(?:in|at)\s+|"
    # "mum just rang from Malaga": where they call from is where they are.
    r"(?:just\s+)?(?:rang|called|phoned|texted|messaged|facetimed)\s+(?:me\s+|us\s+)?from\s+)"
)
# "at ur moms", "at my sister's", "with my parents": staying at someone's home, or with
# someone who lives elsewhere ("with me" or "with us" is at home).
_AT_SOMEONES = gated(
    r"(?:my|our|your|ur|his|her|their)\s+(?:\w+\s+)?(?:\w+'?s|parents|grandparents|in-laws)\b"
)


_AIRPORT = gated(
    r"[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)*(?=\s+(?:airport|overnight|till|until|til|tonight|all\s+night)\b"
    r"|\s*(?:$|,))"
)
"""Stuck at a capitalised name, an airport most likely: "stuck at O'Hare overnight"."""


_AT_SOMEWHERE_IN = gated(
    r"(?!(?:work|school|home|church|uni|college|the\s+(?:office|gym|shop|store))\b)"
    r"(?:[\w'-]+\s+){1,3}?in\s+"
)
"""A place within a town ("the hotel in", "a conference in", "gate 12 in"); not the daily
round of work or school ("at work in Leeds" is where one lives)."""


_WITH_SOMEONE = gated(
    r"(?:my|our|your|ur|his|her|their)\s+(?:\w+\s+)?(?:parents|grandparents|in-laws|grandma|"
    r"grandpa|nana|dad|mom|mum|father|mother|sister|brother|aunt|uncle|cousin|ex)\b"
)


def elsewhere(clause: Clause, rest: str) -> bool:
    """A household member said to be in a named place or at someone's home ("my husband
    is in Singapore for work", "the kids are at ur moms tonight"): away from home."""
    m = _BE_IN.match(rest)
    if m is None:
        return False
    pos = len(clause.low) - len(rest) + m.end()
    if m.group().rstrip().endswith(("at", "to")):
        if _AT_SOMEONES.match(clause.low, pos) is not None:
            return True
        if re.search(r"\b(?:stuck|stranded)\s+at$", m.group().rstrip()) and _AIRPORT.match(
            clause.text, pos
        ):
            return True
        if m.group().rstrip().endswith("at"):
            # "at the hotel in Reno", "stuck at gate 12 in Atlanta": somewhere in a town.
            inside = _AT_SOMEWHERE_IN.match(clause.low, pos)
            return inside is not None and place_at(clause.text, inside.end()) is not None
    if m.group().rstrip().endswith(("with", " w", "w/")):
        return _WITH_SOMEONE.match(clause.low, pos) is not None
    return place_at(clause.text, pos) is not None


_SHARED_WORK = gated(
    r"\b(?:group|team|class|our|joint)\s+(?:project|presentation|assignment|report|lab)\b|"
    r"\b(?:lab|project|study|debate|group)\s+partner\b|\bteammate\b|"
    # "… so the deck is on hold till she's back": waiting for them to come back to work.
    r"\b(?:on\s+hold|blocked|stuck|paused|waiting|frozen)\b[^.;]*?\b(?:till|until|til|untill)\s+"
    r"(?:s?he|they)(?:'s|s|\s+is|\s+are|'re|\s+gets|\s+comes)\s+back\b"
)
"""The thing shared with a named person: "priya's sick so our group project is stuck",
"jake has the flu and he's my lab partner", "mia's out so the deck is on hold till she's
back". Someone the writer works or studies with, not a member of the household."""


def works_with_the_writer(clause: Clause) -> bool:
    """Whether the message says the person a clause names by first name alone shares the
    writer's work or school work (a classmate or colleague: no family field)."""
    return _SHARED_WORK.search(clause.message.lower() if clause.message else clause.low) is not None
