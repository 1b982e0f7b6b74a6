"""The single writer: validate, resolve, persist.

Every input passes through ``Engine.ingest``: a payload that fails its schema
goes to the dead-letter queue and changes nothing; a valid one is resolved by
the pure resolver and its whole effect (event, decision, commit, review item,
audit line) is stored in one transaction. The state the resolver reads is read
inside that same write transaction, so what it read is still true when its
decision lands, even with other processes (a cron poll beside the bot) writing.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any, Literal

from core.domain.audit import audit_line
from core.domain.evidence_time import evidence_errors
from core.domain.ids import derived_id, new_id
from core.domain.models import StateObservation, parse_checked
from core.domain.policy import Policy
from core.domain.principals import SYSTEM, Principal
from core.domain.records import (
    ApiToken,
    Escalation,
    ReviewStatus,
    Settlement,
    SourceState,
    WriteBatch,
)
from core.domain.resolver import Decision, change_patch, resolve
from core.domain.rollout import PolicyEvent
from core.domain.snapshot import FieldSnapshot, advance
from core.domain.state import CommittedFact, Scalar, value_key
from core.engine.answers import (
    STATUS_AFTER,
    coerce_value,
    confirmation_event,
    confirmation_record,
    held_edit,
)
from core.engine.conflicts import ask_about_conflicts
from core.engine.consistency import touches_timeline
from core.engine.dead_letter_intake import dead_letter_for
from core.engine.rollout_state import PolicyInForce, RolloutReader
from core.engine.trip_state import (
    TRIP_FIELDS,
    companion_ids,
    companions_of,
    follow,
    stated_fields,
    with_trip_corroborators,
)
from core.errors import InvalidAnswer, NotFound, PayloadInvalid, TooManyQuestions
from core.store import Accepted, CommitPlan, DeadLetter, NewReviewItem, ReviewItem
from core.store.protocol import DecideSettlement, EventOwner, SeenEvents, StoreBackend

OutcomeKind = Literal["auto_commit", "ask_user", "tentative_reject", "duplicate", "invalid"]
AnswerAction = Literal["confirm", "reject", "edit"]
MAX_REASON = 160


@dataclass(frozen=True)
class Outcome:
    """What happened to one input payload."""

    decision: OutcomeKind
    event_id: str | None
    entity_id: str | None
    field: str | None
    candidate_value: Any
    confidence: float | None = None
    margin: float | None = None
    reasons: tuple[str, ...] = ()
    errors: tuple[str, ...] = ()
    committed: bool = False
    corroborated: bool = False
    """Accepted as support for the value already committed; nothing changed."""
    review_item_id: str | None = None
    promoted: tuple[ReviewItem, ...] = ()
    previous_value: Scalar = None


@dataclass(frozen=True)
class AnswerResult:
    item: ReviewItem
    status: str
    committed_value: Scalar = None
    committed: bool = False
    promoted: tuple[ReviewItem, ...] = field(default_factory=tuple)
    group: tuple[ReviewItem, ...] = ()
    """Every item a group answer settled (``item`` first); empty for a single answer."""
    held: ReviewItem | None = None
    """An edited part of a grouped question whose other parts are open: the question
    that now carries the new value, answered with them (nothing was committed)."""


class Engine:
    """Canon's consistency engine over one store and one policy."""

    def __init__(self, store: StoreBackend, policy: Policy) -> None:
        self.store = store
        self.policy = policy
        self.rollout = RolloutReader(store, policy)
        self._lock = asyncio.Lock()

    async def ingest(
        self, payload: Any, *, now: datetime, principal: Principal = SYSTEM
    ) -> Outcome:
        """Validate, resolve and persist one StateObservation payload (one transaction)."""
        return (await self.ingest_batch([payload], now=now, principal=principal))[0]

    async def ingest_many(
        self,
        payloads: Iterable[Any],
        *,
        now: datetime,
        batch_size: int = 256,
        principal: Principal = SYSTEM,
    ) -> AsyncIterator[Outcome]:
        """Ingest payloads in order, ``batch_size`` per durable commit (group commit)."""
        batch: list[Any] = []
        for payload in payloads:
            batch.append(payload)
            if len(batch) >= batch_size:
                for outcome in await self.ingest_batch(batch, now=now, principal=principal):
                    yield outcome
                batch = []
        if batch:
            for outcome in await self.ingest_batch(batch, now=now, principal=principal):
                yield outcome

    async def ingest_batch(
        self, payloads: Sequence[Any], *, now: datetime, principal: Principal = SYSTEM
    ) -> list[Outcome]:
        """Validate, resolve and persist ``payloads`` in order, in one transaction.

        Each observation is resolved against the state its predecessors in the
        batch left behind (a pure fold over snapshots read once), so the result
        is the same as ingesting them one by one, and a crash keeps all or none.

        ``principal`` made the write: it is stored with every event and question.
        Event ids are idempotent per entity and principal (``_own_event_id``): an id
        another principal or entity used first never makes this one a duplicate.

        An agent principal may have at most ``policy.max_agent_questions`` open questions
        about one entity: a batch that would raise one more is refused whole
        (``TooManyQuestions``) and nothing of it is recorded, so the agent hears it.
        """
        checked: list[tuple[Any, list[str]]] = [
            (p, evidence_errors("state_observation", p, now, self.policy.clock_skew))
            for p in payloads
        ]
        observations = [
            parse_checked(StateObservation, "state_observation", p)
            for p, errors in checked
            if not errors
        ]
        since = now - timedelta(hours=self.policy.corroboration_window_hours)
        # One coherent trip: a trip word is corroborated by the trip's other fields, and
        # what it implies for them is decided right after it, with it (its outcome is
        # reported after the batch's own). Both are read from the write transaction's
        # snapshots as the batch folds, so a batch is the same as its observations one
        # by one, and two processes writing at once give what some serial order gives.
        travellers = sorted({o.entity_id for o in observations if o.domain == "travel"})
        trip_keys = [(e, f) for e in travellers for f in TRIP_FIELDS]
        stated = stated_fields(observations)
        ids = [
            *((o.entity_id, o.event_id) for o in observations),
            *((o.entity_id, cid) for o in observations for cid in companion_ids(o)),
        ]
        # Each id the batch may log, and the caller's own in its place (``_own_event_id``).
        maybe_ids = [x for e, i in ids for x in (i, _own_event_id(e, i, principal))]

        def decide(
            snaps: dict[tuple[str, str], FieldSnapshot], seen: SeenEvents
        ) -> tuple[WriteBatch, list[Outcome]]:
            raised = dict(asked)  # the agent's open questions per entity, as the batch adds
            in_force = forced if forced is not None else self.rollout.in_force_read(pairs, reads)
            if in_force is None:
                raise _RolloutMoved
            outcomes: list[Outcome] = []
            implied: list[Outcome] = []
            accepted: list[Accepted] = []
            superseded: list[tuple[str, datetime]] = []
            corroborated: dict[tuple[str, str], None] = {}
            duplicates: list[tuple[str, datetime]] = []
            letters: list[DeadLetter] = []
            parsed = iter(observations)

            def trip_of(entity: str) -> list[CommittedFact]:
                return [c for f in TRIP_FIELDS if (c := snaps[(entity, f)].committed) is not None]

            def take(
                given: StateObservation, leader: tuple[Decision, str] | None
            ) -> tuple[Outcome, Decision | None]:
                assert in_force is not None
                """Decide one observation on the state folded so far (None: a duplicate)."""
                owner = (given.entity_id, principal.ref)
                stored_id = given.event_id
                if not _owned_by(seen.get(stored_id), owner):
                    # Another principal's (or entity's) event has this id: ours is
                    # logged under an id of our own, the same on every retry.
                    stored_id = _own_event_id(given.entity_id, given.event_id, principal)
                if stored_id in seen:
                    duplicates.append((stored_id, now))
                    dup = Outcome(
                        "duplicate",
                        given.event_id,
                        given.entity_id,
                        given.field,
                        given.candidate_value,
                    )
                    return dup, None
                seen[stored_id] = owner
                obs = (
                    given
                    if stored_id == given.event_id
                    else given.model_copy(update={"event_id": stored_id})
                )
                key = (obs.entity_id, obs.field)
                outcome, record, decision = self._decide(
                    obs, snaps[key], now, in_force, principal, leader
                )
                if outcome.review_item_id is not None and principal.kind == "agent":
                    raised[obs.entity_id] = raised.get(obs.entity_id, 0) + 1
                    if raised[obs.entity_id] > self.policy.max_agent_questions:
                        raise TooManyQuestions(obs.entity_id, self.policy.max_agent_questions)
                snaps[key], closed = advance(snaps[key], record, since)
                superseded.extend((item_id, now) for item_id in closed)
                if record.corroborate:
                    corroborated[key] = None
                accepted.append(record)
                # The caller hears of its own id, whichever id the log keeps.
                if outcome.event_id != given.event_id:
                    outcome = replace(outcome, event_id=given.event_id)
                return outcome, decision

            for payload, errors in checked:
                if errors:
                    letter = dead_letter_for(
                        "state_observation", payload, errors, now, principal.ref
                    )
                    letters.append(letter)
                    outcomes.append(_invalid_outcome(payload, letter.event_id, errors))
                    continue
                given = next(parsed)
                trip = trip_of(given.entity_id) if given.domain == "travel" else []
                if trip:
                    given = with_trip_corroborators(given, trip, now)
                outcome, decision = take(given, None)
                outcomes.append(outcome)
                if decision is None:
                    continue
                for companion in companions_of(given, trip, now, stated):
                    implied.append(take(companion, (decision, given.field))[0])
            outcomes.extend(implied)
            batch = WriteBatch(
                decided_at=now,
                accepted=tuple(accepted),
                superseded=tuple(superseded),
                corroborated=tuple(
                    c for k in corroborated if (c := snaps[k].committed) is not None
                ),
                duplicates=tuple(duplicates),
                dead_letters=tuple(letters),
            )
            return batch, outcomes

        pairs = [(o.entity_id, o.domain) for o in observations]
        keys = [*((o.entity_id, o.field) for o in observations), *trip_keys]
        forced: PolicyInForce | None = None
        async with self._lock:
            # Read here, under the engine's lock: another process's agent writing at
            # this moment could add its batch's questions on top (a guard against a
            # flood, not an exact quota).
            asked = await self._open_questions_of(principal, {o.entity_id for o in observations})
            # Read, decide and write in one store transaction: what the resolver
            # read is still true when its decision lands, whoever else writes. The
            # rollout (stage, calibration counts) is read in it too, in the same trip.
            reads = self.rollout.reads_for(pairs)
            try:
                outcomes, promoted_items = await self.store.decide_and_write(
                    keys, maybe_ids, since, decide, self.policy.max_pending, reads
                )
            except _RolloutMoved:
                # The log read there started a confirmation run whose count was not
                # read: read the rollout first (as a batch always did), then decide.
                forced = await self.rollout.in_force(pairs)
                outcomes, promoted_items = await self.store.decide_and_write(
                    keys, maybe_ids, since, decide, self.policy.max_pending
                )
            changed = [
                o.entity_id
                for o in outcomes
                if o.committed and o.entity_id and touches_timeline(o.field)
            ]
            promoted_items += await ask_about_conflicts(
                self.store, changed, now, self.policy.max_pending
            )
        promoted = tuple(promoted_items)
        if promoted:
            # Questions shown now are reported once, with the batch's last outcome.
            outcomes[-1] = replace(outcomes[-1], promoted=promoted)
        return outcomes

    async def _open_questions_of(self, principal: Principal, entities: set[str]) -> dict[str, int]:
        """How many open questions ``principal`` raised about each of ``entities`` (an
        agent's only: nobody else's are limited)."""
        if principal.kind != "agent" or not entities:
            return {}
        items = await self.store.open_review_items(sorted(entities))
        counts: dict[str, int] = {}
        for item in items:
            if item.principal == principal.ref:
                counts[item.entity_id] = counts.get(item.entity_id, 0) + 1
        return counts

    def _decide(
        self,
        obs: StateObservation,
        snap: FieldSnapshot,
        now: datetime,
        in_force: PolicyInForce,
        principal: Principal,
        leader: tuple[Decision, str] | None = None,
    ) -> tuple[Outcome, Accepted, Decision]:
        key = value_key(obs.candidate_value)
        evidence = snap.evidence(key)
        committed = snap.committed
        decision = resolve(committed, obs, in_force.policy_for(obs.entity_id), now, evidence)
        if leader is not None:
            patch = change_patch(committed, obs)
            decision = follow(decision, leader[0], leader[1], patch)
        commit = (
            self._commit_plan(obs, decision, committed, now, principal.ref)
            if decision.commits
            else None
        )
        if commit is not None:
            in_force.count_change(obs.entity_id, obs.domain)
        review = None
        if decision.decision == "ask_user" and key not in evidence.open_review_values:
            review = NewReviewItem(
                id=new_id(),
                kind="change",
                event_id=obs.event_id,
                entity_id=obs.entity_id,
                field=obs.field,
                candidate_value=obs.candidate_value,
                current_value=None if committed is None else committed.value,
                confidence=decision.confidence,
                reasons=_reason_summary(decision.reasons),
                source_key=obs.source.key,
                created_at=now,
                group_key=_group_key(obs, principal),
                shadow_decision=decision.shadow_of,
                principal=principal.ref,
            )
        record = _accepted(
            obs,
            now,
            decision=decision.decision,
            confidence=decision.confidence,
            margin=decision.margin,
            reasons=decision.reasons,
            patch=decision.patch,
            commit=commit,
            review=review,
            corroborate=decision.effect == "corroborate",
            principal=principal.ref,
        )
        outcome = Outcome(
            decision.decision,
            obs.event_id,
            obs.entity_id,
            obs.field,
            obs.candidate_value,
            confidence=decision.confidence,
            margin=decision.margin,
            reasons=decision.reasons,
            committed=commit is not None,
            review_item_id=None if review is None else review.id,
            previous_value=None if committed is None else committed.value,
        )
        return outcome, record, decision

    async def ingest_invalid(
        self,
        schema: str,
        payload: Any,
        errors: list[str],
        *,
        now: datetime,
        principal: Principal = SYSTEM,
    ) -> Outcome:
        """Send ``principal``'s payload that failed ``schema`` to the dead-letter queue;
        state is untouched."""
        letter = dead_letter_for(schema, payload, errors, now, principal.ref)
        await self.store.add_dead_letter(letter)
        return _invalid_outcome(payload, letter.event_id, errors)

    # -- writes on behalf of the services above the engine ----------------------
    # Dead letters, corrections, notices and bootstrap decide what to record; the
    # engine writes it, so it stays the only writer whatever the backend.
    async def ask(self, item: NewReviewItem) -> ReviewItem:
        """Queue a question the resolver did not raise (a correction, a notice, a
        bootstrap or dead-letter review); returns it as stored."""
        await self.store.add_review_item(item, self.policy.max_pending)
        stored = await self.store.review_item(item.id)
        if stored is None:
            raise NotFound(f"review item {item.id} was not stored")
        return stored

    async def settle_with(
        self, item_id: str, decide: DecideSettlement
    ) -> tuple[ReviewItem, list[ReviewItem]]:
        """Settle an open item as ``decide`` says (atomically with its field's fact);
        returns the settled item and the items promoted in its place."""
        promoted = await self.store.settle_decided(item_id, decide, self.policy.max_pending)
        settled = await self.store.review_item(item_id)
        if settled is None:
            raise NotFound(f"no review item {item_id}")
        return settled, promoted

    async def mark_alert_delivered(self, seq: int, at: datetime) -> bool:
        """Note that alert ``seq`` reached the owner; False if another process got there first."""
        return await self.store.mark_alert_delivered(seq, at)

    async def record_source_state(self, state: SourceState) -> None:
        """Remember where a source is (cursor, health, weight) after a pass."""
        await self.store.source_states.save_source_state(state)

    async def note_mail_sender(self, ref: str, address: str) -> None:
        """Remember who sent the mail behind question ``ref``, so a Yes can trust them."""
        await self.store.mail_senders.note_mail_sender(ref, address)

    async def trust_mail_sender(self, address: str, at: datetime, via_ref: str) -> None:
        """Trust ``address``'s receipts from now on: the user confirmed its mail ``via_ref``."""
        await self.store.mail_senders.trust_sender(address, at, via_ref)

    async def add_api_token(self, token: ApiToken) -> None:
        """Let ``token`` (its secret already hashed) use the HTTP API."""
        await self.store.api_tokens.add_token(token)

    async def revoke_api_token(self, token_id: str, at: datetime) -> bool:
        """Refuse token ``token_id`` from ``at`` on; False if unknown or already revoked."""
        return await self.store.api_tokens.revoke_token(token_id, at)

    async def update_dead_letter(
        self, letter: DeadLetter, expected: DeadLetter, escalation: Escalation | None = None
    ) -> bool:
        """Move a dead letter on if no other process has since ``expected`` (compare-and-set)."""
        return await self.store.update_dead_letter(letter, expected, escalation)

    async def record_alert(
        self, kind: str, message: str, *, now: datetime, domain: str | None = None
    ) -> None:
        """Note something the owner should hear about (a failing source...); the bot sends it."""
        await self.store.add_alert(now, kind, domain, message[:500])

    async def record_policy_events(self, events: Sequence[PolicyEvent]) -> list[PolicyEvent]:
        """Append policy changes (a promotion, a rollback, a learning step) to the log;
        an event id already logged is skipped. Returns what was appended."""
        return await self.store.policy_log.append_policy_events(events)

    def _commit_plan(
        self,
        obs: StateObservation,
        decision: Decision,
        old: CommittedFact | None,
        now: datetime,
        principal: str | None = None,
    ) -> CommitPlan:
        retract = obs.intent == "retract"
        return CommitPlan(
            principal=principal,
            entity_id=obs.entity_id,
            field=obs.field,
            value=None if retract else obs.candidate_value,
            retract=retract,
            source_type=obs.source.type,
            source_ref=obs.source.ref,
            confidence=decision.confidence,
            event_id=obs.event_id,
            evidence_ts=obs.ts,
            committed_at=now,
            resolution="auto_commit",
            valid_until=obs.expires,
            audit_line=audit_line(
                now,
                obs.field,
                None if old is None else old.value,
                obs.candidate_value,
                decision.confidence,
                "auto_commit",
                retract=retract,
                entity_id=obs.entity_id,
            ),
        )

    # -- the user's answers -------------------------------------------------------
    async def _change_item(self, item_id: str) -> ReviewItem:
        """The review item ``item_id``, which must be a field change."""
        item = await self.store.review_item(item_id)
        if item is None:
            raise NotFound(f"no review item {item_id}")
        if item.kind != "change":
            # Answering a dead letter or a notice may ingest through this engine,
            # which must not happen under its lock: core.engine.review answers those.
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
    ) -> AnswerResult:
        """Apply the user's confirm, reject or edit(value) to a review item; what it
        commits is recorded as ``principal``'s, who answered (``core.engine.review``
        checks it may).

        An edit changes only the question it answers: a part of a grouped question
        whose other parts are still open is not committed alone; its new value is
        asked again with them (``held_edit``) and commits on the group's Yes.
        """
        async with self._lock:
            item = await self._change_item(item_id)
            if action == "edit":
                value = coerce_value(item.field, value, at=now, sample=item.candidate_value)
                if await self._others_open(item):
                    return await self._hold_edit(item, value, now, answered_by)
            status: ReviewStatus = STATUS_AFTER[action]
            chosen = item.candidate_value if action == "confirm" else value
            decide = _settlement(action, value, now, answered_by, principal)
            promoted = await self.store.settle_decided(item.id, decide, self.policy.max_pending)
            if action != "reject" and touches_timeline(item.field):
                promoted += await ask_about_conflicts(
                    self.store, [item.entity_id], now, self.policy.max_pending
                )
            settled = await self.store.review_item(item.id)
            assert settled is not None
            return AnswerResult(
                settled,
                status,
                committed_value=None if action == "reject" else chosen,
                committed=action != "reject",
                promoted=tuple(promoted),
            )

    async def _others_open(self, item: ReviewItem) -> bool:
        """Whether ``item``'s group has open parts besides ``item``."""
        if item.group_key is None:
            return False
        members = await self.store.open_review_items(group_key=item.group_key)
        return any(m.id != item.id for m in members)

    async def _hold_edit(
        self, item: ReviewItem, value: Scalar, now: datetime, answered_by: str | None
    ) -> AnswerResult:
        """Settle the edited part and ask its new value with the rest, in one transaction."""
        follow_up = held_edit(item, value, now)

        def decide(open_item: ReviewItem, _old: CommittedFact | None) -> Settlement:
            record = confirmation_record(open_item, "edit", value, now, answered_by)
            return Settlement("edited", record, now, follow_up=follow_up)

        promoted = await self.store.settle_decided(item.id, decide, self.policy.max_pending)
        settled = await self.store.review_item(item.id)
        held = await self.store.review_item(follow_up.id)
        assert settled is not None
        assert held is not None
        return AnswerResult(settled, "edited", promoted=tuple(promoted), held=held)

    async def answer_group(
        self,
        item_id: str,
        action: Literal["confirm", "reject"],
        *,
        now: datetime,
        answered_by: str | None = None,
        principal: Principal = SYSTEM,
    ) -> AnswerResult:
        """Confirm or reject ``item_id`` and every open item of its group, in one transaction.

        The result describes ``item_id``; ``group`` lists every item settled. An item
        without a group is answered alone, as ``answer`` does.
        """
        async with self._lock:
            item = await self._change_item(item_id)
            members = [item]
            if item.group_key is not None:
                members += [
                    m
                    for m in await self.store.open_review_items(group_key=item.group_key)
                    if m.id != item.id
                ]
            decide = _settlement(action, None, now, answered_by, principal)
            ids = [m.id for m in members]
            promoted = await self.store.settle_group(ids, decide, self.policy.max_pending)
            if action != "reject" and any(touches_timeline(m.field) for m in members):
                promoted += await ask_about_conflicts(
                    self.store, [item.entity_id], now, self.policy.max_pending
                )
            settled = [await self.store.review_item(i) for i in ids]
            group = tuple(m for m in settled if m is not None)
            return AnswerResult(
                group[0],
                STATUS_AFTER[action],
                committed_value=None if action == "reject" else item.candidate_value,
                committed=action != "reject",
                promoted=tuple(promoted),
                group=group,
            )


