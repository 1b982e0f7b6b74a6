"""The chats the Bot API emulator keeps (``bot.playground.emulator`` serves them): each
private chat's messages in order under ids that only grow, the users who wrote to the
bot, and the photos sent, by file_id; the Bot API's rules on which chat and which
message a bot may touch; an earlier run's messages shown again."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from bot.playground.bot_api_params import file_id
from bot.playground.bot_api_types import MAX_TEXT, ApiError, ChatMessage


class EmulatedChats:
    """Every chat of one bot, as both sides see it."""

    def __init__(self) -> None:
        self.last_ids: dict[int, int] = {}
        """Each chat's last message id: a chat's ids only grow, as in Telegram."""
        self.messages: dict[tuple[int, int], ChatMessage] = {}
        self.order: dict[int, list[ChatMessage]] = {}
        self.users: dict[int, dict[str, Any]] = {}
        self.photos: dict[str, bytes] = {}
        self.groups: set[int] = set()
        """Group chats the bot is a member of: it may write there too."""

    def user(self, user_id: int, first_name: str) -> dict[str, Any]:
        return self.users.setdefault(
            user_id, {"id": user_id, "is_bot": False, "first_name": first_name}
        )

    def user_message(
        self,
        user_id: int,
        text: str,
        first_name: str = "Alex",
        *,
        date: int | None = None,
    ) -> dict[str, Any]:
        """Store ``text`` from ``user_id`` in their private chat with the bot, sent at
        ``date`` (default now); the Bot API Message Telegram delivers for it, with a leading
        command marked as Telegram marks one."""
        user = self.user(user_id, first_name)
        msg = self.store(user_id, from_bot=False, text=text)
        if date is not None:
            msg.date = date
        payload: dict[str, Any] = {
            "message_id": msg.message_id,
            "from": user,
            "chat": {"id": user_id, "type": "private", "first_name": user["first_name"]},
            "date": msg.date,
            "text": text,
        }
        if text.startswith("/"):
            payload["entities"] = command_entities(text)
        return payload

    def store(
        self,
        chat_id: int,
        *,
        from_bot: bool,
        text: str,
        buttons: list[list[dict[str, str]]] | None = None,
    ) -> ChatMessage:
        message_id = self.last_ids[chat_id] = self.last_ids.get(chat_id, 0) + 1
        msg = ChatMessage(message_id, chat_id, from_bot, text, int(time.time()), buttons or [])
        self.messages[(chat_id, msg.message_id)] = msg
        self.order.setdefault(chat_id, []).append(msg)
        return msg

    def known_chat(self, raw: Any) -> int:
        try:
            chat_id = int(raw)
        except (TypeError, ValueError):
            raise ApiError(400, "Bad Request: chat not found") from None
        if chat_id not in self.users and chat_id not in self.groups:  # nor to strangers
            raise ApiError(400, "Bad Request: chat not found")
        return chat_id

    def editable(self, p: dict[str, Any]) -> ChatMessage:
        chat_id = self.known_chat(p.get("chat_id"))
        msg = self.messages.get((chat_id, int(p.get("message_id") or 0)))
        if msg is None or msg.deleted:
            raise ApiError(400, "Bad Request: message to edit not found")
        if not msg.from_bot or msg.archived:
            raise ApiError(400, "Bad Request: message can't be edited")
        return msg

    def chat(self, chat_id: int) -> list[ChatMessage]:
        """The chat as its user sees it, oldest first."""
        return [m for m in self.order.get(chat_id, []) if not m.deleted]

    def restore(
        self, chat_id: int, lines: Sequence[tuple[bool, str, int]], first_name: str = "You"
    ) -> None:
        """Show an earlier run's conversation in a private chat: (from_bot, text, unix date).

        A local server forgets its chats when it stops; the playground replays the
        stored log so the page shows the history. The replayed messages cannot be
        edited, so a restarted bot's stale message ids never change them.
        """
        self.user(chat_id, first_name)
        for from_bot, text, date in lines:
            msg = self.store(chat_id, from_bot=from_bot, text=text[:MAX_TEXT] or "…")
            msg.date, msg.archived = date, True

    def replay(
        self,
        chat_id: int,
        message_id: int,
        *,
        from_bot: bool,
        text: str,
        date: int,
        buttons: list[list[dict[str, str]]] | None = None,
        photo: bytes | None = None,
        edited: bool = False,
    ) -> ChatMessage:
        """Show again a message of an earlier run, under its own id, as it read then.

        Unlike ``restore``'s, it stays the bot's to edit and its buttons can be tapped:
        the bot's stored ids name it. Messages come oldest first; new ones follow them.
        """
        self.user(chat_id, "You")
        if message_id <= self.last_ids.get(chat_id, 0):
            raise ValueError(f"message {message_id} does not come after chat {chat_id}'s last")
        self.last_ids[chat_id] = message_id - 1
        shown = text[:MAX_TEXT] if photo is not None else text[:MAX_TEXT] or "…"  # a caption
        msg = self.store(chat_id, from_bot=from_bot, text=shown, buttons=buttons)
        msg.date, msg.edited, msg.photo = date, edited, photo
        if photo is not None:
            self.photos[file_id(msg)] = photo
        return msg


def command_entities(text: str) -> list[dict[str, Any]]:
    """The entity Telegram marks a message's leading ``/command`` with."""
    return [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
