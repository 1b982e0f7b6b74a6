"""An errand due "before we go" follows the trip: "actually we're leaving saturday now".

``core.engine.due_before_trip`` dates an errand said to be due "before we go" by the day
the trip leaves, and its evidence says so (``BEFORE_YOU_LEAVE``): the anchor. When the
user's day to leave is committed anew (said again, a question about it answered Yes, "we
left a day early"), each errand still due whose day came from the trip moves to the new
day, as part of that commit, with a reason ``/why`` shows ("due before you leave; you now
leave Saturday, November 28"). Where a day came from is read in the log: the words of the
due day's commit, or of the question a Yes to it confirmed. An errand the user dated
themselves ("by friday") has no anchor and keeps its day; one already done is not moved,
nor one due before a trip since over (the next trip is another trip); a trip called off
and planned again ("... friday after all") is still the going it was due before.

An errand due "when we're back" (``BACK_HOME``) follows the trip's day back the same way
("back the 8th instead", Yes: "due when you're back; you're now back Tuesday, December
8"), and the day she got home when she comes home early ("we're back already"): the trip
over does not leave it due on a day back that never came. A trip called off is ``core.engine.errand_trip_off``'s: asked, never moved.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime

from core.domain.errands import errands_of
from core.domain.ids import new_id
from core.domain.phrasing import show_date
from core.domain.state import CommittedFact, Scalar
from core.engine.conflicts import QUESTION_CONFIDENCE, Answered, Forced, settle_as_answered
from core.engine.consistency import FOLLOWS_TRIP, calendar_day
from core.engine.due_before_trip import BACK_HOME, BEFORE_YOU_LEAVE, anchor_of, is_anchored
from core.engine.superseded import supersede
from core.engine.trip_state import DEPART, RETURN, STATUS
from core.store import NewReviewItem, ReviewItem, Store

SOURCE_PREFIX = "errand-follows-trip:"
"""Source key prefix of the (at once settled) changes that move an errand with the trip."""

_TRIP_ON = frozenset({"planning", "in_progress"})
"""A trip whose day to leave still dates what had to be done before it."""


def is_errand_day(field: str | None) -> bool:
    """Whether ``field`` is an errand's due day (``financial.<errand>.due_date``): one
    committed after the trip's day moved (its question answered late) follows it too."""
    return field is not None and field.startswith("financial.") and field.endswith(".due_date")


async def follow_the_trip(
    store: Store, entity_id: str, now: datetime, max_pending: int, answered: Answered
) -> Forced:
    """Each errand of ``entity_id`` still due by a day that came from the trip, moved to
    the trip's day as committed now (its day to leave for one due "before we go", its day
    back for one due "when we're back"), settled as ``answered``'s (whose commit moved
    it). Once the trip is over (home, maybe early), only an errand due "when we're back"
    from that trip moves, to the day she got back; nothing while no trip is on or just over."""
    facts = {f.field: f for f in await store.facts(entity_id)}
    status = facts.get(STATUS)
    if status is None or status.value not in (*_TRIP_ON, "completed"):
        return Forced((), ())
    home = status.value == "completed"  # back early: the day back is the day she got home
    days = {
        BEFORE_YOU_LEAVE: _day(facts.get(DEPART)),
        BACK_HOME: _day(facts.get(RETURN)),
    }
    over = [
        h.committed_at
        for h in await store.history(entity_id, STATUS)
        if h.new_value == "completed"  # called off and on again: still "before we go"
    ]
    applied: list[ReviewItem] = []
    promoted: list[ReviewItem] = []
    for due in errands_due(facts, entity_id):
        ended = sum(at > due.committed_at for at in over)
        if ended > (1 if home else 0):
            continue  # due by a trip since over (home: by one before the trip just over)
        anchor = await day_from_the_trip(store, due)
        if home and anchor != BACK_HOME:
            continue  # what was due before going is not moved by coming home
        to = None if anchor is None else days[anchor]
        if to is None or calendar_day(due.value) == to:
            continue  # a day of her own, or on the trip's day already
        said = show_date(to.isoformat())
        now_on = (
            f"you now leave {said}"
            if anchor == BEFORE_YOU_LEAVE
            else f"you got back {said}"
            if home
            else f"you're now back {said}"
        )
        question = errand_day_change(
            due,
            to.isoformat(),
            (f"{anchor}; {now_on}", FOLLOWS_TRIP),
            f"{SOURCE_PREFIX}{due.field}={to.isoformat()}",
            now,
        )
        done = await settle_as_answered(store, question, now, max_pending, answered)
        applied += done.applied
        promoted += done.promoted
    ids = {q.id for q in applied}
    return Forced(tuple(applied), tuple(q for q in promoted if q.id not in ids))


