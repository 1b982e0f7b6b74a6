"""Whether a question about a trip's days asks of days gone by: the chat, the HTTP API
and anything else that words a question ask it here, so "Did you leave on Wednesday?"
and "Did you get back on Friday?" read the same on every surface (never "Do you leave
on ...?" of a trip already under way, nor "Are you back on ...?" once that day is over).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from core.conversation.message_intake import speakers_zone
from core.conversation.question_notes import asks_after_leaving, asks_after_return
from core.domain.review_items import ReviewItem
from core.domain.user_clock import on_users_clock
from core.store.protocol import Store


async def _asked_with(
    store: Store, item: ReviewItem, group: Sequence[ReviewItem]
) -> list[ReviewItem]:
    """``item`` and what is asked with it (``group`` as shown, else its open ones), or
    nothing when ``item`` is no trip's."""
    if not item.field.startswith("travel."):
        return []  # a group's day line goes with a trip field
    asked = [item, *group]
    if len(asked) == 1 and item.kind == "change" and item.group_key is not None:
        asked += await store.open_review_items([item.entity_id], group_key=item.group_key)
    return asked


@dataclass(frozen=True)
class TripDays:
    """Whether a question about a trip's days asks of days gone by: its departure
    (``left``: "Did you leave on Wednesday?") and its return (``back_by``: "Did you get
    back on Friday?"). Both come from one read of the trip (``trip_days``)."""

    left: bool = False
    back_by: bool = False


async def trip_days(
    store: Store,
    item: ReviewItem,
    now: datetime | None = None,
    group: Sequence[ReviewItem] = (),
) -> TripDays:
    """Whether ``item`` asks a departure day of a trip that has left, and a return day gone
    by at ``now``, on the user's own clock; the trip's facts and the user's zone read once
    for both (every prompt asks both).

    ``left``: "Did you leave on Wednesday?" after "finally in tahoe, drove up today" (held
    under way or over). A day after the day it was asked, on the user's own clock (east of
    UTC her "today" can be UTC's tomorrow), is a day to leave, not one gone by; so is a
    departure asked beside a new trip planned. Shown at ``now`` after every day it asks, it
    asks of a day gone by whatever the trip (``question_notes.asks_after_leaving``).
    ``back_by``: "Did you get back on Friday, December 4?" on the 5th
    (``question_notes.asks_after_return``; never without a ``now``). ``group``: the
    question's items as shown, when they are closed by now, or as the caller just read them
    (``question_group.asked_with``); else its open ones are read here."""
    asked = await _asked_with(store, item, group)
    departs = any(m.field == "travel.depart_date" for m in asked)
    returns = now is not None and any(m.field == "travel.return_date" for m in asked)
    if not departs and not returns:
        return TripDays()
    facts = await store.facts(item.entity_id)
    zone = await speakers_zone(store, item.entity_id, facts)
    today = None if now is None else on_users_clock(now, zone).date().isoformat()
    left = False
    if departs:
        asked_on = on_users_clock(item.created_at, zone).date().isoformat()
        status = next((f.value for f in facts if f.field == "travel.status"), None)
        left = asks_after_leaving(asked, status, asked_on, today)
    return TripDays(left, returns and asks_after_return(asked, today))
