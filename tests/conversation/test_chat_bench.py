"""``canon bench``'s bot-turn figures: measured, never asserted; here only their shape."""

from __future__ import annotations

from core.bench.conversation import TurnBenchConfig, bot_turn_figures


async def test_a_turn_is_timed_without_and_with_open_questions() -> None:
    figures = await bot_turn_figures(TurnBenchConfig(turns=5, open_questions=40))
    assert sorted(figures) == sorted(
        [
            "bot_turn_p50_ms",
            "bot_turn_p99_ms",
            "bot_turn_p50_ms_with_40_open",
            "bot_turn_p99_ms_with_40_open",
        ]
    )
    assert all(isinstance(v, float) and v > 0 for v in figures.values())
