"""The questions asked as one: changes one input raised about related fields ("back home
in Portland": the location and the trip's end) are worded together, in the chat and over
the HTTP API alike, so a client shows the question the chat asks (``texts.prompt_body``'s
``group``)."""

from __future__ import annotations

from core.domain.review_items import ReviewItem
from core.store.protocol import Store


async def asked_with(store: Store, item: ReviewItem) -> list[ReviewItem]:
    """``item`` and the open items asked with it (one message's related changes)."""
    if item.kind != "change" or item.group_key is None:
        return [item]
    group = await store.open_review_items([item.entity_id], group_key=item.group_key)
    return group or [item]


async def worded_with(store: Store, item: ReviewItem) -> list[ReviewItem]:
    """The group ``item``'s question is worded with: ``asked_with``, or ``item`` alone
    once it is no longer among them (answered, or held with an answer)."""
    group = await asked_with(store, item)
    return group if any(m.id == item.id for m in group) else [item]
