"""The single writer: validate, resolve, persist.

Every input passes through ``Engine.ingest``: a payload that fails its schema
goes to the dead-letter queue and changes nothing; a valid one is resolved by
the pure resolver and its whole effect (event, decision, commit, review item,
audit line) is stored in one transaction. The state the resolver reads is read
inside that same write transaction, so what it read is still true when its
decision lands, even with other processes (a cron poll beside the bot) writing.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

from core.domain.api_tokens import ApiToken
from core.domain.evidence_time import evidence_errors
from core.domain.frozen_init import fast_replace
from core.domain.observation_record import ObservationRecord, checked_record
from core.domain.policy import Policy
from core.domain.principals import SYSTEM, Principal
from core.domain.resolver import Decision
from core.domain.snapshot import FieldSnapshot, TokensUnread, advance
from core.domain.state import CommittedFact
from core.domain.validation import plain_json
from core.domain.whose_word import users_own_word
from core.domain.write_batch import WriteBatch
from core.engine.answers import coerce_value
from core.engine.citations import cited
from core.engine.conflicts import Answered, ask_about_conflicts
from core.engine.consistency import touches_timeline
from core.engine.dead_letter_intake import dead_letter_for
from core.engine.decide_one import decide_observation
from core.engine.engine_answers import UserAnswers
from core.engine.engine_writes import ServiceWrites
from core.engine.entity_locks import EntityLocks
from core.engine.errand_follows_trip import follow_the_trip, is_errand_day
from core.engine.errand_trip_off import ask_errands_of_a_trip_off
from core.engine.next_trip import finished_trips_days, names_the_new_trip, plans_a_new_trip
from core.engine.outcomes import (
    AnswerAction,
    AnswerResult,
    Outcome,
    OutcomeKind,
    invalid_outcome,
)
from core.engine.own_day_back import own_later_day_back
from core.engine.question_cap import count_claim, open_claims_of
from core.engine.rollout_state import PolicyInForce, RolloutReader
from core.engine.said_of_you import fields_spoken_of, settle_said_of_user
from core.engine.trip_state import (
    DEPART,
    RETURN,
    STATUS,
    TRIP_FIELDS,
    companion_ids,
    companions_of,
    moves_a_trip,
    plans_a_trip,
    stated_fields,
    with_trip_corroborators,
)
from core.engine.write_records import (
    own_event_id,
    owned_by,
)
from core.errors import PayloadInvalid
from core.store import Accepted, DeadLetter
from core.store.protocol import SeenEvents, StoreBackend


class Engine(ServiceWrites, UserAnswers):
    """Canon's consistency engine over one store and one policy: the ingest path here,
    the user's answers (``UserAnswers``) and the services' writes (``ServiceWrites``)
    in modules of their own."""

    def __init__(self, store: StoreBackend, policy: Policy) -> None:
        self.store = store
        self.policy = policy
        self.rollout = RolloutReader(store, policy)
        self._locks = EntityLocks()

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
        Event ids are idempotent per entity and principal (``own_event_id``): an id
        another principal or entity used first never makes this one a duplicate.

        An agent principal may have at most ``policy.max_agent_questions`` open questions
        about one entity: a batch that would raise one more is refused whole
        (``TooManyQuestions``) and nothing of it is recorded, so the agent hears it.
        """
        if not payloads:
            # Nothing to log (a message with no claim): no write transaction is begun, so
            # the store's write lock is not taken, and no rollout or question read is made.
            return []
        # A person's corroborators count only when they cite their own evidence on file.
        payloads, uncited = await cited(self.store, payloads, principal)
        # Whether each payload is plain JSON values: read once, for both validations.
        plain = [plain_json(p) for p in payloads]
        checked: list[tuple[Any, list[str]]] = [
            (
                p,
                evidence_errors(
                    "state_observation", p, now, self.policy.clock_skew, plain=is_plain
                ),
            )
            for p, is_plain in zip(payloads, plain, strict=True)
        ]
        observations = [
            checked_record(p, plain=is_plain)
            for (p, errors), is_plain in zip(checked, plain, strict=True)
            if not errors
        ]
        since = now - timedelta(hours=self.policy.corroboration_window_hours)
        # One coherent trip: a trip word is corroborated by the trip's other fields, and
        # what it implies for them is decided right after it, with it (its outcome is
        # reported after the batch's own). Both are read from the write transaction's
        # snapshots as the batch folds, so a batch is the same as its observations one
        # by one, and two processes writing at once give what some serial order gives.
        travellers = sorted({o.entity_id for o in observations if moves_a_trip(o.field)})
        trip_keys = [(e, f) for e in travellers for f in TRIP_FIELDS]
        stated = stated_fields(observations)
        ids = [
            *((o.entity_id, o.event_id) for o in observations),
            *((o.entity_id, cid) for o in observations for cid in companion_ids(o)),
        ]
        # Each id the batch may log. The caller's own in its place (``own_event_id``) is
        # needed only when another principal's or entity's event has taken an id (rare):
        # the first read leaves them out, and a decision that meets such an id asks for
        # the read again with them (``_OwnIdsUnread``): a derivation and a probe fewer an id.
        read_ids = [i for _, i in ids]
        own_ids_read = False
        # The store's tokens, read only when a commit or a question meets one a token raised
        # on the household (``TokensUnread``): whose member's it is decides whether it
        # closes, or whether the word joins it.
        tokens: Sequence[ApiToken] | None = None

        def decide(
            snaps: dict[tuple[str, str], FieldSnapshot], seen: SeenEvents
        ) -> tuple[WriteBatch, list[Outcome]]:
            # The asker's open claims per entity, as the batch adds to them.
            raised = {entity: set(claims) for entity, claims in asked.items()}
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

            # The trip as it was before this batch, for each entity the batch plans a trip
            # for (``next_trip``): the plan's own destination and dates may be decided, and
            # folded into ``snaps``, ahead of its status.
            trips_before = {
                o.entity_id: trip_of(o.entity_id) for o in observations if plans_a_trip(o)
            }

            def take(
                given: ObservationRecord,
                leader: tuple[Decision, str] | None,
                begins_anew: bool = False,
                own_word: bool = False,
            ) -> tuple[Outcome, Decision | None]:
                assert in_force is not None
                """Decide one observation on the state folded so far (None: a duplicate)."""
                owner = (given.entity_id, principal.ref)
                stored_id = given.event_id
                if not owned_by(seen.get(stored_id), owner):
                    # Another principal's (or entity's) event has this id: ours is
                    # logged under an id of our own, the same on every retry.
                    stored_id = own_event_id(given.entity_id, given.event_id, principal)
                    if not own_ids_read:
                        raise _OwnIdsUnread
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
                    given if stored_id == given.event_id else given.with_changes(event_id=stored_id)
                )
                key = (obs.entity_id, obs.field)
                outcome, record, decision = decide_observation(
                    obs,
                    snaps[key],
                    now,
                    in_force,
                    principal,
                    leader,
                    begins_anew,
                    tokens,
                    own_word,
                )
                if record.review is not None:
                    count_claim(raised, record.review, principal, self.policy.max_agent_questions)
                snaps[key], closed = advance(snaps[key], record, since, tokens)
                superseded.extend((item_id, now) for item_id in closed)
                if record.corroborate:
                    corroborated[key] = None
                accepted.append(record)
                # The caller hears of its own id, whichever id the log keeps.
                if outcome.event_id != given.event_id:
                    outcome = fast_replace(outcome, event_id=given.event_id)
                return outcome, decision

            for payload, errors in checked:
                if errors:
                    letter = dead_letter_for(
                        "state_observation", payload, errors, now, principal.ref
                    )
                    letters.append(letter)
                    outcomes.append(invalid_outcome(payload, letter.event_id, errors))
                    continue
                given = next(parsed)
                trip = trip_of(given.entity_id) if moves_a_trip(given.field) else []
                before = trips_before.get(given.entity_id)
                # Only the user's own word begins a trip anew (``next_trip``).
                anew = (
                    before is not None
                    and users_own_word(principal.ref, given.entity_id)
                    and (
                        plans_a_new_trip(given, before, observations)
                        or names_the_new_trip(given, before, observations)
                    )
                )
                if trip:
                    given = with_trip_corroborators(given, trip, now)
                own = own_later_day_back(given, principal.ref, trip)  # her say: not asked
                outcome, decision = take(given, None, anew, own)
                outcomes.append(outcome)
                if decision is None:
                    continue
                left = finished_trips_days(given, before, stated) if anew and before else []
                for companion in [*companions_of(given, trip, now, stated), *left]:
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
        async with self._locks.hold(o.entity_id for o in observations):
            # Read here, under the entities' locks: another process's agent writing at
            # this moment could add its batch's questions on top (a guard against a
            # flood, not an exact quota).
            asked = await open_claims_of(self.store, principal, {o.entity_id for o in observations})
            # Read, decide and write in one store transaction: what the resolver
            # read is still true when its decision lands, whoever else writes. The
            # rollout (stage, calibration counts) is read in it too, in the same trip.
            reads = self.rollout.reads_for(pairs)
            while True:
                try:
                    outcomes, promoted_items = await self.store.decide_and_write(
                        keys,
                        read_ids,
                        since,
                        decide,
                        self.policy.max_pending,
                        reads if forced is None else None,
                    )
                    break
                except _RolloutMoved:
                    # The log read there started a confirmation run whose count was not
                    # read: read the rollout first (as a batch always did), then decide.
                    forced = await self.rollout.in_force(pairs)
                except _OwnIdsUnread:
                    # An id of the batch is another's: read again with the caller's own.
                    own_ids_read = True
                    read_ids = [x for e, i in ids for x in (i, own_event_id(e, i, principal))]
                except TokensUnread:
                    tokens = await self.store.api_tokens.tokens()
            changed = [
                o.entity_id
                for o in outcomes
                if o.committed and o.entity_id and touches_timeline(o.field)
            ]
            promoted_items += await ask_about_conflicts(
                self.store, changed, now, self.policy.max_pending
            )
            # "actually we're leaving saturday now": what was due before going follows.
            follows = {
                o.entity_id
                for o in outcomes
                if o.committed
                and o.entity_id
                and (o.field in (DEPART, RETURN, STATUS) or is_errand_day(o.field))
                and users_own_word(principal.ref, o.entity_id)
            }
            for entity in sorted(follows):
                said = Answered(frozenset({DEPART}), None, principal)
                moved = await follow_the_trip(
                    self.store, entity, now, self.policy.max_pending, said
                )
                promoted_items += moved.promoted
            # The trip called off, whoever's write committed it (her word, her owner's
            # `canon ingest`, a trusted source): what it dated is asked, never changed.
            for entity in sorted(
                {o.entity_id for o in outcomes if o.committed and o.entity_id and o.field == STATUS}
            ):
                promoted_items += await ask_errands_of_a_trip_off(
                    self.store, entity, now, self.policy.max_pending
                )
            if principal.is_user:  # the user's own newer word outdates what others said
                promoted_items += await settle_said_of_user(
                    self.store,
                    principal.ref,
                    fields_spoken_of(
                        outcomes,
                        principal.ref,
                        {o.event_id: o.ts for o in observations if o.entity_id == principal.ref},
                    ),
                    now,
                    self.policy.max_pending,
                )
        for i, why in uncited.items():
            outcomes[i] = fast_replace(outcomes[i], reasons=(*outcomes[i].reasons, *why))
        promoted = tuple(promoted_items)
        if promoted:
            # Questions shown now are reported once, with the batch's last outcome.
            outcomes[-1] = fast_replace(outcomes[-1], promoted=promoted)
        return outcomes


class _RolloutMoved(Exception):
    """The rollout read in the write transaction needs a count that was not read with it."""


class _OwnIdsUnread(Exception):
    """An id of the batch is another principal's or entity's, and the id the caller's
    observation is logged under instead was not read with the batch's ids."""


__all__ = [
    "AnswerAction",
    "AnswerResult",
    "Engine",
    "Outcome",
    "OutcomeKind",
    "PayloadInvalid",
    "coerce_value",
]
