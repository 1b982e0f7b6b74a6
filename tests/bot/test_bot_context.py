"""The handlers' context is typed: ``context.bot_data`` is a CanonBotData, not a dict of strings."""

from __future__ import annotations

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram

from bot.app import build_application
from bot.context import CanonBotData
from core.errors import CanonError, ConfigError
from core.settings import TelegramSettings

pytestmark = pytest.mark.timeout(60)


def test_a_new_application_has_empty_canon_bot_data() -> None:
    app = build_application(TelegramSettings(token="123:abc"))
    assert isinstance(app.bot_data, CanonBotData)
    assert (app.bot_data.chat, app.bot_data.refused) == (None, set())
    with pytest.raises(CanonError, match="not started yet"):
        _ = app.bot_data.canon


def test_the_bot_needs_a_token() -> None:
    with pytest.raises(ConfigError, match="TELEGRAM_BOT_TOKEN"):
        build_application(TelegramSettings())


async def test_a_started_bot_holds_its_chat_and_audience(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    data = runner.app.bot_data
    assert isinstance(data, CanonBotData)
    assert data.canon is runner.chat
    assert data.audience.allowed(ALICE)