class _RolloutMoved(Exception):
    """The rollout read in the write transaction needs a count that was not read with it."""


def _settlement(
    action: AnswerAction,
    value: Any,
    now: datetime,
    answered_by: str | None,
    principal: Principal = SYSTEM,
) -> DecideSettlement:
    """How an answer settles an open item, given the fact its commit would replace."""
    status: ReviewStatus = STATUS_AFTER[action]

    def decide(open_item: ReviewItem, old: CommittedFact | None) -> Settlement:
        # Called inside the settling transaction: ``old`` is the fact the
        # commit replaces, not one read before another writer changed it.
        record = confirmation_record(open_item, action, value, now, answered_by)
        if action == "reject":
            rejection = (value_key(open_item.candidate_value), open_item.source_key)
            return Settlement(status, record, now, rejection=rejection)
        chosen = open_item.candidate_value if action == "confirm" else value
        change = confirmation_event(open_item, chosen, action, old, now, principal=principal.ref)
        event = _accepted(
            change.observation,
            now,
            decision=change.resolution,
            confidence=1.0,
            margin=1.0,
            reasons=("the user's answer",),
            patch=change.patch,
            commit=replace(change.commit, principal=principal.ref),
            principal=principal.ref,
        )
        return Settlement(status, record, now, confirmation_event=event)

    return decide


