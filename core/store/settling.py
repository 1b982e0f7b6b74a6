"""The ways to settle a question that every backend derives from its ``settle_group``.

A backend implements settling a group of items in one transaction; settling one
item, decided or given, is that with a group of one, the same everywhere.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from core.domain.review_items import ReviewItem, ReviewStatus
from core.domain.settlements import GroupSettled, Settlement
from core.domain.write_batch import Accepted
from core.store.protocol import DecideSettlement


class SettlesOneByGroup(ABC):
    """``settle`` and ``settle_decided`` (see ``Store``) on top of ``settle_group``."""

    @abstractmethod
    async def settle_group(
        self, item_ids: Sequence[str], decide: DecideSettlement, max_pending: int
    ) -> GroupSettled: ...

    async def settle(
        self,
        item_id: str,
        status: ReviewStatus,
        answer: dict[str, Any],
        answered_at: datetime,
        confirmation_event: Accepted | None,
        rejection: tuple[str, str] | None,
        max_pending: int,
    ) -> list[ReviewItem]:
        settlement = Settlement(status, answer, answered_at, confirmation_event, rejection)
        return await self.settle_decided(item_id, lambda _item, _fact: settlement, max_pending)

    async def settle_decided(
        self, item_id: str, decide: DecideSettlement, max_pending: int
    ) -> list[ReviewItem]:
        return (await self.settle_group([item_id], decide, max_pending)).promoted
