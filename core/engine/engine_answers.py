"""The engine's part that applies the user's answers to the questions it raised.

``Engine`` is made of this and the ingest path (``core.engine.engine``): an answer
settles its question and commits what it says in one store transaction, holding its
entity's lock in the engine (``core.engine.entity_locks``), as an ingest holds its entities'.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, Literal

from core.domain.errands import asks_which_errand
from core.domain.policy import Policy
from core.domain.principals import SYSTEM, Principal
from core.domain.review_items import OPEN_STATUSES, PASSED, ReviewStatus
from core.domain.settlements import GroupSettled, Settlement
from core.domain.state import CommittedFact, Scalar
from core.engine.answers import (
    STATUS_AFTER,
    coerce_value,
    confirmation_record,
    held_edit,
)
from core.engine.conflicts import (
    DAY_COME_KINDS,
    Answered,
    Forced,
    end_move_not_made,
    settle_timeline,
)
from core.engine.consistency import is_move_day_question, touches_timeline
from core.engine.entity_locks import EntityLocks
from core.engine.errand_follows_trip import (
    drop_denied_trip_day,
    follow_the_trip,
    is_errand_day,
)
from core.engine.errand_trip_off import (
    ask_errands_of_a_trip_off,
    forget_declined_day,
    is_trip_off_question,
)
from core.engine.outcomes import AnswerAction, AnswerResult
from core.engine.plan_declined import others_word_on_no_trip
from core.engine.superseded import supersede
from core.engine.went_on_the_trip import ask_whether_she_went
from core.engine.write_records import settlement
from core.errors import AlreadyAnswered, InvalidAnswer, NotFound
from core.store import ReviewItem
from core.store.group_reads import question_ends
from core.store.protocol import DecideSettlement, StoreBackend


class UserAnswers:
    """Confirm, reject or edit a field change the resolver asked about (alone or with
    its group)."""

    store: StoreBackend
    policy: Policy
    _locks: EntityLocks

    async def _change_item(self, item_id: str, read: ReviewItem | None = None) -> ReviewItem:
        """The review item ``item_id``, which must be a field change (``read``: as the
        caller read it; only what never changes is taken from it, see ``answer``)."""
        item = read if read is not None and read.id == item_id else None
        if item is None:
            item = await self.store.review_item(item_id)
        if item is None:
            raise NotFound(f"no review item {item_id}")
        if item.kind != "change":
            # Answering a dead letter or a notice may ingest through this engine,
            # which must not happen under its locks: core.engine.review answers those.
            raise InvalidAnswer(f"{item_id} is a {item.kind} question: use core.engine.review")
        return item

    async def answer(
        self,
        item_id: str,
        action: AnswerAction,
        value: Any = None,
        *,
        now: datetime,
        answered_by: str | None = None,
        principal: Principal = SYSTEM,
        item: ReviewItem | None = None,
        seen: datetime | None = None,
    ) -> AnswerResult:
        """Apply the user's confirm, reject or edit(value) to a review item; what it
        commits is recorded as ``principal``'s, who answered (``core.engine.review``
        checks it may). ``seen``: when the newer word shown with the question was
        committed; a Yes over a person's newer word not shown is ``Overtaken``
        (``core.domain.overtaken``), nothing changed.

        ``item``: the item as the caller read it, not read again. Only what never
        changes once an item exists is taken from it (kind, entity, field, group,
        candidate); whether it is still open is read under the entity's lock, in the
        store's transaction that settles it (``AlreadyAnswered`` otherwise).

        An edit changes only the question it answers: a part of a grouped question
        whose other parts are still open is not committed alone; its new value is
        asked again with them (``held_edit``) and commits on the group's Yes.
        """
        # An item's entity never changes: read it, then hold that entity's lock.
        item = await self._change_item(item_id, item)
        async with self._locks.hold([item.entity_id]):
            if action == "edit":
                value = coerce_value(item.field, value, at=now, sample=item.candidate_value)
            _still_open(item)
            if action == "edit" and await self._others_open(item):
                return await self._hold_edit(item, value, now, answered_by)
            status: ReviewStatus = STATUS_AFTER[action]
            chosen = item.candidate_value if action == "confirm" else value
            ends = await self._ends([item]) if action == "confirm" else {}
            decide = settlement(action, value, now, answered_by, principal, ends, seen)
            # The item comes back as settled: not read again.
            done = await self.store.settle_group([item.id], decide, self.policy.max_pending)
            promoted = done.promoted
            forced = await self._forced(item, action, [item], now, answered_by, principal)
            return AnswerResult(
                done.settled[0],
                status,
                committed_value=None if action == "reject" else chosen,
                committed=action != "reject",
                promoted=(*promoted, *forced.promoted),
                implied=forced.applied,
            )

    async def _forced(
        self,
        item: ReviewItem,
        action: AnswerAction,
        settled: Sequence[ReviewItem],
        now: datetime,
        answered_by: str | None,
        principal: Principal,
    ) -> Forced:
        """After an answer committed to a trip, home or time zone: the fixes it forces,
        applied as part of it, then a question for each conflict left. No to "Have you
        moved to Denver?" on the day ends the plan as part of that No."""
        said = Answered(frozenset(m.field for m in settled), answered_by, principal)
        if action != "reject" and any(touches_timeline(m.field) for m in settled):
            fixed = await settle_timeline(
                self.store, item.entity_id, now, self.policy.max_pending, said
            )
            # The trip's day to leave, confirmed or fixed: what was due before going follows.
            moved = await follow_the_trip(
                self.store, item.entity_id, now, self.policy.max_pending, said
            )
            # The trip called off: what was due by its days is asked whether it keeps them.
            off = await ask_errands_of_a_trip_off(
                self.store, item.entity_id, now, self.policy.max_pending
            )
            return Forced(
                (*fixed.applied, *moved.applied), (*fixed.promoted, *moved.promoted, *off)
            )
        if action != "reject" and any(is_errand_day(m.field) for m in settled):
            # "Is the Amazon return due Sunday?" answered after the trip moved to Saturday.
            return await follow_the_trip(
                self.store, item.entity_id, now, self.policy.max_pending, said
            )
        if action == "reject" and (
            off := await others_word_on_no_trip(
                self.store, item.entity_id, settled, now, self.policy.max_pending
            )
        ):
            return Forced((), tuple(off))
        if action == "reject" and is_trip_off_question(item):
            return await forget_declined_day(self.store, item, now, self.policy.max_pending, said)
        if action == "reject" and (
            denied := await drop_denied_trip_day(
                self.store, item.entity_id, settled, now, self.policy.max_pending
            )
        ):
            return Forced((), tuple(denied))
        if action == "reject" and is_move_day_question(item):
            return await end_move_not_made(
                self.store, item.entity_id, now, self.policy.max_pending, said
            )
        return Forced((), ())

    async def _ends(self, items: Sequence[ReviewItem]) -> dict[str, datetime]:
        """The end each question's words gave ("kids r at their dads till sunday"), by
        its event id (``question_ends``), so that a Yes keeps it as an auto-commit would."""
        return await question_ends(items, self.store.events_for)

    async def review_timeline(self, entity_id: str, now: datetime) -> tuple[ReviewItem, ...]:
        """What the day brings, with nothing said: a plan whose day has come is asked now
        ("Have you moved to Denver?"), once. The sweep calls it. Returns the questions
        promoted to be shown."""
        async with self._locks.hold([entity_id]):
            done = await settle_timeline(
                self.store, entity_id, now, self.policy.max_pending, only=DAY_COME_KINDS
            )
            over = await self._withdraw_ended(entity_id, now)
        return (*done.promoted, *over)

    async def _withdraw_ended(self, entity_id: str, now: datetime) -> list[ReviewItem]:
        """A question whose words gave an end now past ("kids r at their dads till sunday",
        still open on Monday) asks about nothing any more: closed as superseded rather than
        put as "Are your kids away today?" about a day gone by. Returns the questions
        promoted in its place."""
        asked = [i for i in await self.store.open_review_items([entity_id]) if i.kind == "change"]
        ends = await self._ends(asked)
        ended = [i for i in asked if (end := ends.get(i.event_id or "")) is not None and end <= now]
        # Her plan whose day to leave went by unanswered: whether she went, in its place.
        promoted, closed = await ask_whether_she_went(
            self.store, entity_id, ended, now, self.policy.max_pending
        )
        for item in ended:
            if item.id not in closed:
                promoted += await supersede(
                    self.store, item.id, now, self.policy.max_pending, reason=PASSED
                )
        gone = closed | {i.id for i in ended}
        return [p for p in promoted if p.id not in gone]

    async def _others_open(self, item: ReviewItem) -> bool:
        """Whether ``item``'s group has open parts besides ``item``."""
        if item.group_key is None:
            return False
        members = await self.store.open_review_items([item.entity_id], group_key=item.group_key)
        return any(m.id != item.id for m in members)

    async def _hold_edit(
        self, item: ReviewItem, value: Scalar, now: datetime, answered_by: str | None
    ) -> AnswerResult:
        """Settle the edited part and ask its new value with the rest, in one transaction."""
        follow_up = held_edit(item, value, now)

        def decide(open_item: ReviewItem, _old: CommittedFact | None) -> Settlement:
            record = confirmation_record(open_item, "edit", value, now, answered_by)
            return Settlement("edited", record, now, follow_up=follow_up)

        done = await self.store.settle_group([item.id], decide, self.policy.max_pending)
        held = await self.store.review_item(follow_up.id)
        assert held is not None
        return AnswerResult(done.settled[0], "edited", promoted=tuple(done.promoted), held=held)

    async def answer_group(
        self,
        item_id: str,
        action: Literal["confirm", "reject"],
        *,
        now: datetime,
        answered_by: str | None = None,
        principal: Principal = SYSTEM,
        item: ReviewItem | None = None,
        others: Sequence[ReviewItem] | None = None,
        ends: Mapping[str, datetime] | None = None,
        seen: datetime | None = None,
    ) -> AnswerResult:
        """Confirm or reject ``item_id`` and every open item of its group, in one transaction.

        The result describes ``item_id``; ``group`` lists every item settled. An item
        without a group is answered alone, as ``answer`` does (``item`` as there).
        ``others``: the rest of the group as the caller read it with ``item``
        (``Store.question_and_group``), not read again; if one of them was answered
        since, the group is read again and answered as it is now. ``ends``: the ends
        their words gave, read with them (``question_ends``; read here when None).
        ``seen`` as for ``answer``: one part's newer word not shown refuses the whole Yes.
        """
        item = await self._change_item(item_id, item)
        async with self._locks.hold([item.entity_id]):  # a group is one entity's
            _still_open(item)
            found: dict[str, datetime] = {}
            decide = settlement(action, None, now, answered_by, principal, found, seen)
            if action == "confirm" and asks_which_errand(item.group_key):
                # "returned it" with two errands open: the one chosen went back, not the rest.
                decide = _one_of(
                    item.id, decide, settlement("reject", None, now, answered_by, principal)
                )
            done = None
            if others is not None:
                if action == "confirm":
                    found.update(await self._ends([item, *others]) if ends is None else ends)
                with contextlib.suppress(AlreadyAnswered):  # a part answered meanwhile
                    done = await _settle(
                        self.store, [item, *others], decide, self.policy.max_pending
                    )
            if done is None:
                members = [item]
                if item.group_key is not None:
                    members += [
                        m
                        for m in await self.store.open_review_items(
                            [item.entity_id], group_key=item.group_key
                        )
                        if m.id != item.id
                    ]
                if action == "confirm":
                    found.update(await self._ends(members))
                done = await _settle(self.store, members, decide, self.policy.max_pending)
            forced = await self._forced(item, action, done.settled, now, answered_by, principal)
            group = tuple(done.settled)
            return AnswerResult(
                group[0],
                STATUS_AFTER[action],
                committed_value=None if action == "reject" else item.candidate_value,
                committed=action != "reject",
                promoted=(*done.promoted, *forced.promoted),
                group=group,
                implied=forced.applied,
            )


async def _settle(
    store: StoreBackend, members: Sequence[ReviewItem], decide: DecideSettlement, max_pending: int
) -> GroupSettled:
    # The items come back as settled: not read again, one by one.
    return await store.settle_group([m.id for m in members], decide, max_pending)


def _one_of(chosen: str, yes: DecideSettlement, no: DecideSettlement) -> DecideSettlement:
    """Settle the item ``chosen`` as ``yes`` does and every other part as ``no`` does."""

    def decide(open_item: ReviewItem, old: CommittedFact | None) -> Settlement:
        return (yes if open_item.id == chosen else no)(open_item, old)

    return decide


def _still_open(item: ReviewItem) -> None:
    """``AlreadyAnswered`` now if ``item`` was read settled: an answered item is never
    open again, so the store's transaction would refuse it (it still checks, under the
    entity's lock, an item read open). Refused here, no transaction is begun and rolled
    back (on PostgreSQL a rollback also drops the connection's prepared statements), and
    the group is not read: the second of a group's questions answered after the group's
    Yes is the common case."""
    if item.status not in OPEN_STATUSES:
        raise AlreadyAnswered(f"review item {item.id} is already {item.status}")
