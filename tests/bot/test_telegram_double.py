"""The Bot API double enforces Telegram's rules, seen through the real client library."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta

import httpx
import pytest
from fakes.telegram_api import FakeTelegram
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.error import BadRequest, RetryAfter

pytestmark = pytest.mark.timeout(30)
USER = 42


@pytest.fixture
async def bot(tg: FakeTelegram) -> AsyncIterator[Bot]:
    tg.user_says(USER, "/start")
    async with Bot(tg.token, base_url=tg.base_url) as client:
        yield client


def _buttons(data: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[InlineKeyboardButton("Yes", callback_data=data)]])


@pytest.mark.parametrize(
    ("data", "ok"), [("x", True), ("y" * 64, True), ("z" * 65, False), ("é" * 33, False)]
)
async def test_callback_data_is_one_to_64_bytes(bot: Bot, data: str, ok: bool) -> None:
    if ok:
        assert (await bot.send_message(USER, "q", reply_markup=_buttons(data))).message_id
    else:
        with pytest.raises(BadRequest, match=r"(?i)button_data_invalid"):
            await bot.send_message(USER, "q", reply_markup=_buttons(data))


@pytest.mark.parametrize(
    ("text", "error"), [("", "message text is empty"), ("x" * 4097, "message is too long")]
)
async def test_message_text_limits(bot: Bot, text: str, error: str) -> None:
    with pytest.raises(BadRequest, match=f"(?i){error}"):
        await bot.send_message(USER, text)


async def test_edits_follow_telegrams_rules(bot: Bot) -> None:
    sent = await bot.send_message(USER, "question", reply_markup=_buttons("t:y"))
    await bot.edit_message_text("answered", chat_id=USER, message_id=sent.message_id)
    with pytest.raises(BadRequest, match=r"(?i)message is not modified"):
        await bot.edit_message_text("answered", chat_id=USER, message_id=sent.message_id)
    with pytest.raises(BadRequest, match=r"(?i)message to edit not found"):
        await bot.edit_message_text("x", chat_id=USER, message_id=9999)
    with pytest.raises(BadRequest, match=r"(?i)message is not modified"):
        await bot.edit_message_reply_markup(chat_id=USER, message_id=sent.message_id)
    assert await bot.delete_message(USER, sent.message_id)
    with pytest.raises(BadRequest, match=r"(?i)message to delete not found"):
        await bot.delete_message(USER, sent.message_id)


async def test_a_callback_query_is_answered_once(tg: FakeTelegram, bot: Bot) -> None:
    sent = await bot.send_message(USER, "question", reply_markup=_buttons("t:y"))
    query = tg.user_taps(USER, USER, sent.message_id, "t:y")
    assert await bot.answer_callback_query(query)
    with pytest.raises(BadRequest, match=r"(?i)query is too old"):
        await bot.answer_callback_query(query)


async def test_429_carries_retry_after(tg: FakeTelegram, bot: Bot) -> None:
    tg.flood(1, retry_after=3)
    with pytest.raises(RetryAfter) as caught:
        await bot.send_message(USER, "hi")
    retry = caught.value.retry_after
    assert (retry.total_seconds() if isinstance(retry, timedelta) else retry) == 3
    assert (await bot.send_message(USER, "hi")).text == "hi"


@pytest.mark.parametrize(
    ("method", "params", "status"),
    [
        ("getMe", {}, 200),
        ("sendMessage", {"chat_id": USER, "text": ""}, 400),
        ("sendMessage", {"chat_id": 5, "text": "who?"}, 400),
        ("answerCallbackQuery", {"callback_query_id": "nope"}, 400),
        ("noSuchMethod", {}, 404),
    ],
)
async def test_http_status_equals_error_code(
    tg: FakeTelegram, bot: Bot, method: str, params: dict[str, object], status: int
) -> None:
    async with httpx.AsyncClient() as client:
        r = await client.post(f"{tg.base_url}{tg.token}/{method}", json=params)
    assert r.status_code == status
    body = r.json()
    assert body["ok"] is (status == 200)
    if status != 200:
        assert body["error_code"] == status
        assert body["description"]


async def test_a_wrong_token_is_unauthorized(tg: FakeTelegram) -> None:
    async with httpx.AsyncClient() as client:
        r = await client.post(f"{tg.base_url}0:wrong/getMe")
    assert (r.status_code, r.json()["description"]) == (401, "Unauthorized")


async def test_get_updates_confirms_with_offset_and_long_polls(tg: FakeTelegram, bot: Bot) -> None:
    first = await bot.get_updates(timeout=0)
    assert [u.message.text for u in first if u.message] == ["/start"]
    again = await bot.get_updates(offset=first[-1].update_id, timeout=0)
    assert [u.update_id for u in again] == [first[-1].update_id]
    confirmed = await bot.get_updates(offset=first[-1].update_id + 1, timeout=0)
    assert confirmed == ()
    tg.user_says(USER, "later")
    arrived = await bot.get_updates(offset=first[-1].update_id + 1, timeout=5)
    assert [u.message.text for u in arrived if u.message] == ["later"]


@pytest.mark.parametrize("name", ["why-not", "Help", "", "x" * 33])
async def test_command_names_are_checked(bot: Bot, name: str) -> None:
    with pytest.raises(BadRequest, match=r"(?i)bot_command_invalid"):
        await bot.set_my_commands([(name, "description")])
