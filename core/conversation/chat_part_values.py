"""A value typed while "Which part should I change?" waits: the part it fits is the one
changed ("back on the 3rd" under "Do you leave on Sunday? • Are you back on Wednesday?"
changes the return), as if that part had been tapped and the value typed after it.

``PartValues`` owns the chat's "pick" mode row: set when the parts are offered, ended by
a part tapped (its own Edit), an answer, a command, a question, news of its own, or
``EDIT_TIMEOUT``. A value that fits no part, or more than one that the words do not tell
apart, is not guessed: the parts are offered again.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from core.conversation import texts
from core.conversation.buttons import part_buttons
from core.conversation.chat_base import ChatDeps, ChatPart, Claims, Incoming
from core.conversation.chat_edits import EDIT_TIMEOUT, Edits
from core.conversation.chat_questions import Questions
from core.conversation.typed_replies import is_question
from core.domain import phrasing
from core.domain.chat_records import ChatMode, PromptMessage
from core.engine.edit_values import edit_value
from core.errors import InvalidAnswer
from core.store import ReviewItem

_PART_WORDS: dict[str, re.Pattern[str]] = {
    "travel.return_date": re.compile(r"\b(?:back|return\w*|home|coming|flying\s+back)\b"),
    "travel.depart_date": re.compile(r"\b(?:leav\w*|left|depart\w*|out|go\w*|fly\w*\s+out)\b"),
}
"""Words that name a part whose values look alike (two dates): "back on the 3rd" is the
return, "leaving the 28th" the departure."""


class PartValues(ChatPart):
    """Offering a grouped question's parts for an Edit, and reading a typed value there."""

    def __init__(self, deps: ChatDeps, questions: Questions, edits: Edits) -> None:
        super().__init__(deps)
        self.questions = questions
        self.edits = edits

    async def offer(self, prompt: PromptMessage, members: list[ReviewItem], now: datetime) -> None:
        """ "Which part should I change?" with a button per part; a typed value answers too."""
        mine = self.config.entity_of(prompt.owner_user_id)
        names = (await self.deps.household_users()).names
        await self.log.append_message(prompt.chat_id, "assistant", texts.PICK_PART, now)
        asked = await self.messenger.send(
            prompt.chat_id, texts.PICK_PART, part_buttons(members, prompt.token, mine, names)
        )
        await self.log.set_mode(ChatMode(prompt.chat_id, "pick", prompt.item_id, now, asked=asked))

    async def value(self, msg: Incoming, mode: ChatMode, now: datetime, claims: Claims) -> bool:
        """A typed value for the part it fits; False (the pick ended) when the message is
        not one, and it is handled as any message."""
        item = await self.engine.store.review_item(mode.item_id)
        members = [] if item is None else await self.questions.group_of(item)
        members = [m for m in members if m.status in ("pending", "queued")]
        if not members or msg.at - mode.since > EDIT_TIMEOUT or is_question(msg.text):
            await self.log.clear_mode(msg.chat_id)
            return False
        fits = await self._fits(msg, members)
        if len(fits) != 1:
            if len(msg.text.split()) >= 5 and claims:  # news of its own, not a value
                await self.log.clear_mode(msg.chat_id)
                return False
            prompt = await self.log.prompt_for_item(mode.item_id)
            if prompt is not None:
                await self.offer(prompt, members, now)
            return True
        part, value = fits[0]
        prompt = await self.log.prompt_for_item(mode.item_id)
        if prompt is None:
            await self.log.clear_mode(msg.chat_id)
            return False
        mine = self.config.entity_of(prompt.owner_user_id)
        if mode.asked is not None:
            label = phrasing.label(part.field, part.entity_id, mine)
            await self.messenger.edit(msg.chat_id, mode.asked, f"{texts.PICK_PART}\n→ {label}")
        # The part gets a prompt of its own (no message), as a tapped part does.
        await self.questions.bind(part, prompt.chat_id, prompt.owner_user_id, now)
        await self.edits.apply(msg.chat_id, part.id, value, msg.user_id, now)
        return True

    async def _fits(self, msg: Incoming, members: list[ReviewItem]) -> list[tuple[ReviewItem, Any]]:
        """The parts ``msg`` is a valid value for, narrowed by the words that name a part."""
        at = await self.deps.users_clock(msg)
        fits: list[tuple[ReviewItem, Any]] = []
        for part in members:
            try:
                value = await edit_value(
                    self.engine.store,
                    part,
                    msg.text,
                    at=at,
                    entities=self.config.entities_of(msg.user_id),
                )
            except InvalidAnswer:
                continue
            fits.append((part, value))
        low = msg.text.lower()
        named = [f for f in fits if (w := _PART_WORDS.get(f[0].field)) and w.search(low)]
        return named if len(named) == 1 else fits
