"""What every part of the conversation loop reads and none of them owns.

``ChatDeps`` holds what the parts of ``CanonChat`` are made over (engine, conversation
log, messenger, audience, clock, extractor, responder, hooks, workflows) and the helpers
every part uses: say a reply, log a user's message, read a message for claims, run the
after-change hook. It keeps no state of its own: what a chat is waiting for lives in the
store, and who may act on a chat now is ``chat_order.ChatOrder``'s. ``Messenger`` is
what the loop needs from a chat transport and ``Incoming`` is one message from a user.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from core.conversation import texts
from core.conversation.audience import Audience
from core.conversation.message_dead_letters import (
    KEPT_CHARS,
    READ_CHARS,
    cut_message_errors,
    dead_letter_message,
)
from core.conversation.message_intake import (
    message_observations,
    speakers_zone,
)
from core.conversation.responder import OfflineResponder, Responder
from core.conversation.workflows import ChatWorkflows
from core.domain.household import NO_USERS, HouseholdUsers
from core.domain.principals import user_principal
from core.domain.timeutil import format_ts
from core.domain.user_clock import on_users_clock
from core.engine.engine import Engine
from core.engine.household import users_by_name
from core.errors import CanonError
from core.extraction.types import Extractor
from core.signals.rules import Rule
from core.store.companion_protocols import ConversationStore

log = logging.getLogger(__name__)
Button = tuple[str, str]
Clock = Callable[[], datetime]
AfterChange = Callable[[Engine, datetime], Awaitable[Any]]
_OUTBOX: ContextVar[list[tuple[int, str]] | None] = ContextVar("chat_outbox", default=None)
"""What ``ChatDeps.say`` keeps to send after the block of ``ChatDeps.later``."""
Claims = Sequence[dict[str, Any]]
"""What the extractor read in a message: the observation payloads for the engine."""


class Messenger(Protocol):
    """What the loop needs from a chat transport (Telegram, or a test double)."""

    async def send(self, chat_id: int, text: str, buttons: Sequence[Button] = ()) -> int:
        """Send ``text`` (with inline buttons); the new message's id."""

    async def edit(
        self, chat_id: int, message_id: int, text: str, buttons: Sequence[Button] = ()
    ) -> bool:
        """Replace a message's text and its buttons (none: dropped); False if it is gone."""

    async def drop_buttons(self, chat_id: int, message_id: int) -> bool:
        """Remove a message's buttons, its text as it was; False if it is gone."""

    async def answer_tap(self, callback_id: str, text: str | None = None) -> None: ...

    async def send_photo(self, chat_id: int, photo: bytes, caption: str) -> int:
        """Send an image (PNG or JPEG bytes) with a caption; the new message's id."""


@dataclass(frozen=True)
class Incoming:
    """One text message from a user."""

    user_id: int
    chat_id: int
    message_id: int
    text: str
    at: datetime
    forwarded_from: str | None = None
    """Whose words a forwarded message carries (their name as the messenger gives it);
    None when the words are the sender's own (a forward of her own message included)."""
    forwarded_user: int | None = None
    """The user (their messenger id) whose words a forwarded message carries, when the
    messenger names one: a household member's are read as theirs (``relayed``)."""
    replying_to: int | None = None
    """The message of this chat it replies to (Telegram's ``reply_to_message``): a yes
    or no sent so answers the question that message asked, not the one open now."""


