"""`canon mcp` for Alice, through the SDK's client: get_state, why and the state resource
name the household's members as the chat's /state and /why do ("Bob"), and ``by_member``
says who for a program, never a user id. Before, Bob's confirmed word read "another member
of the household" though both have names (``CANON_USER_NAMES``). Her own client's token,
her assistant's (an ``agent`` sees what she may see) and a stdio session read the same;
a token that does not reach the household's family knows no member by name."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from canon_testing import calibrated_policy, make_observation
from test_mcp_server import BOB, call, connect, read_text

from core.domain.principals import Role, user_principal
from core.engine.engine import Engine
from core.store.sqlite import SQLiteStore

FAMILY = "family:smith"
EMMA = "family.emma.status"
HOUSEHOLD_ENV = {
    "CANON_FAMILY_ENTITY": FAMILY,
    "CANON_ALLOWED_USER_IDS": "111,222",
    "CANON_ENTITY_MAP": "111=user:alice,222=user:bob",
    "CANON_USER_NAMES": "111=Alice,222=Bob",
}
BOB_NAMED = {"name": "Bob", "you": False}
pytestmark = [pytest.mark.timeout(120)]


async def _bob_said_emma_is_sick(db: Path) -> None:
    at = datetime.now(UTC)
    store = SQLiteStore(db)
    await store.open()
    try:
        engine = Engine(store, calibrated_policy())
        said = make_observation(EMMA, "sick", entity=FAMILY, at=at, source="user_confirmation")
        outcome = await engine.ingest(said, now=at, principal=user_principal(BOB))
    finally:
        await store.close()
    assert outcome.committed, outcome


@pytest.mark.parametrize(
    ("transport", "role"), [("stdio", None), ("http", "user"), ("http", "agent")]
)
async def test_alices_assistant_reads_bobs_word_by_his_name(
    transport: str, role: Role | None, tmp_path: Path
) -> None:
    db = tmp_path / "canon.db"
    await _bob_said_emma_is_sick(db)
    async with connect(transport, tmp_path, db, role=role, **HOUSEHOLD_ENV) as client:
        state = await call(client, "get_state")
        [emma] = [f for f in state["facts"] if f["field"] == EMMA]
        assert (emma["by"], emma["by_member"]) == ("Bob", BOB_NAMED)
        [chain] = (await call(client, "why", field=EMMA))["chains"]
        assert (chain["current"]["by"], chain["current"]["by_member"]) == ("Bob", BOB_NAMED)
        assert {e["by"] for e in chain["evidence"]} == {"Bob"}
        assert [(c["by"], c["by_member"]) for c in chain["changes"]] == [("Bob", BOB_NAMED)]
        resource = json.loads(await read_text(client, f"canon://state/{FAMILY}"))
        assert resource[FAMILY][EMMA]["by"] == "Bob"
        assert BOB not in json.dumps([state, chain, resource])


async def test_a_token_not_reaching_the_family_knows_no_member_by_name(tmp_path: Path) -> None:
    """Alice's own-entity token reads her own facts; nobody's name comes with them."""
    db = tmp_path / "canon.db"
    await _bob_said_emma_is_sick(db)
    async with connect("http", tmp_path, db, reach=(), **HOUSEHOLD_ENV) as client:
        state = await call(client, "get_state")
    assert EMMA not in [f["field"] for f in state["facts"]]
    assert "Bob" not in json.dumps(state)
