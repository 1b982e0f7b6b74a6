"""The conversation log as stored: chat lines, what the bot showed, the questions shown
in a chat and a chat's pending mode."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

Role = Literal["user", "assistant"]
ChatModeName = Literal["edit", "pick", "pick_no"]
"""edit: the next message is an item's value; pick: a value for one of a grouped
question's parts, or the part to change (``core.conversation.chat_part_values``);
pick_no: the part a No to a grouped question is for (``core.conversation.wrong_parts``)."""


@dataclass(frozen=True)
class ChatMessage:
    """One line of a chat, as stored: never changed once written."""

    seq: int
    id: str
    chat_id: int
    message_id: int | None
    user_id: int | None
    role: Role
    text: str
    at: datetime


ShownKind = Literal["sent", "edited"]


@dataclass(frozen=True)
class ShownRecord:
    """What the bot showed in a chat, as the chat keeps it: a message it sent (text, or
    a photo with its caption; with its buttons), or a later edit of one (new text, no
    buttons). Never changed once written; the rows in order rebuild the chat's side of
    the bot (``core.conversation.transcript``)."""

    seq: int
    chat_id: int
    message_id: int
    kind: ShownKind
    text: str
    at: datetime
    buttons: tuple[tuple[str, str], ...] = ()
    """(label, callback data) of each button, in the order sent."""
    photo: bytes | None = None
    """A photo's image (PNG or JPEG bytes); ``text`` is then its caption."""


@dataclass(frozen=True)
class PromptMessage:
    """A review item shown (or about to be shown) in a chat, bound to its owner."""

    item_id: str
    token: str
    chat_id: int
    owner_user_id: int
    message_id: int | None
    shown_at: datetime
    closed_at: datetime | None
    outcome: str | None


@dataclass(frozen=True)
class ChatMode:
    """The next plain message in ``chat_id`` answers ``item_id`` (e.g. an Edit's value)."""

    chat_id: int
    mode: ChatModeName
    item_id: str
    since: datetime
    value: str | None = None
    """A typed value waiting for the user's yes before it is applied (a place Canon
    does not know: "use it anyway?"); None while the value itself is awaited."""
    asked: int | None = None
    """The message asking "use it anyway?" about ``value``, whose Yes and No buttons
    answer it (after a restart too); None when no such message waits."""
    options: int | None = None
    """The message offering an Edit's options as buttons (its values and Cancel), whose
    buttons go when the Edit ends; None when none is shown."""
