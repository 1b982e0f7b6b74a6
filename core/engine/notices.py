"""Review items that are not a single field's change: what Canon found or did in the files.

``bootstrap``: beliefs ``canon migrate`` found in HEARTBEAT.md/MEMORY.md, kept or
dropped together (core/bootstrap.py). ``drift``: a hand edit inside a STATE zone
that the projection put back; the answer only acknowledges it, state is never
changed by it (the design: "create a drift review event, no direct state mutation").
"""

from __future__ import annotations

from datetime import datetime

from core.domain.ids import new_id
from core.domain.review_items import OPEN_STATUSES, ReviewStatus
from core.domain.settlements import Settlement
from core.engine.answers import answer_note
from core.engine.engine import AnswerResult, Engine
from core.errors import AlreadyAnswered, InvalidAnswer
from core.store import NewReviewItem, ReviewItem


async def acknowledge(
    engine: Engine,
    item: ReviewItem,
    action: str,
    *,
    now: datetime,
    answered_by: str | None = None,
) -> AnswerResult:
    """Close a notice: Yes and No both only record that the user saw it."""
    if action == "edit":
        raise InvalidAnswer(
            "write the change in the STATE-INPUT section (Manual Overrides) or tell me in chat"
        )
    if item.status not in OPEN_STATUSES:
        raise AlreadyAnswered(f"review item {item.id} is already {item.status}")
    status: ReviewStatus = "confirmed" if action == "confirm" else "discarded"
    return await close_notice(engine, item, status, action, now=now, answered_by=answered_by)


async def close_notice(
    engine: Engine,
    item: ReviewItem,
    status: ReviewStatus,
    action: str,
    *,
    now: datetime,
    answered_by: str | None = None,
    committed: bool = False,
) -> AnswerResult:
    """Settle a notice as ``status``, recording when and by whom it was answered."""
    answer = answer_note(action, now, answered_by)
    settlement = Settlement(status, answer, now, None, None)
    settled, promoted = await engine.settle_with(item.id, lambda _item, _fact: settlement)
    return AnswerResult(settled, status, committed=committed, promoted=tuple(promoted))


async def note_drift(engine: Engine, rel: str, entity_id: str, now: datetime) -> ReviewItem | None:
    """Tell the user a hand edit in ``rel``'s STATE zone was put back; one open notice per file."""
    source_key = f"drift:{rel}"
    for item in await engine.store.review_items(list(OPEN_STATUSES)):
        if item.kind == "drift" and item.source_key == source_key:
            return None
    notice = NewReviewItem(
        id=new_id(),
        kind="drift",
        event_id=None,
        entity_id=entity_id,
        field="drift",
        candidate_value=rel,
        current_value=None,
        confidence=1.0,
        reasons=(
            f"You edited {rel} inside Canon's section; I put it back.",
            "If you meant to change something, tell me or use the STATE-INPUT section "
            "(Manual Overrides).",
        ),
        source_key=source_key,
        created_at=now,
    )
    return await engine.ask(notice)
