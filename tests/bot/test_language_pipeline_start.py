"""The bot loads the language pipeline beside its start-up, and starts even without one."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from chatkit import StartBot

from core.errors import LanguageModelMissing
from core.extraction.linguistics import model


def _unusable(_progress: Callable[[str], None] | None = None) -> object:
    raise LanguageModelMissing("no spaCy English pipeline (en_core_web_sm 3.8.0) is installed")


def _slow(progress: Callable[[str], None] | None = None) -> object:
    assert progress is not None
    progress("loading the English language pipeline (once per process)...")
    return object()


async def test_the_bot_warms_the_pipeline_at_start_and_logs_a_slow_load(
    start_bot: StartBot, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(model, "load", _slow)
    caplog.set_level("INFO", logger="bot.app")
    runner = await start_bot()
    assert runner.warming is not None
    await asyncio.wait_for(runner.warming, timeout=60)
    assert "loading the English language pipeline" in caplog.text


async def test_without_a_usable_pipeline_the_bot_still_starts_and_logs_why(
    start_bot: StartBot, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(model, "load", _unusable)
    runner = await start_bot()
    assert runner.warming is not None
    await asyncio.wait_for(runner.warming, timeout=60)
    assert runner.app.running
    assert "language pipeline unusable: no spaCy English pipeline" in caplog.text
