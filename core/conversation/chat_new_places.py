"""An Edit's place that nobody knows, asked as new: "I don't know a place called purple —
use it anyway?".

The place waits in the chat's mode row (``ChatMode.value``) with the message that asks it
(``ChatMode.asked``), so its Yes / No buttons answer it after a restart too; a Yes applies
it as the Edit's value (through ``Edits.apply``, given as ``apply``), a No asks for the
value again. ``NewPlaces`` owns those two columns of the mode row; ``Edits`` the rest.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

from core.conversation import texts
from core.conversation.buttons import new_place_buttons, place_digest
from core.conversation.chat_base import ChatDeps, ChatPart
from core.conversation.chat_questions import Questions
from core.domain.chat_records import ChatMode

ApplyValue = Callable[[int, str, Any, int, datetime], Awaitable[None]]
"""``Edits.apply``: (chat, question id, value, user, now) -> the value applied."""


class NewPlaces(ChatPart):
    """Asking, re-asking after a restart and settling "use it anyway?"."""

    def __init__(self, deps: ChatDeps, questions: Questions, apply: ApplyValue) -> None:
        super().__init__(deps)
        self.questions = questions
        self.apply = apply

    async def ask(
        self, chat_id: int, mode: ChatMode, place: str, now: datetime, *, again: bool = False
    ) -> None:
        """Nobody knows ``place``: it waits in the mode row for a yes (or a no), with the
        message that asks it, so its buttons answer it after a restart too. ``again``:
        asked anew after a restart (the transcript has it already)."""
        prompt = await self.log.prompt_for_item(mode.item_id)
        question = texts.new_place_question(place)
        if not again:
            await self.log.append_message(chat_id, "assistant", question, now)
        buttons = [] if prompt is None else new_place_buttons(prompt.token, place)
        sent = await self.messenger.send(chat_id, question, buttons)
        asked = sent if buttons else None
        await self.log.set_mode(replace(mode, since=now, value=place, asked=asked))

    async def resume(self, chat_id: int, now: datetime, *, in_place: bool = False) -> bool:
        """After a restart: a "use it anyway?" still waiting is asked again below what
        was shown again, its old message losing its buttons (``in_place``: one still the
        chat's last message stays). Whether it was asked."""
        mode = await self.log.mode(chat_id)
        if mode is None or mode.value is None or mode.asked is None:
            return False
        if in_place and await self.questions.last_in_chat(chat_id, mode.asked):
            return False
        shown = f"{texts.new_place_question(mode.value)}\n{texts.ASKED_AGAIN}"
        await self.messenger.edit(chat_id, mode.asked, shown)
        await self.ask(chat_id, mode, mode.value, now, again=True)
        return True

    async def drop_buttons(self, mode: ChatMode | None, label: str | None = None) -> None:
        """The waiting "use it anyway?" loses its buttons, showing ``label`` (the answer)."""
        if mode is None or mode.asked is None or mode.value is None:
            return
        shown = texts.new_place_question(mode.value) + ("" if label is None else f"\n→ {label}")
        await self.messenger.edit(mode.chat_id, mode.asked, shown)
        await self.log.set_mode(replace(mode, asked=None))

    async def answered(
        self, chat_id: int, mode: ChatMode, use: bool, user_id: int, now: datetime
    ) -> None:
        """Yes: the new place is the value. No: the value is asked for again."""
        if use and mode.value is not None:
            await self.apply(chat_id, mode.item_id, mode.value, user_id, now)
            return
        await self.log.set_mode(replace(mode, since=now, value=None, asked=None))
        await self.say(chat_id, texts.PLACE_AGAIN)

    async def confirm(
        self,
        callback_id: str,
        user_id: int,
        message_id: int | None,
        token: str,
        use: bool,
        digest: str,
        *,
        now: datetime,
    ) -> None:
        """Yes or No under "use it anyway?": applies the waiting place, or asks again.
        A tap under an older such question (``digest`` names its place) is stale."""
        prompt = await self.log.prompt_by_token(token)
        mode = None if prompt is None else await self.log.mode(prompt.chat_id)
        if (
            prompt is None
            or prompt.closed_at is not None
            or mode is None
            or mode.item_id != prompt.item_id
            or mode.value is None
            or place_digest(mode.value) != digest
        ):
            await self.messenger.answer_tap(callback_id, texts.EXPIRED)
            return
        if prompt.owner_user_id != user_id:
            await self.messenger.answer_tap(callback_id, texts.NOT_YOURS)
            return
        label = "Yes" if use else "No"
        await self.messenger.answer_tap(callback_id, label)
        if message_id is not None and message_id != mode.asked:
            # An older copy (asked again since): it loses its buttons too.
            shown = f"{texts.new_place_question(mode.value)}\n→ {label}"
            await self.messenger.edit(prompt.chat_id, message_id, shown)
        await self.drop_buttons(mode, label)
        await self.answered(prompt.chat_id, replace(mode, asked=None), use, user_id, now)
