"""Who is who in the conversation tests, and one running CanonChat as its users see it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from canon_testing import NOW

from core.conversation.audience import Audience
from core.conversation.chat import CanonChat
from core.conversation.testing import RecordingMessenger, ShownMessage
from core.engine.engine import Engine
from core.store.protocol import StoreBackend

ALICE = 111
"""The first allowed user: user:primary."""
BOB = 222
"""The second allowed user: user:bob (by the entity map)."""
STRANGER = 999
AUDIENCE = Audience(
    allowed_user_ids=(ALICE, BOB),
    entity_map={BOB: "user:bob"},
    shared_entities=("family:home",),
)


@dataclass
class Clock:
    """The time CanonChat reads; tests move it on."""

    now: datetime = NOW

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@dataclass
class Conversation:
    """One running CanonChat and what its users see."""

    chat: CanonChat
    messenger: RecordingMessenger
    clock: Clock
    store: StoreBackend

    @property
    def engine(self) -> Engine:
        return self.chat.engine

    async def say(self, user_id: int, text: str) -> list[str]:
        """``user_id`` types ``text`` in their private chat; the texts sent back."""
        mark = self.messenger.mark()
        await self.chat.on_text(self.messenger.incoming(user_id, text, self.clock()))
        return [m.text for m in self.messenger.sent_after(mark)]

    def prompt(self, user_id: int) -> ShownMessage:
        return self.messenger.prompt(user_id)

    async def tap(self, user_id: int, label: str, message: ShownMessage | None = None) -> str:
        """``user_id`` presses ``label`` (under ``message``, else their newest prompt)."""
        answer = await self.messenger.tap(self.chat, user_id, label, message=message)
        return str(answer)

    def now_showing(self, message: ShownMessage) -> ShownMessage:
        """``message`` as it reads now (after edits)."""
        return self.messenger.shown[(message.chat_id, message.message_id)]


OpenConversation = Callable[..., Awaitable[Conversation]]
"""Start (or restart) CanonChat over the test's store; see the ``open_conversation`` fixture."""
