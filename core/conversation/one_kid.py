"""One kid said, the household's kids held: asked of one kid, as it was said.

The extractor keeps every word of a child of the house on one field
(``family.kids.status``: "kid puking", "the kids are sick", "my child has a fever"), so
"the kids are better" later settles the same belief. But asked back, "ugh kid got sick"
read "Are your kids sick today?": a question of all of them, when she told of one. So a
question of the kids whose own words said one kid ("kid", "child", and no "kids",
"children", "both" or "all") is worded of that one ("Is your kid sick today?"); what is
held, and what a Yes commits, is the kids' field as before (the item is only reworded).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from core.store import ReviewItem
from core.store.protocol import Store

KIDS: Final = "family.kids.status"
ONE_KID: Final = "family.kid.status"
_ONE: Final = re.compile(r"\b(?:kid|child)\b")
_MANY: Final = re.compile(r"\b(?:kids|children|both|all|twins)\b")


async def as_said(
    store: Store, item: ReviewItem, group: Sequence[ReviewItem] = ()
) -> tuple[ReviewItem, list[ReviewItem]]:
    """``item`` and ``group`` with the kids' question worded of one kid when its message
    said one (its event's evidence), else as they are."""
    if item.field != KIDS and all(m.field != KIDS for m in group):
        return item, list(group)
    said_one = {m.id for m in (item, *group) if m.field == KIDS and await _one_kid(store, m)}

    def worded(m: ReviewItem) -> ReviewItem:
        return replace(m, field=ONE_KID) if m.id in said_one else m

    return worded(item), [worded(m) for m in group]


async def _one_kid(store: Store, item: ReviewItem) -> bool:
    if item.event_id is None:
        return False
    events = await store.events_for(item.entity_id, item.field, item.candidate_value)
    text = next((e.evidence_text for e in events if e.event_id == item.event_id), None)
    low = (text or "").lower()
    return _ONE.search(low) is not None and _MANY.search(low) is None
