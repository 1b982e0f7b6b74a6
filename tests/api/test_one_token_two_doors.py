"""One token, two doors: what a token proposed over MCP (where it is an assistant, and
its own proposal is the user's to settle) it cannot then confirm over the HTTP API, where
a ``user`` token otherwise answers as the user (a real SQLite store; the MCP operations
in process, as the token's MCP session performs them)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from api_harness import Api, running_api
from canon_testing import NOW

from core.domain.principals import user_principal
from core.mcp.scoped import Scope, ScopedCanon, token_mcp_principal

ALICE = "user:alice"


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    async with running_api(tmp_path) as api:
        yield api


async def test_a_proposal_made_over_mcp_is_not_confirmed_by_the_same_token_over_http(
    api: Api,
) -> None:
    [token] = [t for t in await api.engine.store.api_tokens.tokens() if t.entity_id == ALICE]
    mcp = ScopedCanon(
        api.engine, Scope(ALICE), clock=lambda: NOW, principal=token_mcp_principal(token)
    )
    proposal = await mcp.propose("travel.location", "Paris")
    assert proposal.question is not None
    path = f"/v1/questions/{proposal.question.id}/answer"
    refused = await api.call(ALICE, "POST", path, json_body={"answer": "yes"})
    assert refused.status == 403, refused.body
    assert await api.engine.store.fact(ALICE, "travel.location") is None
    # The user's own answer, from another of her clients or the chat, still settles it.
    await api.engine.answer_group(
        proposal.question.id, "confirm", now=NOW, principal=user_principal(ALICE)
    )
    held = await api.engine.store.fact(ALICE, "travel.location")
    assert held is not None
    assert held.value == "Paris"
