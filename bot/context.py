"""What every handler gets besides the update: a typed context (PTB's ``ContextTypes``).

``context.bot_data`` is a ``CanonBotData``, not a dict of strings: python-telegram-bot
creates it empty when the Application is built, and ``BotRunner`` fills it in
before the first update arrives.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from telegram.ext import CallbackContext, ContextTypes, ExtBot

from core.conversation.audience import Audience
from core.conversation.chat import CanonChat
from core.errors import CanonError


@dataclass
class CanonBotData:
    """The conversation service, who may use the bot, and the strangers refused so far."""

    chat: CanonChat | None = None
    audience: Audience = field(default_factory=Audience)
    refused: set[int] = field(default_factory=set)
    """Strangers already told no: each gets one refusal, not one per message."""

    @property
    def canon(self) -> CanonChat:
        if self.chat is None:  # an update before start() finished: not possible by design
            raise CanonError("the bot is not started yet")
        return self.chat


Ctx = CallbackContext[ExtBot[None], dict[Any, Any], dict[Any, Any], CanonBotData]
CONTEXT_TYPES = ContextTypes(context=CallbackContext, bot_data=CanonBotData)
