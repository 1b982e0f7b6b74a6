"""A parsed clause's verb as ``run_ons`` reads it: finite or not, past or not, its own
subjects, and whether cutting two run-together clauses apart changes a reading (the
tenses differ, the first is a past result that holds now, or the second is about someone
or something else).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.extraction.grammar_results import RESULT_VERBS

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

_FINITE = frozenset({"VBD", "VBP", "VBZ", "MD"})
SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl"})
"""The dependencies of a clause's own subject."""


def _someone_else_next(first: Token, second: Token) -> bool:
    """The second clause has a subject of its own that names someone or something else
    than the first's: the speaker's ("we're in tahoe, my mom is watching the kids") or
    a thing's ("the Miami trip is off, my boss needs me here")."""
    mine = [c for c in first.children if c.dep_ in SUBJECTS]
    theirs = [c for c in second.children if c.dep_ in SUBJECTS and c.i > first.i]
    if not theirs or theirs[0].pos_ not in ("NOUN", "PROPN"):
        return False
    if not mine or mine[0].lower_ in ("i", "we"):
        return True
    # "you should move to Denver, the mountains are great": advice and its reason stay one.
    return mine[0].pos_ in ("NOUN", "PROPN") and mine[0].lemma_ != theirs[0].lemma_


def finite_verb(tok: Token) -> bool:
    """``tok`` is a finite verb, or has a finite auxiliary: "got", "is", "will go"."""
    if tok.lower_ == "gon" and tok.i + 1 < len(tok.doc) and tok.doc[tok.i + 1].lower_ == "na":
        return True  # "gonna", which the tokenizer splits: "going to"
    return tok.tag_ in _FINITE or any(
        c.dep_ in ("aux", "auxpass") and c.tag_ in _FINITE for c in tok.children
    )


def past_verb(tok: Token) -> bool:
    """``tok`` is in the past, by its own form or its auxiliary's: "got", "was delayed"."""
    return tok.tag_ == "VBD" or any(
        c.dep_ in ("aux", "auxpass") and c.tag_ == "VBD" for c in tok.children
    )


def changes_reading(first: Token, second: Token) -> bool:
    """Whether cutting ``first``'s clause from ``second``'s changes a reading: the two differ
    in tense, or the first is a result that holds now ("just arrived in Denver, the flight
    was smooth"), or the second is about someone else ("we're in tahoe, my mom is watching
    the kids")."""
    return (
        past_verb(first) != past_verb(second)
        or (past_verb(first) and first.lemma_ in RESULT_VERBS)
        or _someone_else_next(first, second)
    )


def subjects_before(verb: Token) -> list[Token]:
    """``verb``'s own subjects before it and its auxiliaries' ("the connecting flight got
    cancelled")."""
    own = [c for c in verb.children if c.dep_ in SUBJECTS and c.i < verb.i]
    helpers = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    return own + [g for h in helpers for g in h.children if g.dep_ in SUBJECTS]


def too_short(span: Span, start: int) -> bool:
    """Each part of a cut at token ``start`` needs more than a word to be a clause."""
    return start - span.start < 2 or span.end - start < 2
