"""The cap on the questions one member or assistant raises about another (``max_agent_questions``).

An assistant may not flood a user's review queue, nor may a member flood another member's:
past the policy's ``max_agent_questions`` open claims about one entity, a batch that would
raise one more is refused whole (``TooManyQuestions``). A claim is one input's questions
about one subject (a question group): a trip's place and status are one claim, not two. The
count is the member's, across their chat and every token of theirs.
"""

from __future__ import annotations

from core.domain.principals import Principal
from core.domain.whose_word import capped, counts_against
from core.errors import TooManyQuestions
from core.store import NewReviewItem
from core.store.protocol import StoreBackend


async def open_claims_of(
    store: StoreBackend, principal: Principal, entities: set[str]
) -> dict[str, set[str]]:
    """The open claims (question groups) the member behind ``principal`` raised about
    each of ``entities`` whose questions from it are ``capped`` (an agent's, a member's
    about another user), in their chat and through any token of theirs."""
    entities = {e for e in entities if capped(principal, e)}
    if not entities:
        return {}
    items = await store.open_review_items(sorted(entities))
    tokens = await store.api_tokens.tokens()
    claims: dict[str, set[str]] = {}
    for item in items:
        if counts_against(item.principal, item.entity_id, principal, tokens):
            claims.setdefault(item.entity_id, set()).add(item.group_key or item.id)
    return claims


def count_claim(
    raised: dict[str, set[str]], review: NewReviewItem, principal: Principal, limit: int
) -> None:
    """Count the question ``review`` a batch raises against ``principal``'s open claims on
    its entity (``raised``, updated in place); ``TooManyQuestions`` past ``limit``."""
    if not capped(principal, review.entity_id):
        return
    claims = raised.setdefault(review.entity_id, set())
    claims.add(review.group_key or review.id)
    if len(claims) > limit:
        raise TooManyQuestions(review.entity_id, limit, principal.is_user)
