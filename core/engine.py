"""The single writer: validate, resolve, persist.

Every input passes through ``Engine.ingest``: a payload that fails its schema
goes to the dead-letter queue and changes nothing; a valid one is resolved by
the pure resolver and its whole effect (event, decision, commit, review item,
audit line) is stored in one transaction. An asyncio lock makes the engine the
only writer, so what the resolver read is still true when its decision lands.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any, Literal

from core.audit import audit_line
from core.deadletters import dead_letter_for
from core.errors import InvalidAnswer, NotFound, PayloadInvalid
from core.fields import spec_for
from core.ids import new_id
from core.models import StateObservation, UserConfirmation, parse_model
from core.policy import Policy
from core.resolver import Decision, resolve
from core.state import CommittedFact, Scalar, value_key
from core.store import Accepted, CommitPlan, DeadLetter, NewReviewItem, ReviewItem, Store
from core.store.records import ReviewStatus, WriteBatch
from core.store.snapshot import FieldSnapshot, advance
from core.timeutil import format_ts
from core.validation import schema_errors, validate

OutcomeKind = Literal["auto_commit", "ask_user", "tentative_reject", "duplicate", "invalid"]
AnswerAction = Literal["confirm", "reject", "edit"]
MAX_REASON = 160
_STATUS_AFTER: dict[str, ReviewStatus] = {
    "confirm": "confirmed",
    "reject": "rejected",
    "edit": "edited",
}


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


class Engine:
    """Canon's consistency engine over one store and one policy."""

    def __init__(self, store: Store, policy: Policy) -> None:
        self.store = store
        self.policy = policy
        self._lock = asyncio.Lock()

    async def ingest(self, payload: Any, *, now: datetime) -> Outcome:
        """Validate, resolve and persist one StateObservation payload (one transaction)."""
        return (await self.ingest_batch([payload], now=now))[0]

    async def ingest_many(
        self, payloads: Iterable[Any], *, now: datetime, batch_size: int = 256
    ) -> AsyncIterator[Outcome]:
        """Ingest payloads in order, ``batch_size`` per durable commit (group commit)."""
        batch: list[Any] = []
        for payload in payloads:
            batch.append(payload)
            if len(batch) >= batch_size:
                for outcome in await self.ingest_batch(batch, now=now):
                    yield outcome
                batch = []
        if batch:
            for outcome in await self.ingest_batch(batch, now=now):
                yield outcome

    async def ingest_batch(self, payloads: Sequence[Any], *, now: datetime) -> list[Outcome]:
        """Validate, resolve and persist ``payloads`` in order, in one transaction.

        Each observation is resolved against the state its predecessors in the
        batch left behind (a pure fold over snapshots read once), so the result
        is the same as ingesting them one by one, and a crash keeps all or none.
        """
        checked: list[tuple[Any, list[str]]] = [
            (p, schema_errors("state_observation", p)) for p in payloads
        ]
        observations = [
            parse_model(StateObservation, "state_observation", p)
            for p, errors in checked
            if not errors
        ]
        since = now - timedelta(hours=self.policy.corroboration_window_hours)
        async with self._lock:
            snaps, seen = await self.store.snapshots(
                [(o.entity_id, o.field) for o in observations],
                [o.event_id for o in observations],
                since,
            )
            outcomes: list[Outcome] = []
            accepted: list[Accepted] = []
            superseded: list[tuple[str, datetime]] = []
            corroborated: dict[tuple[str, str], None] = {}
            duplicates: list[tuple[str, datetime]] = []
            letters: list[DeadLetter] = []
            parsed = iter(observations)
            for payload, errors in checked:
                if errors:
                    letter = dead_letter_for("state_observation", payload, errors, now)
                    letters.append(letter)
                    outcomes.append(_invalid_outcome(payload, letter.event_id, errors))
                    continue
                obs = next(parsed)
                if obs.event_id in seen:
                    duplicates.append((obs.event_id, now))
                    outcomes.append(
                        Outcome(
                            "duplicate", obs.event_id, obs.entity_id, obs.field, obs.candidate_value
                        )
                    )
                    continue
                seen.add(obs.event_id)
                key = (obs.entity_id, obs.field)
                outcome, record = self._decide(obs, snaps[key], now)
                snaps[key], closed = advance(snaps[key], record, since)
                superseded.extend((item_id, now) for item_id in closed)
                if record.corroborate:
                    corroborated[key] = None
                accepted.append(record)
                outcomes.append(outcome)
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
            promoted = tuple(await self.store.write(batch, self.policy.max_pending))
        if promoted:
            # Questions shown now are reported once, with the batch's last outcome.
            outcomes[-1] = replace(outcomes[-1], promoted=promoted)
        return outcomes

    def _decide(
        self, obs: StateObservation, snap: FieldSnapshot, now: datetime
    ) -> tuple[Outcome, Accepted]:
        key = value_key(obs.candidate_value)
        evidence = snap.evidence(key)
        committed = snap.committed
        decision = resolve(committed, obs, self.policy, now, evidence)
        commit = self._commit_plan(obs, decision, committed, now) if decision.commits else None
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
            )
        record = _accepted(
            obs,
            decision,
            now,
            commit=commit,
            review=review,
            corroborate=decision.effect == "corroborate",
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
        return outcome, record

    async def ingest_invalid(
        self, schema: str, payload: Any, errors: list[str], *, now: datetime
    ) -> Outcome:
        """Send a payload that failed ``schema`` to the dead-letter queue; state is untouched."""
        letter = dead_letter_for(schema, payload, errors, now)
        await self.store.add_dead_letter(letter)
        return _invalid_outcome(payload, letter.event_id, errors)

    def _commit_plan(
        self,
        obs: StateObservation,
        decision: Decision,
        old: CommittedFact | None,
        now: datetime,
    ) -> CommitPlan:
        retract = obs.intent == "retract"
        return CommitPlan(
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
    async def answer(
        self,
        item_id: str,
        action: AnswerAction,
        value: Any = None,
        *,
        now: datetime,
        answered_by: str | None = None,
    ) -> AnswerResult:
        """Apply the user's confirm, reject or edit(value) to a review item."""
        async with self._lock:
            item = await self.store.review_item(item_id)
            if item is None:
                raise NotFound(f"no review item {item_id}")
            if item.kind == "dead_letter":
                from core.deadletters import answer_dead_letter

                return await answer_dead_letter(self, item, action, now=now)
            if action == "edit":
                value = coerce_value(item.field, value)
            answer: dict[str, Any] = {"action": action, "answered_at": format_ts(now)}
            if action == "edit":
                answer["value"] = value
            if answered_by:
                answer["answered_by"] = answered_by
            record = self._confirmation_record(item, answer)
            status: ReviewStatus = _STATUS_AFTER[action]
            event = None
            if action in ("confirm", "edit"):
                chosen = item.candidate_value if action == "confirm" else value
                event = await self._confirmation_event(item, chosen, action, now)
            rejection = (
                (value_key(item.candidate_value), item.source_key) if action == "reject" else None
            )
            promoted = await self.store.settle(
                item.id, status, record, now, event, rejection, self.policy.max_pending
            )
            settled = await self.store.review_item(item.id)
            assert settled is not None
            return AnswerResult(
                settled,
                status,
                committed_value=None if event is None else event.payload.get("candidate_value"),
                committed=event is not None,
                promoted=tuple(promoted),
            )

    def _confirmation_record(self, item: ReviewItem, answer: dict[str, Any]) -> dict[str, Any]:
        record: dict[str, Any] = {
            "prompt_id": item.id,
            "entity_id": item.entity_id,
            "field": item.field,
            "current_value": item.current_value,
            "proposed_value": item.candidate_value,
            "confidence": min(1.0, max(0.0, item.confidence)),
            "reason_summary": list(item.reasons),
            "actions": ["confirm", "reject", "edit"],
            "created_at": format_ts(item.created_at),
            "answer": answer,
        }
        if item.event_id:
            record["event_id"] = item.event_id
        validate("user_confirmation", record)
        parse_model(UserConfirmation, "user_confirmation", record)
        return record

    async def _confirmation_event(
        self, item: ReviewItem, chosen: Scalar, action: str, now: datetime
    ) -> Accepted:
        retract = chosen is None
        payload: dict[str, Any] = {
            "event_id": new_id(),
            "event_ts": format_ts(now),
            "entity_id": item.entity_id,
            "domain": item.field.split(".", 1)[0],
            "field": item.field,
            "candidate_value": chosen,
            "intent": "retract" if retract else "assertive",
            "source": {"type": "user_confirmation", "ref": item.id},
            "extraction_confidence": 1.0,
        }
        obs = parse_model(StateObservation, "state_observation", payload)
        old = await self.store.fact(item.entity_id, item.field)
        resolution = "user_confirm" if action == "confirm" else "user_edit"
        commit = CommitPlan(
            entity_id=item.entity_id,
            field=item.field,
            value=chosen,
            retract=retract,
            source_type="user_confirmation",
            source_ref=item.id,
            confidence=1.0,
            event_id=obs.event_id,
            evidence_ts=now,
            committed_at=now,
            resolution=resolution,
            valid_until=None,
            audit_line=audit_line(
                now,
                item.field,
                None if old is None else old.value,
                chosen,
                1.0,
                resolution,
                retract=retract,
                entity_id=item.entity_id,
            ),
        )
        path = f"/{item.entity_id}/{item.field}"
        patch: tuple[dict[str, Any], ...] = (
            ({"op": "remove", "path": path},)
            if retract
            else ({"op": "add" if old is None else "replace", "path": path, "value": chosen},)
        )
        return _accepted(obs, None, now, commit=commit, decision_name=resolution, patch=patch)


def coerce_value(field_name: str, raw: Any) -> Scalar:
    """Check (and for text input, convert) an edited value against the field's spec."""
    spec = spec_for(field_name)
    value: Any = raw
    if isinstance(raw, str):
        value = " ".join(raw.split())
        if not value:
            raise InvalidAnswer("an edited value cannot be empty")
        if spec.numeric:
            try:
                value = (
                    float(value.replace(",", "")) if "." in value else int(value.replace(",", ""))
                )
            except ValueError as e:
                raise InvalidAnswer(f"{field_name} needs a number, not {raw!r}") from e
    if spec.values and value not in spec.values:
        raise InvalidAnswer(f"{field_name} must be one of {', '.join(spec.values)}; got {raw!r}")
    if isinstance(value, str) and len(value) > 500:
        raise InvalidAnswer("an edited value can be at most 500 characters")
    if not isinstance(value, str | int | float | bool):
        raise InvalidAnswer(f"an edited value must be text, a number or true/false; got {raw!r}")
    return value


def _accepted(
    obs: StateObservation,
    decision: Decision | None,
    now: datetime,
    *,
    commit: CommitPlan | None = None,
    review: NewReviewItem | None = None,
    corroborate: bool = False,
    decision_name: str | None = None,
    patch: tuple[dict[str, Any], ...] = (),
) -> Accepted:
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
        decision=decision_name or (decision.decision if decision else "recorded"),
        confidence=decision.confidence if decision else 1.0,
        margin=decision.margin if decision else 1.0,
        reasons=decision.reasons if decision else ("the user's answer",),
        patch=decision.patch if decision else patch,
        commit=commit,
        corroborate=corroborate,
        review=review,
    )


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
