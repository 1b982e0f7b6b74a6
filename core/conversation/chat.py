"""The conversation loop, independent of Telegram: messages in, replies and prompts out.

``CanonChat`` stores every message, runs it through the extractor and the
engine, acknowledges what changed, asks the assistant for a reply with the
context block injected, and shows review items one at a time per chat. Which
message shows which item, who owns it and what a chat is waiting for live in
the database, so a restarted bot carries on with the same question.

The class is put together from one part per concept, each its own module over
``chat_base.ChatBase`` (and over the parts it calls): ``chat_questions`` (which
question a chat shows, routing, prompts), ``chat_workflows`` (/setup and trips),
``chat_edits`` (the Edit flow), ``chat_answers`` (taps and typed answers),
``chat_messages`` (messages and the assistant's reply) and ``chat_commands`` (read
commands and corrections). What runs outside a message (the sweep, alerts) is here.
"""

from __future__ import annotations

import logging

from core.conversation import texts
from core.conversation.chat_base import AfterChange as AfterChange
from core.conversation.chat_base import Button as Button
from core.conversation.chat_base import Clock as Clock
from core.conversation.chat_base import Incoming as Incoming
from core.conversation.chat_base import Messenger as Messenger
from core.conversation.chat_commands import ChatCommands
from core.conversation.chat_edits import EDIT_TIMEOUT as EDIT_TIMEOUT
from core.conversation.chat_messages import ChatMessages
from core.errors import CanonError

log = logging.getLogger(__name__)


class CanonChat(ChatMessages, ChatCommands):
    """The bot's behaviour; handlers only translate updates into these calls."""

    async def sweep(self) -> None:
        """Show each allowed user's next question (after a restart, or evidence from pollers)."""
        async with self._lock:
            now = self.clock()
            for user_id in self.config.allowed_user_ids:
                try:
                    await self._workflows_changed(user_id, user_id)
                    await self._show_next(user_id, now)
                except CanonError as e:
                    log.warning("sweep for %s failed: %s", user_id, e)

    async def deliver_alerts(self) -> int:
        """Send each open alert to the owner (the first allowed user) once; how many were sent."""
        owner = self.config.allowed_user_ids[0] if self.config.allowed_user_ids else None
        if owner is None:
            return 0
        sent = 0
        async with self._lock:
            for alert in await self.engine.store.open_alerts():
                text = texts.alert_text(alert)
                # Sent first, then recorded and marked: an alert that could not be sent
                # (the owner never opened the chat) stays open for the next run, and a
                # crash in between repeats one alert rather than losing it.
                await self.messenger.send(owner, text)
                now = self.clock()
                await self.log.append_message(owner, "assistant", text, now)
                sent += await self.engine.mark_alert_delivered(alert.seq, now)
        return sent
