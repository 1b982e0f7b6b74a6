"""When an auto-commit counts as corrected by the user (the metrics' corrections rate,
and ``core.engine.learning`` and ``core.engine.incidents`` beside them).

Corrections. An auto-commit is *corrected* when the user says it was wrong:
the next commit to the same field, within ``CORRECTION_WINDOW`` of it, is the
user's answer to a correction they asked for (/wrong, /undo or /forget: a review
item whose source key is ``command:wrong``, ``command:undo`` or ``command:forget``)
and sets a different value or retracts it. A change the user confirms because the world moved on (a Yes or
an Edit to a question raised by newer evidence, "we're back") is not a
correction: the value was right when Canon committed it. Any other commit that
changes the value first ends the window: the auto-commit held. An auto-commit
whose correction window has not closed by ``now`` counts as not corrected so far.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta

from core.domain.event_log import EventRecord, HistoryEntry
from core.domain.review_items import ReviewItem
from core.domain.state import value_key

CORRECTION_WINDOW = timedelta(days=7)
USER_RESOLUTIONS = frozenset({"user_confirm", "user_edit"})

CORRECTION_COMMANDS = frozenset({"wrong", "undo", "forget"})
"""Review items by which the user sets a value Canon holds aside: their source key is
``command:<kind>`` or ``command:<kind>:...`` (core.engine.corrections)."""


def _is_correction_item(item: ReviewItem) -> bool:
    head, _, rest = item.source_key.partition(":")
    return head == "command" and rest.split(":", 1)[0] in CORRECTION_COMMANDS


def correcting_commits(
    events: Iterable[EventRecord], reviews: Iterable[ReviewItem]
) -> frozenset[str]:
    """Event ids of the user's commits that answered a correction (/wrong, /undo, /forget): the
    confirmation event names the review item it answered as its source ref."""
    asked = {r.id for r in reviews if _is_correction_item(r)}
    return frozenset(
        e.event_id for e in events if e.source_type == "user_confirmation" and e.source_ref in asked
    )


def correction_of(
    auto: HistoryEntry, later: Sequence[HistoryEntry], correcting: frozenset[str]
) -> HistoryEntry | None:
    """The user's commit that corrected ``auto`` within the window, if any (module doc)."""
    for entry in later:
        if entry.committed_at > auto.committed_at + CORRECTION_WINDOW:
            return None
        changed = entry.retracted or value_key(entry.new_value) != value_key(auto.new_value)
        if entry.resolution in USER_RESOLUTIONS and entry.event_id in correcting:
            return entry if changed else None
        if changed:
            return None
    return None


def corrected(
    auto: HistoryEntry, later: Sequence[HistoryEntry], now: datetime, correcting: frozenset[str]
) -> bool:
    """Was ``auto`` corrected by the user by ``now`` (see module doc)?"""
    fix = correction_of(auto, later, correcting)
    return fix is not None and fix.committed_at <= now
