"""Attack 4 of issue 23 through real `canon mcp` processes (stdio and streamable HTTP):
an assistant cannot confirm its own proposal, an agent cannot answer at all, and the
user's own answer still decides.

The HTTP tests that commit nothing (an agent's proposal stays a question) share one seeded
store and one `canon mcp --transport http` (``served``), each with tokens of its own; the
attack itself, which ends with Alice's answer committed, has a store and server of its own.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
import pytest_asyncio
from canon_testing import calibrated_policy
from mcp import Client
from test_mcp_server import (
    ALICE,
    HOME,
    TOOLS,
    call,
    connect,
    connect_to,
    http_server,
    open_questions,
    read_text,
    refused,
    seed,
    token,
)

from core.api.tokens import issue_token
from core.domain.principals import user_principal
from core.engine.engine import Engine
from core.engine.review import answer_review
from core.store.sqlite import SQLiteStore

pytestmark = pytest.mark.timeout(120)
RENT = "financial.rent.amount"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "canon.db"


@dataclass(frozen=True)
class Served:
    """A seeded store and the URL of the `canon mcp` serving it over HTTP."""

    db: Path
    url: str


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def served(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Served]:
    tmp_path = tmp_path_factory.mktemp("mcp-trust")
    db = tmp_path / "canon.db"
    await seed(db)
    async with http_server(tmp_path, db) as url:
        yield Served(db, url)


SERVED = pytest.mark.asyncio(loop_scope="module")
"""The mark of a test that uses ``served``: it runs in the module's event loop."""


@pytest.mark.parametrize("transport", ["stdio", "http"])
async def test_an_assistant_cannot_confirm_its_own_proposal(
    transport: str, tmp_path: Path, db: Path
) -> None:
    """The attack: propose rent 9999, then answer Yes from the same session. Refused, the
    question stays open, nothing is committed; Alice's own Yes then commits it as hers."""
    await seed(db)
    async with connect(transport, tmp_path, db) as client:
        proposal = await call(client, "propose_observation", field=RENT, value=9999)
        question_id = proposal["question"]["id"]
        refusal = await refused(client, "answer_question", question_id=question_id, answer="yes")
        state = await call(client, "get_state", entity_id=ALICE)
    assert proposal["decision"] == "ask_user"
    assert "this question was raised by your own evidence: only the user can settle it" in refusal
    assert RENT not in {f["field"] for f in state["facts"]}
    assert (await open_questions(db))[question_id] == "pending"

    store = SQLiteStore(db)
    await store.open()
    try:
        now = datetime.now(UTC)
        engine = Engine(store, calibrated_policy())
        result = await answer_review(
            engine, question_id, "confirm", now=now, principal=user_principal(ALICE)
        )
        fact = await store.fact(ALICE, RENT)
    finally:
        await store.close()
    assert (result.status, result.committed_value) == ("confirmed", 9999)
    assert fact is not None
    assert (fact.value, fact.source_type, fact.principal) == (9999, "user_confirmation", ALICE)


@SERVED
async def test_an_agent_token_over_http_cannot_answer_any_question(served: Served) -> None:
    """An agent token proposes; it answers nothing, not even a question Alice's words raised."""
    async with connect_to(served.url, await token(served.db, role="agent")) as client:
        proposal = await call(client, "propose_observation", field=RENT, value=9999)
        question_id = proposal["question"]["id"]
        refusal = await refused(client, "answer_question", question_id=question_id, answer="yes")
    assert "an agent token cannot answer questions" in refusal
    assert (await open_questions(served.db))[question_id] == "pending"


async def test_an_agent_over_stdio_is_not_offered_answer_question(tmp_path: Path, db: Path) -> None:
    await seed(db)
    async with connect("stdio", tmp_path, db, role="agent") as client:
        tools = {t.name for t in (await client.list_tools()).tools}
        proposal = await call(client, "propose_observation", field=RENT, value=9999)
    assert tools == TOOLS - {"answer_question"}
    assert proposal["decision"] == "ask_user"


