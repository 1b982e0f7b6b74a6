"""answer_question's no with ``parts`` over MCP, in process: as the chat's "Which part is
wrong?" and the HTTP API's ``parts`` (tests/api/test_answer_parts_api.py), only the parts
named are rejected and the rest is returned as asked again; a no without parts rejects
the whole group, as before. The tool's ``parts`` argument is the HTTP schema's
(``schemas/http_api.schema.json``, ``AnswerRequest.parts``). An agent's session still
cannot answer.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from canon_testing import NOW, make_observation

from core.conversation.audience import Audience
from core.domain.policy import default_policy
from core.domain.principals import token_principal
from core.domain.validation import load_schema
from core.engine.engine import Engine
from core.errors import ClaimRefused, InvalidAnswer
from core.mcp.scoped import Scope, ScopedCanon
from core.mcp.server import build_server
from core.store.memory import MemoryStore

ALICE = "user:alice"
ARRIVED = {
    "travel.location": "Tahoe",
    "travel.status": "in_progress",
    "travel.depart_date": "2025-03-13",
}


@pytest.fixture
async def engine() -> AsyncIterator[Engine]:
    store = MemoryStore()
    await store.open()
    try:
        yield Engine(store, default_policy())
    finally:
        await store.close()


def _canon(engine: Engine, **options: Any) -> ScopedCanon:
    return ScopedCanon(engine, Scope.of(ALICE, Audience()), clock=lambda: NOW, **options)


async def _asked(engine: Engine) -> dict[str, str]:
    """One calendar entry, three fields asked as one: each question's id by its field."""
    for field, value in ARRIVED.items():
        obs = make_observation(field, value, source="calendar", ref="cal-1", entity=ALICE)
        assert (await engine.ingest(obs, now=NOW)).review_item_id is not None
    listed = await _canon(engine).pending()
    assert len({q.group for q in listed.pending}) == 1
    return {q.field: q.id for q in listed.pending}


@pytest.mark.parametrize(
    ("wrong", "rest"),
    [
        (["travel.depart_date"], ["travel.location", "travel.status"]),
        (["travel.location", "travel.depart_date"], ["travel.status"]),
    ],
)
async def test_a_no_with_parts_rejects_those_alone(
    engine: Engine, wrong: list[str], rest: list[str]
) -> None:
    ids = await _asked(engine)
    canon = _canon(engine)
    done = await canon.answer(ids["travel.status"], "no", parts=[ids[f] for f in wrong])
    assert (done.committed, done.status) == (False, "pending")
    assert sorted(q.field for q in done.parts_rejected) == sorted(wrong)
    assert sorted(q.field for q in done.asked_again) == rest
    assert sorted(q.field for q in (await canon.pending()).pending) == rest
    await canon.answer(done.asked_again[0].id, "yes")
    held = {f.field: f.value for f in await engine.store.facts(ALICE)}
    assert held == {f: ARRIVED[f] for f in rest}


async def test_a_no_without_parts_rejects_the_whole_group(engine: Engine) -> None:
    ids = await _asked(engine)
    done = await _canon(engine).answer(ids["travel.location"], "no")
    assert (done.parts_rejected, done.asked_again) == ([], [])
    assert (await _canon(engine).pending()).pending == []


@pytest.mark.parametrize(
    ("word", "parts"),
    [("yes", ["{depart}"]), ("no", ["elsewhere"]), ("no", ["{depart}", "elsewhere"])],
)
async def test_parts_not_open_in_the_group_change_nothing(
    engine: Engine, word: Any, parts: list[str]
) -> None:
    ids = await _asked(engine)
    named = [ids["travel.depart_date"] if p == "{depart}" else p for p in parts]
    with pytest.raises(InvalidAnswer):
        await _canon(engine).answer(ids["travel.status"], word, parts=named)
    assert len((await _canon(engine).pending()).pending) == 3


async def test_an_agents_session_still_cannot_answer(engine: Engine) -> None:
    ids = await _asked(engine)
    agent = _canon(engine, principal=token_principal("t1", "agent", ALICE))
    with pytest.raises(ClaimRefused):
        await agent.answer(ids["travel.status"], "no", parts=[ids["travel.depart_date"]])
    assert len((await _canon(engine).pending()).pending) == 3


async def test_the_tools_parts_are_the_http_answers(engine: Engine) -> None:
    tools = {t.name: t for t in await build_server(_canon(engine)).list_tools()}
    parts = tools["answer_question"].input_schema["properties"]["parts"]
    schema = load_schema("http_api")["$defs"]["AnswerRequest"]["properties"]["parts"]
    listed = next(s for s in parts["anyOf"] if s.get("type") == "array")
    assert parts["description"] == schema["description"]
    assert (listed["minItems"], listed["maxItems"]) == (schema["minItems"], schema["maxItems"])
    assert listed["items"]["type"] == schema["items"]["type"]
