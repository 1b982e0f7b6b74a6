"""Whether a question about a trip's departure asks of a trip that has left: the chat,
the HTTP API and anything else that words a question ask it here, so "Did you leave on
Wednesday?" reads the same on every surface (never "Do you leave on ...?" of a trip
already under way).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from core.conversation.message_intake import speakers_zone
from core.conversation.question_notes import asks_after_leaving
from core.domain.review_items import ReviewItem
from core.domain.user_clock import on_users_clock
from core.store.protocol import Store


async def trip_left(
    store: Store,
    item: ReviewItem,
    now: datetime | None = None,
    group: Sequence[ReviewItem] = (),
) -> bool:
    """Whether ``item`` asks a departure day of a trip that has left (held under way or
    over): "Did you leave on Wednesday?" after "finally in tahoe, drove up today". A day
    after the day it was asked, on the user's own clock (east of UTC her "today" can be
    UTC's tomorrow), is a day to leave, not one gone by; so is a departure asked beside a
    new trip planned. Shown at ``now`` after every day it asks, it asks of a day gone by
    whatever the trip (``question_notes.asks_after_leaving``). ``group``: the question's
    items as shown, when they are closed by now (else its open ones are read)."""
    if not item.field.startswith("travel."):
        return False  # a group's departure line goes with a trip field
    group = [item, *group]
    if len(group) == 1 and item.kind == "change" and item.group_key is not None:
        group += await store.open_review_items([item.entity_id], group_key=item.group_key)
    if not any(m.field == "travel.depart_date" for m in group):
        return False
    facts = await store.facts(item.entity_id)
    zone = await speakers_zone(store, item.entity_id, facts)
    asked_on = on_users_clock(item.created_at, zone).date().isoformat()
    status = next((f.value for f in facts if f.field == "travel.status"), None)
    today = None if now is None else on_users_clock(now, zone).date().isoformat()
    return asks_after_leaving(group, status, asked_on, today)
