"""The user's answers: checking an edited value, recording the confirmation, and the
event that commits what the user said. Pure functions; the engine stores the result."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from core.domain.audit import audit_line
from core.domain.fields import spec_for
from core.domain.ids import new_id
from core.domain.models import StateObservation, UserConfirmation, parse_model
from core.domain.person_names import NAME_FIELD, name_problem
from core.domain.review_items import NewReviewItem, ReviewStatus
from core.domain.state import CommittedFact, Scalar
from core.domain.timeutil import format_ts
from core.domain.told_values import value_problem
from core.domain.validation import validate
from core.engine.answer_values import example_for, parse_value
from core.engine.consistency import FOLLOWS_TRIP, FORCED
from core.errors import InvalidAnswer
from core.store import CommitPlan, ReviewItem

STATUS_AFTER: dict[str, ReviewStatus] = {
    "confirm": "confirmed",
    "reject": "rejected",
    "edit": "edited",
}


def coerce_value(
    field_name: str,
    raw: Any,
    *,
    at: datetime | None = None,
    sample: Scalar = None,
    past: bool = False,
) -> Scalar:
    """Check (and for text input, convert) an edited value against the field's spec.

    Typed text is read by the field's value kind (``core.engine.answer_values``): natural
    words for a status, a date resolved against ``at`` (when the answer was
    written), a number; anything else is refused with an example. ``sample`` is a
    value the field had (it marks yes/no fields).
    """
    spec = spec_for(field_name)
    value: Any = raw
    if isinstance(raw, str):
        value = parse_value(field_name, raw, at, sample, past=past)
    if spec.values and value not in spec.values:
        raise InvalidAnswer(example_for(field_name, sample))
    if isinstance(value, str) and len(value) > 500:
        raise InvalidAnswer("an edited value can be at most 500 characters")
    if field_name == NAME_FIELD and isinstance(value, str):
        problem = name_problem(value)
        if problem is not None:
            raise InvalidAnswer(problem)
    if not isinstance(value, str | int | float | bool):
        raise InvalidAnswer(f"an edited value must be text, a number or true/false; got {raw!r}")
    problem = value_problem(field_name, value)  # what an observation of it may not hold
    if problem is not None:
        raise InvalidAnswer(problem)
    return value


def confirmation_prompt(item: ReviewItem) -> dict[str, Any]:
    """The design's UserConfirmation payload for ``item``: the question, all actions offered."""
    record: dict[str, Any] = {
        "prompt_id": item.id.lower(),
        "entity_id": item.entity_id,
        "domain": item.field.split(".", 1)[0],
        "field": item.field,
        "proposed_change": (
            f"{item.field}: {_shown(item.current_value)} -> {_shown(item.candidate_value)}"
        ),
        "current_value": item.current_value,
        "proposed_value": item.candidate_value,
        "confidence": min(1.0, max(0.0, item.confidence)),
        "reason_summary": list(item.reasons),
        "actions": ["confirm", "reject", "edit"],
        "created_at": format_ts(item.created_at),
    }
    if item.event_id:
        record["event_id"] = item.event_id.lower()
    return record


def answer_note(action: str, now: datetime, answered_by: str | None) -> dict[str, Any]:
    """What was answered, when and by whom: the ``answer`` of every stored answer."""
    answer: dict[str, Any] = {"action": action, "answered_at": format_ts(now)}
    if answered_by:
        answer["answered_by"] = answered_by
    return answer


def confirmation_record(
    item: ReviewItem, action: str, value: Scalar, now: datetime, answered_by: str | None
) -> dict[str, Any]:
    """The schema-valid UserConfirmation response that records ``action`` on ``item``.

    A response carries exactly the action taken in ``actions`` (the design's rule);
    ``answer`` adds when, by whom and, for an edit, the value typed.
    """
    answer = answer_note(action, now, answered_by)
    if action == "edit":
        answer["value"] = value
    record = {**confirmation_prompt(item), "actions": [action], "answer": answer}
    validate("user_confirmation", record)
    parse_model(UserConfirmation, "user_confirmation", record)
    return record


