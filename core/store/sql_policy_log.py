"""The policy-change log's rows, shared by the SQL backends.

One table, ``policy_events``, append-only and unique by ``event_id``; old and
new values are kept as JSON text so any value a policy event carries (a number,
a stage name, an incident's details) survives the round trip unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from core.domain.rollout import Actor, PolicyEvent, PolicyEventKind

POLICY_COLUMNS = "seq, event_id, at, kind, domain, key, old, new, reason, actor, entity"


INSERT_COLUMNS = "event_id, at, kind, domain, key, old, new, reason, actor, entity"


def insert_values(event: PolicyEvent, at: Any) -> tuple[Any, ...]:
    """The values for ``INSERT_COLUMNS``, with ``at`` as the driver stores times."""
    return (
        event.event_id,
        at,
        event.kind,
        event.domain,
        event.key,
        json.dumps(event.old, sort_keys=True),
        json.dumps(event.new, sort_keys=True),
        event.reason,
        event.actor,
        event.entity,
    )


def policy_event(r: Sequence[Any], at: datetime) -> PolicyEvent:
    return PolicyEvent(
        event_id=str(r[1]),
        at=at,
        kind=cast(PolicyEventKind, r[3]),
        domain=r[4],
        key=str(r[5]),
        old=json.loads(r[6]),
        new=json.loads(r[7]),
        reason=str(r[8]),
        actor=cast(Actor, r[9]),
        seq=int(r[0]),
        entity=r[10],
    )
