"""The conversation loop, independent of Telegram: messages in, replies and prompts out.

``CanonChat`` stores every message, runs it through the extractor and the
engine, acknowledges what changed, asks the assistant for a reply with the
context block injected, and shows review items one at a time per chat. Which
message shows which item, who owns it and what a chat is waiting for live in
the database, so a restarted bot carries on with the same question.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol

from core.conversation import commands, report, texts
from core.conversation.audience import Audience
from core.conversation.context import load_context
from core.conversation.debug_view import debug_answer
from core.conversation.field_match import valued_matches
from core.conversation.message_intake import message_observations
from core.conversation.responder import (
    HISTORY_MESSAGES,
    OfflineResponder,
    ReplyRequest,
    Responder,
    StateTools,
)
from core.conversation.workflows import ChatWorkflows, Running
from core.domain import phrasing
from core.domain.records import OPEN_STATUSES, ChatMode, PromptMessage
from core.domain.state import CommittedFact
from core.domain.user_clock import on_users_clock
from core.engine.answer_values import choices_for, value_kind
from core.engine.answers import coerce_value
from core.engine.corrections import correction_kind, propose_forget, propose_undo
from core.engine.engine import Engine, Outcome
from core.engine.incidents import propose_wrong
from core.engine.review import answer_review
from core.errors import AlreadyAnswered, CanonError, InvalidAnswer, NotFound
from core.extraction.types import Extractor
from core.signals.rules import Rule
from core.store import ReviewItem
from core.store.protocol import ConversationStore

log = logging.getLogger(__name__)
Button = tuple[str, str]
Clock = Callable[[], datetime]
EDIT_TIMEOUT = timedelta(minutes=10)
"""An Edit waits this long (by the time of the user's next message) for the new value."""
AfterChange = Callable[[Engine, datetime], Awaitable[Any]]


class Messenger(Protocol):
    """What the loop needs from a chat transport (Telegram, or a test double)."""

    async def send(self, chat_id: int, text: str, buttons: Sequence[Button] = ()) -> int:
        """Send ``text`` (with inline buttons); the new message's id."""

    async def edit(self, chat_id: int, message_id: int, text: str) -> bool:
        """Replace a message's text and drop its buttons; False if it is gone."""

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


class CanonChat:
    """The bot's behaviour; handlers only translate updates into these calls."""

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
        # One writer at a time: a tap, a message and the sweep must not both post a prompt.
        self._lock = asyncio.Lock()

    # -- messages ------------------------------------------------------------------
    async def _log_user(self, msg: Incoming) -> None:
        await self.log.append_message(
            msg.chat_id, "user", msg.text, msg.at, message_id=msg.message_id, user_id=msg.user_id
        )

    async def on_text(self, msg: Incoming) -> None:
        """A plain message: an Edit's value, a typed yes/no, or conversation."""
        async with self._lock:
            now = self.clock()
            await self._log_user(msg)
            mode = await self.log.mode(msg.chat_id)
            left_edit = False
            if mode is not None and mode.mode == "edit":
                if await self._edit_value(msg, mode, now):
                    return
                left_edit = True  # not an answer: handled as a message, the question stays
            action = texts.typed_answer(msg.text)
            active = await self._active(msg.chat_id)
            if action is not None and active is not None:
                await self._settle(active, action, msg.user_id, now, typed=True)
                return
            if await self._workflow_message(msg, now):
                if left_edit:
                    await self.say(msg.chat_id, texts.EDIT_LEFT)
                return
            asked = await self._converse(msg, now)
            await self._workflows_changed(msg.chat_id, msg.user_id)
            await self._show_next(msg.chat_id, now)
            if asked:
                await self._note_queued(msg.chat_id, asked)
            if left_edit:
                await self.say(msg.chat_id, texts.EDIT_LEFT)

    async def on_command_text(self, msg: Incoming) -> None:
        """Record a command in the conversation log (commands are messages too).

        A command ends an Edit: the command runs as usual and the question stays open.
        """
        async with self._lock:
            await self._log_user(msg)
            command = msg.text.split(maxsplit=1)[0].split("@")[0].lower() if msg.text else ""
            if command == "/cancel" or await self.log.mode(msg.chat_id) is None:
                return
            await self.log.clear_mode(msg.chat_id)
            if command not in ("/confirm", "/reject"):
                await self.say(msg.chat_id, texts.EDIT_LEFT)

    async def _converse(self, msg: Incoming, now: datetime) -> list[Outcome]:
        """Extract, resolve, acknowledge, reply; the outcomes that became questions."""
        entity = self.config.entity_of(msg.user_id)
        payloads = await self._extract(msg, entity)
        outcomes = await self.engine.ingest_batch(payloads, now=now) if payloads else []
        intents = [str(p.get("intent", "")) for p in payloads]
        if any(o.committed for o in outcomes):
            await self._changed(now)
        ack = texts.acknowledgement(outcomes, intents)
        if ack:
            await self.say(msg.chat_id, ack)
        asked = [o for o in outcomes if o.review_item_id is not None]
        # A question is its own answer to a claim; chat without claims gets a reply.
        if (ack is None and not asked) or self.responder.has_model:
            recorded = any(o.committed or o.review_item_id is not None for o in outcomes)
            await self._assistant_reply(msg, now, recorded)
        return asked

    async def _note_queued(self, chat_id: int, asked: list[Outcome]) -> None:
        active = await self._active(chat_id)
        ids = {o.review_item_id for o in asked}
        if active is not None and active.item_id not in ids:
            await self.say(chat_id, "I'll ask you about that after the current question.")

    async def _users_clock(self, msg: Incoming) -> datetime:
        """The message time in the user's committed timezone: "tonight" is their night."""
        tz = await self.engine.store.fact(self.config.entity_of(msg.user_id), "profile.timezone")
        return on_users_clock(msg.at, tz.value if tz else None)

    async def _extract(self, msg: Incoming, entity: str) -> list[dict[str, Any]]:
        return await message_observations(
            self.engine,
            msg.text,
            at=msg.at,
            entity_id=entity,
            message_ref=f"tg:{msg.chat_id}:{msg.message_id}",
            extractor=self.extractor,
            family_entity=self.config.family_entity,
        )

    async def _assistant_reply(self, msg: Incoming, now: datetime, recorded: bool) -> None:
        entities = self.config.entities_of(msg.user_id)
        workflow = await self._driven(msg)
        block = await load_context(
            self.engine.store,
            self.engine.policy,
            entities,
            now,
            token_budget=self.config.context_tokens,
        )
        facts: list[CommittedFact] = []
        for e in entities:
            facts.extend(await self.engine.store.facts(e))
        open_items = tuple(await self.engine.store.open_review_items(entities))
        log = tuple(await self.log.messages(msg.chat_id, limit=HISTORY_MESSAGES))
        ref = f"tg:{msg.chat_id}:{msg.message_id}"
        request = ReplyRequest(
            msg.text,
            now,
            block,
            tuple(facts),
            open_items,
            tuple((m.role, m.text) for m in log),
            log=log,
            chat_id=msg.chat_id,
            speaker_id=msg.user_id,
            entities=entities,
            recorded=recorded,
            turn_id=ref,
            workflow=workflow,
        )
        tools = StateTools(self.engine, entities, now, ref)
        reply = await self.responder.reply(request, tools)
        if workflow is None or self.workflows is None:
            await self.say(msg.chat_id, reply.text)
        else:
            for line in await self.workflows.told(workflow, reply.text):
                await self.say(msg.chat_id, line)
        for item in reply.proposals:
            await self._bind(item, msg.chat_id, msg.user_id, now)

    # -- prompts -------------------------------------------------------------------
    async def on_tap(
        self, callback_id: str, user_id: int, data: str | None, message_id: int | None = None
    ) -> None:
        """A button under a prompt: answered first, then acted on, then the prompt edited."""
        async with self._lock:
            now = self.clock()
            part = texts.parse_part(data)
            if part is not None:
                await self._pick_part(callback_id, user_id, message_id, *part, now=now)
                return
            choice = texts.parse_choice(data)
            if choice is not None:
                await self._choose(callback_id, user_id, message_id, *choice, now=now)
                return
            parsed = texts.parse_callback(data)
            prompt = None if parsed is None else await self.log.prompt_by_token(parsed[0])
            if parsed is None or prompt is None:
                await self.messenger.answer_tap(callback_id, texts.EXPIRED)
                return
            if prompt.owner_user_id != user_id:
                await self.messenger.answer_tap(callback_id, texts.NOT_YOURS)
                return
            item = await self.engine.store.review_item(prompt.item_id)
            if (
                prompt.closed_at is not None
                or item is None
                or item.status
                not in (
                    "pending",
                    "queued",
                )
            ):
                await self.messenger.answer_tap(callback_id, texts.ALREADY)
                if prompt.closed_at is None and item is not None:
                    await self._close(prompt, item, item.status, None, now)
                return
            action = parsed[1]
            label = {"confirm": "Confirmed", "reject": "Rejected", "edit": "Send the value"}
            await self.messenger.answer_tap(callback_id, label[action])
            await self._settle(prompt, action, user_id, now)

    async def answer_active(self, chat_id: int, user_id: int, action: texts.TapAction) -> None:
        """/confirm or /reject: answer the chat's current question."""
        async with self._lock:
            now = self.clock()
            active = await self._active(chat_id)
            if active is None:
                await self.say(chat_id, "There is no open question.")
                return
            await self._settle(active, action, user_id, now, typed=True)

    async def _settle(
        self,
        prompt: PromptMessage,
        action: texts.TapAction,
        user_id: int,
        now: datetime,
        *,
        typed: bool = False,
    ) -> None:
        item = await self.engine.store.review_item(prompt.item_id)
        if item is None:
            return
        if prompt.owner_user_id != user_id:
            await self.say(prompt.chat_id, texts.NOT_YOURS)
            return
        members = await self._group_of(item)
        if action == "edit" and len(members) > 1:
            # Which part is wrong? Then that part's own edit flow.
            mine = self.config.entity_of(prompt.owner_user_id)
            await self.log.append_message(prompt.chat_id, "assistant", texts.PICK_PART, now)
            await self.messenger.send(
                prompt.chat_id, texts.PICK_PART, texts.part_buttons(members, prompt.token, mine)
            )
            return
        if action == "edit":
            await self._begin_edit(prompt, item, now)
            return
        try:
            result = await answer_review(
                self.engine,
                item.id,
                action,
                now=now,
                answered_by=f"telegram:{user_id}",
                rules=self.rules,
                whole_group=True,
            )
        except InvalidAnswer as e:  # a dead letter still invalid: the question stays open
            reason = str(e)
            await self.say(prompt.chat_id, f"{reason[:1].upper()}{reason[1:]}.")
            return
        except AlreadyAnswered:
            fresh = await self.engine.store.review_item(item.id)
            await self._close(prompt, item, fresh.status if fresh else "closed", None, now)
            await self._show_next(prompt.chat_id, now)
            return
        await self._close(
            prompt, item, result.status, result.committed_value, now, typed=typed, group=members
        )
        for member in result.group[1:]:  # a part picked for an Edit may have a prompt
            await self.log.close_prompt(member.id, member.status, now)
        if result.committed:
            await self._changed(now)
            await self._workflows_changed(prompt.chat_id, prompt.owner_user_id)
        await self._show_next(prompt.chat_id, now)

    async def _begin_edit(self, prompt: PromptMessage, item: ReviewItem, now: datetime) -> None:
        """Wait for ``item``'s new value: closed-set values as buttons, or typed."""
        await self.log.set_mode(ChatMode(prompt.chat_id, "edit", item.id, now))
        request = texts.edit_request(item)
        await self.log.append_message(prompt.chat_id, "assistant", request, now)
        await self.messenger.send(prompt.chat_id, request, texts.edit_buttons(item, prompt.token))

    async def _pick_part(
        self,
        callback_id: str,
        user_id: int,
        message_id: int | None,
        token: str,
        seq: int,
        *,
        now: datetime,
    ) -> None:
        """A part of a grouped question picked for an Edit: that part's edit flow."""
        prompt = await self.log.prompt_by_token(token)
        item = None if prompt is None else await self.engine.store.review_item(prompt.item_id)
        members = [] if item is None else await self._group_of(item)
        part = next((m for m in members if m.seq == seq), None)
        if prompt is None or prompt.closed_at is not None or part is None:
            await self.messenger.answer_tap(callback_id, texts.EXPIRED)
            return
        if prompt.owner_user_id != user_id:
            await self.messenger.answer_tap(callback_id, texts.NOT_YOURS)
            return
        mine = self.config.entity_of(prompt.owner_user_id)
        label = phrasing.label(part.field, part.entity_id, mine)
        await self.messenger.answer_tap(callback_id, label)
        if message_id is not None:
            await self.messenger.edit(prompt.chat_id, message_id, f"{texts.PICK_PART}\n→ {label}")
        # The part gets a prompt of its own (no message): its value buttons carry its token.
        part_prompt = await self._bind(part, prompt.chat_id, prompt.owner_user_id, now)
        await self._begin_edit(part_prompt, part, now)

    async def _group_of(self, item: ReviewItem) -> list[ReviewItem]:
        """``item`` and the open items asked with it (one message's related changes)."""
        if item.kind != "change" or item.group_key is None:
            return [item]
        return await self.engine.store.open_review_items(group_key=item.group_key) or [item]

    async def _edit_value(self, msg: Incoming, mode: ChatMode, now: datetime) -> bool:
        """An Edit's typed value; False (edit mode ended) when the message is not one.

        A question, a new statement or a message after the timeout is not an answer:
        it is handled as a normal message and the question stays open.
        """
        item = await self.engine.store.review_item(mode.item_id)
        value: Any = msg.text
        if item is not None and item.kind == "change":
            if msg.at - mode.since > EDIT_TIMEOUT or texts.is_question(msg.text):
                await self.log.clear_mode(msg.chat_id)
                return False
            refused: InvalidAnswer | None = None
            try:
                # Dates are read against the time the message was written.
                at = await self._users_clock(msg)
                value = coerce_value(item.field, msg.text, at=at, sample=item.candidate_value)
            except InvalidAnswer as e:
                refused = e
            free = value_kind(item.field, item.candidate_value) in ("text", "member_status")
            if (refused is not None or free) and await self._is_statement(msg):
                await self.log.clear_mode(msg.chat_id)
                return False
            if refused is not None:
                await self.say(msg.chat_id, texts.refusal(refused))
                return True
        await self._apply_edit(msg.chat_id, mode.item_id, value, msg.user_id, now)
        return True

    async def _is_statement(self, msg: Incoming) -> bool:
        """A sentence (five words or more) the extractor reads as news of its own."""
        if len(msg.text.split()) < 5:
            return False
        return bool(await self._extract(msg, self.config.entity_of(msg.user_id)))

    async def _apply_edit(
        self, chat_id: int, item_id: str, value: Any, user_id: int, now: datetime
    ) -> None:
        prompt = await self.log.prompt_for_item(item_id)
        try:
            result = await answer_review(
                self.engine,
                item_id,
                "edit",
                value,
                now=now,
                answered_by=f"telegram:{user_id}",
                rules=self.rules,
            )
        except InvalidAnswer as e:
            await self.say(chat_id, texts.refusal(e))
            return
        except (AlreadyAnswered, NotFound):
            await self.log.clear_mode(chat_id)
            await self.say(chat_id, "That question was already settled; nothing changed.")
            await self._show_next(chat_id, now)
            return
        await self.log.clear_mode(chat_id)
        if prompt is not None:
            await self._close(prompt, result.item, "edited", result.committed_value, now)
        await self._changed(now)
        await self._workflows_changed(chat_id, user_id)
        await self._reask_group(chat_id, result.item, now)
        await self._show_next(chat_id, now)

    async def _reask_group(self, chat_id: int, edited: ReviewItem, now: datetime) -> None:
        """After one part of a grouped question was edited, ask the rest again as one."""
        if edited.group_key is None:
            return
        for prompt in await self.log.open_prompts(chat_id):
            item = await self.engine.store.review_item(prompt.item_id)
            if (
                prompt.message_id is not None
                and item is not None
                and item.status
                in (
                    "pending",
                    "queued",
                )
                and item.group_key == edited.group_key
            ):
                await self._resend(prompt, item, now, texts.REST_ASKED_AGAIN)

    async def _choose(
        self,
        callback_id: str,
        user_id: int,
        message_id: int | None,
        token: str,
        index: int | None,
        *,
        now: datetime,
    ) -> None:
        """A value button (or Cancel) under an edit request: applied like a typed value."""
        prompt = await self.log.prompt_by_token(token)
        item = None if prompt is None else await self.engine.store.review_item(prompt.item_id)
        choices = () if item is None else choices_for(item.field, item.candidate_value)
        if (
            prompt is None
            or item is None
            or prompt.closed_at is not None
            or item.status not in ("pending", "queued")
            or (index is not None and index >= len(choices))
        ):
            await self.messenger.answer_tap(callback_id, texts.EXPIRED)
            return
        if prompt.owner_user_id != user_id:
            await self.messenger.answer_tap(callback_id, texts.NOT_YOURS)
            return
        label = "Cancelled" if index is None else choices[index].label
        await self.messenger.answer_tap(callback_id, label)
        if message_id is not None:
            shown = (
                texts.EDIT_CANCELLED if index is None else f"{texts.edit_request(item)}\n→ {label}"
            )
            await self.messenger.edit(prompt.chat_id, message_id, shown)
        if index is None:
            mode = await self.log.mode(prompt.chat_id)
            if mode is not None and mode.item_id == item.id:
                await self.log.clear_mode(prompt.chat_id)
            return
        await self._apply_edit(prompt.chat_id, item.id, choices[index].value, user_id, now)

    async def cancel(self, chat_id: int) -> None:
        """/cancel: stop waiting for an Edit's value (the question stays open), else leave
        the chat's workflow."""
        async with self._lock:
            mode = await self.log.mode(chat_id)
            if mode is None:
                left = None
                if self.workflows is not None:
                    entity = self.config.entity_of(chat_id)
                    left = await self.workflows.cancel(chat_id, entity, self.clock())
                await self.say(chat_id, left or "Nothing to cancel.")
                return
            await self.log.clear_mode(chat_id)
            await self.say(chat_id, texts.EDIT_CANCELLED)

    async def _close(
        self,
        prompt: PromptMessage,
        item: ReviewItem,
        status: str,
        value: Any,
        now: datetime,
        *,
        typed: bool = False,
        group: Sequence[ReviewItem] = (),
    ) -> None:
        if not await self.log.close_prompt(prompt.item_id, status, now):
            return
        mine = self.config.entity_of(prompt.owner_user_id)
        text = texts.settled_text(item, mine, status, value, group)
        edited = prompt.message_id is not None and await self.messenger.edit(
            prompt.chat_id, prompt.message_id, text
        )
        # A typed answer is also answered below it: the edited question may be far up.
        if typed or not edited:
            await self.say(prompt.chat_id, text)

    async def _active(self, chat_id: int) -> PromptMessage | None:
        """The question shown in ``chat_id`` and still open, closing ones settled elsewhere."""
        for prompt in await self.log.open_prompts(chat_id):
            if prompt.message_id is None:
                continue
            item = await self.engine.store.review_item(prompt.item_id)
            if item is not None and item.status in ("pending", "queued"):
                return prompt
            if item is not None:
                await self._close(prompt, item, item.status, None, self.clock())
        return None

    async def _show_next(self, chat_id: int, now: datetime) -> None:
        """Post the chat's next question unless one is already waiting for an answer."""
        if await self._active(chat_id) is not None or await self.log.mode(chat_id):
            return
        item = await self._next_item(chat_id)
        if item is None:
            return
        prompt = await self._bind(item, chat_id, chat_id, now)
        mine = self.config.entity_of(prompt.owner_user_id)
        message_id = await self.messenger.send(
            chat_id,
            texts.prompt_body(item, mine, await self._group_of(item), now=now),
            texts.prompt_buttons(item, prompt.token),
        )
        await self.log.set_prompt_message(item.id, message_id)

    async def _next_item(self, chat_id: int) -> ReviewItem | None:
        """The chat's next question: one bound to it already (even if queued) or a
        correction first, then the oldest pending one routed here."""
        candidates: list[tuple[int, int, ReviewItem]] = []
        bound: set[str] = set()
        for prompt in await self.log.open_prompts(chat_id):
            bound.add(prompt.item_id)
            item = await self.engine.store.review_item(prompt.item_id)
            if item is not None and item.status in OPEN_STATUSES:
                candidates.append((0, item.seq, item))
        for item in await self._pending_routable(chat_id):
            if item.id not in bound and self._route(item) == chat_id:
                asked = correction_kind(item) is not None
                candidates.append((0 if asked else 1, item.seq, item))
        return min(candidates, key=lambda c: c[:2])[2] if candidates else None

    async def _pending_routable(self, chat_id: int) -> list[ReviewItem]:
        """Pending items ``_route`` may send to ``chat_id``, without reading anyone else's:
        those of the entity it owns, and those of entities no allowed user owns.
        (Queued items wait for the flood-control cap.)"""
        if not self.config.allowed(chat_id):
            return []  # every route leads to an allowed user
        owned = sorted({self.config.entity_of(u) for u in self.config.allowed_user_ids})
        mine = self.config.entity_of(chat_id)
        store = self.engine.store
        own = [mine] if self.config.owner_of(mine) == chat_id else []
        return [
            *await store.open_review_items(own, pending_only=True),
            *await store.open_review_items(other_than=owned, pending_only=True),
        ]

    def _route(self, item: ReviewItem) -> int | None:
        """The private chat a question belongs in: its entity's owner, or who said it."""
        owner = self.config.owner_of(item.entity_id)
        if owner is not None:
            return owner
        parts = item.source_key.split(":")
        if item.source_key.startswith("conversation_assertive:tg:") and len(parts) >= 4:
            try:
                chat = int(parts[2])
            except ValueError:
                chat = 0
            if self.config.allowed(chat):
                return chat
        return self.config.allowed_user_ids[0] if self.config.allowed_user_ids else None

    async def _bind(
        self, item: ReviewItem, chat_id: int, owner: int, now: datetime
    ) -> PromptMessage:
        existing = await self.log.prompt_for_item(item.id)
        if existing is not None:
            return existing
        return await self.log.open_prompt(item.id, secrets.token_urlsafe(12), chat_id, owner, now)

    # -- commands ------------------------------------------------------------------
    async def show_state(self, chat_id: int, user_id: int, domain: str | None = None) -> None:
        """/state [domain]."""
        now = self.clock()
        await self.say(
            chat_id,
            await commands.state_answer(self.engine.store, self.config, user_id, domain, now),
        )

    async def show_pending(self, chat_id: int, user_id: int) -> None:
        """/pending."""
        await self.say(
            chat_id, await commands.pending_answer(self.engine.store, self.config, user_id)
        )

    async def explain(self, chat_id: int, user_id: int, query: str | None) -> None:
        """/why <field|domain|name>."""
        now = self.clock()
        await self.say(
            chat_id, await commands.why_answer(self.engine.store, self.config, user_id, query, now)
        )

    async def show_history(self, chat_id: int, user_id: int, query: str | None = None) -> None:
        """/history [field|domain|name]."""
        await self.say(
            chat_id, await commands.history_answer(self.engine.store, self.config, user_id, query)
        )

    async def send_report(self, chat_id: int, user_id: int) -> None:
        """/report: the main chart as a photo with a three-line summary."""
        now = self.clock()
        answer = await report.report_answer(self.engine.store, self.config, user_id, now)
        if answer.chart is None:
            await self.say(chat_id, answer.caption)
            return
        await self.log.append_message(chat_id, "assistant", answer.caption, now)
        await self.messenger.send_photo(chat_id, answer.chart, answer.caption)

    async def debug(self, chat_id: int, user_id: int) -> None:
        """/debug: the assistant's session in this chat, for the owner."""
        await self.say(chat_id, await debug_answer(self.responder, self.config, user_id, chat_id))

    async def show_status(self, chat_id: int) -> None:
        """/status: how much Canon does on its own, per domain."""
        await self.say(chat_id, await commands.status_answer(self.engine.rollout))

    async def correction(self, chat_id: int, user_id: int, kind: str, field: str = "") -> None:
        """/forget <field> or /undo: propose the correction as a question."""
        async with self._lock:
            now = self.clock()
            entities = self.config.entities_of(user_id)
            try:
                if kind == "forget":
                    item = await propose_forget(self.engine, entities, field, now)
                else:
                    item = await propose_undo(self.engine, entities, now)
            except NotFound as e:
                await self.say(chat_id, f"{str(e).capitalize()}.")
                return
            await self._bind(item, chat_id, user_id, now)
            if await self._active(chat_id) is not None:
                await self.say(chat_id, "I'll ask you that right after the current question.")
                return
            await self._show_next(chat_id, now)

    async def wrong(self, chat_id: int, user_id: int, query: str) -> None:
        """/wrong <field or words>: a held value is wrong. Logs a P0 when Canon
        committed it alone, then asks for the right value (an Edit, waiting now)."""
        async with self._lock:
            now = self.clock()
            entities = self.config.entities_of(user_id)
            hits = await valued_matches(self.engine.store, entities, query)
            if len(hits) != 1:
                known = [f.field for e in entities for f in await self.engine.store.facts(e)]
                await self.say(chat_id, texts.wrong_which(query, [f for _e, f in hits], known))
                return
            item, _p0 = await propose_wrong(self.engine, entities, hits, now)
            await self._bind(item, chat_id, user_id, now)
            if await self._active(chat_id) is not None:
                await self.say(chat_id, "I'll ask you that right after the current question.")
                return
            await self._show_next(chat_id, now)
            prompt = await self._active(chat_id)
            if prompt is not None and prompt.item_id == item.id:
                await self._begin_edit(prompt, item, now)

    async def resume(self) -> int:
        """After a restart: show each open question again with its buttons; how many.

        The new message carries the same token, and the old one loses its buttons,
        so however often the bot restarts, one message per question can be tapped.
        """
        resent = 0
        async with self._lock:
            now = self.clock()
            for prompt in await self.log.open_prompts():
                item = await self.engine.store.review_item(prompt.item_id)
                if prompt.message_id is None or item is None:
                    continue
                if item.status not in ("pending", "queued"):
                    await self._close(prompt, item, item.status, None, now)
                    continue
                await self._resend(prompt, item, now)
                resent += 1
        return resent

    async def _resend(
        self, prompt: PromptMessage, item: ReviewItem, now: datetime, note: str = texts.ASKED_AGAIN
    ) -> None:
        """Show an open question again as a new message with the same buttons; the
        old message loses them."""
        assert prompt.message_id is not None
        body = texts.prompt_body(
            item, self.config.entity_of(prompt.owner_user_id), await self._group_of(item)
        )
        buttons = texts.prompt_buttons(item, prompt.token)
        message_id = await self.messenger.send(prompt.chat_id, body, buttons)
        await self.log.set_prompt_message(item.id, message_id)
        if message_id != prompt.message_id:  # a fresh local server reuses ids
            await self.messenger.edit(prompt.chat_id, prompt.message_id, f"{body}\n{note}")

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

    async def say(self, chat_id: int, text: str) -> None:
        """Send ``text`` (split at Telegram's limit) and record it in the conversation."""
        await self.log.append_message(chat_id, "assistant", text, self.clock())
        for chunk in texts.split_message(text):
            await self.messenger.send(chat_id, chunk)

    # -- workflows (core.conversation.workflows) ------------------------------------
    async def start_workflow(self, chat_id: int, user_id: int, workflow_id: str) -> None:
        """/setup, /trip: start the workflow (or say where it is)."""
        async with self._lock:
            if self.workflows is None:
                await self.say(chat_id, texts.NO_WORKFLOWS)
                return
            now = self.clock()
            entity = self.config.entity_of(user_id)
            for line in await self.workflows.start(workflow_id, chat_id, entity, now):
                await self.say(chat_id, line)
            await self._show_next(chat_id, now)

    async def _workflow_message(self, msg: Incoming, now: datetime) -> bool:
        """A message the chat's workflow takes (a setup step's answer); False if none does.
        With a model, the model takes it in the workflow's turn instead of the message tool."""
        if self.workflows is None:
            return False
        if self.responder.has_model:  # the model drives it, in the assistant's turn
            running = await self._driven(msg)
            if running is None or not running.takes_messages:
                return False
            await self._assistant_reply(msg, now, recorded=False)
        else:
            entity = self.config.entity_of(msg.user_id)
            ref = f"tg:{msg.chat_id}:{msg.message_id}"
            said = await self.workflows.on_message(msg.chat_id, entity, msg.text, ref, now)
            if said is None:
                return False
            for line in said:
                await self.say(msg.chat_id, line)
        await self._changed(now)
        await self._show_next(msg.chat_id, now)
        return True

    async def _driven(self, msg: Incoming) -> Running | None:
        """The chat's active workflow when a model answers (it drives the turn); else None."""
        if self.workflows is None or not self.responder.has_model:
            return None
        return await self.workflows.running(msg.chat_id, self.config.entity_of(msg.user_id))

    async def _workflows_changed(self, chat_id: int, user_id: int) -> None:
        """After a commit: the chat's workflow follows Canon's beliefs (a trip under way)."""
        if self.workflows is None:
            return
        entity = self.config.entity_of(user_id)
        for line in await self.workflows.changed(chat_id, entity, self.clock()):
            await self.say(chat_id, line)

    async def _changed(self, now: datetime) -> None:
        if self.after_change is None:
            return
        try:
            await self.after_change(self.engine, now)
        except CanonError as e:  # projections are a courtesy; the change itself is stored
            log.warning("after-change hook failed: %s", e)
