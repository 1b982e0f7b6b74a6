"""A Bot API call's parameters as Telegram reads and checks them: JSON, form or query
string; message text, inline keyboards, photos and their captions, and bot commands
refused as Telegram refuses them."""

from __future__ import annotations

import io
import json
from typing import Any

from aiohttp import web
from PIL import Image, UnidentifiedImageError

from bot.playground.bot_api_types import (
    MAX_CALLBACK_DATA,
    MAX_CAPTION,
    MAX_PHOTO_BYTES,
    MAX_TEXT,
    ApiError,
    ChatMessage,
)

_INT_PARAMS = {
    "chat_id",
    "message_id",
    "offset",
    "limit",
    "timeout",
    "cache_time",
    "max_connections",
}
_BOOL_PARAMS = {"drop_pending_updates"}
_JSON_PARAMS = {"reply_markup", "commands", "allowed_updates", "scope", "entities"}
NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup "
    "are exactly the same as a current content and reply markup of the message"
)


async def read_params(request: web.Request) -> dict[str, Any]:
    """The call's parameters, from a JSON body, a form, or the query string."""
    raw: dict[str, Any] = dict(request.query)
    if request.can_read_body:
        if request.content_type == "application/json":
            try:
                body = await request.json()
            except ValueError:
                raise ApiError(400, "Bad Request: can't parse JSON body") from None
            if isinstance(body, dict):
                raw.update(body)
        else:
            form = await request.post()
            raw.update({k: v for k, v in form.items() if isinstance(v, str | web.FileField)})
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key in _JSON_PARAMS and isinstance(value, str):
            try:
                value = json.loads(value)
            except ValueError:
                raise ApiError(400, f"Bad Request: can't parse {key} JSON object") from None
        elif key in _BOOL_PARAMS and isinstance(value, str):
            value = value.lower() == "true"
        elif key in _INT_PARAMS and isinstance(value, str):
            try:
                value = int(value)
            except ValueError:
                raise ApiError(400, f"Bad Request: {key} must be a number") from None
        out[key] = value
    return out


def file_id(msg: ChatMessage) -> str:
    return f"photo-{msg.chat_id}-{msg.message_id}"


def photo_size(data: bytes) -> tuple[int, int]:
    """(width, height) of an image Telegram would take as a photo, or its refusal."""
    try:
        with Image.open(io.BytesIO(data)) as image:
            image.verify()
            width, height = image.size
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
        raise ApiError(400, "Bad Request: IMAGE_PROCESS_FAILED") from None
    if width + height > 10000 or max(width, height) > 20 * min(width, height):
        raise ApiError(400, "Bad Request: PHOTO_INVALID_DIMENSIONS")
    return width, height


def photo_bytes(raw: Any, sent: dict[str, bytes]) -> bytes:
    """The image sendPhoto's ``photo`` names: an upload (multipart/form-data), or the
    file_id of a photo sent before (``sent``); at most 10 MB, a real image of sane
    dimensions."""
    if isinstance(raw, web.FileField):
        data = raw.file.read(MAX_PHOTO_BYTES + 1)
    elif isinstance(raw, str) and raw in sent:
        data = sent[raw]
    elif isinstance(raw, str) and raw:
        raise ApiError(400, "Bad Request: wrong file identifier/HTTP URL specified")
    else:
        raise ApiError(400, "Bad Request: there is no photo in the request")
    if len(data) > MAX_PHOTO_BYTES:
        raise ApiError(400, "Bad Request: PHOTO_SAVE_FILE_INVALID")
    photo_size(data)
    return data


def caption_text(raw: Any) -> str:
    """A photo's caption: none is empty, more than 1,024 characters is refused."""
    caption = raw if isinstance(raw, str) else ""
    if len(caption) > MAX_CAPTION:
        raise ApiError(400, "Bad Request: message caption is too long")
    return caption


def bot_commands(raw: Any) -> list[dict[str, str]]:
    """setMyCommands' list: at most 100, each a name of 1–32 lower-case letters, digits
    and underscores with a description of 1–256 characters."""
    if not isinstance(raw, list) or len(raw) > 100:
        raise ApiError(400, "Bad Request: commands must be a list of at most 100")
    for c in raw:
        name = str(c.get("command", "")) if isinstance(c, dict) else ""
        if not (1 <= len(name) <= 32) or not all(
            ch.islower() or ch.isdigit() or ch == "_" for ch in name
        ):
            raise ApiError(400, "Bad Request: BOT_COMMAND_INVALID")
        if not (1 <= len(str(c.get("description", ""))) <= 256):
            raise ApiError(400, "Bad Request: BOT_COMMAND_DESCRIPTION_INVALID")
    return [dict(c) for c in raw]


def message_text(raw: Any) -> str:
    text = raw if isinstance(raw, str) else ""
    if not text.strip():
        raise ApiError(400, "Bad Request: message text is empty")
    if len(text) > MAX_TEXT:
        raise ApiError(400, "Bad Request: message is too long")
    return text


def inline_keyboard(markup: Any) -> list[list[dict[str, str]]]:
    if markup is None:
        return []
    rows = markup.get("inline_keyboard") if isinstance(markup, dict) else None
    if not isinstance(rows, list):
        raise ApiError(400, "Bad Request: can't parse reply keyboard markup JSON object")
    out: list[list[dict[str, str]]] = []
    for row in rows:
        buttons = []
        for button in row:
            text = str(button.get("text", ""))
            data = button.get("callback_data")
            if not text:
                raise ApiError(400, "Bad Request: BUTTON_TEXT_INVALID")
            if not isinstance(data, str) or not 1 <= len(data.encode()) <= MAX_CALLBACK_DATA:
                raise ApiError(400, "Bad Request: BUTTON_DATA_INVALID")
            buttons.append({"text": text, "callback_data": data})
        out.append(buttons)
    return out
