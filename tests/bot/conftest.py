"""Fixtures for the bot: the strict Bot API double and the real bot driven over HTTP."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from canon_testing import calibrated_policy
from chatkit import ALICE, BOB, StartBot, stop_bot
from fakes.telegram_api import FakeTelegram

from bot.app import BotRunner
from core.conversation.audience import Audience
from core.extraction.offline import extract_offline
from core.settings import Settings, TelegramSettings


@pytest.fixture
async def tg() -> AsyncIterator[FakeTelegram]:
    fake = FakeTelegram()
    await fake.start()
    try:
        yield fake
    finally:
        await fake.close()


@pytest.fixture
async def start_bot(
    tg: FakeTelegram, tmp_path: Path, migrated_store_file: Path
) -> AsyncIterator[StartBot]:
    """Start the real bot against ``tg``; every runner started is stopped afterwards.

    The bot answers through its turn graph, checkpointed in its SQLite file; offline
    unless ``llm=LLMConfig(...)`` names a model (the fake's, say). Its store starts as a
    copy of the session's migrated empty one, as the ``store`` fixture's does (migrating
    a new file costs about 27 ms of CPU, copying one 1 ms).
    """
    runners: list[BotRunner] = []
    db = tmp_path / "canon.db"
    if not db.exists():  # (a test's own fixture may have made it first)
        shutil.copy(migrated_store_file, db)  # its mode too: Canon's 0600

    async def start(**overrides: Any) -> BotRunner:
        audience: dict[str, Any] = {
            "allowed_user_ids": (ALICE, BOB),
            "entity_map": {BOB: "user:bob"},
            "shared_entities": ("family:home",),
        }
        audience.update(overrides.pop("settings", {}))  # other or more Audience fields
        settings = Settings(
            llm=overrides.pop("llm", None),
            store_url=str(db),
            audience=Audience(**audience),
            telegram=TelegramSettings(token=tg.token, base_url=tg.base_url),
            # Past calibration unless a test passes policy=default_policy() (a new store).
            policy=overrides.pop("policy", calibrated_policy()),
        )
        runner = BotRunner(
            settings,
            extractor=extract_offline,
            poll_timeout=1.0,
            **overrides,
        )
        await runner.start()
        runners.append(runner)
        return runner

    yield start
    for runner in runners:
        await stop_bot(tg, runner)
