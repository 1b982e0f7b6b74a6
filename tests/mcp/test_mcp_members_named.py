"""`canon mcp` for Alice, through the SDK's client: get_state, why and the state resource
name the household's members as the chat's /state and /why do ("Bob"), and ``by_member``
says who for a program, never a user id. Before, Bob's confirmed word read "another member
of the household" though both have names (``CANON_USER_NAMES``). Her own client's token,
her assistant's (an ``agent`` sees what she may see) and a stdio session read the same;
a token that does not reach the household's family knows no member by name.

The HTTP cases only read, so they share one seeded store and one `canon mcp --transport
http` (``served``), each test with its own token; the stdio case starts its own."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest
import pytest_asyncio
from canon_testing import calibrated_policy, make_observation
from mcp import Client
from test_mcp_server import BOB, call, connect, connect_to, http_server, read_text, token

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


@dataclass(frozen=True)
class Served:
    """Bob's word on Emma in a store, and the URL of the `canon mcp` serving it."""

    db: Path
    url: str


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def served(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Served]:
    tmp_path = tmp_path_factory.mktemp("members-named")
    db = tmp_path / "canon.db"
    await _bob_said_emma_is_sick(db)
    async with http_server(tmp_path, db, **HOUSEHOLD_ENV) as url:
        yield Served(db, url)


async def _reads_bobs_word_by_his_name(client: Client) -> None:
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


async def test_alices_assistant_over_stdio_reads_bobs_word_by_his_name(tmp_path: Path) -> None:
    db = tmp_path / "canon.db"
    await _bob_said_emma_is_sick(db)
    async with connect("stdio", tmp_path, db, **HOUSEHOLD_ENV) as client:
        await _reads_bobs_word_by_his_name(client)


@pytest.mark.asyncio(loop_scope="module")
@pytest.mark.parametrize("role", ["user", "agent"])
async def test_alices_assistant_over_http_reads_bobs_word_by_his_name(
    served: Served, role: Role
) -> None:
    async with connect_to(served.url, await token(served.db, role=role)) as client:
        await _reads_bobs_word_by_his_name(client)


@pytest.mark.asyncio(loop_scope="module")
async def test_a_token_not_reaching_the_family_knows_no_member_by_name(served: Served) -> None:
    """Alice's own-entity token reads her own facts; nobody's name comes with them."""
    async with connect_to(served.url, await token(served.db, reach=())) as client:
        state = await call(client, "get_state")
    assert EMMA not in [f["field"] for f in state["facts"]]
    assert "Bob" not in json.dumps(state)
