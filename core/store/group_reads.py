"""A question and the open rest of its group, read together to answer the group
(``Store.question_and_group``): the HTTP API reads an item to check the token reaches
it, and a Yes or No then answers its whole group, which was a second read. The end each
of their words gave comes with them (a Yes keeps it), which was a read an item."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Iterable, Sequence
from datetime import datetime
from typing import NamedTuple

from core.domain.event_log import EventRecord
from core.domain.review_items import OPEN_STATUSES, ReviewItem
from core.domain.state import Scalar

EventsFor = Callable[[str, str, Scalar | None], Awaitable[list[EventRecord]]]
"""``Store.events_for``."""


class QuestionAndGroup(NamedTuple):
    """An item and the other open items of its group, oldest first (none when it has no
    group or is no longer open: then there is nothing to answer with it), and the end
    the words behind each of them gave ("kids r at their dads till sunday"), by event id
    (``question_ends``)."""

    item: ReviewItem
    others: list[ReviewItem]
    ends: dict[str, datetime]


async def question_ends(items: Iterable[ReviewItem], events_for: EventsFor) -> dict[str, datetime]:
    """The end each question's words gave, by its event id: the ``valid_until`` of the
    event that raised it, read from the append-only log (a logged event never changes, so
    read outside any transaction). A question without an event or a candidate has none."""
    ends: dict[str, datetime] = {}
    for item in items:
        if item.event_id is None or item.candidate_value is None:
            continue
        for event in await events_for(item.entity_id, item.field, item.candidate_value):
            if event.event_id == item.event_id and event.valid_until is not None:
                ends[item.event_id] = event.valid_until
    return ends


class ReadsQuestionThenGroup(ABC):
    """``question_and_group`` as reads apart, for a backend where a read costs no trip."""

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

    @abstractmethod
    async def events_for(
        self, entity_id: str, field: str, value: Scalar | None = None
    ) -> list[EventRecord]: ...

    async def question_and_group(self, item_id: str) -> QuestionAndGroup | None:
        item = await self.review_item(item_id)
        if item is None:
            return None
        members: list[ReviewItem] = []
        if item.group_key is not None and item.status in OPEN_STATUSES:
            members = await self.open_review_items([item.entity_id], group_key=item.group_key)
            members = [m for m in members if m.id != item.id]
        ends = await question_ends([item, *members], self.events_for)
        return QuestionAndGroup(item, members, ends)
