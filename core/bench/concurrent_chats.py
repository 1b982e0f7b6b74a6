"""Many people at once in ``canon bench``: N users write at the same moment to a model
that takes a fixed L seconds to answer.

Each user's message (every one different, none claiming anything: ``questions``) goes
through ``CanonChat`` on a durable SQLite store, the offline extractor (in the reading
process or on the reading thread, as ``config.reader`` says; each parses the messages
that wait together in one batch) and the assistant's
turn graph with a model that answers after exactly ``latency_s`` (``FixedLatencyModel``).
Figures per N: the wall time of all N turns at once over L (1.0 is the ideal: everyone
waits one model call), and the speed-up over
handling them one by one (ideal N; the target is at least 0.8 × N). One by one is N
times the median of turns taken alone, measured in the same run (running 100 slow
turns back to back would take minutes and say nothing more).

Beside those, the process's CPU time per turn while the N ran (every thread of this
process, so other processes on a busy machine move it far less than the wall time), the
reading process's (``reader_cpu_ms_per_turn``; 0 when messages are read on a thread), and
the CPU per turn the target leaves: N turns that share one interpreter run their CPU one
after another, so a speed-up of 0.8 × N allows the N of them 1.25 alone-turns of wall
time in all, of which L is the model's wait.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from collections.abc import Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage, AnyMessage

from core.conversation.assistant import AssistantGraph
from core.conversation.audience import Audience
from core.conversation.chat import CanonChat
from core.conversation.chat_model import ToolChoice
from core.conversation.testing import RecordingMessenger
from core.domain.policy import default_policy
from core.engine.engine import Engine
from core.extraction.reader_mode import DEFAULT_READER, ReaderMode
from core.extraction.reading_process import reading_process
from core.extraction.select import configured_extractor
from core.store.checkpoints import open_checkpointer
from core.store.sqlite import SQLiteStore

FIRST_USER = 5000
ASKS = (
    "what should we cook tonight",
    "any ideas for {who}'s birthday present",
    "can you suggest a movie for {day} night",
    "what's a good book to read on a plane",
    "how long should i boil an egg",
    "remind me what a good tip is at a restaurant",
    "any ideas for a rainy {day} with {who}",
    "what's a quick lunch i can pack for {who}",
    "which board game is fun for four people",
    "how do i get red wine out of a carpet",
)
WHO = ("Emma", "Noah", "my sister", "the kids", "grandma", "Jo", "Max", "my boss")
DAY = ("Friday", "Saturday", "Sunday", "Tuesday", "Wednesday")


def questions(count: int) -> list[str]:
    """``count`` different messages without a claim, as different people write them:
    every turn is a model call (and no question), and every message is parsed afresh
    (the parse cache holds no other user's words)."""
    out: dict[str, None] = {}
    for n in range(count * 3):
        ask = ASKS[n % len(ASKS)].format(who=WHO[(n // 3) % len(WHO)], day=DAY[n % len(DAY)])
        end = ("?", "??", " please?", " :)", "? thx")[(n // len(ASKS)) % 5]
        text = f"{ask}{end}" if n // (len(ASKS) * 5) == 0 else f"hey, {ask}{end} ({n})"
        out.setdefault(text[0].upper() + text[1:] if n % 2 else text, None)
        if len(out) == count:
            break
    return list(out)


class FixedLatencyModel:
    """A ``ChatModel`` that answers every call after exactly ``latency_s`` seconds."""

    window = 128_000

    def __init__(self, latency_s: float) -> None:
        self.latency_s = latency_s

    async def complete(
        self,
        system: Sequence[str],
        messages: Sequence[AnyMessage],
        tools: Sequence[dict[str, Any]] = (),
        tool_choice: ToolChoice = "auto",
        model: str | None = None,
    ) -> AIMessage:
        await asyncio.sleep(self.latency_s)
        return AIMessage(content="Risotto would be lovely.")

    async def close(self) -> None:
        return None


@dataclass(frozen=True)
class ConcurrentChatsConfig:
    users: tuple[int, ...] = (10, 100)
    latency_s: float = 1.5
    """A typical hosted model's answer."""
    alone: int = 5
    """Turns timed alone, one after another: the one-by-one baseline."""
    reader: ReaderMode = DEFAULT_READER
    """Where the messages are read: the reading process or the reading thread."""


TARGET = 0.8
"""The speed-up aimed at, as a share of N."""


def beside(config: ConcurrentChatsConfig = ConcurrentChatsConfig()) -> dict[str, str]:
    """Each speed-up printed beside N, its ideal; each CPU per turn beside its budget."""
    return {
        **{f"concurrent_chats_{n}_speedup": f"concurrent_chats_{n}_users" for n in config.users},
        **{
            f"concurrent_chats_{n}_cpu_ms_per_turn": f"concurrent_chats_{n}_cpu_budget_ms"
            for n in config.users
        },
    }


async def concurrent_chat_figures(
    config: ConcurrentChatsConfig = ConcurrentChatsConfig(),
) -> dict[str, Any]:
    """Wall time over L and the speed-up over one by one, for each N of ``config.users``."""
    at = datetime(2026, 2, 19, 12, 0, tzinfo=UTC)
    most = max(config.users)
    users = tuple(FIRST_USER + i for i in range(most + 1))
    figures: dict[str, Any] = {
        "concurrent_chats_model_latency_s": config.latency_s,
        "concurrent_chats_reader": config.reader,
    }
    async with AsyncExitStack() as exits:
        tmp = exits.enter_context(tempfile.TemporaryDirectory(prefix="canon-bench-chats-"))
        store = SQLiteStore(Path(tmp) / "bench.db")
        await store.open()
        # The assistant's sessions are checkpointed beside the data, as the bot keeps them.
        saver = await exits.enter_async_context(open_checkpointer(str(Path(tmp) / "bench.db")))
        try:
            messenger = RecordingMessenger()
            chat = CanonChat(
                Engine(store, default_policy()),
                store.conversation,
                messenger,
                Audience(allowed_user_ids=users),
                clock=lambda: at,
                extractor=configured_extractor(None, config.reader),
                responder=AssistantGraph(FixedLatencyModel(config.latency_s), saver),
            )

            said = iter(questions(1 + config.alone + sum(config.users)))

            async def turn(user: int) -> None:
                await chat.on_text(messenger.incoming(user, next(said), at))

            await turn(users[-1])  # the language pipeline loads here, not in a figure
            alone: list[float] = []
            for _ in range(config.alone):
                t0 = time.perf_counter()
                await turn(users[-1])
                alone.append(time.perf_counter() - t0)
            one_turn = statistics.median(alone)
            reader = reading_process()
            for n in config.users:
                t0, c0, r0 = time.perf_counter(), time.process_time(), reader.cpu_seconds()
                await asyncio.gather(*(turn(u) for u in users[:n]))
                wall, cpu = time.perf_counter() - t0, time.process_time() - c0
                read = reader.cpu_seconds() - r0 if config.reader == "process" else 0.0
                figures[f"concurrent_chats_{n}_reader_cpu_ms_per_turn"] = round(read / n * 1e3, 2)
                figures[f"concurrent_chats_{n}_users"] = float(n)
                figures[f"concurrent_chats_{n}_wall_over_latency"] = round(
                    wall / config.latency_s, 2
                )
                figures[f"concurrent_chats_{n}_speedup"] = round(n * one_turn / wall, 1)
                figures[f"concurrent_chats_{n}_cpu_ms_per_turn"] = round(cpu / n * 1000.0, 2)
                budget = max(0.0, one_turn / TARGET - config.latency_s) / n
                figures[f"concurrent_chats_{n}_cpu_budget_ms"] = round(budget * 1000.0, 2)
        finally:
            await store.close()
    return figures
