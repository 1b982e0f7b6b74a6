"""``side_by_side``, how the Inspector tests run their calls at once: a failure is raised
only once every run has ended, so no run is left for pytest-asyncio to cancel at the
test's end (one cancelled while its process starts never ends on Python 3.11)."""

from __future__ import annotations

import asyncio

import pytest
from test_mcp_inspector import side_by_side


async def test_a_failure_is_raised_once_every_run_has_ended() -> None:
    ended: list[str] = []

    async def fails() -> str:
        raise ValueError("the Inspector printed nothing")

    async def slower(name: str) -> str:
        for _ in range(5):
            await asyncio.sleep(0)  # still going when the failure comes
        ended.append(name)
        return name

    with pytest.raises(ValueError, match="printed nothing"):
        await side_by_side(slower("a"), fails(), slower("b"))
    assert sorted(ended) == ["a", "b"]


async def test_the_results_come_in_the_order_of_the_runs() -> None:
    async def after(turns: int, name: str) -> str:
        for _ in range(turns):
            await asyncio.sleep(0)
        return name

    assert await side_by_side(after(3, "first"), after(0, "second")) == ["first", "second"]
