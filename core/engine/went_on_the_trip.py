"""A trip she planned, asked and never answered, whose day to leave has passed: did she go?

"going to tahoe thursday" asked as a plan ("Is your trip going to Tahoe? • Do you leave on
Thursday, December 3?") and left open lasts as long as its words (its end: the day back,
or a few days after leaving); the sweep then withdraws it (``PASSED``). Withdrawn alone,
the plan's destination and days were lost and a day back asked apart ("Are you back on
Monday, December 7?", typed in its own message) was left asking about a trip Canon does
not hold. Instead, when her own plan's day to leave is gone by and no trip is held, Canon
asks once, in its place: "Did you go to Tahoe on Thursday, December 3?". Yes: the trip
is under way, where it went, the day it left and its day back (the plan's, or the one
asked apart), all her confirmation; No: nothing is kept. The day back asked apart is
folded into that question (never asked about a trip not held).

The question is one group of changes (``kind="change"``) marked by their last reason
(``WENT_ASKED``), answered whole as any group is; ``went_question`` words it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime

from core.domain.ids import new_id
from core.domain.phrasing import show_date
from core.domain.state import Scalar
from core.domain.whose_word import users_own_word
from core.engine.conflicts import QUESTION_CONFIDENCE
from core.engine.consistency import calendar_day, today_where
from core.engine.superseded import supersede
from core.engine.trip_state import DEPART, DESTINATION, RETURN, STATUS
from core.store import NewReviewItem, ReviewItem, Store

WENT_ASKED = "its day to leave passed while it was asked"
"""The last reason of each part of the question whether she went on a trip she planned."""
SOURCE_PREFIX = "went-on-trip:"
"""Source key prefix of that question: one per plan left unanswered."""
FOLDED = "asked with whether you went on the trip"
"""Why a day back asked apart is closed: it is part of the question whether she went."""
_HELD = frozenset({"planning", "in_progress"})
"""A trip Canon holds: one planned or under way."""


def is_went_question(item: ReviewItem) -> bool:
    """Whether ``item`` is a part of the question whether she went on a trip she planned."""
    return item.kind == "change" and bool(item.reasons) and item.reasons[-1] == WENT_ASKED


def went_parts(group: Sequence[ReviewItem]) -> dict[str, Scalar]:
    """The question's parts by field: where the trip went, its days (what a Yes keeps)."""
    return {str(m.field): m.candidate_value for m in group if is_went_question(m)}


async def ask_whether_she_went(
    store: Store, entity_id: str, ended: Sequence[ReviewItem], now: datetime, max_pending: int
) -> tuple[list[ReviewItem], set[str]]:
    """Of ``ended`` (``entity_id``'s open questions whose words' end has passed, about to
    be withdrawn): each of her own trip plans whose day to leave is gone by while no trip
    is held is asked instead whether she went, once. Returns the questions promoted and
    the ids of the questions closed here (the day back asked apart, folded in)."""
    facts = {f.field: f.value for f in await store.facts(entity_id)}
    if facts.get(STATUS) in _HELD:
        return [], set()
    today = today_where(facts, now)
    promoted: list[ReviewItem] = []
    closed: set[str] = set()
    open_items = await store.open_review_items([entity_id])
    for plan in _plans_gone_by(ended, entity_id, today):
        parts = {str(m.field): m.candidate_value for m in plan}
        apart = [
            r
            for r in open_items
            if r.kind == "change"
            and r.field == RETURN
            and r.group_key != plan[0].group_key
            and users_own_word(r.principal, entity_id)
            and r.candidate_value is not None
        ]
        if RETURN not in parts and apart:
            parts[RETURN] = apart[-1].candidate_value
        for r in apart:
            promoted += await supersede(store, r.id, now, max_pending, reason=FOLDED)
            closed.add(r.id)
        promoted += await _ask(store, entity_id, plan[0], parts, now, max_pending)
    return [p for p in promoted if p.id not in closed], closed


def _plans_gone_by(
    ended: Sequence[ReviewItem], entity_id: str, today: date
) -> list[list[ReviewItem]]:
    """The groups of ``ended`` that plan a trip of her own words (a day to leave before
    ``today`` and a trip planned, or a place it goes)."""
    groups: dict[str, list[ReviewItem]] = {}
    for item in ended:
        if item.kind == "change" and item.group_key is not None and item.entity_id == entity_id:
            groups.setdefault(item.group_key, []).append(item)
    plans = []
    for group in groups.values():
        fields = {m.field: m.candidate_value for m in group}
        day = calendar_day(fields.get(DEPART))
        if (
            day is not None
            and day < today
            and (fields.get(STATUS) == "planning" or DESTINATION in fields)
            and all(users_own_word(m.principal, entity_id) for m in group)
        ):
            plans.append(sorted(group, key=lambda m: m.seq))
    return plans


async def _ask(
    store: Store,
    entity_id: str,
    said: ReviewItem,
    parts: dict[str, Scalar],
    now: datetime,
    max_pending: int,
) -> list[ReviewItem]:
    """The question whether she went, as one group: under way, where, the day it left,
    its day back. Asked once per plan (its source key)."""
    key = f"{SOURCE_PREFIX}{said.id}"
    if await store.review_items_from(entity_id, key):
        return []
    why = f"you planned to leave {show_date(parts[DEPART])} and never said whether you went"
    told = {f: parts[f] for f in (DESTINATION, DEPART, RETURN) if f in parts}
    values: dict[str, Scalar] = {STATUS: "in_progress", **told}
    promoted: list[ReviewItem] = []
    for field, value in values.items():
        part = NewReviewItem(
            id=new_id(),
            kind="change",
            event_id=None,
            entity_id=entity_id,
            field=field,
            candidate_value=value,
            current_value=None,
            confidence=QUESTION_CONFIDENCE,
            reasons=(why, WENT_ASKED),
            source_key=key,
            created_at=now,
            group_key=key,
        )
        promoted += await store.add_review_item(part, max_pending)
    return promoted
