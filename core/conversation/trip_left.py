"""Whether a question about a trip's days asks of days gone by: the chat, the HTTP API
and anything else that words a question ask it here, so "Did you leave on Wednesday?"
and "Did you get back on Friday?" read the same on every surface (never "Do you leave
on ...?" of a trip already under way, nor "Are you back on ...?" once that day is over).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from core.conversation.message_intake import speakers_zone
from core.conversation.question_notes import asks_after_leaving, asks_after_return
from core.domain.review_items import ReviewItem
from core.domain.user_clock import on_users_clock
from core.store.protocol import Store


async def _asked_with(
    store: Store, item: ReviewItem, group: Sequence[ReviewItem], field: str
) -> list[ReviewItem]:
    """``item`` and what is asked with it (``group`` as shown, else its open ones), or
    nothing when none of them asks ``field``."""
    if not item.field.startswith("travel."):
        return []  # a group's day line goes with a trip field
    asked = [item, *group]
    if len(asked) == 1 and item.kind == "change" and item.group_key is not None:
        asked += await store.open_review_items([item.entity_id], group_key=item.group_key)
    return asked if any(m.field == field for m in asked) else []


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
    asked = await _asked_with(store, item, group, "travel.depart_date")
    if not asked:
        return False
    facts = await store.facts(item.entity_id)
    zone = await speakers_zone(store, item.entity_id, facts)
    asked_on = on_users_clock(item.created_at, zone).date().isoformat()
    status = next((f.value for f in facts if f.field == "travel.status"), None)
    today = None if now is None else on_users_clock(now, zone).date().isoformat()
    return asks_after_leaving(asked, status, asked_on, today)


async def trip_back_by(
    store: Store,
    item: ReviewItem,
    now: datetime | None = None,
    group: Sequence[ReviewItem] = (),
) -> bool:
    """Whether ``item`` asks a return day gone by at ``now`` on the user's own clock:
    "Did you get back on Friday, December 4?" on the 5th
    (``question_notes.asks_after_return``); ``group`` as for ``trip_left``."""
    asked = [] if now is None else await _asked_with(store, item, group, "travel.return_date")
    if not asked or now is None:
        return False
    zone = await speakers_zone(store, item.entity_id, await store.facts(item.entity_id))
    return asks_after_return(asked, on_users_clock(now, zone).date().isoformat())
