"""Conversations are checkpointed in the same store as Canon's data, on every backend:
a session written by one process is read back by the next; Canon's own tables are
untouched; the serializer revives only the session state's records."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from core.agent.session import AgentError, ErrorCode
from core.conversation.assistant import AssistantGraph
from core.conversation.context import ContextBlock
from core.conversation.responder import ReplyRequest
from core.conversation.turn_context import thread_id
from core.domain.policy import default_policy
from core.engine.engine import Engine
from core.store.checkpoints import checkpoint_serializer, open_checkpointer
from core.store.factory import open_store

NOW = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
OBSERVATION = {
    "event_id": "0b7e4a52-6d1e-4c55-9a3e-6f2d8c1a9e01",
    "event_ts": "2026-03-01T08:00:00Z",
    "entity_id": "user:7",
    "domain": "travel",
    "field": "travel.location",
    "candidate_value": "Tahoe",
    "intent": "assertive",
    "source": {"type": "user_confirmation", "ref": "test"},
}


def hello(chat: int) -> ReplyRequest:
    return ReplyRequest(
        "hello",
        NOW,
        ContextBlock("", 0, 0, 0),
        (),
        (),
        chat_id=chat,
        speaker_id=chat,
        entities=(f"user:{chat}",),
        turn_id=f"tg:{chat}:1",
    )


@pytest.fixture(params=["sqlite", "postgresql"])
def durable_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'canon.db'}"
    return str(request.getfixturevalue("postgres_url"))


async def test_a_session_outlives_the_process_beside_canons_data(durable_url: str) -> None:
    store = open_store(durable_url)
    await store.open()
    try:
        async with open_checkpointer(durable_url) as saver:
            reply = await AssistantGraph(checkpointer=saver).reply(hello(7))
            assert reply.text.startswith("Hi!")
        outcome = await Engine(store, default_policy()).ingest(OBSERVATION, now=NOW)
        assert outcome.committed  # Canon's tables live beside the checkpoints
    finally:
        await store.close()
    async with open_checkpointer(durable_url) as saver:  # a new process, as after a restart
        session = await AssistantGraph(checkpointer=saver).session(thread_id("chat", "user:7", 7))
    assert session is not None
    assert session["messages"][0].content == "hello"
    assert session["errors"] == []


async def test_memory_sessions_live_as_long_as_the_saver() -> None:
    async with open_checkpointer("memory://") as saver:
        graph = AssistantGraph(checkpointer=saver)
        await graph.reply(hello(8))
        assert await graph.session(thread_id("chat", "user:8", 8)) is not None
        assert await graph.session(thread_id("chat", "user:9", 9)) is None


@dataclass
class NotASessionRecord:
    secret: str


def test_the_serializer_revives_session_records_and_nothing_else() -> None:
    serde = checkpoint_serializer()
    error = AgentError(ErrorCode.TOOL_ERROR, "refused", NOW, recoverable=False, node="tools")
    assert serde.loads_typed(serde.dumps_typed(error)) == error
    revived = serde.loads_typed(serde.dumps_typed(NotASessionRecord("x")))
    assert not isinstance(revived, NotASessionRecord)


async def test_compacting_keeps_a_threads_latest_checkpoint_only(durable_url: str) -> None:
    thread = thread_id("chat", "user:7", 7)
    config: Any = {"configurable": {"thread_id": thread}}
    async with open_checkpointer(durable_url) as saver:
        graph = AssistantGraph(checkpointer=saver)
        for _ in range(3):
            await graph.reply(hello(7))
        assert len([c async for c in saver.alist(config)]) > 1
        latest = await graph.session(thread)
        await graph.compact()
        assert len([c async for c in saver.alist(config)]) == 1
        assert await graph.session(thread) == latest
        reply = await graph.reply(hello(7))  # and the conversation goes on from there
        assert reply.text.startswith("Hi!")
