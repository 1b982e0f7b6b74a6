"""The one-trip SQLite saver reads back what LangGraph's own saver reads: the latest
checkpoint of a thread or a named one, its parent, metadata and pending writes."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import aiosqlite
from langchain_core.messages import AIMessage, HumanMessage
from langgraph.checkpoint.base import CheckpointTuple, empty_checkpoint
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver
from langgraph.pregel._checkpoint import put_writes_accepts_task_path

from core.store.checkpoints import checkpoint_serializer
from core.store.sqlite_checkpoints import OneHopSqliteSaver


def _same(a: CheckpointTuple | None, b: CheckpointTuple | None) -> None:
    assert (a is None) == (b is None)
    if a is None or b is None:
        return
    assert a.config == b.config
    assert a.checkpoint == b.checkpoint
    assert a.metadata == b.metadata
    assert a.parent_config == b.parent_config
    assert a.pending_writes == b.pending_writes


async def test_one_trip_reads_and_saves_match_the_librarys(tmp_path: Path) -> None:
    conn = await aiosqlite.connect(tmp_path / "c.db", isolation_level=None)
    try:
        ours = OneHopSqliteSaver(conn, serde=checkpoint_serializer())
        theirs = AsyncSqliteSaver(conn, serde=checkpoint_serializer())
        await ours.setup()
        thread: Any = {"configurable": {"thread_id": "chat-user:1-1", "checkpoint_ns": ""}}
        assert await ours.aget_tuple(thread) is None
        saved: list[Any] = []
        for n, saver in enumerate((ours, theirs, ours)):
            checkpoint = empty_checkpoint()
            checkpoint["channel_values"] = {
                "messages": [HumanMessage("hi", id=f"h{n}"), AIMessage("hello", id=f"a{n}")]
            }
            parent = saved[-1] if saved else thread
            saved.append(await saver.aput(parent, checkpoint, {"step": n}, {}))
        await theirs.aput_writes(saved[-1], [("messages", [HumanMessage("more")])], "task-1")
        for config in (thread, *saved):
            _same(await ours.aget_tuple(config), await theirs.aget_tuple(config))
        latest = await ours.aget_tuple(thread)
        assert latest is not None
        assert latest.config == saved[-1]
        assert latest.parent_config == saved[-2]
        assert [w[0] for w in latest.pending_writes or ()] == ["task-1"]
        missing: Any = {"configurable": {**thread["configurable"], "checkpoint_id": "nope"}}
        assert await ours.aget_tuple(missing) is None
    finally:
        await conn.close()


def test_langgraph_still_reads_that_its_put_writes_takes_a_task_path() -> None:
    saver = OneHopSqliteSaver.__new__(OneHopSqliteSaver)
    assert put_writes_accepts_task_path(saver.put_writes)
    assert put_writes_accepts_task_path(saver.aput_writes)


async def test_reads_and_saves_that_arrive_together_each_get_their_own(tmp_path: Path) -> None:
    """Forty chats save and read at once (they go to the thread in batches): each read
    finds its own thread's checkpoint, as the library reads it, and a save that fails
    (a checkpoint without an id) fails alone, the others saved."""
    conn = await aiosqlite.connect(tmp_path / "c.db", isolation_level=None)
    try:
        ours = OneHopSqliteSaver(conn, serde=checkpoint_serializer())
        theirs = AsyncSqliteSaver(conn, serde=checkpoint_serializer())
        await ours.setup()

        def thread(n: int) -> Any:
            return {"configurable": {"thread_id": f"chat-user:{n}-{n}", "checkpoint_ns": ""}}

        async def save(n: int) -> Any:
            checkpoint = empty_checkpoint()
            checkpoint["channel_values"] = {"messages": [HumanMessage(f"hi {n}", id=f"h{n}")]}
            if n == 7:
                checkpoint["id"] = None  # type: ignore[typeddict-item]
            return await ours.aput(thread(n), checkpoint, {"step": n}, {})

        saved = await asyncio.gather(*(save(n) for n in range(40)), return_exceptions=True)
        assert isinstance(saved[7], sqlite3.IntegrityError)
        assert all(isinstance(s, dict) for n, s in enumerate(saved) if n != 7)
        read = await asyncio.gather(*(ours.aget_tuple(thread(n)) for n in range(40)))
        for n, found in enumerate(read):
            _same(found, await theirs.aget_tuple(thread(n)))
            if n == 7:
                assert found is None
            else:
                assert found is not None
                assert found.checkpoint["channel_values"]["messages"][0].content == f"hi {n}"
    finally:
        await conn.close()
