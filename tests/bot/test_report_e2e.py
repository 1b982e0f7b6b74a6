"""/report end to end: the bot uploads the main chart with sendPhoto over HTTP (multipart,
through python-telegram-bot) to the strict Bot API double, with a three-line caption."""

from __future__ import annotations

import io

import pytest
from aiohttp import web
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from PIL import Image

from core.conversation import texts
from core.conversation.report import NOTHING_YET

pytestmark = pytest.mark.timeout(60)


async def test_report_sends_the_chart_as_a_photo(tg: FakeTelegram, start_bot: StartBot) -> None:
    await start_bot()
    await tg.say(ALICE, "We're planning a trip to Tahoe", expect="plan")
    await tg.say(ALICE, "We're in Tahoe", expect="Noted")
    asked = tg.user_says(ALICE, "/report")
    photo = await tg.reply_after(ALICE, asked, "Last 7 days: 4 changes, 0 needed you")
    assert photo.photo is not None
    (call,) = tg.methods("sendPhoto")
    assert call.status == 200
    assert isinstance(call.params["photo"], web.FileField)  # uploaded, multipart
    image = Image.open(io.BytesIO(photo.photo))
    assert image.format == "PNG"
    assert image.width > 300
    assert photo.text.splitlines() == [
        "Last 7 days: 4 changes, 0 needed you (review burden 0%).",
        "Corrected: 0 (0%); auto-commit precision 100%.",
        "Median time to answer: no answers; 0 questions waiting.",
    ]


async def test_report_with_nothing_yet_is_a_plain_message(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    await start_bot()
    await tg.say(ALICE, "/report", expect=NOTHING_YET)
    assert tg.methods("sendPhoto") == []


async def test_help_lists_report(tg: FakeTelegram, start_bot: StartBot) -> None:
    await start_bot()
    await tg.say(ALICE, "/help", expect="/report – a chart")
    assert "report" in [c["command"] for c in tg.commands]
    assert "/report" in texts.HELP
