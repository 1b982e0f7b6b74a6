"""A clause asked by its word order: an auxiliary before its subject.

"are we still doing standup at 10 or did it move", "did Mason take his inhaler to yours",
"was Jacob ok at school today", "can whoever broke the build please take a look": typed
without a question mark, the order of the words still asks (or requests). Such a clause
is one question, never two statements run together, and it tells nothing about now.
"""

from __future__ import annotations

from itertools import islice
from typing import TYPE_CHECKING

from core.extraction.linguistics.parse import clause_span
from core.extraction.word_gates import gated

if TYPE_CHECKING:
    from spacy.tokens import Span

_ASKING_AUX = frozenset(
    {"am", "are", "is", "was", "do", "does", "did", "have", "has", "can", "could"}
    | {"would", "will", "shall", "should", "r"}
)
# Not "were" nor "had": "were we still in London I'd be commuting", "had I known": a
# condition contrary to fact, its auxiliary first.
_SUBJECT_POS = frozenset({"PRON", "PROPN", "NOUN", "DET"})
_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "expl"})
_NOT_SUBJECTS = frozenset({"there", "here", "a", "an", "fun", "lots", "loads"})
"""Words after an opening auxiliary that are no subject: "is there…" (asks, but of the
world), "did a 10k this morning", "have fun", "had loads of"."""
_FIRST_WORD = gated(r"\W*(\w+)")
"""A clause's first word as typed: the first token its parse would have, punctuation aside."""


def asked_in_word_order(span: Span) -> bool:
    """The clause opens on an auxiliary followed by its subject."""
    # Its first three words are all it reads (a span's tokens are made one by one).
    words = list(islice((t for t in span if not (t.is_punct or t.is_space)), 3))
    return (
        len(words) > 2
        and words[0].lower_ in _ASKING_AUX
        and words[1].pos_ in _SUBJECT_POS
        and words[1].lower_ not in _NOT_SUBJECTS
        # its subject ("was home sick monday": "home" is no subject, no question)
        # (a name right after it is one, however the parse hangs it: "was Jacob ok")
        and (
            words[1].pos_ == "PROPN"
            or words[1].dep_ in _SUBJECT_DEPS
            or words[1].head.dep_ in _SUBJECT_DEPS
        )
    )


def asked_unmarked(message: str, clause: str, start: int) -> bool:
    """The clause ``clause`` at ``start`` in ``message`` asks by its word order."""
    first = _FIRST_WORD.match(clause)
    if first is None or first[1].lower() not in _ASKING_AUX:
        return False  # most clauses: no parse looked up (its first word is the first word)
    span = clause_span(message, clause, start)
    return span is not None and asked_in_word_order(span)


_NOT_ORDERS = frozenset(
    {"need", "want", "love", "like", "hate", "miss", "feel", "live", "work", "think", "know"}
    | {"hope", "guess", "have", "be", "do", "leave", "fly", "go", "drive", "head", "arrive"}
    | {"land", "get", "come", "move", "start", "finish", "stay", "take", "catch", "pay", "owe"}
    | {"mean", "wish", "wonder", "bet", "reckon", "suppose", "agree", "say", "see"}
)
"""Verbs that, bare after a comma, are more often the writer's own statement or plan with
"I" left out ("ok, need a taxi", "lol, love that", "update, fly out tues") than an order."""


def ordered_after_a_word(message: str, clause: str, start: int) -> bool:
    """The clause is an order after a word or two and a comma: "Perfect, put it under the
    name Okafor", "ily, drive safe", "Ma, greet everybody for me" (the parse may take the
    word for a subject, or the verb for a past)."""
    if start == 0 and "," not in clause:
        return False  # no comma, and no word before it that the order could follow
    span = clause_span(message, clause, start)
    if span is None:
        return False
    words = [t for t in span if not t.is_space]
    comma = next((n for n, t in enumerate(words[:4]) if t.text == ","), None)
    if comma is None:
        # "babe, grab bread": the word and its comma were taken off before the clause, and
        # the parse made the word the subject of the order.
        first = words[0] if words else None
        return (
            first is not None
            and first.tag_ == "VB"
            and first.lemma_.lower() not in _NOT_ORDERS
            and any(t.dep_ == "nsubj" and t.i < span.start for t in first.children)
        )
    if comma == 0 or comma > 2 or comma + 1 >= len(words):
        return False
    if any(t.pos_ in ("ADP", "VERB", "AUX", "PRON") for t in words[:comma]):
        # "in a meeting, call u later": a status first, then the writer's word; "Week B -
        # you, swap on Sundays": a rota's line, its person first.
        return False
    verb = words[comma + 1]
    lemma = verb.lemma_.lower()
    return (
        verb.pos_ == "VERB"
        and verb.tag_ in ("VB", "VBP", "VBD")
        and verb.lower_ == lemma
        and lemma not in _NOT_ORDERS
        and not any(t.dep_ in ("nsubj", "nsubjpass") and t.i > verb.i for t in verb.children)
    )
