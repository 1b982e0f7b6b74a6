"""The write records an ingest or an answer hands the store, and the ids they log under.

Pure functions of their inputs: the engine decides, these shape what it writes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any

from core.domain.audit import audit_line
from core.domain.errands import ERRAND_WHICH, WHICH_ERRAND_SUBJECT
from core.domain.ids import derived_id
from core.domain.observation_record import Observed
from core.domain.overtaken import overtaking_word
from core.domain.principals import SYSTEM, Principal
from core.domain.provenance import writers_origin
from core.domain.review_items import ReviewStatus, correction_kind
from core.domain.settlements import Settlement
from core.domain.state import CommittedFact, Scalar, value_key
from core.engine.answers import STATUS_AFTER, confirmation_event, confirmation_record
from core.engine.consistency import no_cannot_keep
from core.engine.outcomes import AnswerAction
from core.errors import Overtaken
from core.store import Accepted, CommitPlan, NewReviewItem, ReviewItem
from core.store.protocol import DecideSettlement, EventOwner


def group_key(obs: Observed, principal: Principal, follows: str | None = None) -> str | None:
    """Related fields (one subject: a payment, a trip) from one input share a group.

    Only an input with a ref of its own (one chat message, one mail) can group:
    without one, unrelated inputs would share the key. The key names who wrote it, so
    nobody can slip a claim into another principal's question by naming its ref.
    A field implied by another (``follows``: where a move takes the user along) is
    asked in that field's group: one question, "Do you live in Denver? Are you in Denver?".
    """
    if not obs.source.ref:
        return None
    subject = (follows or obs.field).rsplit(".", 1)[0]
    if obs.needs_confirmation == ERRAND_WHICH:
        subject = WHICH_ERRAND_SUBJECT  # the errands to choose from, asked as one question
    return f"{obs.entity_id}|{subject}|{principal.ref}|{obs.source.key}"


def accepted_record(
    obs: Observed,
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
    key: str | None = None,
) -> Accepted:
    """The write record for one observation and what was decided about it; ``key``: its
    candidate's ``value_key``, when the caller has it already."""
    return Accepted(
        payload=obs.payload(),
        event_id=obs.event_id,
        entity_id=obs.entity_id,
        field=obs.field,
        domain=obs.domain,
        intent=obs.intent,
        value_key=value_key(obs.candidate_value) if key is None else key,
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
        expires=obs.expires,
    )


def commit_plan(
    obs: Observed,
    confidence: float,
    old: CommittedFact | None,
    now: datetime,
    principal: str | None = None,
) -> CommitPlan:
    """What an auto-commit of ``obs`` at ``confidence`` writes, over ``old``."""
    retract = obs.intent == "retract"
    return CommitPlan(
        principal=principal,
        entity_id=obs.entity_id,
        field=obs.field,
        value=None if retract else obs.candidate_value,
        retract=retract,
        source_type=obs.source.type,
        source_ref=obs.source.ref,
        confidence=confidence,
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
            confidence,
            "auto_commit",
            retract=retract,
            entity_id=obs.entity_id,
            origin=writers_origin(obs.source.type, principal, obs.entity_id),
        ),
    )


def own_event_id(entity_id: str, event_id: str, principal: Principal) -> str:
    """The id an observation is logged under when another entity's or principal's
    event took its own: derived from the three, so a retry finds it again."""
    return derived_id("event-of", entity_id, principal.ref, event_id)


def owned_by(owner: EventOwner | None, ours: EventOwner) -> bool:
    """Whether a logged event's ``owner`` (None: no such event) leaves its id to ``ours``.

    An event logged before principals existed belongs to whoever writes about its
    entity, so a retry of an old message is still a duplicate.
    """
    if owner is None:
        return True
    entity, principal = owner
    return entity == ours[0] and principal in (None, ours[1])


CHANGED_SINCE = "the value it would undo changed since it was asked"


def outdated_correction(item: ReviewItem, old: CommittedFact | None) -> bool:
    """Whether ``item`` is an /undo or /forget whose value is no longer the field's own as
    asked: the fact it names was replaced (or gone), or said again, since it was asked, so
    a Yes would undo a newer word than the one the question names."""
    if correction_kind(item) not in ("undo", "forget"):
        return False
    if old is None:
        return item.current_value is not None
    return old.value != item.current_value or old.evidence_ts > item.created_at


def settlement(
    action: AnswerAction,
    value: Any,
    now: datetime,
    answered_by: str | None,
    principal: Principal = SYSTEM,
    ends: Mapping[str, datetime] | None = None,
    seen: datetime | None = None,
) -> DecideSettlement:
    """How an answer settles an open item, given the fact its commit would replace.
    ``ends``: the end each question's words gave, by its event id ("till sunday"), which
    a Yes commits with the value (an edit's own value has none). ``seen``: when the newer
    word the answerer was shown with the question was committed (``overtaking_word``); a
    Yes over a person's newer word not shown raises ``Overtaken`` and settles nothing."""
    status: ReviewStatus = STATUS_AFTER[action]

    def decide(open_item: ReviewItem, old: CommittedFact | None) -> Settlement:
        # Called inside the settling transaction: ``old`` is the fact the
        # commit replaces, not one read before another writer changed it.
        record = confirmation_record(open_item, action, value, now, answered_by)
        newer = overtaking_word(open_item, old, action, seen)
        if newer is not None and correction_kind(open_item) is None:
            raise Overtaken(newer)  # the store rolls back: the question stays open
        if action == "confirm" and outdated_correction(open_item, old):
            # "Forget your location (Tahoe)?" answered Yes after "I'm in Denver": the fact
            # it named is gone, so nothing is undone (it forgot Denver, her newer word).
            return Settlement("superseded", {**record, "reason": CHANGED_SINCE}, now)
        rejection = None
        if action == "reject":
            rejection = (value_key(open_item.candidate_value), open_item.source_key)
            if not (no_cannot_keep(open_item) and old is not None):
                return Settlement(status, record, now, rejection=rejection)
            # No to the day a trip under way began: when is unknown, but not ahead.
            chosen: Scalar = None
        else:
            chosen = open_item.candidate_value if action == "confirm" else value
        until = (ends or {}).get(open_item.event_id or "") if action == "confirm" else None
        change = confirmation_event(
            open_item, chosen, action, old, now, principal=principal.ref, valid_until=until
        )
        event = accepted_record(
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
        return Settlement(status, record, now, confirmation_event=event, rejection=rejection)

    return decide
