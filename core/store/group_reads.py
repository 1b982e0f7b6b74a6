"""A question and the open rest of its group, read together to answer the group
(``Store.question_and_group``): the HTTP API reads an item to check the token reaches
it, and a Yes or No then answers its whole group, which was a second read."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from core.domain.review_items import OPEN_STATUSES, ReviewItem

QuestionAndGroup = tuple[ReviewItem, list[ReviewItem]]
"""An item and the other open items of its group, oldest first (none when it has no
group or is no longer open: then there is nothing to answer with it)."""


class ReadsQuestionThenGroup(ABC):
    """``question_and_group`` as two reads, for a backend where a read costs no trip."""

    @abstractmethod
    async def review_item(self, item_id: str) -> ReviewItem | None: ...

    @abstractmethod
    async def open_review_items(
        self,
        entities: Sequence[str] | None = None,
        *,
        other_than: Sequence[str] = (),
        group_key: str | None = None,
        pending_only: bool = False,
    ) -> list[ReviewItem]: ...

    async def question_and_group(self, item_id: str) -> QuestionAndGroup | None:
        item = await self.review_item(item_id)
        if item is None:
            return None
        if item.group_key is None or item.status not in OPEN_STATUSES:
            return item, []
        members = await self.open_review_items([item.entity_id], group_key=item.group_key)
        return item, [m for m in members if m.id != item.id]
