"""`canon mcp` for Alice, through the SDK's client: what the household says of her that
her own word contradicts is judged as in the chat's /state and the HTTP API's /v1/state
(left out of get_state's facts and the state resource, listed as what someone else said,
and under Conflicts in the context block)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from canon_testing import calibrated_policy, make_observation
from test_mcp_server import ALICE, call, connect, read_text

from core.domain.principals import user_principal
from core.engine.engine import Engine
from core.store.sqlite import SQLiteStore

FAMILY = "family:smith"
pytestmark = [pytest.mark.parametrize("transport", ["stdio", "http"]), pytest.mark.timeout(120)]


async def _bob_said_away_then_alice_came_home(db: Path) -> None:
    at = datetime.now(UTC)
    store = SQLiteStore(db)
    await store.open()
    try:
        engine = Engine(store, calibrated_policy())
        bobs = make_observation("family.alice.status", "away", entity=FAMILY, at=at)
        said = await engine.ingest(bobs, now=at, principal=user_principal("user:bob"))
        alices = [
            make_observation(
                "profile.name", "Alice", entity=ALICE, at=at, source="user_confirmation"
            ),
            make_observation("travel.status", "completed", entity=ALICE, at=at),
        ]
        own = await engine.ingest_batch(alices, now=at, principal=user_principal(ALICE))
    finally:
        await store.close()
    assert [o.committed for o in (said, *own)] == [True, True, True]


async def test_get_state_and_the_resources_leave_out_what_her_word_overrules(
    transport: str, tmp_path: Path
) -> None:
    db = tmp_path / "canon.db"
    await _bob_said_away_then_alice_came_home(db)
    async with connect(transport, tmp_path, db, CANON_FAMILY_ENTITY=FAMILY) as client:
        state = await call(client, "get_state")
        assert "family.alice.status" not in [f["field"] for f in state["facts"]]
        [said] = state["said_of_you"]
        assert (said["field"], said["said"]["value"], said["your_word"]["value"]) == (
            "family.alice.status",
            "away",
            "completed",
        )
        assert said["said"]["by"] == "another member of the household"
        family = json.loads(await read_text(client, f"canon://state/{FAMILY}"))
        assert "family.alice.status" not in family.get(FAMILY, {})
        block = await read_text(client, "canon://context")
        assert "family.alice.status" not in block
        assert "someone else said; the user's own word is that they are at home" in block
