"""The assistant as CanonChat calls it: one run of the turn graph per reply, checkpointed.

``AssistantGraph`` compiles the turn graph (``core.conversation.turn_graph``) with a
checkpointer beside Canon's data, so every conversation's session (messages, summary,
agent state, errors, citations) survives a restart. A plain turn runs the graph's nodes
without LangGraph's loop (``core.conversation.plain_turn``), with the same checkpoint as
a result; compression and routes (a workflow) run in the compiled graph. After a turn the model answered, the
end-of-turn summariser (``core.conversation.turn_summary``) runs as a background task: the
user never waits for it, and the thread's next turn waits for it first.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.memory import InMemorySaver

from core.agent.session import SessionState
from core.conversation.chat_model import ChatModel
from core.conversation.plain_turn import run_plain_turn
from core.conversation.responder import Reply, ReplyRequest, StateTools
from core.conversation.turn_context import CHAT_MODE, Turn, TurnRoute, thread_id
from core.conversation.turn_graph import graph_of
from core.conversation.turn_nodes import turn_nodes
from core.conversation.turn_summary import summary_update, turn_messages, wants_summary
from core.extraction.llm_config import SummariseMode
from core.store.checkpoints import checkpoint_serializer, keep_latest

log = logging.getLogger(__name__)


class AssistantGraph:
    """The ``Responder`` CanonChat calls: one run of the turn graph per reply.

    After a turn the model answered, the end-of-turn summariser runs in the background
    (``core.conversation.turn_summary``); the thread's next turn waits for it first.
    """

    def __init__(
        self,
        model: ChatModel | None = None,
        checkpointer: BaseCheckpointSaver[Any] | None = None,
        routes: Sequence[TurnRoute] = (),
        summarise: SummariseMode = "off",
    ) -> None:
        self.model = model
        self.has_model = model is not None
        saver = checkpointer or InMemorySaver(serde=checkpoint_serializer())
        self.nodes = turn_nodes(model, routes)
        self.graph = graph_of(self.nodes, routes).compile(checkpointer=saver)
        self.checkpointer = saver
        self.summarise: SummariseMode = summarise if model is not None else "off"
        self._since_compacted: set[str] = set()
        """Threads that got checkpoints since ``compact`` last ran."""
        self._summaries: dict[str, asyncio.Task[None]] = {}
        """The summariser still running, by thread."""

    async def compact(self) -> None:
        """Keep only the latest checkpoint of every thread that had a turn since last time."""
        threads = sorted(self._since_compacted)
        self._since_compacted.clear()
        await keep_latest(self.checkpointer, threads)

    async def settled(self, thread: str | None = None) -> None:
        """Wait for the summariser of ``thread`` (of every thread, if None) to finish."""
        tasks = list(self._summaries.values()) if thread is None else [self._summaries.get(thread)]
        for task in tasks:
            if task is not None:
                await asyncio.wait([task])

    async def close(self) -> None:
        # A summary still being written is dropped, not waited for: the session keeps the
        # agent state it had, and stopping never waits on a slow model.
        running = list(self._summaries.values())
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)
        if self.model is not None:
            await self.model.close()

    async def session(self, thread: str) -> SessionState | None:
        """The checkpointed session of ``thread``, or None before its first turn."""
        await self.settled(thread)
        snapshot = await self.graph.aget_state({"configurable": {"thread_id": thread}})
        return cast("SessionState", snapshot.values) if snapshot.values else None

    async def reply(self, request: ReplyRequest, tools: StateTools | None = None) -> Reply:
        entity = request.entities[0] if request.entities else "unknown"
        thread = thread_id(CHAT_MODE, entity, request.chat_id or 0)
        config: Any = {"configurable": {"thread_id": thread}}
        await self.settled(thread)  # the last turn's summary first: one writer per session
        self._since_compacted.add(thread)
        turn_id = request.turn_id or f"turn-{request.now.timestamp():.6f}"
        turn = Turn(request, tools, turn_id, thread)
        # A plain turn (prepare, the model or offline, tool rounds) runs without LangGraph's
        # loop, leaving the checkpoint the graph would (``core.conversation.plain_turn``);
        # compression and routes run in the graph.
        final = await run_plain_turn(self.nodes, self.checkpointer, thread, turn)
        if final is None:
            # A new run from START that writes no channel itself: ``prepare`` rebuilds the
            # messages from the log anyway (an input of no messages was one more reducer
            # pass over the whole list, and one more version of it to checkpoint).
            start: Any = {}
            final = cast(
                "SessionState",
                await self.graph.ainvoke(start, config, context=turn, durability="exit"),
            )
        if self.model is not None and wants_summary(
            self.summarise, turn_messages(final["messages"])
        ):
            task = asyncio.create_task(self._summarise(self.model, config, final, request.now))
            self._summaries[thread] = task
            task.add_done_callback(lambda done: self._forget(thread, done))
        answer = final["messages"][-1]
        text = answer.content if isinstance(answer.content, str) else str(answer.content)
        proposals = tuple(tools.proposals) if tools else ()
        return Reply(text, proposals, via=str(answer.response_metadata.get("via", "offline")))

    async def _summarise(
        self, model: ChatModel, config: Any, final: SessionState, now: datetime
    ) -> None:
        # A background task is an edge: whatever goes wrong is logged, never raised into
        # a later turn (the session keeps the state it had).
        try:
            update = await summary_update(model, final, now)
            await self.graph.aupdate_state(config, update, as_node="claim_check")
            self._since_compacted.add(config["configurable"]["thread_id"])  # a new checkpoint
        except Exception:
            log.exception("the end-of-turn summariser failed")

    def _forget(self, thread: str, task: asyncio.Task[None]) -> None:
        if self._summaries.get(thread) is task:
            del self._summaries[thread]
