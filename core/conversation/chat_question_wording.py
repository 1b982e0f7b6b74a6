"""A question's words as they read now: rendered at each showing, and put right in place.

A question is worded for the moment it is shown ("You said it just now"). Left open and
come back to hours or days later, the message still said "just now" (until a restart
asked it again below). So the words are rendered from ``now`` whenever the question is
shown (``texts.prompt_body`` with an explicit ``now``: "You said it yesterday evening",
"on Tuesday"), and when the user writes in the chat again, an open question there whose
words no longer read as they would now is edited in place, its buttons kept (the token
they carry is the same, so a tap answers it as before).

``QuestionWording`` owns no rows: it reads the prompt rows ``chat_questions.Questions``
owns and the chat's record (``transcript``) to know what a message reads now.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from core.conversation import texts
from core.conversation.buttons import question_buttons
from core.conversation.chat_base import Button, ChatPart
from core.conversation.held_values import held_by_writer
from core.conversation.one_kid import as_said
from core.conversation.question_group import asked_with
from core.conversation.said_since import said_since
from core.conversation.transcript import read_chat
from core.conversation.trip_left import TripDays, trip_days
from core.domain.chat_records import PromptMessage
from core.domain.user_clock import on_users_clock
from core.store import ReviewItem

RECENT = 20
"""How much of a chat's record is read to find what a question's message reads now."""


class QuestionWording(ChatPart):
    """How a chat's question reads now: its group, its trip's days, its words."""

    async def group_of(self, item: ReviewItem) -> list[ReviewItem]:
        """``item`` and the open items asked with it (one message's related changes)."""
        return await asked_with(self.engine.store, item)

    async def trip_days(self, item: ReviewItem, group: Sequence[ReviewItem] = ()) -> TripDays:
        """``trip_left.trip_days`` of ``item`` now, the same on every surface (``group``: as
        shown once closed, or as ``group_of`` just read it; else read there)."""
        return await trip_days(self.engine.store, item, self.clock(), group)

    async def worded_now(
        self, prompt: PromptMessage, item: ReviewItem, now: datetime
    ) -> tuple[str, list[Button]]:
        """The open question ``prompt`` shows, as it reads at ``now`` on its reader's clock
        (when it was said, which day "today" is, whether its trip has left), and its
        buttons."""
        mine = self.config.entity_of(prompt.owner_user_id)
        zone = await self.deps.zone_of(mine)
        group = await self.group_of(item)
        days = await self.trip_days(item, group)  # the group just read, not read again
        held = await held_by_writer(self.engine.store, item, mine, self.config.configured_names())
        worded, worded_group = await as_said(self.engine.store, held, group)
        body = texts.prompt_body(
            worded,
            mine,
            worded_group,
            names=(await self.deps.household_users()).names,
            now=now,
            zone=zone,
            since=await said_since(self.engine.store, item, mine),
            trip_left=days.left,
            trip_back_by=days.back_by,
            today=on_users_clock(now, zone).date(),
        )
        return body, question_buttons(item, group, prompt.token)

    async def reword(self, chat_id: int, now: datetime) -> int:
        """Each open question shown in ``chat_id`` whose message no longer reads as it
        would at ``now`` ("You said it just now", a day later) edited in place, buttons
        and all; how many. A message not among the chat's last ones, or without its
        buttons (answered, or asked again below), is left as it is."""
        lines = {line.message_id: line for line in await read_chat(self.log, chat_id, RECENT)}
        reworded = 0
        for prompt in await self.log.open_prompts(chat_id):
            line = None if prompt.message_id is None else lines.get(prompt.message_id)
            if line is None or not line.buttons:
                continue
            item = await self.engine.store.review_item(prompt.item_id)
            if item is None or item.status not in ("pending", "queued"):
                continue
            body, buttons = await self.worded_now(prompt, item, now)
            if body != line.text and await self.messenger.edit(
                chat_id, line.message_id, body, buttons
            ):
                reworded += 1
        return reworded
