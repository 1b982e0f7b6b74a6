"""Which Telegram updates Canon reads as the sender's own words now, and what it says to
the rest (pure: an ``Update`` in, a verdict out; ``handlers.guard`` acts on it).

Who said it decides what it may claim, and Telegram brings much besides the user's own
typed text. Each kind is handled on purpose:

- Read: a message in her private chat with the bot, written by her: its text, or the
  caption she wrote under her own photo, video or file. A reply is read the same: her
  words are hers, and the message she replies to or quotes (``reply_to_message``,
  ``quote``, ``external_reply``: maybe someone else's, in another chat) is never read;
  but a bare yes or no quoting another chat's message answers that message, not the
  question Canon has open, so it is set aside.
- Set aside with a reply, nothing read (no state, no answer to an open question, no
  command): someone else's words (forwarded: ``forward_origin``, which an automatic
  forward from a channel carries too; sent on behalf of a chat: ``sender_chat``; an
  inline bot's result: ``via_bot``); an edit of a message sent earlier (it is not news
  said now, and the old message was read as it was); a message in a group (said once
  a day per group, kept in the store so a restart does not repeat it: everyone there
  would read the answers, and each member's words are their own); a message without
  words (a voice message, a poll, a story, a contact card).
- Read as what it is, and only asked (``core.conversation.relayed``): a location she
  shares (a pin, a live location and its moves, a venue), her device's position now;
  a household member's words she forwards, theirs (asked of them). A forwarded location
  is someone else's, set aside.
- Ignored, nothing said: every other update (a channel's posts and their edits, a
  reaction, a business account's chats, a poll's votes, a chat member change), a
  channel's messages, an edit without words (a live location moving is read), and a
  message that claims nothing (a sticker, a GIF, a dice, a service message such as a pinned one).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from telegram import (
    Chat,
    Message,
    MessageOrigin,
    MessageOriginChannel,
    MessageOriginChat,
    MessageOriginHiddenUser,
    MessageOriginUser,
    Update,
)

from core.conversation import texts
from core.conversation.typed_replies import typed_answer
from core.domain.quoting import MAX_VALUE_CHARS, quote


@dataclass(frozen=True)
class SetAside:
    """An update not read: what its chat is told (None: nothing), and whether only once
    a day per chat (kept in the store: ``handlers._first_today``)."""

    reply: str | None = None
    once_per_chat: bool = False


IGNORED = SetAside()
NO_WORDS_KINDS = (
    ("voice", "voice message"),
    ("video_note", "video message"),
    ("audio", "audio file"),
    ("photo", "photo"),
    ("video", "video"),
    ("document", "file"),
    ("poll", "poll"),
    ("story", "story"),
    ("game", "game"),
    ("invoice", "invoice"),
    ("paid_media", "paid post"),
    ("checklist", "checklist"),
)
"""(Message attribute, what the user is told it was) for messages that carry content but
no words to read; anything else without words claims nothing and is ignored."""


def anyones(update: Update) -> SetAside | None:
    """Updates set aside whoever sent them (before the audience is asked): anything but
    a message or a tap, and any chat but a private one. None: go on."""
    if update.callback_query is not None:
        return None
    message = update.message or update.edited_message
    if message is None:  # channel posts, reactions, business chats, member changes, ...
        return IGNORED
    if message.chat.type == Chat.PRIVATE:
        return None
    if message.chat.type in (Chat.GROUP, Chat.SUPERGROUP):
        return SetAside(texts.GROUP_CHAT, once_per_chat=True)
    return IGNORED


def hers(
    update: Update, sender: int, household: Callable[[int], bool] = lambda user: False
) -> SetAside | None:
    """A message of an allowed user's private chat set aside: an edit, someone else's
    words, or no words to read. None: read it (as hers, as the household member's words
    she forwards, or as where her device is). ``household``: whether a user shares the
    household with her."""
    if update.edited_message is not None:
        edited = update.edited_message
        if edited.text or edited.caption:
            return SetAside(texts.EDITED)
        return None if map_point_of(edited) is not None else IGNORED  # a live location moving
    message = update.message
    if message is None:
        return None
    whose = words_of(message, sender, household)
    if whose is not None:
        return SetAside(whose)
    words = message.text or message.caption
    if not words:
        return _without_words(message)
    if message.external_reply is not None and typed_answer(words) is not None:
        return SetAside(texts.ANSWERED_ANOTHER_CHAT)
    return None


def words_of(
    message: Message, sender: int, household: Callable[[int], bool] = lambda user: False
) -> str | None:
    """What the sender is told when ``message`` carries someone else's words; None when
    they are hers (her own message forwarded back included) or a household member's
    words she forwards (read as theirs: ``core.conversation.relayed``)."""
    author = forward_author(message.forward_origin, sender)
    if author is not None and not (
        (message.text or message.caption) and household(forwarded_user(message) or sender)
    ):
        return texts.FORWARDED.format(who=_quoted(author))
    on_behalf = message.sender_chat
    if on_behalf is not None:
        name = on_behalf.title or on_behalf.full_name or "a chat"
        return texts.SENT_AS.format(who=_quoted(name))
    bot = message.via_bot
    if bot is not None:
        name = f"@{bot.username}" if bot.username else bot.full_name
        return texts.INLINE_BOT.format(who=_quoted(name))
    return None


def forward_author(origin: MessageOrigin | None, sender: int) -> str | None:
    """Whose words a forwarded message carries; None when not forwarded, or when the
    sender forwards her own message."""
    if origin is None:
        return None
    if isinstance(origin, MessageOriginUser):
        user = origin.sender_user
        return None if user.id == sender else user.full_name or str(user.id)
    if isinstance(origin, MessageOriginHiddenUser):
        return origin.sender_user_name or "someone"
    if isinstance(origin, MessageOriginChat):
        return origin.sender_chat.title or origin.sender_chat.full_name or "a chat"
    if isinstance(origin, MessageOriginChannel):
        return origin.chat.title or "a channel"
    return "someone"


def forwarded_user(message: Message) -> int | None:
    """The user whose message ``message`` forwards, when Telegram names one."""
    origin = message.forward_origin
    return origin.sender_user.id if isinstance(origin, MessageOriginUser) else None


@dataclass(frozen=True)
class SharedPoint:
    """A location message as she shared it: the point and what she is told it was."""

    latitude: float
    longitude: float
    what: str
    live: bool


def map_point_of(message: Message) -> SharedPoint | None:
    """The point a location or venue message shares (her device's, or a venue's she
    picked), or None: no location in it."""
    location = message.location if message.venue is None else message.venue.location
    if location is None:
        return None
    live = "live_period" in location.to_dict()  # (its getter warns: PTB 22)
    if message.venue is not None:
        what = _quoted(message.venue.title)
    else:
        what = "your live location" if live else "your location"
    return SharedPoint(location.latitude, location.longitude, what, live)


def _without_words(message: Message) -> SetAside | None:
    if message.contact is not None:
        return SetAside(texts.CONTACT_CARD)
    if map_point_of(message) is not None:
        return None  # where her device is, or the venue she picked: read (and asked)
    for attribute, kind in NO_WORDS_KINDS:
        if getattr(message, attribute, None):
            return SetAside(texts.NO_WORDS.format(kind=kind))
    return IGNORED


def _quoted(name: str) -> str:
    return quote(name[:MAX_VALUE_CHARS])