def _shown(value: Scalar) -> str:
    return "(none)" if value is None else str(value)


@dataclass(frozen=True)
class ConfirmedChange:
    """What the user's Yes or Edit commits: the logged observation and the commit."""

    observation: StateObservation
    commit: CommitPlan
    patch: tuple[dict[str, Any], ...]
    resolution: str


def confirmation_event(
    item: ReviewItem,
    chosen: Scalar,
    action: str,
    old: CommittedFact | None,
    now: datetime,
    *,
    principal: str | None = None,
    valid_until: datetime | None = None,
) -> ConfirmedChange:
    """The logged event, and the commit, for a value the user confirmed or typed;
    ``principal`` is the ref of who answered (``core.domain.principals``);
    ``valid_until``: the end the question's words gave ("till sunday"), kept with a Yes."""
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
    if valid_until is not None and not retract:
        payload["valid_until"] = format_ts(valid_until)
    if item.reasons and item.reasons[-1] in (FORCED, FOLLOWS_TRIP):
        # Nobody typed this: /why says what it followed from.
        payload["evidence_text"] = f"{item.reasons[0][:900]} (so {item.reasons[-1]})"
    obs = parse_model(StateObservation, "state_observation", payload)
    resolution = "user_confirm" if action == "confirm" else "user_edit"
    if action == "confirm" and item.reasons and item.reasons[-1] == FOLLOWS_TRIP and not retract:
        resolution = "follows_trip"  # settled at once: nobody confirmed it (``derivation``)
    elif action == "confirm" and item.reasons and item.reasons[-1] in (FORCED, FOLLOWS_TRIP):
        resolution = "follows_answer"
    previous = None if old is None else old.value
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
        valid_until=None if retract else valid_until,
        audit_line=audit_line(
            now,
            item.field,
            previous,
            chosen,
            1.0,
            resolution,
            retract=retract,
            entity_id=item.entity_id,
        ),
        principal=principal,
    )
    path = f"/{item.entity_id}/{item.field}"
    patch: tuple[dict[str, Any], ...] = (
        ({"op": "remove", "path": path},)
        if retract
        else ({"op": "add" if old is None else "replace", "path": path, "value": chosen},)
    )
    return ConfirmedChange(obs, commit, patch, resolution)


def held_edit(item: ReviewItem, value: Scalar, now: datetime) -> NewReviewItem:
    """The question asked in place of an edited part of a grouped question.

    One message's related changes (a new trip's destination, status and dates) are one
    subject: a part's new value joins the group's other open parts and is committed
    with them on the user's Yes, never alone onto the subject's old state (a new plan's
    date written onto a finished trip's). It keeps the part's evidence, group and
    source; the user's own value needs no calibration, so it grades nothing.
    """
    return NewReviewItem(
        id=new_id(),
        kind="change",
        event_id=item.event_id,
        entity_id=item.entity_id,
        field=item.field,
        candidate_value=value,
        current_value=item.current_value,
        confidence=1.0,
        reasons=item.reasons,
        source_key=item.source_key,
        created_at=now,
        group_key=item.group_key,
        principal=item.principal,
    )


def held_follow_ups(items: Iterable[ReviewItem]) -> frozenset[str]:
    """The ids of the questions ``held_edit`` asked in place of an edited part.

    Such a question continues the user's one answer to the part (its Edit), it is not
    another answer: the metrics count the edit once. It is the part's question again:
    same event, field and group, created the moment the part was edited (the edit's
    ``answered_at``) and after it (a later ``seq``). A held question edited again has
    its own follow-up.
    """
    listed = list(items)
    first_edit: dict[tuple[str | None, str, str, datetime], int] = {}
    for r in listed:
        if r.status == "edited" and r.group_key is not None and r.answered_at is not None:
            key = (r.event_id, r.field, r.group_key, r.answered_at)
            first_edit[key] = min(r.seq, first_edit.get(key, r.seq))
    return frozenset(
        r.id
        for r in listed
        if r.group_key is not None
        and first_edit.get((r.event_id, r.field, r.group_key, r.created_at), r.seq) < r.seq
    )
