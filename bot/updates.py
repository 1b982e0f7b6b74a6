"""Updates handled concurrently across chats and in order within one (python-telegram-bot).

By default an ``Application`` handles one update at a time, so one person's slow reply
(the model takes seconds) holds everybody's. ``PerChatUpdates`` is the update processor
``concurrent_updates`` takes: updates of different chats run at once, and the updates of
one chat start one after another in the order Telegram delivered them, every handler
group of an update (the guard, the command's record, the command) before the next
update of that chat starts. The one exception is a plain message: once it has its place
in its chat's line (``core.conversation.chat_order.IN_LINE``), the chat's next update
starts, so a tap on a question already shown is taken while the model is still writing
the reply to the message before it (``CanonChat`` keeps the message's own order: its
reply, and the chat's next message, come after). ``CanonChat`` orders each call by chat
as well, which also covers the jobs and other processes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

from core.conversation.chat_order import IN_LINE
from core.store.chat_turns import ChatLocks

MAX_CONCURRENT_UPDATES = 256
"""Updates in progress at once (waiting for their chat's turn included); more queue."""


class PerChatUpdates(BaseUpdateProcessor):
    """One update at a time per chat, every chat at once."""

    def __init__(self, max_concurrent_updates: int = MAX_CONCURRENT_UPDATES) -> None:
        super().__init__(max_concurrent_updates)
        self._chats = ChatLocks()

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        chat_id = chat_of(update)
        if chat_id is None:  # no chat to keep in order (an inline query, a poll)
            await coroutine
            return
        in_line = asyncio.Event()
        async with self._chats.hold(chat_id):
            told = IN_LINE.set(in_line.set)
            try:  # the update's task sees IN_LINE: a message tells when it is in line
                running = asyncio.ensure_future(coroutine)
            finally:
                IN_LINE.reset(told)
            waiting = asyncio.ensure_future(in_line.wait())
            try:
                await asyncio.wait({running, waiting}, return_when=asyncio.FIRST_COMPLETED)
            except asyncio.CancelledError:
                running.cancel()
                raise
            finally:
                waiting.cancel()
        await running

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None


def chat_of(update: object) -> int | None:
    """The chat an update belongs to (a tap's: the chat of the message it was under)."""
    if not isinstance(update, Update):
        return None
    if update.effective_chat is not None:
        return update.effective_chat.id
    return None if update.effective_user is None else update.effective_user.id
