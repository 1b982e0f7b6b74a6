"""``canon bench``'s assistant-runtime figures: measured, never asserted; here only their shape."""

from __future__ import annotations

from core.bench.agent import BESIDE, AgentBenchConfig, agent_turn_figures


async def test_the_runtime_cost_per_turn_is_measured_beside_the_offline_answer() -> None:
    figures = await agent_turn_figures(AgentBenchConfig(turns=5, warmup=1))
    assert set(figures) == {*BESIDE, *BESIDE.values()}
    assert all(isinstance(v, float) and v >= 0 for v in figures.values())
