"""The user's own newer word about their state settles what someone else said of it.

Bob said "alice is in tahoe"; before Alice answered "Bob says you're in Tahoe — is that
right?", she said "we got back home last night". Her own word is newer than Bob's and is
hers: Bob's question is closed as superseded (with the others of its group), so her own
question is asked at once and nothing she reads says "you're in Tahoe" again. What was
said of her by another member or an assistant (``core.conversation.reported_texts``) is
closed only by her own word, never by another's: a word about where she is closes what
was said of her whereabouts (her trip's fields go together), any other word what was said
of that same field ("my rent is 2,000" closes Bob's "alice's rent is 2100"). Newer means
by evidence time, not arrival: her word written yesterday that arrives after Bob's claim
of today (a backfilled message, a client that was offline) closes nothing of his.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Final

from core.domain.provenance import source_type_of
from core.domain.review_items import OPEN_STATUSES
from core.domain.whose_word import users_own_word
from core.engine.superseded import supersede
from core.signals.intake import REPORTED_FIELDS
from core.store import ReviewItem, Store

WHEREABOUTS: Final = ("travel.", "profile.home_city")
_FEEDS: Final = ("calendar", "email", "transactions_email", "execution")
"""Source types of a connected feed (a signals token): no member's or assistant's word."""
_SPOKE: Final = frozenset(["auto_commit", "ask_user"])
"""The decisions on the user's own observations that count as their word (not a duplicate,
an invalid one, or one set aside)."""


def said_by_someone_else(item: ReviewItem, user: str) -> bool:
    """Whether ``item`` is a change to ``user``'s own state another member or an
    assistant proposed (not the user, Canon, or a connected source)."""
    principal = item.principal or ""
    return (
        item.kind == "change"
        and item.entity_id == user
        and not users_own_word(item.principal, user)
        and principal.partition(":")[0] in ("user", "token")
        and not source_type_of(item.source_key).startswith(_FEEDS)
    )


def outdated_by(
    items: Sequence[ReviewItem],
    user: str,
    spoke_of: Mapping[str, datetime],
    said_at: Mapping[str, datetime] | None = None,
) -> list[ReviewItem]:
    """The open questions in ``items`` the user's own word about ``spoke_of`` (fields of
    theirs, each with the evidence time of the newest word about it) outdates: those
    someone else raised about the same field, or about their whereabouts when the word was
    about where they are, and said no later than her word (``said_at``: an item's evidence
    time by its id; an item without one counts as older); whole groups."""
    where = [t for f, t in spoke_of.items() if f.startswith(WHEREABOUTS)]
    times = said_at or {}

    def outdated(r: ReviewItem) -> bool:
        if r.status not in OPEN_STATUSES or not said_by_someone_else(r, user):
            return False
        words = [spoke_of[r.field]] if r.field in spoke_of else []
        if r.field.startswith(WHEREABOUTS):
            words += where
        said = times.get(r.id)
        return bool(words) and (said is None or said <= max(words))

    stale = [r for r in items if outdated(r)]
    groups = {r.group_key for r in stale if r.group_key is not None}
    return [
        r
        for r in items
        if r.status in OPEN_STATUSES
        and (r in stale or (r.group_key is not None and r.group_key in groups))
    ]


async def settle_said_of_user(
    store: Store,
    user: str,
    spoke_of: Mapping[str, datetime],
    now: datetime,
    max_pending: int,
) -> list[ReviewItem]:
    """Close what ``outdated_by`` finds for ``user`` as superseded; the questions then
    shown in their place."""
    if not any(f.startswith(REPORTED_FIELDS) for f in spoke_of):
        return []  # no read: nobody else's word is asked of a user about anything else
    waiting = await store.open_review_items([user])
    said_at: dict[str, datetime] = {}
    for field in {r.field for r in waiting if said_by_someone_else(r, user)}:
        when = {e.event_id: e.event_ts for e in await store.events_for(user, field)}
        said_at |= {
            r.id: when[r.event_id] for r in waiting if r.event_id in when and r.field == field
        }
    promoted: list[ReviewItem] = []
    for item in outdated_by(waiting, user, spoke_of, said_at):
        promoted += await supersede(store, item.id, now, max_pending)
    return promoted


def fields_spoken_of(
    outcomes: Sequence[object], user: str, said_at: Mapping[str, datetime]
) -> dict[str, datetime]:
    """The fields of ``user`` their own observations just spoke of, each with the evidence
    time of the newest of them (``said_at``: an observation's time by its event id; what
    the batch added beside them, a trip's other fields, takes the batch's newest time)."""
    newest = max(said_at.values(), default=None)
    spoke: dict[str, datetime] = {}
    for o in outcomes:
        if getattr(o, "entity_id", None) != user or getattr(o, "decision", None) not in _SPOKE:
            continue
        field = str(getattr(o, "field", ""))
        when = said_at.get(str(getattr(o, "event_id", "")), newest)
        if when is not None:
            spoke[field] = max(when, spoke.get(field, when))
    return spoke
