"""The assistant runtime's own cost per turn in ``canon bench``, the model's time excluded.

One conversation of ``turns`` turns runs through the turn graph exactly as the bot runs
it (prepare from a 20-message log, the threshold check, the model node, the claim check,
the checkpoint written to a SQLite file), with a model that answers at once; the time
spent inside the model is measured and subtracted all the same. Beside it: the offline
answer from state alone, what a turn cost before there was a graph. Goal: p99 < 10 ms.
Turns with a tool call (``agent_tool_turn_overhead_*``) are measured apart.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage, AnyMessage, ToolMessage

from core.conversation.assistant import AssistantGraph
from core.conversation.chat_model import ToolChoice
from core.conversation.context import ContextBlock
from core.conversation.responder import OfflineResponder, ReplyRequest, StateTools
from core.domain.chat_records import ChatMessage
from core.domain.policy import default_policy
from core.domain.timeutil import format_ts
from core.engine.engine import Engine
from core.store.checkpoints import open_checkpointer
from core.store.factory import open_store

BESIDE = {
    "agent_turn_overhead_ms_p50": "offline_reply_ms_p50",
    "agent_turn_overhead_ms_p99": "offline_reply_ms_p99",
    "agent_tool_turn_overhead_ms_p50": "offline_reply_ms_p50",
    "agent_tool_turn_overhead_ms_p99": "offline_reply_ms_p99",
}
"""The runtime's cost per turn, and the bare offline answer measured beside it."""
CONTEXT = "Canon's context for user:1000\n- travel.location = Tahoe (user_confirmation, 2h ago)"


class InstantModel:
    """A ``ChatModel`` that answers at once and records how long its answers took."""

    window = 128_000

    def __init__(self) -> None:
        self.spent_s = 0.0

    async def complete(
        self,
        system: Sequence[str],
        messages: Sequence[AnyMessage],
        tools: Sequence[dict[str, Any]] = (),
        tool_choice: ToolChoice = "auto",
        model: str | None = None,
    ) -> AIMessage:
        t0 = time.perf_counter()
        if tools and not isinstance(messages[-1], ToolMessage):  # a state question: look first
            call = {"id": "call_where", "name": "get_state", "args": {"domain": "travel"}}
            answer = AIMessage(content="", tool_calls=[call])
        else:
            answer = AIMessage(content="Sounds good, enjoy the lake.")
        self.spent_s += time.perf_counter() - t0
        return answer

    async def close(self) -> None:
        return None


@dataclass(frozen=True)
class AgentBenchConfig:
    turns: int = 200
    warmup: int = 10


async def agent_turn_figures(config: AgentBenchConfig = AgentBenchConfig()) -> dict[str, float]:
    """p50 and p99 of the graph's own time per turn, and of the bare offline answer.

    Every other turn is a state question: the model calls ``get_state`` first, so that
    turn also runs the tool on a store of one fact, the agent state's transition (the
    expectation checked, the fact cited) and a second model round.
    """
    at = datetime(2026, 2, 19, 12, 0, tzinfo=UTC)
    overhead: dict[bool, list[float]] = {False: [], True: []}
    offline: list[float] = []
    responder = OfflineResponder()
    store = open_store("memory://")
    await store.open()
    engine = Engine(store, default_policy())
    await engine.ingest(_fact(at), now=at)
    with tempfile.TemporaryDirectory(prefix="canon-bench-agent-") as tmp:
        async with open_checkpointer(f"sqlite:///{Path(tmp) / 'bench.db'}") as saver:
            model = InstantModel()
            graph = AssistantGraph(model, saver)
            log: list[ChatMessage] = []
            for i in range(config.warmup + config.turns):
                now = at + timedelta(minutes=i)
                asks = i % 2 == 1
                text = "where am I?" if asks else f"we talked about the lake, part {i}"
                log.append(_message(len(log) + 1, "user", text, now))
                request = _request(text, now, log[-20:], i)
                tools = StateTools(engine, request.entities, now, f"bench:{i}")
                before = model.spent_s
                t0 = time.perf_counter()
                reply = await graph.reply(request, tools)
                graph_s = time.perf_counter() - t0 - (model.spent_s - before)
                t0 = time.perf_counter()
                await responder.reply(request)
                offline_s = time.perf_counter() - t0
                log.append(_message(len(log) + 1, "assistant", reply.text, now))
                if i >= config.warmup:
                    overhead[asks].append(graph_s * 1000.0)
                    offline.append(offline_s * 1000.0)
    await store.close()
    return {
        "agent_turn_overhead_ms_p50": round(statistics.median(overhead[False]), 3),
        "agent_turn_overhead_ms_p99": _p99(overhead[False]),
        "agent_tool_turn_overhead_ms_p50": round(statistics.median(overhead[True]), 3),
        "agent_tool_turn_overhead_ms_p99": _p99(overhead[True]),
        "offline_reply_ms_p50": round(statistics.median(offline), 3),
        "offline_reply_ms_p99": _p99(offline),
    }


def _fact(at: datetime) -> dict[str, Any]:
    """The one observation the store starts with: the speaker is in Tahoe."""
    return {
        "event_id": "bench-agent-tahoe",
        "event_ts": format_ts(at - timedelta(hours=1)),
        "entity_id": "user:1000",
        "domain": "travel",
        "field": "travel.location",
        "candidate_value": "Tahoe",
        "intent": "assertive",
        "source": {"type": "user_confirmation", "ref": "bench"},
    }


def _message(seq: int, role: str, text: str, at: datetime) -> ChatMessage:
    return ChatMessage(
        seq=seq,
        id=f"bench-{seq}",
        chat_id=1000,
        message_id=seq,
        user_id=1000 if role == "user" else None,
        role="user" if role == "user" else "assistant",
        text=text,
        at=at,
    )


def _request(text: str, now: datetime, log: Sequence[ChatMessage], i: int) -> ReplyRequest:
    return ReplyRequest(
        text,
        now,
        ContextBlock(CONTEXT, 1, 0, len(CONTEXT) // 4),
        (),
        (),
        tuple((m.role, m.text) for m in log),
        log=tuple(log),
        chat_id=1000,
        speaker_id=1000,
        entities=("user:1000",),
        turn_id=f"bench:{i}",
    )


def _p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 3)
