"""Store rules the PostgreSQL backend applies in Python (pure functions).

SQLite keeps these in SQL (``sqlite_rows.PROMOTABLE``, the ``commits_fold_*``
triggers); here they are plain functions of what the writing transaction read,
so the result is the same on every backend.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from core.domain.records import CommitPlan


@dataclass(frozen=True)
class OpenQuestion:
    """An open (queued or pending) review item, as the pending cap sees it."""

    id: str
    seq: int
    status: str
    group_key: str | None


def promotable(open_items: Iterable[OpenQuestion], cap: int) -> list[str]:
    """Ids of one entity's queued items to show now, oldest first.

    A group (items sharing a group_key) is one question: promoted whole and
    counted once against ``cap``; a queued member of a group already shown
    joins it without taking a place. Other questions are shown oldest first
    while fewer than ``cap`` are shown.
    """
    units: dict[str, list[OpenQuestion]] = {}
    for item in sorted(open_items, key=lambda i: i.seq):
        units.setdefault(item.group_key or item.id, []).append(item)
    shown = {unit for unit, members in units.items() if any(m.status == "pending" for m in members)}
    waiting = [unit for unit in units if unit not in shown]  # oldest first: units keep seq order
    chosen = shown | set(waiting[: max(cap - len(shown), 0)])
    return [
        m.id
        for members in units.values()
        for m in members
        if m.status == "queued" and (m.group_key or m.id) in chosen
    ]


def settles_open_questions(commit: CommitPlan) -> bool:
    """Whether committing ``commit`` answers the open questions about its value.

    A new value does (those questions asked whether it is true); a retraction
    does not: it settles no question about any value.
    """
    return not commit.retract