def _group_key(obs: StateObservation, principal: Principal) -> str | None:
    """Related fields (one subject: a payment, a trip) from one input share a group.

    Only an input with a ref of its own (one chat message, one mail) can group:
    without one, unrelated inputs would share the key. The key names who wrote it, so
    nobody can slip a claim into another principal's question by naming its ref.
    """
    if not obs.source.ref:
        return None
    subject = obs.field.rsplit(".", 1)[0]
    return f"{obs.entity_id}|{subject}|{principal.ref}|{obs.source.key}"


def _accepted(
    obs: StateObservation,
    now: datetime,
    *,
    decision: str,
    confidence: float,
    margin: float,
    reasons: tuple[str, ...],
    patch: tuple[dict[str, Any], ...],
    commit: CommitPlan | None = None,
    review: NewReviewItem | None = None,
    corroborate: bool = False,
    principal: str | None = None,
) -> Accepted:
    """The write record for one observation and what was decided about it."""
    return Accepted(
        payload=obs.payload(),
        event_id=obs.event_id,
        entity_id=obs.entity_id,
        field=obs.field,
        domain=obs.domain,
        intent=obs.intent,
        value_key=value_key(obs.candidate_value),
        source_type=obs.source.type,
        source_ref=obs.source.ref,
        event_ts=obs.ts,
        decided_at=now,
        decision=decision,
        confidence=confidence,
        margin=margin,
        reasons=reasons,
        patch=patch,
        commit=commit,
        corroborate=corroborate,
        review=review,
        principal=principal,
    )


