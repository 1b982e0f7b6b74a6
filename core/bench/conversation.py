"""A bot turn's latency in ``canon bench``, with no open questions and with thousands.

One ordinary chat message (no claim in it, so the assistant replies with the
context block) goes through ``CanonChat`` on a durable SQLite store, the
offline extractor and responder and an in-process ``RecordingMessenger``: the
same work as a Telegram turn, without the network. It is timed first with no
unanswered questions in the store, then again after ``open_questions`` of them
were raised through the engine for many other users. A turn should read only
the speaker's questions and what their context block needs, so the two figures
should be close; they are printed side by side.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from core.conversation.audience import Audience
from core.conversation.chat import CanonChat
from core.conversation.responder import OfflineResponder
from core.conversation.testing import RecordingMessenger
from core.domain.ids import new_id
from core.domain.policy import default_policy
from core.domain.timeutil import format_ts
from core.engine.engine import Engine
from core.extraction.offline import extract_offline
from core.store.sqlite import SQLiteStore
from core.store.sqlite_conversation import SQLiteConversationStore

SPEAKER = 1000
"""The owner (first allowed user) who chats during the measurement."""
OTHERS = 100
"""How many other allowed users the open questions are spread over."""
CHAT_MESSAGES = (
    "how is it going?",
    "what do you know about me",
    "thanks, that helps",
    "good morning",
)
"""Ordinary messages without a claim: each turn changes no state."""
OPEN_QUESTIONS = 2_000
BESIDE = {
    "bot_turn_p50_ms": f"bot_turn_p50_ms_with_{OPEN_QUESTIONS}_open",
    "bot_turn_p99_ms": f"bot_turn_p99_ms_with_{OPEN_QUESTIONS}_open",
}
"""Each figure with no open questions and the same with 2,000, printed side by side."""
Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class TurnBenchConfig:
    turns: int = 200
    open_questions: int = OPEN_QUESTIONS


async def bot_turn_figures(
    config: TurnBenchConfig = TurnBenchConfig(), progress: Progress | None = None
) -> dict[str, Any]:
    """p50 and p99 of a bot turn with no open questions and with ``open_questions``."""
    report = progress or (lambda _label, _done, _total: None)
    at = datetime(2026, 2, 19, 12, 0, tzinfo=UTC)
    others = tuple(SPEAKER + 1 + i for i in range(OTHERS))
    audience = Audience(allowed_user_ids=(SPEAKER, *others))
    with tempfile.TemporaryDirectory(prefix="canon-bench-turn-") as tmp:
        store = SQLiteStore(Path(tmp) / "bench.db")
        await store.open()
        try:
            engine = Engine(store, default_policy())
            messenger = RecordingMessenger()
            chat = CanonChat(
                engine,
                SQLiteConversationStore(store),
                messenger,
                audience,
                clock=lambda: at,
                extractor=extract_offline,
                responder=OfflineResponder(),
            )

            async def turns(label: str) -> list[float]:
                samples: list[float] = []
                for i in range(config.turns):
                    msg = messenger.incoming(SPEAKER, CHAT_MESSAGES[i % len(CHAT_MESSAGES)], at)
                    t0 = time.perf_counter()
                    await chat.on_text(msg)
                    samples.append((time.perf_counter() - t0) * 1000.0)
                    if i % 20 == 0:
                        report(label, i, config.turns)
                return samples

            # Loading the language pipeline (and what each wording first needs) is not a turn.
            for text in CHAT_MESSAGES:
                await chat.on_text(messenger.incoming(SPEAKER, text, at))
            quiet = await turns("bot turns, no open questions")
            report("raising open questions", 0, config.open_questions)
            payloads = [_question(i, others, at) for i in range(config.open_questions)]
            async for _outcome in engine.ingest_many(payloads, now=at):
                pass
            busy = await turns(f"bot turns, {config.open_questions} open questions")
        finally:
            await store.close()
    n = config.open_questions
    return {
        "bot_turn_p50_ms": _ms(statistics.median(quiet)),
        "bot_turn_p99_ms": _ms(_p99(quiet)),
        f"bot_turn_p50_ms_with_{n}_open": _ms(statistics.median(busy)),
        f"bot_turn_p99_ms_with_{n}_open": _ms(_p99(busy)),
    }


def _question(i: int, users: tuple[int, ...], at: datetime) -> dict[str, Any]:
    """A calendar entry about a project: evidence that asks the user (the review band)."""
    return {
        "event_id": new_id(),
        "event_ts": format_ts(at),
        "entity_id": f"user:{users[i % len(users)]}",
        "domain": "project",
        "field": f"project.p{i // len(users)}.status",
        "candidate_value": "shipped",
        "intent": "assertive",
        "source": {"type": "calendar", "ref": f"bench-turn-{i}"},
    }


def _p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def _ms(value: float) -> float:
    return round(value, 3)
