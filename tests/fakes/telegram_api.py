"""The strict Bot API double for the bot's tests: an aiohttp server on 127.0.0.1.

The rules live in ``bot.playground.emulator`` (the playground serves the same Bot API to
people, so one implementation keeps both honest); this module adds what tests
need to drive a conversation and wait for the bot's side of it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import aiohttp
from budgets import budget

from bot.playground.bot_api_types import ApiError, Call, ChatMessage
from bot.playground.emulator import BotApiEmulator
from bot.playground.emulator_chats import command_entities
from bot.playground.emulator_webhook import SECRET_HEADER

__all__ = ["ApiError", "Call", "ChatMessage", "FakeTelegram"]


class FakeTelegram(BotApiEmulator):
    """The Bot API double, plus waiting helpers for end-to-end tests.

    Every wait (``within``: the seconds a bot's reply may take) is stretched by the suite's
    one setting (``tests/budgets.py``), so a busy machine does not fail a conversation."""

    async def wait_for(self, predicate: Callable[[], bool], within: float = 10.0) -> None:
        await super().wait_for(predicate, budget(within))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sent_updates: dict[int, dict[str, Any]] = {}
        """Every update the users' side produced, by update id."""

    def _push(self, update: dict[str, Any]) -> None:
        super()._push(update)
        self.sent_updates[update["update_id"]] = update

    def user_forwards(self, user_id: int, text: str, origin: dict[str, Any]) -> int:
        """Queue ``text`` forwarded by ``user_id`` into their chat with the bot, as Telegram
        sends it: the forwarder is ``from``, the author is ``forward_origin`` (Bot API
        MessageOrigin: ``{"type": "user", "sender_user": {...}, "date": ...}``, or
        ``hidden_user``, ``chat``, ``channel``); its id."""
        payload = self.chats.user_message(user_id, text)  # a command keeps its entity
        payload["forward_origin"] = {"date": payload["date"] - 3600, **origin}
        self._push({"message": payload})
        return int(payload["message_id"])

    def user_sends(
        self,
        user_id: int,
        fields: dict[str, Any],
        *,
        kind: str = "message",
        chat: dict[str, Any] | None = None,
        edits: int | None = None,
    ) -> int:
        """Queue a ``kind`` update ("message", "edited_message") holding a message from
        ``user_id`` with the Bot API Message ``fields`` given (``text``, ``caption``,
        ``photo``, ``location``, ``via_bot``, ``external_reply``, ...), in their private
        chat or in ``chat`` (a group, ``{"id": -5, "type": "group", "title": "..."}``, which
        the bot may then write to). ``edits``: the id of the earlier message an edit
        changes (the update keeps its date and adds ``edit_date``). The message's id."""
        user = self.chats.user(user_id, "Alex")
        where = chat or {"id": user_id, "type": "private", "first_name": user["first_name"]}
        if where["type"] != "private":
            self.chats.groups.add(where["id"])
        words = str(fields.get("text") or fields.get("caption") or "")
        if edits is None:
            msg = self.chats.store(where["id"], from_bot=False, text=words)
            message_id, date = msg.message_id, msg.date
        else:
            old = self.chats.messages[(where["id"], edits)]
            old.text, old.edited = words, True
            message_id, date = edits, old.date
        payload = {"message_id": message_id, "from": user, "chat": where, "date": date, **fields}
        if words.startswith("/") and "text" in fields:  # a command, as Telegram marks one
            payload.setdefault("entities", command_entities(words))
        if edits is not None:
            payload["edit_date"] = int(time.time())
        self._push({kind: payload})
        return message_id

    def push(self, update: dict[str, Any]) -> None:
        """Queue any update as Telegram sends it (a channel post, a reaction): its id is
        added."""
        self._push(update)

    async def deliver_again(self, update_id: int, url: str) -> int:
        """POST update ``update_id`` once more, with the webhook's secret, to ``url``: what
        Telegram does when it saw no answer (behind a load balancer, perhaps to another
        worker). The HTTP status."""
        setting = self.webhook.setting
        headers = {SECRET_HEADER: setting.secret_token} if setting and setting.secret_token else {}
        async with (
            aiohttp.ClientSession() as session,
            session.post(url, json=self.sent_updates[update_id], headers=headers) as response,
        ):
            return response.status

    async def taken(self, within: float = 10.0) -> None:
        """Wait until the bot took every update the users sent (a getUpdates offset past
        it, or a webhook's answer): from then on the bot knows of them (``chatkit.quiet``)."""
        await self.wait_for(lambda: self.waiting_for() is None, within)

    def bot_messages(self, chat_id: int) -> list[ChatMessage]:
        return [m for m in self.chat(chat_id) if m.from_bot]

    def open_prompts(self, chat_id: int) -> list[ChatMessage]:
        """Bot messages that still carry buttons."""
        return [m for m in self.bot_messages(chat_id) if m.buttons]

    def methods(self, *names: str) -> list[Call]:
        return [c for c in self.calls if not names or c.method in names]

    async def say(
        self, user_id: int, text: str, *, expect: str, within: float = 10.0
    ) -> ChatMessage:
        """Send ``text`` and wait for a bot message after it containing ``expect``."""
        sent = self.user_says(user_id, text)
        return await self.reply_after(user_id, sent, expect, within)

    async def reply_after(
        self, chat_id: int, after: int, expect: str, within: float = 10.0
    ) -> ChatMessage:
        def found() -> ChatMessage | None:
            return next(
                (
                    m
                    for m in self.bot_messages(chat_id)
                    if m.message_id > after and expect in m.text
                ),
                None,
            )

        await self.wait_for(lambda: found() is not None, within)
        message = found()
        assert message is not None
        return message

    async def prompt(self, chat_id: int, expect: str = "", within: float = 10.0) -> ChatMessage:
        """Wait for an open prompt (a bot message with buttons) containing ``expect``."""

        def found() -> ChatMessage | None:
            return next((m for m in self.open_prompts(chat_id) if expect in m.text), None)

        await self.wait_for(lambda: found() is not None, within)
        message = found()
        assert message is not None
        return message

    def button(self, message: ChatMessage, label: str) -> str:
        """The callback data of the button labelled ``label``."""
        for row in message.buttons:
            for b in row:
                if b["text"] == label:
                    return b["callback_data"]
        raise AssertionError(f"no {label!r} button in {message.text!r}")

    async def tap(
        self, user_id: int, message: ChatMessage, label: str, within: float = 10.0
    ) -> str:
        """Tap a button and wait until the bot answered the callback query."""
        query = self.user_taps(
            user_id, message.chat_id, message.message_id, self.button(message, label)
        )
        await self.wait_for(lambda: self.answered(query), within)
        return query

    async def settled(self, message: ChatMessage, within: float = 10.0) -> ChatMessage:
        """Wait until the prompt lost its buttons (it was edited to show the outcome)."""
        await self.wait_for(lambda: not message.buttons, within)
        return message

    async def confirm(self, user_id: int, text: str, asked: str) -> ChatMessage:
        """``user_id`` says ``text``, is asked a question containing ``asked``, taps Yes,
        and the prompt settles; the settled prompt."""
        self.user_says(user_id, text)
        prompt = await self.prompt(user_id, asked)
        await self.tap(user_id, prompt, "Yes")
        return await self.settled(prompt)
