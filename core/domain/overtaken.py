"""Whether an older question's Yes would overturn a newer word: one rule for every door.

Bob's unsure "noah is sick" was asked ("Is Noah sick today?"); Alice then said "noah is
well" and it was committed. Bob's question stays his (``core.domain.whose_word``), but a
Yes given to it as it was first shown, without her word in it, answered a question about
a world that no longer is: it overturned her newer word in silence. A Yes commits over a
person's newer word only when the answerer was shown that word (``seen``: when the word
they read was committed): every surface shows it ("Since then, Alice said Noah is well.
Still want to answer?") and passes it back with the answer. Otherwise the answer changes
nothing and the question is asked again with the word in it.

Pure: the engine applies it inside the transaction that settles the question, to the
fact the commit would replace, so no writer slips in between the check and the commit.
"""

from __future__ import annotations

from datetime import datetime

from core.domain.review_items import ReviewItem
from core.domain.state import CommittedFact
from core.domain.whose_word import persons_word

SPOKEN = frozenset({"conversation_assertive", "user_confirmation"})
"""The source types of a person's own word: said in a chat or client, or answered Yes."""


def overtaking_word(
    item: ReviewItem, fact: CommittedFact | None, action: str, seen: datetime | None = None
) -> CommittedFact | None:
    """``fact`` when a Yes (``action`` "confirm") to ``item`` would overturn it unseen: a
    person's word (a member's said or answered, through any of their doors; not a
    source's or Canon's, even through a token, which the user's Yes overrules as it
    always did) committed after the question was
    asked, holding another value than the one the Yes commits, that the answerer was not
    shown (``seen``: the ``committed_at`` of the word they read with the question; None:
    none). A No or an Edit is the answerer's own new word and is never overtaken; a Yes to
    the value already held overturns nothing."""
    if action != "confirm" or fact is None or item.kind != "change":
        return None
    if fact.value == item.candidate_value or _known_when_asked(item, fact):
        return None
    if fact.source_type not in SPOKEN or not persons_word(fact.principal):
        return None  # a calendar's or a mail's, even through a token: evidence a Yes overrules
    if seen is not None and fact.committed_at <= seen:
        return None
    if _said_before_shown(item, fact):
        return None
    return fact


def _said_before_shown(item: ReviewItem, fact: CommittedFact) -> bool:
    """Whether ``fact`` is the asked user's own word, committed before the question was put
    to her (``promoted_at``): Bob's "trip's off" waited behind her own plan's question,
    and her Yes to her plan came first; his question, shown after, was read knowing it.
    (A user's own entity is hers alone to answer: what others say of her is asked of her.)"""
    return (
        fact.principal == item.entity_id
        and item.promoted_at is not None
        and fact.committed_at <= item.promoted_at
    )


def _known_when_asked(item: ReviewItem, fact: CommittedFact) -> bool:
    """Whether the question was asked over ``fact``: committed before it, or in the same
    instant as the value the question names as the field's (a clock that stood still, or
    one message that committed and asked; a word that differs is newer all the same)."""
    if fact.committed_at != item.created_at:
        return fact.committed_at < item.created_at
    return fact.value == item.current_value
