"""The chat as its user sees it: what the bot showed, recorded as shown, and read back.

Telegram keeps a chat's messages; a local Bot API (the playground) forgets them when
it stops. So the bot's ``Messenger`` is wrapped in ``TranscribingMessenger``: every
message it sends (with its buttons, a photo with its bytes) and every edit that
reached the chat (a question's outcome, "✅ Confirmed …") is appended to the
conversation store (``ConversationStore.record_shown``). ``chat_lines`` folds those
records and the user's logged messages back into the chat, in Telegram's order
(message ids grow with each message of a chat), each message as it reads now.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from core.conversation.chat_base import Button, Clock, Messenger
from core.domain.chat_records import ChatMessage, ShownKind, ShownRecord
from core.errors import StoreError
from core.store.companion_protocols import ConversationStore

log = logging.getLogger(__name__)

_RECENT = 100
"""Records read back to find what a message losing its buttons reads: an Edit's options,
a few messages up the chat."""


@dataclass(frozen=True)
class ChatLine:
    """One message of a chat as it reads now."""

    message_id: int
    from_bot: bool
    text: str
    at: datetime
    buttons: tuple[Button, ...] = ()
    photo: bytes | None = None
    edited: bool = False


def chat_lines(
    said: Sequence[ChatMessage], shown: Sequence[ShownRecord], *, whole: bool = True
) -> list[ChatLine]:
    """The chat rebuilt: the bot's messages from ``shown`` (each edit applied to its
    message), the user's from ``said`` (the conversation log), ordered by message id.

    ``whole``: ``shown`` starts at the chat's beginning. When it is only the last part,
    the user's messages older than its first message are left out, so no message stands
    there without the replies it had.
    """
    bot: dict[int, ChatLine] = {}
    for s in shown:
        if s.kind == "sent":
            bot[s.message_id] = ChatLine(s.message_id, True, s.text, s.at, s.buttons, s.photo)
        elif s.message_id in bot:  # an edit: new text, and the buttons it kept (or none)
            bot[s.message_id] = replace(
                bot[s.message_id], text=s.text, buttons=s.buttons, edited=True
            )
    first = min(bot, default=0) if not whole else 0
    user = {
        m.message_id: ChatLine(m.message_id, False, m.text, m.at)
        for m in said
        if m.role == "user" and m.message_id is not None and m.message_id >= first
    }
    # The bot's record wins an id both claim (ids an old playground gave out again).
    merged = {**user, **bot}
    return [merged[i] for i in sorted(merged)]


async def read_chat(store: ConversationStore, chat_id: int, limit: int) -> list[ChatLine]:
    """The last part of ``chat_id`` as its user sees it (about ``limit`` records of each
    kind); empty when nothing the bot showed there was recorded."""
    shown = await store.shown(chat_id, limit=limit)
    if not shown:
        return []
    said = await store.messages(chat_id, limit=limit)
    return chat_lines(said, shown, whole=len(shown) < limit)


class TranscribingMessenger:
    """A ``Messenger`` that records in the conversation store what reached the chat."""

    def __init__(
        self, inner: Messenger, store: ConversationStore, clock: Clock, keep: int | None = None
    ) -> None:
        self.inner = inner
        self.store = store
        self.clock = clock
        self.keep = keep
        """Each chat's last messages whose record is kept (None: all of them)."""
        self._unpruned: dict[int, int] = {}
        """Messages sent to each chat since its record was last pruned (in this process)."""

    async def send(self, chat_id: int, text: str, buttons: Sequence[Button] = ()) -> int:
        message_id = await self.inner.send(chat_id, text, buttons)
        await self._record(chat_id, message_id, "sent", text, buttons=buttons)
        return message_id

    async def edit(
        self, chat_id: int, message_id: int, text: str, buttons: Sequence[Button] = ()
    ) -> bool:
        edited = await self.inner.edit(chat_id, message_id, text, buttons)
        if edited:  # a message that is gone shows nothing new
            await self._record(chat_id, message_id, "edited", text, buttons=buttons)
        return edited

    async def drop_buttons(self, chat_id: int, message_id: int) -> bool:
        dropped = await self.inner.drop_buttons(chat_id, message_id)
        if dropped:
            # Recorded as an edit to the text it reads now (an edit drops the buttons).
            text = await self._reads(chat_id, message_id)
            if text is not None:
                await self._record(chat_id, message_id, "edited", text)
        return dropped

    async def _reads(self, chat_id: int, message_id: int) -> str | None:
        """What a recent message of the chat reads now, as recorded; None when its record
        is not among the last ones (or failed)."""
        try:
            shown = await self.store.shown(chat_id, limit=_RECENT)
        except StoreError as e:
            log.warning("could not read chat %s's record: %s", chat_id, e)
            return None
        texts = [s.text for s in shown if s.message_id == message_id]
        return texts[-1] if texts else None

    async def answer_tap(self, callback_id: str, text: str | None = None) -> None:
        await self.inner.answer_tap(callback_id, text)  # a toast: not part of the chat

    async def send_photo(self, chat_id: int, photo: bytes, caption: str) -> int:
        message_id = await self.inner.send_photo(chat_id, photo, caption)
        await self._record(chat_id, message_id, "sent", caption, photo=photo)
        return message_id

    def _due(self, chat_id: int, keep: int) -> bool:
        """Whether ``chat_id``'s record is pruned after this message: once every tenth of
        ``keep`` messages (a chat's record holds at most about 1.1 × ``keep`` of them), not
        one more durable write for every message sent."""
        sent = self._unpruned.get(chat_id, 0) + 1
        if sent < max(1, keep // 10):
            self._unpruned[chat_id] = sent
            return False
        self._unpruned.pop(chat_id, None)
        return True

    async def _record(
        self,
        chat_id: int,
        message_id: int,
        kind: ShownKind,
        text: str,
        *,
        buttons: Sequence[Button] = (),
        photo: bytes | None = None,
    ) -> None:
        try:
            await self.store.record_shown(
                chat_id, message_id, kind, text, self.clock(), buttons=buttons, photo=photo
            )
            if kind == "sent" and self.keep is not None and self._due(chat_id, self.keep):
                await self.store.prune_shown(chat_id, self.keep)  # bounded, per chat
        except StoreError as e:
            # The message reached the user already; failing the turn now would say
            # "something went wrong" about a reply they can read. Only a replay of the
            # chat (the playground after a restart) misses it.
            log.warning("could not record message %s of chat %s: %s", message_id, chat_id, e)
