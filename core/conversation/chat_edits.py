"""The Edit flow: waiting for a question's new value, typed or tapped.

An Edit puts the chat in edit mode for one item; the next message (or a value
button) is the value, unless it is a question, news of its own or late
(``EDIT_TIMEOUT``). For a grouped question the user first picks the part to change.
A value is checked by its field's kind (``core.engine.edit_values``, as the API, MCP and
the CLI check it): a place must be one Canon knows (the gazetteer, or the user's own
state) or be confirmed as new ("I don't know a place called purple — use it anyway?",
``chat_new_places``); until then it waits in the mode row.

``Edits`` owns the chat's mode row (``ChatMode``: which item's value the next message is)
but for the place waiting as new (``NewPlaces``); it settles through ``Questions`` and
tells ``WorkflowSteps`` what committed.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from core.conversation import texts
from core.conversation.buttons import edit_buttons, edit_choices
from core.conversation.chat_base import ChatDeps, ChatPart, Claims, Incoming
from core.conversation.chat_new_places import NewPlaces
from core.conversation.chat_questions import Questions
from core.conversation.chat_workflows import WorkflowSteps
from core.conversation.typed_replies import is_question, typed_answer
from core.domain import phrasing
from core.domain.chat_records import ChatMode, PromptMessage
from core.domain.principals import user_principal
from core.engine.answer_values import value_kind
from core.engine.bootstrap import named_things, proposed_findings
from core.engine.edit_values import edit_value
from core.engine.review import answer_review
from core.errors import AlreadyAnswered, InvalidAnswer, NotFound, UnknownPlace
from core.store import ReviewItem

EDIT_TIMEOUT = timedelta(minutes=10)
"""An Edit waits this long (by the time of the user's next message) for the new value."""


class Edits(ChatPart):
    """Asking for, reading and applying an Edit's value."""

    def __init__(self, deps: ChatDeps, questions: Questions, steps: WorkflowSteps) -> None:
        super().__init__(deps)
        self.questions = questions
        self.steps = steps
        self.places = NewPlaces(deps, questions, self.apply)

    async def begin(
        self, prompt: PromptMessage, item: ReviewItem, now: datetime, request: str | None = None
    ) -> None:
        """Wait for ``item``'s new value, tapped (closed sets) or typed (``request``: how it
        is asked, if not the Edit's words); an Edit waiting before loses its options."""
        await self._drop_options(await self.log.mode(prompt.chat_id))
        request = request or texts.edit_request(item)
        await self.log.append_message(prompt.chat_id, "assistant", request, now)
        buttons = edit_buttons(item, prompt.token, await self._zone(prompt))
        sent = await self.messenger.send(prompt.chat_id, request, buttons)
        options = sent if buttons else None
        await self.log.set_mode(ChatMode(prompt.chat_id, "edit", item.id, now, options=options))

    async def _zone(self, prompt: PromptMessage) -> object:
        """The reader's time zone: an Edit's things and days are told on their clock, as
        the question told them, and a tap is read against the same days."""
        return await self.deps.zone_of(self.config.entity_of(prompt.owner_user_id))

    async def pick_part(
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
        members = [] if item is None else await self.questions.group_of(item)
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
        part_prompt = await self.questions.bind(part, prompt.chat_id, prompt.owner_user_id, now)
        await self.begin(part_prompt, part, now)

    async def value(self, msg: Incoming, mode: ChatMode, now: datetime, claims: Claims) -> bool:
        """An Edit's typed value; False (edit mode ended) when the message is not one.

        A question, a new statement or a message after the timeout is not an answer:
        it is handled as a normal message and the question stays open.
        """
        item = await self.engine.store.review_item(mode.item_id)
        value: Any = msg.text
        if item is not None and item.kind == "bootstrap" and not self._names_found(item, msg):
            await self.end(msg.chat_id)  # not a thing found: a message of its own
            return False
        if item is not None and item.kind == "change":
            if msg.at - mode.since > EDIT_TIMEOUT or is_question(msg.text):
                await self.end(msg.chat_id)
                return False
            said = typed_answer(msg.text)
            if mode.value is not None and said is not None:  # "use it anyway?" answered
                use = said == "confirm"
                await self.places.drop_buttons(mode, "Yes" if use else "No")
                await self.places.answered(msg.chat_id, mode, use, msg.user_id, now)
                return True
            await self.places.drop_buttons(mode)  # another value typed instead
            refused: InvalidAnswer | None = None
            try:
                # Dates are read against the time the message was written; a place is
                # checked against the user's state as the API's and the CLI's edits are.
                value = await edit_value(
                    self.engine.store,
                    item,
                    msg.text,
                    at=await self.deps.users_clock(msg),
                    entities=self.config.entities_of(msg.user_id),
                )
            except InvalidAnswer as e:
                refused = e
            kind = value_kind(item.field, item.candidate_value)
            free = kind in ("text", "member_status", "place")
            if (refused is not None or free) and self._is_statement(msg, claims):
                await self.end(msg.chat_id)
                return False
            if isinstance(refused, UnknownPlace):
                await self.places.ask(msg.chat_id, mode, refused.place, now)
                return True
            if refused is not None:
                await self.say(msg.chat_id, texts.refusal(refused))
                return True
        await self.apply(msg.chat_id, mode.item_id, value, msg.user_id, now)
        return True

    async def end(self, chat_id: int, *, tapped: int | None = None) -> None:
        """Edit mode ends: the options and a waiting "use it anyway?" lose their buttons
        (``tapped``: the message a tap showed the end in already)."""
        mode = await self.log.mode(chat_id)
        await self.places.drop_buttons(mode)
        await self._drop_options(mode, tapped=tapped)
        await self.log.clear_mode(chat_id)

    async def expire(self, chat_id: int, now: datetime) -> None:
        """An Edit whose time ran out (``EDIT_TIMEOUT``) by ``now`` loses its options and a
        waiting "use it anyway?" their buttons, as its next message would take them: a late
        value answers nothing, so no button may look as if it did. The mode itself ends at
        the next message, which is read as news (the question stays open)."""
        mode = await self.log.mode(chat_id)
        if mode is None or mode.mode != "edit" or now - mode.since <= EDIT_TIMEOUT:
            return
        if mode.options is None and mode.asked is None:
            return
        await self.places.drop_buttons(mode)
        await self._drop_options(mode)
        await self.log.set_mode(replace(mode, asked=None, options=None))

    async def _drop_options(self, mode: ChatMode | None, *, tapped: int | None = None) -> None:
        """An Edit's options lose their buttons: tapped late, they would answer nothing."""
        if mode is not None and mode.options is not None and mode.options != tapped:
            await self.messenger.drop_buttons(mode.chat_id, mode.options)

    @staticmethod
    def _names_found(item: ReviewItem, msg: Incoming) -> bool:
        """Whether ``msg`` names a thing the files said ("the water bill") to drop."""
        return not is_question(msg.text) and bool(named_things(proposed_findings(item), msg.text))

    @staticmethod
    def _is_statement(msg: Incoming, claims: Claims) -> bool:
        """A sentence (five words or more) the extractor reads as news of its own
        (``claims``: what it read in the message, before the chat's section began)."""
        return len(msg.text.split()) >= 5 and bool(claims)

    async def apply(
        self,
        chat_id: int,
        item_id: str,
        value: Any,
        user_id: int,
        now: datetime,
        *,
        tapped: int | None = None,
    ) -> None:
        """``value`` is ``item_id``'s (``tapped``: the options message a tap chose it in)."""
        prompt = await self.log.prompt_for_item(item_id)
        try:
            result = await answer_review(
                self.engine,
                item_id,
                "edit",
                value,
                now=now,
                answered_by=f"telegram:{user_id}",
                principal=user_principal(self.config.entity_of(user_id)),
                rules=self.deps.rules,
                # Checked already (``value``: with all the user's entities, on their
                # clock), or the place the user said Yes to.
                new_place=True,
            )
        except InvalidAnswer as e:
            await self.say(chat_id, texts.refusal(e))
            return
        except (AlreadyAnswered, NotFound):
            await self.end(chat_id, tapped=tapped)
            await self.say(chat_id, "That question was already settled; nothing changed.")
            await self.questions.show_next(chat_id, now)
            return
        await self.end(chat_id, tapped=tapped)
        if prompt is not None:
            # A part of a grouped question is held with the rest: nothing committed yet.
            if result.held is None:
                await self.questions.close(
                    prompt, result.item, "edited", result.committed_value, now
                )
            else:
                await self.questions.close(
                    prompt, result.item, "held", result.held.candidate_value, now
                )
        await self.deps.changed(now)
        await self.steps.changed(chat_id, user_id)
        await self._reask_group(chat_id, result.item, now)
        shown = await self.questions.show_next(chat_id, now)
        if not shown and result.held is None and result.item.kind != "bootstrap":
            # The settled question may be far up the chat: the typed value gets its answer
            # here, below it, unless the next question does that already.
            mine = self.config.entity_of(user_id)
            fact = await self.engine.store.fact(result.item.entity_id, result.item.field)
            await self.say(chat_id, texts.edit_noted(result.item, mine, fact))

    async def _reask_group(self, chat_id: int, edited: ReviewItem, now: datetime) -> None:
        """After one part of a grouped question was edited, ask the rest again as one."""
        if edited.group_key is None:
            return
        for prompt in await self.log.open_prompts(chat_id):
            item = await self.engine.store.review_item(prompt.item_id)
            if (
                prompt.message_id is not None
                and item is not None
                and item.status in ("pending", "queued")
                and item.group_key == edited.group_key
            ):
                await self.questions.resend(prompt, item, now, texts.REST_ASKED_AGAIN)

    async def choose(
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
        zone = None if prompt is None else await self._zone(prompt)
        choices = () if item is None else edit_choices(item, zone)
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
        mode = await self.log.mode(prompt.chat_id)
        late = mode is not None and mode.item_id == item.id and now - mode.since > EDIT_TIMEOUT
        if mode is None or mode.item_id != item.id or (late and index is not None):
            # The Edit ended (news, a question or another Edit since, or its time ran out,
            # as for a typed value): its buttons answer nothing now; they go, the question stays.
            if late:
                await self.end(prompt.chat_id, tapped=message_id)
            await self.messenger.answer_tap(callback_id, texts.EDIT_ENDED)
            if message_id is not None:
                shown = f"{texts.edit_request(item)}\n{texts.EDIT_ENDED}"
                await self.messenger.edit(prompt.chat_id, message_id, shown)
            return
        label = "Cancelled" if index is None else choices[index].label
        await self.messenger.answer_tap(callback_id, label)
        if message_id is not None:
            shown = (
                texts.EDIT_CANCELLED if index is None else f"{texts.edit_request(item)}\n→ {label}"
            )
            await self.messenger.edit(prompt.chat_id, message_id, shown)
        if index is None:
            await self.end(prompt.chat_id, tapped=message_id)
            return
        value = choices[index].value
        await self.apply(prompt.chat_id, item.id, value, user_id, now, tapped=message_id)

    async def cancel(self, chat_id: int) -> None:
        """/cancel: stop waiting for an Edit's value (the question stays open), else leave
        the chat's workflow."""
        mode = await self.log.mode(chat_id)
        if mode is None:
            left = None
            if self.deps.workflows is not None:
                entity = self.config.entity_of(chat_id)
                left = await self.deps.workflows.cancel(chat_id, entity, self.clock())
            await self.say(chat_id, left or "Nothing to cancel.")
            return
        await self.places.drop_buttons(mode, "Cancelled")
        await self._drop_options(mode)
        await self.log.clear_mode(chat_id)
        await self.say(chat_id, texts.EDIT_CANCELLED)
