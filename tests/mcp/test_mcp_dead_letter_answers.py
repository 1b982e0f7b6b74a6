"""Who may see and answer a dead letter's question over MCP (``core.mcp.letter_reach``),
through real `canon mcp` processes on a real SQLite store.

A letter that failed for good is asked of the owner (``system:dead-letters``), which no
MCP scope reaches: before, no MCP session could see or settle one, not even Alice's own
client about her own input. Now a session acting for Alice (her own token over HTTP, or
``canon mcp`` over stdio as her delegate) is asked about her own letters, those about her
or written by her, and answers Yes (try again) or No (discard). Never: an agent token (it
cannot answer as the user), another member's letter, a letter about an entity out of
reach, or an Edit (a corrected payload is ingested as Canon's own).

The two HTTP tests whose answers are all refused share one store and one `canon mcp`
(``served``), each with its own token; the tests that settle a letter have their own.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import pytest
import pytest_asyncio
from canon_testing import NOW, calibrated_policy, make_observation
from test_mcp_server import ALICE, BOB, HOME, call, connect, connect_to, http_server, refused, token

from core.domain.dead_letters import LETTERS_ENTITY
from core.domain.principals import user_principal
from core.engine.dead_letter_intake import RETRY_DELAYS
from core.engine.deadletters import retry_due
from core.engine.engine import Engine
from core.mcp.letter_reach import NO_EDIT, NOT_ASKED
from core.store.sqlite import SQLiteStore

pytestmark = pytest.mark.timeout(120)

LETTERS = {  # name -> (entity, writer): each a travel.location dated "yesterday"
    "alice's own": (ALICE, ALICE),
    "bob's own": (BOB, BOB),
    "bob's on the household": (HOME, BOB),
    "alice's on the household": (HOME, ALICE),
}


async def failed_letters(db: Path) -> dict[str, str]:
    """Each of ``LETTERS`` failed for good: name -> the id of its question."""
    store = SQLiteStore(db)
    await store.open()
    try:
        engine = Engine(store, calibrated_policy())
        ids: dict[str, str] = {}
        for name, (entity, writer) in LETTERS.items():
            bad = make_observation("travel.location", name, entity=entity, event_ts="yesterday")
            await engine.ingest(bad, now=NOW, principal=user_principal(writer))
        at = NOW
        for delay in RETRY_DELAYS:
            at += delay
            await retry_due(engine, at)
        await retry_due(engine, at + timedelta(days=1))
        letters = {d.id: d for d in await store.dead_letters()}
        for item in await store.open_review_items([LETTERS_ENTITY]):
            payload = letters[str(item.candidate_value)].payload
            [name] = [n for n in LETTERS if f'"{n}"' in payload]
            ids[name] = item.id
    finally:
        await store.close()
    assert set(ids) == set(LETTERS)
    return ids


async def letter_statuses(db: Path) -> dict[str, str]:
    store = SQLiteStore(db)
    await store.open()
    try:
        return {d.id: d.status for d in await store.dead_letters()}
    finally:
        await store.close()


@pytest.mark.parametrize("transport", ["stdio", "http"])
async def test_alices_own_client_is_asked_about_her_letters_and_settles_them(
    transport: str, tmp_path: Path
) -> None:
    db = tmp_path / "canon.db"
    ids = await failed_letters(db)
    async with connect(transport, tmp_path, db) as client:
        listed = await call(client, "list_pending")
        letters = [q for q in listed["pending"] + listed["queued"] if q["kind"] == "dead_letter"]
        edit = await refused(
            client, "answer_question", question_id=ids["alice's own"], answer="edit", value="Reno"
        )
        others = {
            name: await refused(client, "answer_question", question_id=ids[name], answer="no")
            for name in ("bob's own", "bob's on the household")
        }
        answered = await call(
            client, "answer_question", question_id=ids["alice's own"], answer="no"
        )
    assert sorted(q["id"] for q in letters) == sorted(
        ids[n] for n in ("alice's own", "alice's on the household")
    )
    assert all("The field event_ts is not a valid date and time" in q["prompt"] for q in letters)
    assert NO_EDIT in edit
    assert all(NOT_ASKED in why for why in others.values()), others
    assert answered["status"] == "discarded"
    statuses = sorted((await letter_statuses(db)).values())
    assert statuses == [
        "discarded",
        "permanently_failed",
        "permanently_failed",
        "permanently_failed",
    ]


@dataclass(frozen=True)
class Served:
    """The four letters failed for good in a store, and the `canon mcp` serving it."""

    db: Path
    ids: dict[str, str]
    url: str


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def served(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Served]:
    tmp_path = tmp_path_factory.mktemp("dead-letter-answers")
    db = tmp_path / "canon.db"
    ids = await failed_letters(db)
    async with http_server(tmp_path, db) as url:
        yield Served(db, ids, url)


@pytest.mark.asyncio(loop_scope="module")
async def test_an_agent_token_is_never_asked_about_a_letter_nor_answers_one(
    served: Served,
) -> None:
    ids = served.ids
    async with connect_to(served.url, await token(served.db, role="agent")) as client:
        listed = await call(client, "list_pending")
        why = await refused(client, "answer_question", question_id=ids["alice's own"], answer="no")
    assert [q for q in listed["pending"] + listed["queued"] if q["kind"] == "dead_letter"] == []
    assert NOT_ASKED in why
    assert set((await letter_statuses(served.db)).values()) == {"permanently_failed"}


@pytest.mark.asyncio(loop_scope="module")
async def test_a_token_that_does_not_reach_the_household_is_asked_only_about_her_own(
    served: Served,
) -> None:
    ids = served.ids
    async with connect_to(served.url, await token(served.db, reach=())) as client:
        listed = await call(client, "list_pending")
        why = await refused(
            client, "answer_question", question_id=ids["alice's on the household"], answer="no"
        )
    shown = [q["id"] for q in listed["pending"] + listed["queued"] if q["kind"] == "dead_letter"]
    assert shown == [ids["alice's own"]]
    assert NOT_ASKED in why
