"""MCP's why and state tell the user who made each write, and never another member's ids."""

from __future__ import annotations

import pytest
from canon_testing import NOW, make_observation

from core.conversation.audience import Audience
from core.domain.policy import default_policy
from core.domain.principals import user_principal
from core.engine.engine import Engine
from core.engine.review import answer_review
from core.errors import ClaimRefused, NotYours
from core.mcp.scoped import Scope, ScopedCanon
from core.store.memory import MemoryStore

HOME = Audience(family_entity="family:smith")


async def test_why_over_mcp_says_another_member_and_hides_their_refs() -> None:
    store = MemoryStore()
    await store.open()
    engine = Engine(store, default_policy())
    said = make_observation("family.emma.status", "sick", entity="family:smith", ref="tg:111:5")
    asked = await engine.ingest(said, now=NOW, principal=user_principal("user:alice"))
    if asked.review_item_id is not None:  # her word is hers until it is the household's
        await answer_review(
            engine, asked.review_item_id, "confirm", now=NOW, principal=user_principal("user:alice")
        )

    def canon(entity: str) -> ScopedCanon:
        return ScopedCanon(engine, Scope.of(entity, HOME), clock=lambda: NOW)

    [bobs] = (await canon("user:bob").why("family.emma.status")).chains
    [seen] = bobs.evidence
    assert seen.by == "another member of the household"
    assert (seen.event_id, seen.source.ref) == (None, None)
    [alices] = (await canon("user:alice").why("family.emma.status")).chains
    [own] = [e for e in alices.evidence if e.source.ref == "tg:111:5"]
    assert (own.by, own.event_id, own.source.ref) == ("you", said["event_id"], "tg:111:5")
    await store.close()


async def test_a_members_mcp_session_neither_lists_nor_answers_anothers_household_question() -> (
    None
):
    """Alice's words raised a question on the household: Bob's assistant (an MCP session
    acting for him) does not see it in list_pending nor in the context block, and its
    answer is refused, as Bob's own tap and token are; Alice's session sees it."""
    store = MemoryStore()
    await store.open()
    engine = Engine(store, default_policy())
    said = make_observation(
        "family.emma.status", "sick", entity="family:smith", extraction_confidence=0.85
    )
    asked = await engine.ingest(said, now=NOW, principal=user_principal("user:alice"))
    assert asked.review_item_id is not None

    def canon(entity: str) -> ScopedCanon:
        return ScopedCanon(engine, Scope.of(entity, HOME), clock=lambda: NOW)

    bobs = await canon("user:bob").pending()
    assert [q.id for q in [*bobs.pending, *bobs.queued]] == []
    assert "family.emma.status" not in await canon("user:bob").context()
    with pytest.raises((NotYours, ClaimRefused)):  # an assistant never answers another's
        await canon("user:bob").answer(asked.review_item_id, "yes")
    assert await store.fact("family:smith", "family.emma.status") is None
    alices = await canon("user:alice").pending()
    assert [q.id for q in alices.pending] == [asked.review_item_id]
    await store.close()


async def test_a_members_stdio_session_raises_her_question_not_the_households() -> None:
    """Alice's own assistant over stdio (``canon mcp`` for user:alice) proposed a fact of the
    household: the question is hers, as one her assistant's token raised over HTTP is. Before,
    the session's ref (``mcp:user:alice``) named nobody, so Bob's session listed it and his
    tap answered it: his Yes to her assistant's proposal."""
    store = MemoryStore()
    await store.open()
    engine = Engine(store, default_policy())

    def canon(entity: str) -> ScopedCanon:
        return ScopedCanon(engine, Scope.of(entity, HOME), clock=lambda: NOW)

    proposal = await canon("user:alice").propose(
        "family.emma.status", "sick", entity_id="family:smith"
    )
    assert proposal.question is not None
    asked = proposal.question.id

    bobs = await canon("user:bob").pending()
    assert [q.id for q in [*bobs.pending, *bobs.queued]] == []
    with pytest.raises(NotYours):  # Bob's own tap, as in his chat
        await answer_review(engine, asked, "confirm", now=NOW, principal=user_principal("user:bob"))
    assert await store.fact("family:smith", "family.emma.status") is None
    alices = await canon("user:alice").pending()
    assert [q.id for q in alices.pending] == [asked]
    await answer_review(engine, asked, "confirm", now=NOW, principal=user_principal("user:alice"))
    assert (await store.fact("family:smith", "family.emma.status")) is not None
    await store.close()
