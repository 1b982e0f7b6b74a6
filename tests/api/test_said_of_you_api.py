"""What the household says of a user that her own word contradicts is judged the same way
through the HTTP API as in the chat's /state and the context block: never listed
among what is true, and shown as what someone else said of her (a real SQLite store, two
users' own clients; MCP: tests/mcp/test_mcp_said_of_you.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from api_harness import Api, running_api

from core.conversation.audience import Audience

ALICE, BOB, FAMILY = "user:alice", "user:bob", "family:smith"
HOUSEHOLD = Audience(family_entity=FAMILY)


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    """Bob told the household "alice is away this week" (he confirmed it); Alice, who
    told Canon her name, then said she is back home."""
    async with running_api(tmp_path, audience=HOUSEHOLD) as api:
        await api.confirmed(BOB, "alice is away this week")
        away = await api.engine.store.fact(FAMILY, "family.alice.status")
        assert away is not None
        assert away.value == "away"
        await api.confirmed(ALICE, "my name is Alice")
        await api.confirmed(ALICE, "I'm back home now")
        home = await api.engine.store.fact(ALICE, "travel.status")
        assert home is not None
        assert home.value == "completed"
        yield api


async def test_alices_state_over_the_api_leaves_out_what_her_own_word_overrules(
    api: Api,
) -> None:
    for query in ({}, {"entity": FAMILY}):
        state = await api.call(ALICE, "GET", "/v1/state", params=query)
        assert "family.alice.status" not in state.body["entities"].get(FAMILY, {})
        [said] = state.body["said_of_you"]
        assert (said["entity_id"], said["field"], said["said"]["value"]) == (
            FAMILY,
            "family.alice.status",
            "away",
        )
        assert said["said"]["by"] == "another member of the household"
        assert said["your_word"] == {"field": "travel.status", "value": "completed"}
        assert said["text"] == (
            "Another member of the household said you're away (just now) — you told me "
            "you're home, and your word wins"
        )
    # Bob's view is the household's, as before: nothing of Alice's own entity decides it.
    bobs = await api.call(BOB, "GET", "/v1/state")
    assert bobs.body["entities"][FAMILY]["family.alice.status"]["value"] == "away"
    assert bobs.body["said_of_you"] == []


async def test_alices_context_over_the_api_agrees_with_her_state(api: Api) -> None:
    context = await api.call(ALICE, "GET", "/v1/context")
    assert "family.alice.status" not in context.body["text"]
    assert (
        "someone else said; the user's own word is that they are at home" in (context.body["text"])
    )
