"""``canon bench``'s many-people-at-once figures: measured, never asserted; here their shape."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.bench.concurrent_chats import (
    ConcurrentChatsConfig,
    beside,
    concurrent_chat_figures,
    questions,
)
from core.extraction.offline import extract_offline
from core.extraction.reader_mode import READER_MODES, ReaderMode


@pytest.mark.parametrize("reader", READER_MODES)
async def test_n_users_at_once_are_timed_against_the_model_and_one_by_one(
    reader: ReaderMode,
) -> None:
    config = ConcurrentChatsConfig(users=(2, 4), latency_s=0.05, alone=2, reader=reader)
    figures = await concurrent_chat_figures(config)
    assert figures.pop("concurrent_chats_reader") == reader
    assert sorted(figures) == sorted(
        [
            "concurrent_chats_model_latency_s",
            *(
                f"concurrent_chats_{n}_{what}"
                for n in (2, 4)
                for what in (
                    "users",
                    "wall_over_latency",
                    "speedup",
                    "cpu_ms_per_turn",
                    "reader_cpu_ms_per_turn",
                    "cpu_budget_ms",
                )
            ),
        ]
    )
    assert figures["concurrent_chats_4_users"] == 4.0
    assert all(isinstance(v, float) and v >= 0 for v in figures.values())
    assert figures["concurrent_chats_4_cpu_ms_per_turn"] > 0
    # The reading process's CPU is its own figure (none when messages are read on a thread).
    assert (figures["concurrent_chats_4_reader_cpu_ms_per_turn"] > 0) == (reader == "process")
    assert beside(config) == {
        "concurrent_chats_2_speedup": "concurrent_chats_2_users",
        "concurrent_chats_4_speedup": "concurrent_chats_4_users",
        "concurrent_chats_2_cpu_ms_per_turn": "concurrent_chats_2_cpu_budget_ms",
        "concurrent_chats_4_cpu_ms_per_turn": "concurrent_chats_4_cpu_budget_ms",
    }


def test_every_turn_is_a_different_message_without_a_claim() -> None:
    """Each person writes their own words (no one's parse is another's cache hit), and
    none of them claims anything: every turn is a model call, not a question."""
    texts = questions(1 + 5 + 10 + 100)
    assert len(set(texts)) == len(texts) == 116
    at = datetime(2026, 2, 19, 12, 0, tzinfo=UTC)
    assert [t for t in texts if extract_offline(t, at=at).observations] == []
