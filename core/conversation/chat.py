"""The conversation loop, independent of Telegram: messages in, replies and prompts out.

``CanonChat`` stores every message, runs it through the extractor and the
engine, acknowledges what changed, asks the assistant for a reply with the
context block injected, and shows review items one at a time per chat. Which
message shows which item, who owns it and what a chat is waiting for live in
the database, so a restarted bot carries on with the same question.

``CanonChat`` is the facade the bot, the playground and the tests call. A message takes
its chat's message lane and cuts its turn into short sections of the chat's order
(``chat_order.ChatOrder``; the extractor, the model and the sends run between them);
every other entry point (a tap, a command, the chat's part of a sweep) is one section.
Different chats never wait for each other, in one process or across processes on one
store. The work is that chat's ``ChatSession``'s, which composes one object per concern
(``chat_session`` says which owns what): ``Questions``, ``WorkflowSteps``, ``Edits``,
``Answers``, ``AssistantTurn`` and ``Commands``, all over the shared ``ChatDeps``. What
runs outside a message (the sweep, alerts, resuming after a restart) is here, one chat's
section at a time.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from functools import cached_property

from core.conversation import texts
from core.conversation.alert_texts import alert_text
from core.conversation.buttons import TapAction
from core.conversation.chat_base import AfterChange as AfterChange
from core.conversation.chat_base import Button as Button
from core.conversation.chat_base import ChatDeps, Claims
from core.conversation.chat_base import Clock as Clock
from core.conversation.chat_base import Incoming as Incoming
from core.conversation.chat_base import Messenger as Messenger
from core.conversation.chat_edits import EDIT_TIMEOUT as EDIT_TIMEOUT
from core.conversation.chat_order import ChatOrder
from core.conversation.chat_session import ChatParts, ChatSession
from core.conversation.message_dead_letters import READ_CHARS
from core.conversation.relayed import FORWARDED_ASKED, MAP_POINT_ASKED, MapPoint, asked
from core.domain.phrasing_reasons import FORWARDED_REF, SHARED_LOCATION_REF
from core.domain.quoting import MAX_VALUE_CHARS, quote
from core.domain.validation import message_text_hazards
from core.errors import CanonError
from core.signals.map_points import nearest_place

log = logging.getLogger(__name__)


class CanonChat(ChatDeps):
    """The bot's behaviour; handlers only translate updates into these calls."""

    # Made over ``ChatDeps``'s collaborators (its constructor is this one's), once.
    @cached_property
    def parts(self) -> ChatParts:
        return ChatParts(self)

    @cached_property
    def order(self) -> ChatOrder:
        """Who may act on a chat now: one section of a chat at a time."""
        return ChatOrder(self.log)

    @asynccontextmanager
    async def session(self, chat_id: int) -> AsyncIterator[ChatSession]:
        """A section of ``chat_id``'s order: its session, while no other section of that
        chat runs (short: nothing here waits on a model)."""
        async with self.order.section(chat_id):
            yield ChatSession(chat_id, self.parts, self.order)

    @asynccontextmanager
    async def reading(self, chat_id: int) -> AsyncIterator[None]:
        """A section of ``chat_id``'s order for a read (/state, /why, ...): its answer is
        composed and logged in the section and sent over the network after it."""
        async with self.later(), self.order.section(chat_id):
            yield

    # -- messages, taps, answers ------------------------------------------------
    async def on_text(self, msg: Incoming) -> None:
        """A plain message: an Edit's value, a typed yes/no, or conversation.

        After the chat's previous message, in sections of the chat's order (the model's
        reply is written with none held: a tap meanwhile is taken at once)."""
        if await self.unreadable(msg):
            return
        member = self.household_member(msg)
        if member is not None:
            await self.member_words(await self.within_reach(msg), member)
            return
        if await self.someone_elses(msg):
            return
        msg = await self.within_reach(msg)
        async with self.order.message(msg.chat_id):
            await ChatSession(msg.chat_id, self.parts, self.order).on_text(msg)

    def household_member(self, msg: Incoming) -> str | None:
        """The household member (their entity) whose words ``msg`` forwards; None when it
        is not forwarded, or from anyone else (her own message forwarded back included)."""
        author = msg.forwarded_user
        config = self.config
        if author is None or author == msg.user_id or not config.in_household(author):
            return None
        member = config.entity_of(author)
        return None if member == config.entity_of(msg.user_id) else member

    async def member_words(self, msg: Incoming, member: str) -> None:
        """A household member's message she forwarded: read as said by them, each claim
        asked of them in their own chat (``relayed``); nothing else reads it."""
        read = await self.extract(msg, member, FORWARDED_REF)
        claims = asked(read, FORWARDED_ASKED, msg.text)
        async with self.session(msg.chat_id):
            owners = await self.parts.relayed.member_words(msg, member, claims)
        for entity in owners:  # each chat's section in turn: never two held at once
            owner = self.config.owner_of(entity)
            if owner is None or owner == msg.chat_id:
                continue
            try:
                async with self.session(owner):
                    await self.parts.questions.show_next(owner, self.clock())
            except Exception as e:  # their chat refused (never opened): the sweep asks again
                log.warning("could not ask chat %s now (the sweep will): %s", owner, e)

    async def on_map_point(self, point: MapPoint) -> None:
        """A location she shared: the town it is in or near, asked (``relayed``). A live
        location's updates ask once per town reached, not once per update."""
        # The cities are indexed on the first point: off the event loop.
        place = await asyncio.to_thread(nearest_place, point.latitude, point.longitude)
        relayed = self.parts.relayed
        if place is not None and point.live:
            first = await relayed.first_update_at(point, place)
            if point.update and not first:
                return
        claims: Claims = []
        if place is not None:
            entity = self.config.entity_of(point.user_id)
            read = await self.extract(point.as_said(place), entity, SHARED_LOCATION_REF)
            claims = asked(read, MAP_POINT_ASKED, f"📍 {point.what}: {place.shown}")
        async with self.session(point.chat_id):
            await relayed.map_point(point, place, claims)

    async def on_command_text(self, msg: Incoming) -> bool:
        """Record a command in the conversation log; a command ends an Edit. False when
        the command is not Unicode text (refused: it must not run)."""
        if await self.unreadable(msg) or await self.someone_elses(msg):
            return False
        msg = await self.within_reach(msg)
        async with self.session(msg.chat_id) as chat:
            await chat.on_command_text(msg)
        return True

    async def unreadable(self, msg: Incoming) -> bool:
        """Whether ``msg`` is not text (``message_text_hazards``: not Unicode, or a control
        character); if so it is refused here, in its chat's order
        (``ChatDeps.refuse_unreadable``), and nothing else reads it."""
        errors = message_text_hazards(msg.text)
        if errors:
            async with self.session(msg.chat_id):
                await self.parts.deps.refuse_unreadable(msg, errors)
        return bool(errors)

    async def someone_elses(self, msg: Incoming) -> bool:
        """Whether ``msg`` carries someone else's words (forwarded): if so the sender is
        told whose, in its chat's order, and nothing reads it: not the state, not an open
        question or Edit, not the transcript a model reads, not a command."""
        if msg.forwarded_from is None:
            return False
        async with self.session(msg.chat_id):
            who = quote(msg.forwarded_from[:MAX_VALUE_CHARS])
            await self.parts.deps.say(msg.chat_id, texts.FORWARDED.format(who=who))
        return True

    async def within_reach(self, msg: Incoming) -> Incoming:
        """``msg`` as it is read, logged and answered: a message longer than ``READ_CHARS``
        (a 1 MB paste in the playground) is cut there, the rest kept in the dead-letter
        queue and the user told so, in its chat's order (``ChatDeps.refuse_rest``)."""
        if len(msg.text) <= READ_CHARS:
            return msg
        async with self.session(msg.chat_id):
            await self.parts.deps.refuse_rest(msg)
        return replace(msg, text=msg.text[:READ_CHARS])

    async def on_tap(
        self, callback_id: str, user_id: int, data: str | None, message_id: int | None = None
    ) -> None:
        """A button under a prompt: answered first, then acted on, then the prompt edited."""
        chat_id = await self.parts.answers.tap_chat(user_id, data)
        async with self.session(chat_id):
            await self.parts.answers.on_tap(callback_id, user_id, data, message_id)

    async def answer_active(
        self, chat_id: int, user_id: int, action: TapAction, *, replying_to: int | None = None
    ) -> None:
        """/confirm or /reject: answer the chat's current question, or (sent as a reply,
        ``replying_to``) the question it replies to."""
        async with self.session(chat_id):
            await self.parts.answers.answer_active(
                chat_id, user_id, action, replying_to=replying_to
            )

    async def cancel(self, chat_id: int) -> None:
        """/cancel: stop waiting for an Edit's value, else leave the chat's workflow."""
        async with self.session(chat_id):
            await self.parts.edits.cancel(chat_id)

    async def start_workflow(self, chat_id: int, user_id: int, workflow_id: str) -> None:
        """/setup, /trip: start the workflow (or say where it is)."""
        async with self.session(chat_id):
            await self.parts.steps.start(chat_id, user_id, workflow_id)

    async def reply(self, chat_id: int, text: str) -> None:
        """Say ``text`` in ``chat_id`` in the chat's turn (a handler's own answer)."""
        async with self.session(chat_id):
            await self.say(chat_id, text)

    # -- commands ---------------------------------------------------------------
    async def show_state(self, chat_id: int, user_id: int, domain: str | None = None) -> None:
        """/state [domain]."""
        async with self.reading(chat_id):
            await self.parts.commands.show_state(chat_id, user_id, domain)

    async def show_pending(self, chat_id: int, user_id: int) -> None:
        """/pending."""
        async with self.reading(chat_id):
            await self.parts.commands.show_pending(chat_id, user_id)

    async def explain(self, chat_id: int, user_id: int, query: str | None) -> None:
        """/why <field|domain|name>."""
        async with self.reading(chat_id):
            await self.parts.commands.explain(chat_id, user_id, query)

    async def show_history(self, chat_id: int, user_id: int, query: str | None = None) -> None:
        """/history [field|domain|name]."""
        async with self.reading(chat_id):
            await self.parts.commands.show_history(chat_id, user_id, query)

    async def send_report(self, chat_id: int, user_id: int) -> None:
        """/report: the main chart as a photo with a three-line summary."""
        async with self.session(chat_id):
            await self.parts.commands.send_report(chat_id, user_id)

    async def debug(self, chat_id: int, user_id: int) -> None:
        """/debug: the assistant's session in this chat, for the owner."""
        async with self.reading(chat_id):
            await self.parts.commands.debug(chat_id, user_id)

    async def show_status(self, chat_id: int, user_id: int) -> None:
        """/status: how much Canon does on its own, per domain, for the speaker's entity."""
        async with self.reading(chat_id):
            await self.parts.commands.show_status(chat_id, user_id)

    async def correction(self, chat_id: int, user_id: int, kind: str, field: str = "") -> None:
        """/forget <field> or /undo: propose the correction as a question."""
        async with self.session(chat_id):
            await self.parts.commands.correction(chat_id, user_id, kind, field)

    async def wrong(self, chat_id: int, user_id: int, query: str) -> None:
        """/wrong <field or words>: a held value is wrong; asks for the right value."""
        async with self.session(chat_id):
            await self.parts.commands.wrong(chat_id, user_id, query)

    # -- outside a message ------------------------------------------------------
    async def sweep(self, claim: Callable[[int], Awaitable[bool]] | None = None) -> None:
        """Show each allowed user's next question (after a restart, or evidence from pollers).

        ``claim``: each chat is swept only if it claims that chat's part of the tick (one
        worker of several does; None: every chat). The chats are swept side by side, each
        in its own section, so a chat held up (its model writing a reply) delays no other;
        each chat's order is kept by the store (``ChatOrder``)."""

        async def one(user_id: int) -> None:
            try:
                if claim is not None and not await claim(user_id):
                    return
                async with self.session(user_id) as chat:
                    await chat.sweep(user_id)
            except CanonError as e:
                log.warning("sweep for %s failed: %s", user_id, e)

        await asyncio.gather(*(one(u) for u in self.config.allowed_user_ids))

    async def resume(self, *, in_place: bool = False) -> int:
        """After a restart: show each open question again with its buttons; how many.

        The new message carries the same token, and the old one loses its buttons,
        so however often the bot restarts, one message per question can be tapped.
        ``in_place``: one still at the bottom of its chat is left there (``Questions.resume``).
        """
        prompts = await self.log.open_prompts()
        chats = dict.fromkeys(p.chat_id for p in prompts)
        resent = 0
        for chat_id in chats:
            async with self.session(chat_id):
                now = self.clock()
                # A question whose words' end passed while the bot was down is withdrawn
                # (and its message says so), never put again about a day gone by.
                for owner in dict.fromkeys(
                    p.owner_user_id for p in prompts if p.chat_id == chat_id
                ):
                    await self.parts.deps.engine.review_timeline(self.config.entity_of(owner), now)
                resent += await self.parts.questions.resume(chat_id, now, in_place=in_place)
                # A "use it anyway?" the chat waits on is asked last: it is what the next
                # message answers.
                resent += await self.parts.edits.places.resume(chat_id, now, in_place=in_place)
        return resent

    async def deliver_alerts(self) -> int:
        """Send each open alert to the owner (the first allowed user) once; how many were sent."""
        owner = self.config.allowed_user_ids[0] if self.config.allowed_user_ids else None
        if owner is None:
            return 0
        sent = 0
        async with self.session(owner):
            for alert in await self.engine.store.open_alerts():
                text = alert_text(alert, self.config.entity_of(owner))
                # Sent first, then recorded and marked: an alert that could not be sent
                # (the owner never opened the chat) stays open for the next run, and a
                # crash in between repeats one alert rather than losing it.
                await self.messenger.send(owner, text)
                now = self.clock()
                await self.log.append_message(owner, "assistant", text, now)
                sent += await self.engine.mark_alert_delivered(alert.seq, now)
        return sent
