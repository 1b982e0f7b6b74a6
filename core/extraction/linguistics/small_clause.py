"""A predicate with no finite verb of its own: what notes and chat leave "is" out of.

Two shapes the parse does not read as "is": the clitic "'s" after a noun taken for a
possessive ("her arm's in a cast", "the cat's with us"; not "Jake's band"), and the
verbless small clause of a note ("kids w/ me til sun", "wifi down at home", "knee still
sore", "boiler broken"): a noun and what it is now, the verb left out. Chat leaves out
"I'm" as well: where the writer is, bounded by now ("with my dad in leeds till sunday",
"at my aunt's for the week"), and how ("so tired today", "skint till payday", "free after
3"). All are read from the dependency parse, not from word lists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.extraction.linguistics.subject_of import subject_of

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

_PREDICATES = frozenset({"prep", "advmod", "acomp", "amod"})


def predicate_after(noun: Token | None) -> tuple[str, ...]:
    """What follows "noun's" when the clitic is "is", as a complement ("prep:in")."""
    if noun is None:
        return ()
    after = noun.doc[noun.i + 2]
    return (f"prep:{after.lower_}",) if after.dep_ == "prep" else (after.dep_,)


def clitic_subject(head: Token, span: Span) -> Token | None:
    """The noun that opens a verbless ``span`` when the "'s" right after it is "is", not a
    possessive: the word after the clitic is a preposition, adverb or adjective that the
    parse hangs from the noun itself or outside the clause ("her arm's in a cast", "the
    cat's with us"), not a noun the first one owns ("Jake's band")."""
    if head.pos_ in ("VERB", "AUX") or head.tag_.startswith("VB"):
        return None
    nouns = [t for t in span if t.pos_ in ("NOUN", "PROPN")][:1]
    if not nouns or nouns[0].i + 2 >= span.end:
        return None
    noun = nouns[0]
    if noun.left_edge.i != span.start or noun.dep_ == "pobj":
        return None  # "at my brother's in Leeds": the noun's phrase does not open the clause
    clitic, after = noun.doc[noun.i + 1], noun.doc[noun.i + 2]
    if clitic.lower_ not in ("'s", "\u2019s") or clitic.dep_ != "case" or clitic.head != noun:
        return None
    inside = span.start <= after.head.i < span.end
    if (inside and after.head != noun) or after.dep_ not in _PREDICATES:
        return None
    if any(t.pos_ == "NUM" or t.ent_type_ in ("DATE", "TIME") for t in after.subtree):
        return None  # "the meeting's at three": when, which the time rules read
    return noun if after.pos_ in ("ADP", "ADV", "ADJ") else None


_PLACING = frozenset({"with", "at", "in", "inside", "on", "off", "out", "under"})
"""Prepositions that place a thing or a person ("kids with me", "car in the garage"); not
"thanks for the lift", "love from us", "a day of rest"."""
_PARTICLES = frozenset(
    {"back", "down", "off", "out", "up", "on", "away", "home", "over", "in", "through"}
)
"""The adverbial particles that say what state a thing is in ("power back on", "wifi
down"); not any adverb ("the weather alone", "me too")."""
_OWNERS = frozenset({"poss", "det"})
_FORMULAE = frozenset(
    {"thanks", "thank", "cheers", "congrats", "grats", "congratulations", "regards", "greetings"}
    | {"wishes", "love", "kudos", "apologies", "condolences", "props", "respect"}
)
"""Nouns that are a speech act, not a thing in a state ("thanks in advance", "cheers
again", "love from us all"): thanking, greeting or consoling says nothing of anyone now."""
_SUBJECTS = frozenset({"nsubj", "nsubjpass"})


def _has_finite_verb(span: Span) -> bool:
    """A finite verb or an auxiliary anywhere in the clause: it has its verb."""
    return any(t.tag_ in ("VBD", "VBP", "VBZ", "MD") or t.pos_ == "AUX" for t in span)


def verbless_state(head: Token, span: Span) -> bool:
    """ "kids with me til sun", "wifi down at home", "Knee still sore", "boiler broken": a
    bare noun (or "the"/"my" noun) opening the clause, then what it is now: a placing
    preposition, a particle, or an adjective or participle whose subject it is, with no
    finite verb or auxiliary anywhere in the clause. Not a noun rated before it ("great day
    at the beach"), counted or denied ("no worries", "two coffees"), nor placed at a time
    ("lunch at 1")."""
    if _has_finite_verb(span):
        return False
    if head.pos_ in ("ADJ", "ADV") or head.tag_ == "VBN":
        # "Ankle swollen": the parse may hang the noun as an adverbial of the adjective.
        subjects = [
            c
            for c in head.children
            if c.i < head.i
            and (c.dep_ in _SUBJECTS or (c.dep_ == "npadvmod" and c.i == span.start))
        ]
        return bool(subjects) and _bare_noun(subjects[0], span)
    if head.pos_ != "NOUN" or not _bare_noun(head, span):
        return False
    after = head.doc[head.i + 1] if head.i + 1 < span.end else None
    # "power back on": the parse may hang "back" from "on", both under the noun.
    if after is None or after not in set(head.subtree):
        return False
    if after.dep_ == "prt" or (after.dep_ == "advmod" and after.lower_ in _PARTICLES):
        return True
    return (
        after.dep_ == "prep"
        and after.lower_ in _PLACING
        and not any(t.pos_ == "NUM" or t.ent_type_ in ("DATE", "TIME") for t in after.subtree)
        and (_owned(head) or _someone(after))
    )


def _owned(noun: Token) -> bool:
    """ "the twins", "my car", "Tom's van": a noun with its own determiner or owner."""
    return any(c.dep_ in _OWNERS or c.dep_ == "poss" for c in noun.children if c.i < noun.i)


def _someone(prep: Token) -> bool:
    """A bare noun is placed with or at someone ("kids with me", "dog w/ my sister"): the
    preposition's object a pronoun, a name or an owned noun. A bare plural before "the"
    may be a verb the tagger took for a noun ("clashes with the offsite")."""
    objects = [c for c in prep.children if c.dep_ == "pobj"]
    return bool(objects) and (
        objects[0].pos_ in ("PRON", "PROPN") or any(c.dep_ == "poss" for c in objects[0].children)
    )


def _bare_noun(noun: Token, span: Span) -> bool:
    """The noun opens the clause, at most after "the" or an owner ("my", "her", "Tom's"),
    and nothing rates or counts it."""
    if noun.pos_ not in ("NOUN", "PROPN") or noun.lower_ in _FORMULAE:
        return False
    before = [t for t in span if t.i < noun.i]
    return all(
        (t.dep_ in _OWNERS and t.lower_ not in ("no", "any", "some", "every", "each", "a", "an"))
        or t.dep_ == "case"
        for t in before
    )


_NOW_WORDS = frozenset({"now", "today", "tonight", "atm", "still", "currently", "again"})
"""Adverbs that hold a verbless state to now ("at jess's now", "so tired today")."""
_UNTIL = frozenset({"till", "until", "til", "untill", "since", "through", "thru"})
"""Prepositions that bound a state from now to a day ("till sunday", "since monday")."""
_OTHER_TIMES = frozenset({"last", "ago", "yesterday", "earlier", "next", "tomorrow", "tmrw"})
"""Words of a time before or after now: the state is a story or a plan, not now."""


def _another_time(tokens: list[Token] | Span) -> bool:
    """A word of a time before or after now, not the bound of a state ("till tomorrow")."""
    return any(
        t.lower_ in _OTHER_TIMES and not (t.head.dep_ == "prep" and t.head.lower_ in _UNTIL)
        for t in tokens
    )


def _bounded_by_now(tokens: list[Token]) -> bool:
    """The words hold a state to now: a word of now ("rn" is "right now" by now), a bound
    ahead ("till sunday", "since monday", "after 3") or a stretch ("for the week"), and no
    word of another time ("last weekend", "next week")."""
    if _another_time(tokens):
        return False
    return any(
        t.lower_ in _NOW_WORDS
        or (t.dep_ == "npadvmod" and t.ent_type_ == "DATE")
        or (
            t.dep_ == "prep"
            and (
                t.lower_ in _UNTIL
                or (t.lower_ == "for" and any(c.ent_type_ == "DATE" for c in t.children))
            )
            and any(c.dep_ == "pobj" for c in t.children)
        )
        for t in tokens
    )


_PLACING_FIRST = frozenset({"at", "in", "with", "@"})


def placed_speaker(span: Span) -> bool:
    """ "with my dad in leeds till sunday", "at my aunt's for the week", "at jess's now": a
    clause that opens on where the writer is, or with whom, "I'm" left out, held to now.
    The place is a name or someone's ("my dad", "nan's"), not a time ("in the morning"),
    a frame ("in my opinion") nor a measure ("at least")."""
    first = span[0]
    if first.lower_ not in _PLACING_FIRST or first.dep_ not in ("prep", "ROOT"):
        return False
    if _has_finite_verb(span):
        return False
    objects = [c for c in first.children if c.dep_ == "pobj" and c.i < span.end]
    if not objects or objects[0].ent_type_ in ("DATE", "TIME") or objects[0].pos_ == "NUM":
        return False
    place = objects[0]
    # "in" takes a name or someone's place ("in Leeds", "in nan's room"), not "in my
    # thoughts"; "at" and "with" a person too ("with my dad", "at my aunt's").
    owners = ("case",) if first.lower_ == "in" else ("poss", "case")
    someones = place.pos_ == "PROPN" or any(c.dep_ in owners for c in place.children)
    return someones and _bounded_by_now([t for t in span if t.i > place.i])


_SAID_TO_SOMEONE = frozenset(
    {"sorry", "same", "great", "nice", "cool", "awesome", "amazing", "perfect", "lovely"}
    | {"good", "fine", "ok", "okay", "welcome", "glad", "happy", "sure", "right", "true"}
)
"""Adjectives said to the listener as a reply or a courtesy ("sorry again", "good for
now", "happy today?"): a reaction, not the writer's state."""


def bare_state(head: Token, span: Span) -> bool:
    """ "so tired today", "skint till payday", "free after 3", "busy till 5": an adjective
    opening the clause with no subject, "I'm" left out, held to now by a word of now or a
    bound ahead; not a reply said to someone ("sorry again", "good for now")."""
    if head.pos_ != "ADJ" or head.lower_ in _SAID_TO_SOMEONE:
        return False
    if _has_finite_verb(span):
        return False
    if any(t.i < head.i and t.dep_ not in ("advmod", "intj") for t in span):
        return False  # "the room so cold": a noun's state, read by ``verbless_state``
    if any(c.dep_ in _SUBJECTS for c in head.children):
        return False
    bounds = [t for t in head.children if t.i > head.i]
    bounds = bounds + [g for b in bounds if b.dep_ == "prep" for g in b.children]
    return _bounded_by_now(bounds) and not _another_time(span)


_NO_IDIOMS = frozenset(
    {"way", "worries", "worry", "problem", "problems", "idea", "clue", "rush", "chance"}
    | {"thanks", "doubt", "offence", "offense", "shame", "biggie", "kidding", "joke", "cap"}
)
"""The nouns of a reply made with "no" ("no way", "no worries", "no cap"), not a lack."""


def lacking_now(head: Token, span: Span) -> bool:
    """ "no car rn", "no wifi till tomorrow", "no signal all day": what the writer has not
    got now, "there's" or "I've got" left out; not "no worries" or "no way", with no bound
    of now."""
    first = span[0]
    if first.lower_ != "no" or first.head != head or head.pos_ != "NOUN":
        return False
    if head.lower_ in _NO_IDIOMS:
        return False  # "no way rn", "no worries": a reply
    if _has_finite_verb(span):
        return False
    after = [t for t in span if t.i > head.i]
    return _bounded_by_now(after) and not _another_time(span)


_PARTICIPLE_ONLY = frozenset(
    {"gone", "seen", "taken", "given", "broken", "eaten", "fallen", "forgotten"}
    | {"gotten", "driven", "flown", "known", "shown", "stolen", "chosen", "frozen", "spoken"}
    | {"woken", "written", "ridden", "risen", "shaken", "torn", "worn", "begun", "grown"}
    | {"thrown", "blown", "drawn", "hidden", "bitten", "beaten", "sung", "drunk", "swum"}
)
"""The participles whose form is never a simple past ("gone", not "went"). Not "done":
"exams done", "Vietnam done" tells a thing finished, an event, not a state held."""


def participle_left_bare(head: Token) -> bool:
    """ "fever gone", "dad gone to lagos for work", "boiler broken again": a participle that
    is never a simple past, with no auxiliary and no pronoun before it, is "is"/"has" left
    out, a state now, whatever the tagger read; not "i seen him yesterday", where a
    pronoun's dialect past keeps its past."""
    if head.lower_ not in _PARTICIPLE_ONLY:
        return False
    if any(c.dep_ in ("aux", "auxpass") for c in head.children):
        return False
    subject = subject_of(head)
    return subject is None or subject.pos_ != "PRON"
