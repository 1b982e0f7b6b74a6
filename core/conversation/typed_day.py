"""A day typed alone under the open question that proposes one ("the 3rd", "dec 3" under
"Are you back on Thursday, December 3?"): that question's answer, not news."""

from __future__ import annotations

from typing import Any

from core.conversation.chat_base import ChatDeps, Incoming
from core.domain.chat_records import PromptMessage
from core.engine.answer_values import value_kind
from core.engine.edit_values import edit_value
from core.errors import InvalidAnswer
from core.store import ReviewItem

_DAY_TYPED_MAX = 24
"""A day typed alone is short ("the 3rd", "december 3rd"); a longer message is news."""


async def day_typed(
    deps: ChatDeps, msg: Incoming, prompt: PromptMessage
) -> tuple[ReviewItem, Any] | None:
    """The question ``prompt`` asks and the day ``msg`` types, read on the user's clock as
    an Edit's value is. The caller takes the day proposed as a Yes and another as that
    question's edit. None when the question asks no day, is another user's, or the
    message is not a day."""
    if prompt.owner_user_id != msg.user_id or len(msg.text) > _DAY_TYPED_MAX:
        return None
    item = await deps.engine.store.review_item(prompt.item_id)
    if item is None or item.kind != "change":
        return None
    if value_kind(item.field, item.candidate_value) != "date":
        return None
    try:
        day = await edit_value(deps.engine.store, item, msg.text, at=await deps.users_clock(msg))
    except InvalidAnswer:
        return None
    return item, day
