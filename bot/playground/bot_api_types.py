"""The Bot API as the emulator models it: Telegram's limits, its errors, a chat's
messages and the calls a bot made (``bot.playground.emulator`` serves them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

BOT_ID = 7000000001
BOT_USERNAME = "canon_local_bot"
MAX_TEXT = 4096
MAX_CALLBACK_DATA = 64
MAX_CAPTION = 1024
MAX_PHOTO_BYTES = 10 * 1024 * 1024
"""Telegram's limit for a photo sent by upload (documents may be larger)."""
MAX_UPLOAD_BYTES = 50 * 1024 * 1024
"""Telegram's limit for any multipart upload: more is 413 Request Entity Too Large."""


class ApiError(Exception):
    """A Bot API error: HTTP status = error_code, Telegram's description."""

    def __init__(self, code: int, description: str, retry_after: int | None = None) -> None:
        super().__init__(description)
        self.code = code
        self.description = description
        self.retry_after = retry_after


@dataclass
class ChatMessage:
    """A message as both sides see it (the bot may edit it later)."""

    message_id: int
    chat_id: int
    from_bot: bool
    text: str
    date: int
    buttons: list[list[dict[str, str]]] = field(default_factory=list)
    edited: bool = False
    deleted: bool = False
    archived: bool = False
    """Replayed from an earlier run's log (the playground after a restart): read-only."""
    photo: bytes | None = None
    """A photo message's image (``text`` is then its caption, maybe empty)."""

    def view(self) -> dict[str, Any]:
        return {
            "message_id": self.message_id,
            "from_bot": self.from_bot,
            "text": self.text,
            "buttons": [[b["text"] for b in row] for row in self.buttons],
            "edited": self.edited,
            "photo": self.photo is not None,
        }


@dataclass
class Call:
    """One request the bot made, for assertions."""

    method: str
    params: dict[str, Any]
    status: int
    description: str = ""
