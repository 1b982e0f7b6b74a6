"""Conflicts between fields, put to the user as one question each.

After the engine commits to an entity it calls ``ask_about_conflicts``: every
conflict ``core.engine.consistency`` finds that names a field to fix becomes one
ordinary field-change question (kind ``change``, source key ``consistency:``
plus the conflict's key), so the bot and ``canon answer`` settle it like any
other: Yes applies the proposed fix to that field, No keeps everything as it is,
Edit sets that field to the value typed. A conflict is asked once: the same
contradiction between the same values, answered or not, is not asked again.
A question whose contradiction is gone (newer evidence fixed one side) is closed
as superseded.

The question is written after the commit, in its own transaction: if the process
dies in between, the next commit to the entity asks it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from contextlib import suppress
from datetime import datetime

from core.domain.ids import new_id
from core.domain.review_items import OPEN_STATUSES
from core.domain.state import CommittedFact
from core.engine.answers import answer_note
from core.engine.consistency import SOURCE_PREFIX, Conflict, find_conflicts
from core.errors import AlreadyAnswered
from core.store import NewReviewItem, ReviewItem, Store

QUESTION_CONFIDENCE = 0.0
"""A conflict question is not evidence for its proposed fix: it never competes with
observations of the field it asks about."""


async def ask_about_conflicts(
    store: Store, entity_ids: Iterable[str], now: datetime, max_pending: int
) -> list[ReviewItem]:
    """Open a question per new conflict of ``entity_ids`` and close those resolved.

    Returns the review items this promoted to pending (to be shown now).
    """
    promoted: list[ReviewItem] = []
    wanted = sorted(set(entity_ids))
    if not wanted:
        return promoted
    for entity in wanted:
        # Both reads are sent at once: one trip to the store, not two, after each
        # commit to a trip, home or time zone.
        facts, asked = await asyncio.gather(
            store.facts(entity), store.review_items_from(entity, SOURCE_PREFIX)
        )
        # Only contradictions between facts name a field to fix; disagreeing open
        # questions are listed in the context block, not asked again, so the open
        # questions (all entities' of them) need not be read on every commit.
        conflicts = [c for c in find_conflicts(facts, (), now) if c.suspect is not None]
        live = {c.source_key for c in conflicts}
        for item in asked:
            if item.status in OPEN_STATUSES and item.source_key not in live:
                note = answer_note("superseded", now, None)
                # Answered meanwhile (by another process): nothing left to close.
                with suppress(AlreadyAnswered):
                    promoted += await store.settle(
                        item.id, "superseded", note, now, None, None, max_pending
                    )
        known = {item.source_key for item in asked}
        current = {f.field: f for f in facts}
        for conflict in conflicts:
            if conflict.source_key not in known:
                question = _question(conflict, current, now)
                promoted += await store.add_review_item(question, max_pending)
    return promoted


def _question(conflict: Conflict, facts: dict[str, CommittedFact], now: datetime) -> NewReviewItem:
    assert conflict.suspect is not None
    fact = facts.get(conflict.suspect)
    return NewReviewItem(
        id=new_id(),
        kind="change",
        event_id=None,
        entity_id=conflict.entity_id,
        field=conflict.suspect,
        candidate_value=conflict.proposed,
        current_value=None if fact is None else fact.value,
        confidence=QUESTION_CONFIDENCE,
        reasons=(conflict.sentence,),
        source_key=conflict.source_key,
        created_at=now,
    )
