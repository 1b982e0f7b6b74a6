"""sendPhoto on the Bot API double: Telegram's rules, through the real client library and raw HTTP.

A photo is uploaded as multipart/form-data (or named by the file_id of one sent
before), is a real image of at most 10 MB whose width and height add up to at
most 10,000 and differ by at most 20 times, its caption has at most 1,024
characters, and the chat must exist. Refusals come back in Telegram's shape:
``{"ok": false, "error_code": 400, "description": "Bad Request: ..."}``.
"""

from __future__ import annotations

import io
from collections.abc import AsyncIterator

import httpx
import pytest
from fakes.telegram_api import FakeTelegram
from PIL import Image
from telegram import Bot, InputFile
from telegram.error import BadRequest

pytestmark = pytest.mark.timeout(30)
USER = 42


def png(width: int = 64, height: int = 48) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (30, 110, 235)).save(buffer, format="PNG")
    return buffer.getvalue()


@pytest.fixture
async def bot(tg: FakeTelegram) -> AsyncIterator[Bot]:
    tg.user_says(USER, "/start")
    async with Bot(tg.token, base_url=tg.base_url) as client:
        yield client


async def test_an_uploaded_photo_with_a_caption_is_shown(bot: Bot, tg: FakeTelegram) -> None:
    sent = await bot.send_photo(USER, InputFile(png(), filename="c.png"), caption="Last 7 days")
    assert sent.caption == "Last 7 days"
    assert sent.text is None
    assert (sent.photo[-1].width, sent.photo[-1].height) == (64, 48)
    (shown,) = [m for m in tg.chat(USER) if m.from_bot]
    assert shown.photo == png()
    assert shown.view()["photo"] is True
    # The same picture again by its file_id, as Telegram allows.
    again = await bot.send_photo(USER, sent.photo[-1].file_id)
    assert again.photo[-1].file_size == len(png())


@pytest.mark.parametrize(
    ("photo", "caption", "error"),
    [
        (png(), "x" * 1025, "message caption is too long"),
        (b"not an image at all", "", "IMAGE_PROCESS_FAILED"),
        (png(9000, 1200), "", "PHOTO_INVALID_DIMENSIONS"),  # 10,200 in total
        (png(2100, 100), "", "PHOTO_INVALID_DIMENSIONS"),  # 21 times as wide
        (b"\x89PNG" + b"\0" * (10 * 1024 * 1024), "", "PHOTO_SAVE_FILE_INVALID"),  # > 10 MB
    ],
)
async def test_refused_photos(bot: Bot, photo: bytes, caption: str, error: str) -> None:
    with pytest.raises(BadRequest, match=f"(?i){error}"):
        await bot.send_photo(USER, InputFile(photo, filename="p.png"), caption=caption)


async def test_a_caption_of_1024_characters_is_fine(bot: Bot) -> None:
    sent = await bot.send_photo(USER, InputFile(png(), filename="c.png"), caption="y" * 1024)
    assert sent.caption == "y" * 1024


async def test_an_unknown_chat_is_refused(bot: Bot) -> None:
    with pytest.raises(BadRequest, match=r"(?i)chat not found"):
        await bot.send_photo(777, InputFile(png(), filename="c.png"))


async def test_a_photo_has_no_text_to_edit(bot: Bot) -> None:
    sent = await bot.send_photo(USER, InputFile(png(), filename="c.png"), caption="c")
    with pytest.raises(BadRequest, match=r"(?i)there is no text in the message to edit"):
        await bot.edit_message_text("x", chat_id=USER, message_id=sent.message_id)


@pytest.mark.parametrize(
    ("form", "files", "description"),
    [
        ({"chat_id": str(USER)}, None, "Bad Request: there is no photo in the request"),
        (
            {"chat_id": str(USER), "photo": "https://example.org/a.png"},
            None,
            "Bad Request: wrong file identifier/HTTP URL specified",
        ),
        (
            {"chat_id": "777"},
            {"photo": ("c.png", png(), "image/png")},
            "Bad Request: chat not found",
        ),
    ],
)
async def test_errors_have_telegrams_shape(
    tg: FakeTelegram,
    form: dict[str, str],
    files: dict[str, tuple[str, bytes, str]] | None,
    description: str,
) -> None:
    tg.user_says(USER, "/start")
    async with httpx.AsyncClient() as client:
        response = await client.post(f"{tg.base_url}{tg.token}/sendPhoto", data=form, files=files)
    assert response.status_code == 400
    assert response.json() == {"ok": False, "error_code": 400, "description": description}


async def test_an_upload_over_50_mb_is_too_large(tg: FakeTelegram) -> None:
    tg.user_says(USER, "/start")
    big = {"photo": ("c.png", b"\0" * (50 * 1024 * 1024 + 1), "image/png")}
    async with httpx.AsyncClient() as client:
        response = await client.post(
            f"{tg.base_url}{tg.token}/sendPhoto", data={"chat_id": str(USER)}, files=big
        )
    assert response.status_code == 413
    assert response.json()["description"] == "Request Entity Too Large"
