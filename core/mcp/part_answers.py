"""answer_question's no with ``parts``: those parts of a grouped question alone.

As the chat's "Which part is wrong?" (``core.conversation.wrong_parts``) and the HTTP
API's ``parts``: each part named is rejected alone (``core.engine.part_answers``, through
``answer_review``, so an agent's answer is refused or named as for any no) and the rest
of the group stays open, returned as asked again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from core.domain.principals import Principal
from core.domain.review_items import ReviewItem
from core.engine.engine import Engine
from core.engine.part_answers import reject_parts
from core.mcp.models import Answered
from core.mcp.shown import question_read
from core.signals.rules import Rule


async def parts_answered(
    engine: Engine,
    item: ReviewItem,
    parts: Sequence[str],
    *,
    now: datetime,
    answered_by: str,
    rules: Sequence[Rule],
    principal: Principal,
    entities: Sequence[str],
    reader: str,
    names: Mapping[str, str],
) -> Answered:
    """No to ``parts`` of ``item``'s group (``entities``: what the session reaches);
    ``item`` as it reads after it, the parts rejected and the rest asked again."""
    done = await reject_parts(
        engine,
        item.id,
        parts,
        now=now,
        answered_by=answered_by,
        rules=rules,
        principal=principal,
        entities=entities,
        reach=entities,
    )
    store = engine.store
    after = await store.review_item(item.id) or item
    return Answered(
        question=await question_read(store, after, reader, now, names),
        status=after.status,
        committed=False,
        committed_value=None,
        next_questions=[
            await question_read(store, r, reader, now, names)
            for a in done.answers
            for r in a.promoted
        ],
        parts_rejected=[
            await question_read(store, a.item, reader, now, names) for a in done.answers
        ],
        asked_again=[await question_read(store, r, reader, now, names) for r in done.rest],
    )
