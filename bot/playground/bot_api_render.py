"""A chat message as the Bot API renders it: the Message object its methods return."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from bot.playground.bot_api_params import file_id, photo_size
from bot.playground.bot_api_types import BOT_ID, BOT_USERNAME, ChatMessage


def message_json(msg: ChatMessage, users: Mapping[int, dict[str, Any]]) -> dict[str, Any]:
    """``msg`` as the Bot API returns a Message (``users``: the chats' users, by id)."""
    user = users.get(msg.chat_id, {"id": msg.chat_id, "is_bot": False, "first_name": "?"})
    sender = (
        {"id": BOT_ID, "is_bot": True, "first_name": "Canon", "username": BOT_USERNAME}
        if msg.from_bot
        else user
    )
    out: dict[str, Any] = {
        "message_id": msg.message_id,
        "from": sender,
        "chat": {"id": msg.chat_id, "type": "private", "first_name": user["first_name"]},
        "date": msg.date,
    }
    if msg.photo is None:
        out["text"] = msg.text
    else:
        width, height = photo_size(msg.photo)
        out["photo"] = [
            {
                "file_id": file_id(msg),
                "file_unique_id": file_id(msg),
                "width": width,
                "height": height,
                "file_size": len(msg.photo),
            }
        ]
        if msg.text:
            out["caption"] = msg.text
    if msg.edited:
        out["edit_date"] = int(time.time())
    if msg.buttons:
        out["reply_markup"] = {"inline_keyboard": msg.buttons}
    return out