def _own_event_id(entity_id: str, event_id: str, principal: Principal) -> str:
    """The id an observation is logged under when another entity's or principal's
    event took its own: derived from the three, so a retry finds it again."""
    return derived_id("event-of", entity_id, principal.ref, event_id)


def _owned_by(owner: EventOwner | None, ours: EventOwner) -> bool:
    """Whether a logged event's ``owner`` (None: no such event) leaves its id to ``ours``.

    An event logged before principals existed belongs to whoever writes about its
    entity, so a retry of an old message is still a duplicate.
    """
    if owner is None:
        return True
    entity, principal = owner
    return entity == ours[0] and principal in (None, ours[1])


def _reason_summary(reasons: tuple[str, ...]) -> tuple[str, ...]:
    out = []
    for reason in reasons[:5]:
        out.append(reason if len(reason) <= MAX_REASON else reason[: MAX_REASON - 1] + "…")
    return tuple(out)


def _invalid_outcome(payload: Any, event_id: str | None, errors: list[str]) -> Outcome:
    get = payload.get if isinstance(payload, dict) else (lambda _k: None)
    return Outcome(
        "invalid",
        event_id,
        _str_or_none(get("entity_id")),
        _str_or_none(get("field")),
        get("candidate_value"),
        errors=tuple(errors),
    )


def _str_or_none(value: Any) -> str | None:
    return value if isinstance(value, str) else None


__all__ = ["AnswerResult", "Engine", "Outcome", "PayloadInvalid", "coerce_value"]
