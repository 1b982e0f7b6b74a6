"""The user's own newer word about where they are settles what someone else said of it.

Bob said "alice is in tahoe"; before Alice answered "Bob says you're in Tahoe — is that
right?", she said "we got back home last night". Her own word is newer than Bob's and is
hers: Bob's question is closed as superseded (with the others of its group), so her own
question is asked at once and nothing she reads says "you're in Tahoe" again. What was
said of her by another member or an assistant (``core.conversation.reported_texts``) is
closed only by her own word, never by another's, and only about her whereabouts.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from datetime import datetime
from typing import Final

from core.domain.principals import SYSTEM
from core.domain.review_items import OPEN_STATUSES
from core.engine.answers import answer_note
from core.errors import AlreadyAnswered
from core.store import ReviewItem, Store

WHEREABOUTS: Final = ("travel.", "profile.home_city")
_SPOKE: Final = frozenset(["auto_commit", "ask_user"])
"""The decisions on the user's own observations that count as their word (not a duplicate,
an invalid one, or one set aside)."""


def said_by_someone_else(item: ReviewItem, user: str) -> bool:
    """Whether ``item`` is a change to ``user``'s whereabouts another member or an
    assistant proposed (not the user, Canon, or a connected source)."""
    principal = item.principal or ""
    return (
        item.kind == "change"
        and item.entity_id == user
        and item.field.startswith(WHEREABOUTS)
        and principal not in ("", user, SYSTEM.ref)
        and principal.partition(":")[0] in ("user", "token")
    )


def outdated_by(items: Sequence[ReviewItem], user: str, spoke_of: set[str]) -> list[ReviewItem]:
    """The open questions in ``items`` the user's own word about ``spoke_of`` (fields of
    theirs) outdates: those someone else raised about their whereabouts, whole groups."""
    if not any(f.startswith(WHEREABOUTS) for f in spoke_of):
        return []
    stale = [r for r in items if r.status in OPEN_STATUSES and said_by_someone_else(r, user)]
    groups = {r.group_key for r in stale if r.group_key is not None}
    return [
        r
        for r in items
        if r.status in OPEN_STATUSES
        and (r in stale or (r.group_key is not None and r.group_key in groups))
    ]


async def settle_said_of_user(
    store: Store, user: str, spoke_of: set[str], now: datetime, max_pending: int
) -> list[ReviewItem]:
    """Close what ``outdated_by`` finds for ``user`` as superseded; the questions then
    shown in their place."""
    if not any(f.startswith(WHEREABOUTS) for f in spoke_of):
        return []  # no read: most of what a user says is about something else
    promoted: list[ReviewItem] = []
    for item in outdated_by(await store.open_review_items([user]), user, spoke_of):
        note = answer_note("superseded", now, None)
        with suppress(AlreadyAnswered):  # answered meanwhile: nothing left to close
            promoted += await store.settle(
                item.id, "superseded", note, now, None, None, max_pending
            )
    return promoted


def own_word(outcomes: Sequence[object], user: str) -> set[str]:
    """The fields of ``user`` their own observations just spoke of."""
    return {
        str(getattr(o, "field", ""))
        for o in outcomes
        if getattr(o, "entity_id", None) == user and getattr(o, "decision", None) in _SPOKE
    }