class ChatDeps:
    """The collaborators every part of a chat uses, and the helpers over them."""

    def __init__(
        self,
        engine: Engine,
        conversation: ConversationStore,
        messenger: Messenger,
        config: Audience,
        *,
        clock: Clock,
        extractor: Extractor,
        responder: Responder | None = None,
        after_change: AfterChange | None = None,
        rules: Sequence[Rule] = (),
        workflows: ChatWorkflows | None = None,
    ) -> None:
        self.engine = engine
        self.log = conversation
        self.messenger = messenger
        self.config = config
        self.clock = clock
        self.extractor = extractor
        self.responder: Responder = responder or OfflineResponder()
        self.after_change = after_change
        self.rules = tuple(rules)
        """Configured mapping rules, for dead-letter signals answered here."""
        self.workflows = workflows
        """/setup and trips (core.workflows); None: not offered (no checkpointer)."""

    async def say(self, chat_id: int, text: str) -> None:
        """Send ``text`` (split at Telegram's limit) and record it in the conversation;
        inside ``later()``, record it now and send it when that block ends."""
        await self.note(chat_id, text)
        outbox = _OUTBOX.get()
        if outbox is None:
            await self.send_text(chat_id, text)
        else:
            outbox.append((chat_id, text))

    @asynccontextmanager
    async def later(self) -> AsyncIterator[None]:
        """What is said in the block is recorded in it and sent once the block is over
        (a read's answer, composed in the chat's section and sent after it). Only for
        blocks that send nothing else: a prompt sent directly would overtake it."""
        said: list[tuple[int, str]] = []
        outer = _OUTBOX.set(said)
        try:
            yield
        finally:
            _OUTBOX.reset(outer)
        for chat_id, text in said:
            await self.send_text(chat_id, text)

    async def note(self, chat_id: int, text: str) -> None:
        """Record what the assistant says in the conversation, to send after the chat's
        section (``send_text``): the log is ordered, the network is not waited on there."""
        await self.log.append_message(chat_id, "assistant", text, self.clock())

    async def send_text(self, chat_id: int, text: str) -> None:
        """Send a noted ``text``, split at Telegram's limit."""
        for chunk in texts.split_message(text):
            await self.messenger.send(chat_id, chunk)

    async def log_user(self, msg: Incoming) -> None:
        await self.log.append_message(
            msg.chat_id, "user", msg.text, msg.at, message_id=msg.message_id, user_id=msg.user_id
        )

    async def refuse_unreadable(self, msg: Incoming, errors: list[str]) -> None:
        """``msg`` is not text (``errors``: a control character, or a lone surrogate, which
        the store's UTF-8 cannot hold): kept in the dead-letter queue (escaped), nothing else written,
        and the user told so plainly."""
        entity = self.config.entity_of(msg.user_id)
        await dead_letter_message(
            self.engine,
            msg.text,
            at=format_ts(msg.at),
            entity_id=entity,
            message_ref=f"tg:{msg.chat_id}:{msg.message_id}",
            errors=errors,
            now=self.clock(),
            principal=user_principal(entity),
        )
        await self.say(msg.chat_id, texts.UNREADABLE_TEXT)

    async def refuse_rest(self, msg: Incoming) -> None:
        """What of ``msg`` is past ``READ_CHARS`` is not read: kept in the dead-letter queue
        (up to ``KEPT_CHARS``; its letter says how much more there was) and the user told
        so plainly. The transcript, the event log and the model get the first part only."""
        entity = self.config.entity_of(msg.user_id)
        rest = msg.text[READ_CHARS : READ_CHARS + KEPT_CHARS]
        await dead_letter_message(
            self.engine,
            rest,
            at=format_ts(msg.at),
            entity_id=entity,
            message_ref=f"tg:{msg.chat_id}:{msg.message_id}",
            errors=cut_message_errors(len(msg.text)),
            now=self.clock(),
            principal=user_principal(entity),
        )
        await self.say(msg.chat_id, texts.CUT_MESSAGE.format(length=len(msg.text), read=READ_CHARS))

    async def extract(self, msg: Incoming, entity: str, kind: str = "") -> list[dict[str, Any]]:
        """What the extractor reads in ``msg`` (run before the chat's section: it reads
        only the text and the household's names). ``kind``: what the message is when not
        her words to Canon (``phrasing_reasons.SHARED_LOCATION_REF``, ``FORWARDED_REF``),
        the start of its ref."""
        return await message_observations(
            self.engine,
            msg.text,
            at=msg.at,
            entity_id=entity,
            message_ref=f"{kind}tg:{msg.chat_id}:{msg.message_id}",
            extractor=self.extractor,
            family_entity=self.config.family_entity,
            users=await self.household_users(),
        )

    async def household_users(self) -> HouseholdUsers:
        """The household's users by name (``core.engine.household``): none without one."""
        config = self.config
        if not config.household:
            return NO_USERS
        return await users_by_name(self.engine.store, config.household, config.configured_names())

    async def users_clock(self, msg: Incoming, at: datetime | None = None) -> datetime:
        """The message time (or ``at``) on the user's clock (``speakers_zone``): "tonight"
        is their night."""
        zone = await self.zone_of(self.config.entity_of(msg.user_id))
        return on_users_clock(msg.at if at is None else at, zone)

    async def zone_of(self, entity: str) -> object:
        """``entity``'s time zone (``speakers_zone``), None when not known."""
        facts = await self.engine.store.facts(entity)
        return await speakers_zone(self.engine.store, entity, facts)

    async def changed(self, now: datetime) -> None:
        if self.after_change is None:
            return
        try:
            await self.after_change(self.engine, now)
        except CanonError as e:  # projections are a courtesy; the change itself is stored
            log.warning("after-change hook failed: %s", e)


class ChatPart:
    """A part of the conversation loop: the shared collaborators under their usual names.

    A part keeps no state in memory; what it owns lives in the store (its docstring
    says which rows), and it reads or writes it only inside the chat's section
    (``ChatOrder``); ``AssistantTurn.answer`` alone runs outside one.
    """

    def __init__(self, deps: ChatDeps) -> None:
        self.deps = deps
        self.engine = deps.engine
        self.log = deps.log
        self.messenger = deps.messenger
        self.config = deps.config
        self.clock = deps.clock

    async def say(self, chat_id: int, text: str) -> None:
        await self.deps.say(chat_id, text)
