"""P0 false-state incidents: the user says a value Canon committed on its own was wrong.

A P0 is recorded (an ``incident`` policy event, key ``p0``, in the field's
domain) when, within the correction window (7 days) of an auto-commit that is
still the field's current value:

- the user sends ``/wrong <field>`` for it (the value is then put to them as
  a question that waits for the right value: an Edit, see ``propose_wrong``), or
- the user answers a question on that field with an Edit, replacing the value.

A value the user confirmed themselves is not a false state of Canon's: /wrong
on it asks for the right value but records no incident. The incident's id names
the auto-commit (``p0:<entity>:<field>:<seq>``), so /wrong followed by the Edit
it opens is one incident; the incident is that entity's (its rollback is its own). Each is followed by ``check_rollout``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from core.domain.fields import domain_of
from core.domain.phrasing import show
from core.domain.rollout import PolicyEvent
from core.domain.state import Scalar, value_key
from core.domain.timeutil import format_ts
from core.engine.corrections import check_own_word, propose_correction
from core.engine.engine import Engine
from core.engine.metrics_corrections import CORRECTION_WINDOW
from core.engine.rollback import RuleFired, check_rollout
from core.errors import NotFound
from core.store import HistoryEntry, ReviewItem


async def auto_commit_behind(
    engine: Engine, entity_id: str, field: str, now: datetime
) -> HistoryEntry | None:
    """The auto-commit that set ``field``'s current value, if within the correction window."""
    entries = await engine.store.history(entity_id, field)
    if not entries:
        return None
    last = entries[-1]
    if last.resolution != "auto_commit" or last.retracted:
        return None
    return last if now - last.committed_at <= CORRECTION_WINDOW else None


async def record_p0(
    engine: Engine, auto: HistoryEntry, how: str, now: datetime, right: Scalar = None
) -> list[RuleFired]:
    """Log the P0 for ``auto`` (once) and apply the rollback rules; what they changed."""
    said = f" (it is {show(right)})" if right is not None else ""
    reason = (
        f"the user said {auto.field} = {show(auto.new_value)}, auto-committed at "
        f"{format_ts(auto.committed_at)}, was wrong ({how}){said}"
    )
    event = PolicyEvent(
        f"p0:{auto.entity_id}:{auto.field}:{auto.seq}",
        now,
        "incident",
        domain_of(auto.field),
        "p0",
        None,
        {"entity_id": auto.entity_id, "field": auto.field, "value": auto.new_value, "how": how},
        reason,
        "owner",
        entity=auto.entity_id,
    )
    await engine.record_policy_events([event])
    return await check_rollout(engine, now)


def is_correction(auto: HistoryEntry | None, committed: bool, value: Scalar) -> bool:
    """Did an answer that committed ``value`` replace the auto-committed value?"""
    return (
        auto is not None
        and committed
        and (value is None or value_key(value) != value_key(auto.new_value))
    )


async def propose_wrong(
    engine: Engine,
    entities: Sequence[str],
    fields: Sequence[tuple[str, str]],
    now: datetime,
    *,
    principal: str | None = None,
    names: Mapping[str, str] | None = None,
) -> tuple[ReviewItem, bool]:
    """The user said the value of one of ``fields`` ((entity, field) pairs) is wrong.

    Records a P0 when Canon committed it alone; returns the question that asks for
    the right value (confirming it forgets the value, rejecting keeps it) and
    whether a P0 was recorded.
    """
    for entity, field in fields:
        fact = await engine.store.fact(entity, field)
        if fact is None or entity not in entities:
            continue
        # Another member's word on the household is theirs to call wrong (NotYours),
        # refused before anything is recorded.
        await check_own_word(engine, entity, field, principal, "correct", names)
        auto = await auto_commit_behind(engine, entity, field, now)
        if auto is not None:
            await record_p0(engine, auto, "/wrong", now)
        item = await propose_correction(
            engine,
            "wrong",
            entity,
            field,
            None,
            fact.value,
            ("said to be wrong",),
            now,
            suffix=f"{entity}:{field}",
            principal=principal,
            names=names,
        )
        return item, auto is not None
    raise NotFound("nothing is known about that")
