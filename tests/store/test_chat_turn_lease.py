"""A chat's lease (``core.store.chat_turns.leased``): renewed while a hold lasts longer
than ``RENEW_S`` (a short hold starts no renewing task), released at the end."""

from __future__ import annotations

import asyncio

import pytest

from core.store import chat_turns


async def test_a_long_hold_is_renewed_and_released_and_a_short_one_only_released(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []
    renewed = asyncio.Event()

    async def take(holder: str) -> bool:
        calls.append("take")
        return True

    async def renew(holder: str) -> None:
        calls.append("renew")
        renewed.set()

    async def release(holder: str) -> None:
        calls.append("release")

    async with chat_turns.leased(take, renew, release):
        pass
    assert calls == ["take", "release"]

    calls.clear()
    monkeypatch.setattr(chat_turns, "RENEW_S", 0.001)
    async with chat_turns.leased(take, renew, release):
        await asyncio.wait_for(renewed.wait(), timeout=30)
    assert calls[0] == "take"
    assert "renew" in calls
    assert calls[-1] == "release"
    after = len(calls)
    await asyncio.sleep(0.01)
    assert len(calls) == after  # the renewing stopped with the hold