def errand_day_change(
    due: CommittedFact, day: Scalar | None, reasons: tuple[str, ...], source_key: str, now: datetime
) -> NewReviewItem:
    """A change of the errand's due day ``due`` to ``day`` (None: forgotten), made by Canon
    for the trip it came from: settled at once as part of an answer, or asked."""
    return NewReviewItem(
        id=new_id(),
        kind="change",
        event_id=None,
        entity_id=due.entity_id,
        field=due.field,
        candidate_value=day,
        current_value=due.value,
        confidence=QUESTION_CONFIDENCE,
        reasons=reasons,
        source_key=source_key,
        created_at=now,
    )


def _day(fact: CommittedFact | None) -> date | None:
    return None if fact is None else calendar_day(fact.value)


DAY_DENIED = "the trip it was due before was denied"
"""Why an errand's day taken from a trip the user then said No to is no longer asked."""


async def drop_denied_trip_day(
    store: Store, entity_id: str, denied: Sequence[ReviewItem], now: datetime, max_pending: int
) -> list[ReviewItem]:
    """No to the trip's day to leave (``denied``: the questions the No settled): an
    errand's due day still asked that came from that day ("gotta return the amazon jacket
    before we go", typed while the trip waited for its Yes) came from a plan she just
    denied, so it is no longer asked; the errand is asked without a day. Returns the
    questions promoted in its place."""
    days = {r.candidate_value for r in denied if r.field == DEPART}
    if not days:
        return []
    asked = [
        r
        for r in await store.open_review_items([entity_id])
        if r.kind == "change" and is_errand_day(r.field) and r.candidate_value in days
    ]
    promoted: list[ReviewItem] = []
    for item in asked:
        events = {e.event_id: e for e in await store.events_for(entity_id, str(item.field))}
        said = events.get(item.event_id or "")
        if said is not None and is_anchored(said.evidence_text):
            promoted += await supersede(store, item.id, now, max_pending, reason=DAY_DENIED)
    return promoted


def errands_due(facts: dict[str, CommittedFact], entity_id: str) -> list[CommittedFact]:
    """The due days of ``entity_id``'s errands whose status is due, by errand."""
    errands = errands_of(facts.values(), entity_id)
    return [
        day
        for _slug, parts in sorted(errands.items())
        if (day := parts.get("due_date")) is not None
        and (status := parts.get("status")) is not None
        and status.value == "due"
    ]


async def day_from_the_trip(store: Store, due: CommittedFact) -> str | None:
    """Which of the trip's days ``due``'s day came from (``anchor_of``): its commit's words
    say so, or (a Yes to a question, whose commit has no words of its own) the words the
    question asked from. None: a day of the user's own."""
    events = await store.events_for(due.entity_id, due.field)
    by_id = {e.event_id: e for e in events}
    committed = by_id.get(due.event_id)
    if committed is not None and (anchor := anchor_of(committed.evidence_text)) is not None:
        return anchor
    if due.source_type != "user_confirmation" or due.source_ref is None:
        return None
    asked = await store.review_item(due.source_ref)
    said = None if asked is None or asked.event_id is None else by_id.get(asked.event_id)
    return None if said is None else anchor_of(said.evidence_text)
