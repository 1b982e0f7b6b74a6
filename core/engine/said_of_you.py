"""The user's own newer word about their state settles what someone else said of it.

Bob said "alice is in tahoe"; before Alice answered "Bob says you're in Tahoe — is that
right?", she said "we got back home last night". Her own word is newer than Bob's and is
hers: Bob's question is closed as superseded (with the others of its group), so her own
question is asked at once and nothing she reads says "you're in Tahoe" again. What was
said of her by another member or an assistant (``core.conversation.reported_texts``) is
closed only by her own word, never by another's: a word about where she is closes what
was said of her whereabouts (her trip's fields go together), any other word what was said
of that same field ("my rent is 2,000" closes Bob's "alice's rent is 2100").
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from datetime import datetime
from typing import Final

from core.domain.principals import SYSTEM
from core.domain.provenance import source_type_of
from core.domain.review_items import OPEN_STATUSES
from core.engine.answers import answer_note
from core.errors import AlreadyAnswered
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
        and principal not in ("", user, SYSTEM.ref)
        and principal.partition(":")[0] in ("user", "token")
        and not source_type_of(item.source_key).startswith(_FEEDS)
    )


def outdated_by(items: Sequence[ReviewItem], user: str, spoke_of: set[str]) -> list[ReviewItem]:
    """The open questions in ``items`` the user's own word about ``spoke_of`` (fields of
    theirs) outdates: those someone else raised about the same field, or about their
    whereabouts when the word was about where they are; whole groups."""
    where = any(f.startswith(WHEREABOUTS) for f in spoke_of)

    def outdated(r: ReviewItem) -> bool:
        same = r.field in spoke_of or (where and r.field.startswith(WHEREABOUTS))
        return same and r.status in OPEN_STATUSES and said_by_someone_else(r, user)

    stale = [r for r in items if outdated(r)]
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
    if not any(f.startswith(REPORTED_FIELDS) for f in spoke_of):
        return []  # no read: nobody else's word is asked of a user about anything else
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
