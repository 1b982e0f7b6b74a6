"""What another member of the household committed since a member's own question was asked.

Alice asked "Is Lily sick today?" (her unsure "I think Lily is sick"); Bob then said
plainly "Lily is fine now" and it was committed. Bob's word used to close Alice's question
as if she had answered it. A demanding household keeps her question hers: it stays open,
and wherever it is shown (her chat, her client's ``GET /v1/questions``) it says what was
said since, in whose words, and asks whether she still wants to answer ("Since then, Bob
said Lily is well. Still want to answer?"). Her Yes is her word, as new as any: it
commits what she was asked. Her No leaves Bob's word standing (his is his to undo).
"""

from __future__ import annotations

from collections.abc import Mapping

from core.conversation.answer_texts import fact_sentence
from core.conversation.provenance import ANOTHER_MEMBER
from core.domain.state import CommittedFact
from core.domain.whose_word import someone_elses
from core.store import ReviewItem, Store


def said_since_asked(
    item: ReviewItem, fact: CommittedFact | None, reader: str
) -> CommittedFact | None:
    """``fact`` (the field's now) when another member committed it after ``item`` was
    asked and it is not what the question already knew; else None. Only a household
    question: on a user's own entity nobody else commits (what others say of them is asked).
    """
    if fact is None or item.kind != "change" or item.entity_id.startswith("user:"):
        return None
    if fact.committed_at < item.created_at or fact.value == item.current_value:
        return None
    return fact if someone_elses(item.entity_id, fact.principal, reader, ()) else None


async def said_since(store: Store, item: ReviewItem, reader: str) -> CommittedFact | None:
    """``said_since_asked`` with the field's fact read now (one read, household only)."""
    if item.kind != "change" or item.entity_id.startswith("user:"):
        return None
    return said_since_asked(item, await store.fact(item.entity_id, item.field), reader)


def said_since_line(
    fact: CommittedFact, reader: str, names: Mapping[str, str] | None = None
) -> str:
    """The line a question shown after ``fact`` ends with: who said what, since."""
    who = (names or {}).get(fact.principal or "") or ANOTHER_MEMBER
    said = fact_sentence(fact, reader)  # the member's value in their words (``read_values``)
    if said.split(" ", 1)[0] in ("Your", "You"):  # mid-sentence now: "said your dad is away"
        said = said[:1].lower() + said[1:]
    return f"Since then, {who} said {said}. Still want to answer?"
