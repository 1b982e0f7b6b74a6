"""One observation decided on its field's snapshot: what the engine writes and reports.

Pure: the resolver's decision becomes the commit plan, the review item (a question
not already open on this value), the accepted record and the outcome. The engine's
batch fold (``Engine.ingest_batch``) calls it once an observation, inside the store's
write transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from core.domain.api_tokens import ApiToken
from core.domain.ids import new_id
from core.domain.observation_record import ObservationRecord
from core.domain.principals import Principal
from core.domain.resolver import Decision, change_patch, resolve
from core.domain.snapshot import FieldSnapshot
from core.domain.state import value_key
from core.engine.named_retraction import held_alone, named_other
from core.engine.outcomes import Outcome, reason_summary
from core.engine.rollout_state import PolicyInForce
from core.engine.trip_state import follow
from core.engine.write_records import accepted_record, commit_plan, group_key
from core.store import Accepted, NewReviewItem


def decide_observation(
    obs: ObservationRecord,
    snap: FieldSnapshot,
    now: datetime,
    in_force: PolicyInForce,
    principal: Principal,
    leader: tuple[Decision, str] | None = None,
    begins_anew: bool = False,
    tokens: Sequence[ApiToken] | None = None,
    own_word: bool = False,
) -> tuple[Outcome, Accepted, Decision]:
    """Decide one observation on its field's snapshot: the resolver's decision (following
    ``leader``'s for an implied trip field), the commit plan, the question to ask, the
    record the store writes and the outcome the caller hears."""
    key = value_key(obs.candidate_value)
    evidence = snap.evidence(key, begins_anew, own_word)
    committed = snap.committed
    decision = resolve(
        committed, obs, in_force.policy_for(obs.entity_id), now, evidence, candidate_key=key
    )
    if (named := named_other(obs, committed)) is not None:
        decision = held_alone(decision, named, None if committed is None else committed.value)
    if leader is not None:
        patch = change_patch(committed, obs)
        decision = follow(decision, leader[0], leader[1], patch)
    commit = (
        commit_plan(obs, decision.confidence, committed, now, principal.ref)
        if decision.commits
        else None
    )
    if commit is not None:
        in_force.count_change(obs.entity_id, obs.domain)
    review = None
    if decision.decision == "ask_user" and not snap.asks_already(key, principal.ref, tokens):
        review = NewReviewItem(
            id=new_id(),
            kind="change",
            event_id=obs.event_id,
            entity_id=obs.entity_id,
            field=obs.field,
            candidate_value=obs.candidate_value,
            current_value=None if committed is None else committed.value,
            confidence=decision.confidence,
            reasons=reason_summary(decision.reasons),
            source_key=obs.source.key,
            created_at=now,
            group_key=group_key(obs, principal, None if leader is None else leader[1]),
            shadow_decision=decision.shadow_of,
            principal=principal.ref,
        )
    record = accepted_record(
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
        key=key,
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
        corroborated=record.corroborate,
        review_item_id=None if review is None else review.id,
        previous_value=None if committed is None else committed.value,
    )
    return outcome, record, decision
