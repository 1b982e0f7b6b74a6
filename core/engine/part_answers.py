"""A No to some parts of a grouped question, for the doors that answer by id (HTTP, MCP).

In the chat a No to a question of several parts asks "Which part is wrong?" and rejects
the part picked alone, the rest asked again as one (``core.conversation.wrong_parts``).
Over the HTTP API and MCP a No rejected the whole group; a client that knew which part
was wrong had no way to say it. ``reject_parts`` is that choice for them: each part
named is rejected alone, through ``answer_review`` as the chat's No is (so who may answer
is decided there, and an agent's answer is refused as before), and the rest of the group
stays open, to be asked again. Every part is checked first: one not open in the group
changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from core.domain.principals import SYSTEM, Principal
from core.domain.review_items import OPEN_STATUSES, ReviewItem
from core.engine.engine import AnswerResult, Engine
from core.engine.review import answer_review
from core.errors import InvalidAnswer, NotFound
from core.signals.rules import Rule


@dataclass(frozen=True)
class PartsRejected:
    """What a No to some parts did: each part's answer, and the group's open rest."""

    answers: tuple[AnswerResult, ...]
    rest: tuple[ReviewItem, ...]
    """The group's questions still open after it, asked again as one."""


def unknown_parts(item: ReviewItem, others: Sequence[ReviewItem], parts: Sequence[str]) -> str:
    """Why ``parts`` are not open parts of ``item``'s group (``others``: its other open
    questions); empty when they all are."""
    open_ids = {m.id for m in (item, *others) if m.status in OPEN_STATUSES}
    wrong = [p for p in parts if p not in open_ids]
    if not wrong:
        return ""
    return (
        f"{', '.join(repr(p) for p in wrong)}: not an open part of this question's group "
        "(the questions sharing its group, as the open questions list them)"
    )


async def reject_parts(
    engine: Engine,
    item_id: str,
    parts: Sequence[str],
    *,
    now: datetime,
    answered_by: str | None,
    rules: Sequence[Rule] = (),
    principal: Principal = SYSTEM,
    entities: Iterable[str] | None = (),
    reach: Iterable[str] | None = None,
) -> PartsRejected:
    """No to ``parts`` (ids of open questions of ``item_id``'s group, it among them or
    not), each alone; the rest of the group stays open. ``reach``: the entities the
    caller reaches (None: any); a question beyond it is ``NotFound``. ``InvalidAnswer``
    when a part is not open in the group, before anything changes."""
    read = await engine.store.question_and_group(item_id)
    if read is None or (reach is not None and read[0].entity_id not in set(reach)):
        raise NotFound(f"no question {item_id}")
    item, others, _ends = read
    if reason := unknown_parts(item, others, parts):
        raise InvalidAnswer(reason)
    answers = [
        await answer_review(
            engine,
            part,
            "reject",
            now=now,
            answered_by=answered_by,
            rules=rules,
            principal=principal,
            entities=entities,
        )
        for part in dict.fromkeys(parts)
    ]
    group = [item, *others]
    fresh = [await engine.store.review_item(m.id) for m in group if m.id not in parts]
    rest = tuple(m for m in fresh if m is not None and m.status in OPEN_STATUSES)
    return PartsRejected(tuple(answers), rest)