@SERVED
async def test_a_signals_token_is_refused_by_mcp(served: Served) -> None:
    store = SQLiteStore(served.db)
    await store.open()
    try:
        engine = Engine(store, calibrated_policy())
        issued = await issue_token(
            engine, ALICE, "cal", datetime.now(UTC), role="signals", source_types=["calendar"]
        )
    finally:
        await store.close()
    async with httpx.AsyncClient() as http:
        got = await http.post(
            served.url,
            json={"jsonrpc": "2.0", "id": 1, "method": "ping"},
            headers={"Authorization": f"Bearer {issued.secret}"},
        )
    assert got.status_code == 401
    assert got.json() == {"error": "a signals token posts observations to the HTTP API, not MCP"}


@SERVED
async def test_a_token_reaches_over_mcp_what_it_reaches_over_the_api(served: Served) -> None:
    """A token made for Alice alone (no shared entities) connects to a server whose scope
    includes the household: every tool and resource narrows to what the token reaches."""
    own, households = await token(served.db, reach=()), await token(served.db)
    async with connect_to(served.url, own) as client:
        state = await call(client, "get_state")
        read = await refused(client, "get_state", entity_id=HOME)
        wrote = await refused(
            client, "propose_observation", field="family.emma.school", value="X", entity_id=HOME
        )
        context = await read_text(client, "canon://context")
    async with connect_to(served.url, households) as household:
        assert (await call(household, "get_state"))["entities"] == [ALICE, HOME]
    assert state["entities"] == [ALICE]
    assert "out of scope" in read
    assert "out of scope" in wrote
    assert "Tahoe" in context
    assert "Lincoln" not in context


async def _made(db: Path, reach: tuple[str, ...] | None) -> str:
    """Alice's ``user`` token as ``canon token create`` makes it with no ``--reach``
    (``reach=()``), or (None) as stored before scopes, when every token reached the
    household."""
    store = SQLiteStore(db)
    await store.open()
    try:
        engine = Engine(store, calibrated_policy())
        issued = await issue_token(engine, ALICE, "laptop", datetime.now(UTC), role="user")
    finally:
        await store.close()
    if reach is None:  # the row as a store kept it before scopes: no reach of its own
        with sqlite3.connect(db) as conn:
            conn.execute("UPDATE api_tokens SET reach = NULL WHERE id = ?", (issued.token.id,))
    return issued.secret


DEFAULT_SCOPES: list[tuple[str, tuple[str, ...] | None, list[str]]] = [
    ("made now: her own only", (), [ALICE]),
    ("made before scopes: the household, as before", None, [ALICE, HOME]),
]
"""A token's reach as made (see ``_made``) and the entities it reaches over MCP: the
tokens are each their own row, read by one server."""


@SERVED
async def test_a_tokens_default_scope_over_mcp(served: Served) -> None:
    secrets = [await _made(served.db, reach) for _, reach, _ in DEFAULT_SCOPES]
    for (case, reach, entities), secret in zip(DEFAULT_SCOPES, secrets, strict=True):
        async with connect_to(served.url, secret) as client:
            assert (await call(client, "get_state"))["entities"] == entities, case
            if reach == ():
                await _reaches_no_entity_spelled_otherwise(client)


async def _reaches_no_entity_spelled_otherwise(client: Client) -> None:
    read = await refused(client, "get_state", entity_id=HOME)
    assert "out of scope" in read
    # Her own id or the household's spelled otherwise is no entity of hers.
    for spelled in ("User:alice", "user:\u0430lice", "user:alice/../bob", HOME.upper()):
        assert await refused(client, "get_state", entity_id=spelled)
        assert await refused(
            client,
            "propose_observation",
            field="travel.location",
            value="Moscow",
            entity_id=spelled,
        )
    assert (await call(client, "get_state"))["entities"] == [ALICE]
