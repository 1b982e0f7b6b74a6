"""An in-process messenger for driving ``CanonChat`` without any chat network.

``RecordingMessenger`` is to ``CanonChat`` what httpx's ``MockTransport`` is to a
client: it implements ``Messenger``, keeps every message sent, every edit and
every answered tap in memory, and plays taps back the way a user presses a
button. The library-level tests, ``canon bench`` and the tests of any other
front end (an HTTP API, an agent runtime) use it:

    messenger = RecordingMessenger()
    chat = CanonChat(engine, conversation, messenger, audience, clock=..., extractor=...)
    await chat.on_text(messenger.incoming(111, "I'm flying to Lisbon on Friday", now))
    prompt = messenger.prompt(111)            # the one question waiting, with its buttons
    await messenger.tap(chat, 111, "Yes")     # what Telegram would deliver for the tap
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Protocol

from core.conversation.chat import Button, Incoming

TAP_UNANSWERED = "(no answer)"
"""What ``tap`` returns when the chat never answered the tap (a bug in a front end)."""


class TapReceiver(Protocol):
    """The part of ``CanonChat`` a tap is delivered to."""

    async def on_tap(
        self, callback_id: str, user_id: int, data: str | None, message_id: int | None = None
    ) -> None: ...


@dataclass(frozen=True)
class ShownMessage:
    """A message as the user sees it now: edits replace its text and drop its buttons."""

    chat_id: int
    message_id: int
    text: str
    buttons: tuple[Button, ...] = ()
    edits: int = 0
    photo: bytes | None = None
    """The image of a photo message (``text`` is then its caption)."""

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(label for label, _data in self.buttons)


@dataclass
class RecordingMessenger:
    """A ``Messenger`` that records everything and delivers nothing.

    Message ids count up across all chats from 1, as a chat server's would.
    ``sent`` and ``edits`` keep the order things happened in; ``shown`` what
    each chat looks like now.
    """

    sent: list[ShownMessage] = field(default_factory=list)
    """Every message as it was first sent, in order."""
    edits: list[ShownMessage] = field(default_factory=list)
    """Every edit, as the message read after it, in order."""
    tap_answers: dict[str, str | None] = field(default_factory=dict)
    """Each answered tap's callback id and the short notice shown for it."""
    shown: dict[tuple[int, int], ShownMessage] = field(default_factory=dict)
    gone: set[tuple[int, int]] = field(default_factory=set)
    """Messages the user deleted: editing them fails, as it does on Telegram."""
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    _taps: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    # -- Messenger -------------------------------------------------------------
    async def send(self, chat_id: int, text: str, buttons: Sequence[Button] = ()) -> int:
        message = ShownMessage(chat_id, next(self._ids), text, tuple(buttons))
        self.sent.append(message)
        self.shown[(chat_id, message.message_id)] = message
        return message.message_id

    async def edit(
        self, chat_id: int, message_id: int, text: str, buttons: Sequence[Button] = ()
    ) -> bool:
        key = (chat_id, message_id)
        if key not in self.shown or key in self.gone:
            return False
        shown = self.shown[key]
        edited = replace(shown, text=text, buttons=tuple(buttons), edits=shown.edits + 1)
        self.shown[key] = edited
        self.edits.append(edited)
        return True

    async def drop_buttons(self, chat_id: int, message_id: int) -> bool:
        key = (chat_id, message_id)
        if key not in self.shown or key in self.gone:
            return False
        self.shown[key] = replace(self.shown[key], buttons=(), edits=self.shown[key].edits + 1)
        self.edits.append(self.shown[key])
        return True

    async def answer_tap(self, callback_id: str, text: str | None = None) -> None:
        self.tap_answers[callback_id] = text

    async def send_photo(self, chat_id: int, photo: bytes, caption: str) -> int:
        message = ShownMessage(chat_id, next(self._ids), caption, photo=photo)
        self.sent.append(message)
        self.shown[(chat_id, message.message_id)] = message
        return message.message_id

    # -- reading what a user sees ----------------------------------------------
    def messages(self, chat_id: int) -> list[ShownMessage]:
        """``chat_id``'s messages as they read now, oldest first."""
        return sorted(
            (m for (chat, _id), m in self.shown.items() if chat == chat_id),
            key=lambda m: m.message_id,
        )

    def texts(self, chat_id: int) -> list[str]:
        return [m.text for m in self.messages(chat_id)]

    def last(self, chat_id: int) -> ShownMessage:
        """The newest message in ``chat_id`` (AssertionError if there is none)."""
        found = self.messages(chat_id)
        assert found, f"nothing was sent to chat {chat_id}"
        return found[-1]

    def prompts(self, chat_id: int) -> list[ShownMessage]:
        """``chat_id``'s messages that still carry buttons, oldest first."""
        return [m for m in self.messages(chat_id) if m.buttons]

    def prompt(self, chat_id: int) -> ShownMessage:
        """The newest message with buttons in ``chat_id`` (AssertionError if none)."""
        found = self.prompts(chat_id)
        assert found, f"no message with buttons in chat {chat_id}: {self.texts(chat_id)}"
        return found[-1]

    def mark(self) -> int:
        """A mark for ``sent_after``: how many messages were sent so far."""
        return len(self.sent)

    def sent_after(self, mark: int, chat_id: int | None = None) -> list[ShownMessage]:
        """Messages sent since ``mark`` (to ``chat_id`` only, if given), as first sent."""
        return [m for m in self.sent[mark:] if chat_id is None or m.chat_id == chat_id]

    # -- playing a user's part -------------------------------------------------
    def incoming(
        self,
        user_id: int,
        text: str,
        at: datetime,
        *,
        chat_id: int | None = None,
    ) -> Incoming:
        """A message typed by ``user_id`` (in their private chat unless ``chat_id``)."""
        return Incoming(
            user_id=user_id,
            chat_id=user_id if chat_id is None else chat_id,
            message_id=next(self._ids),
            text=text,
            at=at,
        )

    async def tap(
        self,
        chat: TapReceiver,
        user_id: int,
        label: str,
        *,
        chat_id: int | None = None,
        message: ShownMessage | None = None,
    ) -> str | None:
        """Press the button ``label`` as ``user_id``; the notice the tap was answered with.

        The button is looked for under ``message`` if given, else under the newest
        message in ``chat_id`` (the user's private chat by default) that has it.
        """
        where = user_id if chat_id is None else chat_id
        if message is None:
            carrying = [m for m in self.prompts(where) if label in m.labels]
            assert carrying, f"no button {label!r} in chat {where}: {self.prompts(where)}"
            message = carrying[-1]
        data = dict(message.buttons).get(label)
        assert data is not None, f"no button {label!r} under {message.text!r}"
        return await self.tap_data(chat, user_id, data, message.message_id)

    async def tap_data(
        self, chat: TapReceiver, user_id: int, data: str | None, message_id: int | None = None
    ) -> str | None:
        """Deliver a tap with raw callback ``data`` (a stale or forged button, say)."""
        callback_id = f"tap-{next(self._taps)}"
        await chat.on_tap(callback_id, user_id, data, message_id)
        return self.tap_answers.get(callback_id, TAP_UNANSWERED)
