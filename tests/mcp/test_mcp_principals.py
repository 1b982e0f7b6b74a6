"""MCP's why and state tell the user who made each write, and never another member's ids."""

from __future__ import annotations

from canon_testing import NOW, make_observation

from core.conversation.audience import Audience
from core.domain.policy import default_policy
from core.domain.principals import user_principal
from core.engine.engine import Engine
from core.mcp.scoped import Scope, ScopedCanon
from core.store.memory import MemoryStore

HOME = Audience(family_entity="family:smith")


async def test_why_over_mcp_says_another_member_and_hides_their_refs() -> None:
    store = MemoryStore()
    await store.open()
    engine = Engine(store, default_policy())
    said = make_observation("family.emma.status", "sick", entity="family:smith", ref="tg:111:5")
    await engine.ingest(said, now=NOW, principal=user_principal("user:alice"))

    def canon(entity: str) -> ScopedCanon:
        return ScopedCanon(engine, Scope.of(entity, HOME), clock=lambda: NOW)

    [bobs] = (await canon("user:bob").why("family.emma.status")).chains
    [seen] = bobs.evidence
    assert seen.by == "another member of the household"
    assert (seen.event_id, seen.source.ref) == (None, None)
    [alices] = (await canon("user:alice").why("family.emma.status")).chains
    [own] = alices.evidence
    assert (own.by, own.event_id, own.source.ref) == ("you", said["event_id"], "tg:111:5")
    await store.close()
