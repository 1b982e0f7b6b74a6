"""The user's own word beats what others said of her only when it is newer: evidence
times, not arrival order, decide (a real SQLite store, the HTTP API, two members' own
clients sharing a household).

Before: Alice's client sent a message written yesterday ("I'm back home", a backfill or a
client that was offline), after Bob said today "alice is in tahoe"; it arrived later, so
it closed Bob's newer question as settled by newer evidence, though it is older."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest
from api_harness import Api, running_api
from canon_testing import NOW

from core.conversation.audience import Audience
from core.domain.timeutil import format_ts

ALICE, BOB, FAMILY = "user:alice", "user:bob", "family:smith"
YESTERDAY = format_ts(NOW - timedelta(days=1))


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    async with running_api(tmp_path, audience=Audience(family_entity=FAMILY)) as api:
        await api.confirmed(ALICE, "my name is Alice")
        await api.confirmed(BOB, "my name is Bob")
        yield api


async def _bobs_questions(api: Api) -> list[str]:
    return [
        r.status
        for r in await api.engine.store.open_review_items([ALICE])
        if r.principal == BOB and r.field == "travel.location"
    ]


async def test_alices_older_word_arriving_later_leaves_bobs_newer_claim_asked(api: Api) -> None:
    await api.call(BOB, "POST", "/v1/messages", json_body={"text": "alice is in tahoe"})
    assert await _bobs_questions(api) == ["pending"]
    older = {"text": "I'm back home", "at": YESTERDAY}
    said = await api.call(ALICE, "POST", "/v1/messages", json_body=older)
    assert said.status == 200, said.body
    assert await _bobs_questions(api) == ["pending"]  # still hers to answer
    questions = (await api.call(ALICE, "GET", "/v1/questions")).body["questions"]
    assert any(q["question"].startswith("Bob says you're in Tahoe") for q in questions)


async def test_alices_newer_word_still_settles_it(api: Api) -> None:
    bobs = {"text": "alice is in tahoe", "at": YESTERDAY}
    await api.call(BOB, "POST", "/v1/messages", json_body=bobs)
    assert await _bobs_questions(api) == ["pending"]
    await api.call(ALICE, "POST", "/v1/messages", json_body={"text": "I'm back home"})
    assert await _bobs_questions(api) == []
