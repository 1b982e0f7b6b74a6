"""The store's business rules, in plain Python, so every backend behaves the same.

Pure functions of plain records: each takes what a backend read inside its
transaction and returns what to change; the backend applies that in the same
transaction. Nothing here reads a clock or does I/O.

- ``promotable``: which queued review items are shown next (the pending cap).
- ``fold_commits``: the commit rows and the facts a run of commits leaves.
- ``settled_by_commit``: the open questions a commit answers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from core.domain.frozen_init import fast_init
from core.domain.state import CommittedFact, Scalar, value_key
from core.domain.whose_word import commit_settles
from core.domain.write_batch import CommitPlan

FieldKey = tuple[str, str]
"""(entity_id, field)"""


@fast_init
@dataclass(frozen=True)
class OpenQuestion:
    """What the pending cap needs to know of one open (queued or pending) review item."""

    id: str
    seq: int
    entity_id: str
    group_key: str | None
    pending: bool
    """Shown to the user already (status 'pending'); else queued."""


def promotable(open_items: Iterable[OpenQuestion], cap: int) -> list[str]:
    """Ids of the queued items to show now, in seq order.

    The cap is per entity: one person's flood of questions never holds back
    another's (nor do dead letters, which have an entity of their own). A group
    (items sharing a group_key) is one question: its members are shown together
    and count once against the cap, and a queued member of a group already shown
    joins it. Units not shown yet take the free places oldest first (by the
    lowest seq among their members).
    """
    units: dict[tuple[str, str], list[OpenQuestion]] = {}
    for item in open_items:
        units.setdefault((item.entity_id, item.group_key or item.id), []).append(item)
    shown = {key for key, members in units.items() if any(m.pending for m in members)}
    asked: dict[str, int] = {}
    for entity_id, _ in shown:
        asked[entity_id] = asked.get(entity_id, 0) + 1
    waiting = sorted(
        (key for key in units if key not in shown),
        key=lambda key: min(m.seq for m in units[key]),
    )
    chosen = set(shown)
    for key in waiting:
        entity_id = key[0]
        if asked.get(entity_id, 0) < cap:
            asked[entity_id] = asked.get(entity_id, 0) + 1
            chosen.add(key)
    promoted = [m for key in chosen for m in units[key] if not m.pending]
    return [m.id for m in sorted(promoted, key=lambda m: m.seq)]


@fast_init
@dataclass(frozen=True)
class FoldedCommit:
    """One commit row as stored: the plan, its version and the value it replaced."""

    plan: CommitPlan
    version: int
    old_value: Scalar


@fast_init
@dataclass(frozen=True)
class Fold:
    """What a run of commits writes: their rows, in order, and the facts they leave."""

    commits: tuple[FoldedCommit, ...]
    facts: Mapping[FieldKey, CommittedFact | None]
    """The fact of every field committed to, after the last commit; None: retracted."""


def fold_commits(
    plans: Sequence[CommitPlan],
    facts: Mapping[FieldKey, CommittedFact | None],
    versions: Mapping[FieldKey, int],
) -> Fold:
    """Fold ``plans`` in order into the current ``facts`` and last ``versions`` of their fields.

    Versions count every commit of a field, retractions included; a fact is the
    last commit's value, or gone after a retraction.
    """
    current: dict[FieldKey, CommittedFact | None] = {}
    last: dict[FieldKey, int] = {}
    rows = []
    for plan in plans:
        key = (plan.entity_id, plan.field)
        before = current[key] if key in current else facts.get(key)
        version = last.get(key, versions.get(key, 0)) + 1
        rows.append(FoldedCommit(plan, version, None if before is None else before.value))
        last[key] = version
        current[key] = None if plan.retract else plan.as_fact(version)
    return Fold(tuple(rows), current)


def settled_by_commit(
    plan: CommitPlan, open_items: Iterable[tuple[str, str, str | None]]
) -> list[str]:
    """Ids of the open questions about ``plan``'s field, given as (id, value_key, who
    raised it), that the commit answers: those proposing the value just committed, but
    never another household member's (``commit_settles``; tokens unread, as PostgreSQL's
    ``_SETTLE`` reads none). A retraction answers none."""
    if plan.retract:
        return []
    committed = value_key(plan.value)
    return [
        item_id
        for item_id, key, raised_by in open_items
        if key == committed and commit_settles(plan.entity_id, plan.principal, raised_by, None)
    ]
