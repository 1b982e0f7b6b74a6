"""The Messenger over python-telegram-bot: sends, photos, edits and tap answers, with retries.

Flood waits (429 retry_after) are handled by the Application's AIORateLimiter;
network errors and timeouts are retried here a few times with a growing pause.
Telegram's harmless refusals ("message is not modified") are not errors.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, InputFile
from telegram.error import BadRequest, NetworkError, RetryAfter, TimedOut

from core.conversation.chat import Button

log = logging.getLogger(__name__)
T = TypeVar("T")
ATTEMPTS = 4


async def with_retries(call: Callable[[], Awaitable[T]], what: str) -> T:
    """Run ``call``, retrying network errors and flood waits; BadRequest is final."""
    for attempt in range(1, ATTEMPTS + 1):
        try:
            return await call()
        except BadRequest:
            raise
        except RetryAfter as e:
            if attempt == ATTEMPTS:
                raise
            wait = e.retry_after
            delay = wait.total_seconds() if hasattr(wait, "total_seconds") else float(wait)
            log.info("%s: flood wait %.1fs", what, delay)
            await asyncio.sleep(delay)
        except (TimedOut, NetworkError) as e:
            if attempt == ATTEMPTS:
                raise
            log.info("%s: %s; retrying", what, e)
            await asyncio.sleep(0.2 * 2**attempt)
    raise AssertionError("unreachable")


SHORT = 12
"""Labels this short sit side by side (Yes / No / Edit); longer ones get a row each."""


def rows(buttons: Sequence[Button]) -> list[list[Button]]:
    """Buttons laid out as a phone shows them well: up to three short answers in one row,
    choices with longer labels ("Your departure date", "Your trip's destination") one per
    row, so no label is broken mid-word."""
    if len(buttons) <= 3 and all(len(label) <= SHORT for label, _ in buttons):
        return [list(buttons)]
    return [[b] for b in buttons]


class TelegramMessenger:
    """Messenger for a telegram.Bot."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    async def send(self, chat_id: int, text: str, buttons: Sequence[Button] = ()) -> int:
        markup = _markup(buttons)
        message = await with_retries(
            lambda: self.bot.send_message(chat_id, text, reply_markup=markup), "sendMessage"
        )
        return message.message_id

    async def edit(
        self, chat_id: int, message_id: int, text: str, buttons: Sequence[Button] = ()
    ) -> bool:
        markup = _markup(buttons)
        return await self._edited(
            lambda: self.bot.edit_message_text(
                text, chat_id=chat_id, message_id=message_id, reply_markup=markup
            ),
            "editMessageText",
        )

    async def drop_buttons(self, chat_id: int, message_id: int) -> bool:
        return await self._edited(
            lambda: self.bot.edit_message_reply_markup(
                chat_id=chat_id, message_id=message_id, reply_markup=None
            ),
            "editMessageReplyMarkup",
        )

    @staticmethod
    async def _edited(call: Callable[[], Awaitable[object]], method: str) -> bool:
        """An edit made: True, or True when it changed nothing (made already); False when
        the message is gone."""
        try:
            await with_retries(call, method)
        except BadRequest as e:
            reason = str(e).lower()
            if "not modified" in reason:
                return True
            if "not found" in reason or "can't be edited" in reason:
                return False
            raise
        return True

    async def answer_tap(self, callback_id: str, text: str | None = None) -> None:
        try:
            await with_retries(
                lambda: self.bot.answer_callback_query(callback_id, text=text),
                "answerCallbackQuery",
            )
        except BadRequest as e:  # too old or answered already: the user saw nothing more
            log.info("callback %s not answered: %s", callback_id, e)

    async def send_photo(self, chat_id: int, photo: bytes, caption: str) -> int:
        """Upload ``photo`` (multipart/form-data) with ``caption``; the new message's id."""
        message = await with_retries(
            lambda: self.bot.send_photo(
                chat_id, InputFile(photo, filename="report.png"), caption=caption
            ),
            "sendPhoto",
        )
        return message.message_id


def _markup(buttons: Sequence[Button]) -> InlineKeyboardMarkup | None:
    """``buttons`` as Telegram's inline keyboard, laid out in ``rows``; None for none."""
    if not buttons:
        return None
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(t, callback_data=d) for t, d in row] for row in rows(buttons)]
    )
