"""Closing a question as superseded: what it asked about is no longer in question (a
conflict resolved, a claim about the user outdated by their own word, a workspace line
deleted). One way for every caller, so a question another process answered meanwhile is
left as that answer made it."""

from __future__ import annotations

from contextlib import suppress
from datetime import datetime

from core.engine.answers import answer_note
from core.errors import AlreadyAnswered
from core.store import ReviewItem, Store


async def supersede(
    store: Store, item_id: str, now: datetime, max_pending: int, *, reason: str | None = None
) -> list[ReviewItem]:
    """Close open item ``item_id`` as superseded (no fact changes); returns the items
    promoted in its place, none when it was answered meanwhile. ``reason``: why, when it
    was not newer evidence (``PASSED``), kept in its answer."""
    note = answer_note("superseded", now, None)
    if reason is not None:
        note["reason"] = reason
    with suppress(AlreadyAnswered):  # answered meanwhile: nothing left to close
        return await store.settle(item_id, "superseded", note, now, None, None, max_pending)
    return []
