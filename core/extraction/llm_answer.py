"""Reading a model's answer: validate it, then reconcile it with the offline extractor.

Both steps are pure. ``parse_answer`` accepts an answer only if it is JSON,
satisfies the answer schema (formats enforced) and names fields and values the
catalogue allows; otherwise it raises ``LLMUnusable`` and the caller uses the
offline extraction instead. ``reconcile`` then keeps the model from being more
sure than the rules would let any extractor be: where the model and the
offline reading disagree on what kind of statement the text is, the more
conservative reading wins and the confidence drops below certainty, so the
resolver asks instead of committing.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from datetime import date, datetime
from functools import cache
from typing import Any, Final, cast

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from core.errors import LLMUnusable
from core.extraction.prompts import answer_schema
from core.extraction.types import (
    ExtractedObservation,
    Extraction,
    MessageIntent,
    ObservationIntent,
    Scalar,
)
from core.fields import FIELD_SPECS, FieldSpec, domain_of
from core.validation import FORMAT_CHECKER

CEILING: Final[dict[str, float]] = {"hypothetical": 0.5, "historical": 0.5}
"""The offline extractor's cap for text that does not state the present."""
TOP_CONFIDENCE: Final = 0.95
"""The most the offline extractor ever gives a clause; a model gets no more."""
DISAGREEMENT_CONFIDENCE: Final = 0.8
"""Below the policy's certain_extraction (0.9), above what asking needs (0.65 / 0.9)."""

_RANK: Final[dict[str, int]] = {
    "assertive": 4,
    "retract": 4,
    "planning": 3,
    "historical": 2,
    "hypothetical": 1,
    "none": 0,
}
_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.S)
_CURRENCY = re.compile(r"^[A-Z]{3}$")


@dataclass(frozen=True)
class Answer:
    """A model answer that passed every check."""

    intent: MessageIntent
    observations: tuple[ExtractedObservation, ...]


@cache
def _validator() -> Draft202012Validator:
    return Draft202012Validator(answer_schema(), format_checker=FORMAT_CHECKER)


def parse_answer(content: str, *, text: str, at: datetime, entity_id: str) -> Answer:
    """The validated answer in ``content``, or ``LLMUnusable`` saying what is wrong."""
    body = content.strip()
    fenced = _FENCE.match(body)
    if fenced:  # some local servers wrap JSON in a code fence even when asked not to
        body = fenced.group(1)
    try:
        raw: Any = json.loads(body)
    except ValueError as e:
        raise LLMUnusable("malformed_json", f"answer is not JSON: {e}") from e
    errors = list(_validator().iter_errors(raw))
    if errors:
        first = best_match(errors)
        raise LLMUnusable("schema_invalid", f"{first.json_path}: {first.message[:200]}")
    obs = tuple(_observation(item, text, at, entity_id) for item in raw["observations"])
    intent = cast(MessageIntent, raw["intent"])
    if intent == "none" and obs:
        raise LLMUnusable("schema_invalid", "intent 'none' with observations")
    return Answer(intent, obs)


def _observation(
    item: dict[str, Any], text: str, at: datetime, entity_id: str
) -> ExtractedObservation:
    field: str = item["field"]
    value: Scalar = item["candidate_value"]
    intent = cast(ObservationIntent, item["intent"])
    problem = catalogue_problem(field, item["domain"], value, intent)
    if problem:
        raise LLMUnusable("invalid_field", problem)
    until: datetime | None = None
    if item["valid_until"] is not None and intent in ("planning", "assertive"):
        until = datetime.fromisoformat(item["valid_until"].replace("Z", "+00:00"))
        if until <= at:
            until = None  # an expiry in the past is a model slip, not a reason to expire now
    evidence: str = item["evidence_text"]
    if evidence.casefold() not in text.casefold() or not evidence.strip():
        evidence = text  # only the user's own words are shown as evidence
    return ExtractedObservation(
        entity_id=entity_id,
        domain=domain_of(field),
        field=field,
        candidate_value=value,
        intent=intent,
        extraction_confidence=float(item["extraction_confidence"]),
        valid_until=until,
        evidence_text=evidence[:1000],
    )


def _catalogue_spec(field: str) -> FieldSpec | None:
    # Not fields.spec_for: its permissive default is for configured rules, not model inventions.
    return next((s for s in FIELD_SPECS if s.matches(field)), None)


def catalogue_problem(field: str, domain: str, value: Scalar, intent: str) -> str | None:
    """Why the field catalogue refuses this observation, or None if it accepts it."""
    spec = _catalogue_spec(field)
    if spec is None:
        return f"{field} is not in the field catalogue"
    if domain_of(field) != domain:
        return f"{field} is not in domain {domain}"
    if (intent == "retract") != (value is None):
        return f"{field}: only a retraction has a null value"
    if value is None:
        return None
    if intent == "planning":
        if not spec.planning_allowed:
            return f"a plan cannot set {field}"
        if spec.planning_values and value not in spec.planning_values:
            return f"a plan cannot set {field} to {value!r}"
    return _value_problem(field, spec, value)


def _value_problem(field: str, spec: FieldSpec, value: Scalar) -> str | None:
    if spec.numeric:
        ok = isinstance(value, int | float) and not isinstance(value, bool) and value >= 0
        return None if ok else f"{field} needs a non-negative number, not {value!r}"
    if not isinstance(value, str) or not value.strip():
        return f"{field} needs a text value, not {value!r}"
    if spec.values and value not in spec.values:
        return f"{field} cannot be {value!r} (allowed: {', '.join(spec.values)})"
    if field.endswith("_date") and not _is_date(value):
        return f"{field} needs an ISO 8601 date, not {value!r}"
    if field.endswith(".schedule") and value != "cancelled" and not _is_date(value):
        return f"{field} needs an ISO 8601 date or date-time, not {value!r}"
    if field.endswith(".currency") and not _CURRENCY.match(value):
        return f"{field} needs an ISO 4217 code, not {value!r}"
    return None


def _is_date(value: str) -> bool:
    try:
        date.fromisoformat(value)
    except ValueError:
        try:
            datetime.fromisoformat(value)
        except ValueError:
            return False
    return True


def _conservative(a: str, b: str) -> str:
    return a if _RANK[a] <= _RANK[b] else b


def _downgrade(o: ExtractedObservation, reading: str) -> ExtractedObservation:
    """``o`` read no more factually than ``reading``, at a confidence that makes the resolver ask."""
    target = _conservative(o.intent, "hypothetical" if reading == "none" else reading)
    if target == "planning" and catalogue_problem(o.field, o.domain, o.candidate_value, "planning"):
        target = "hypothetical"  # a plan cannot carry this value: it stays a possibility
    if target in ("assertive", "retract"):
        target = o.intent
    confidence = min(o.extraction_confidence, DISAGREEMENT_CONFIDENCE, CEILING.get(target, 1.0))
    until = o.valid_until if target in ("assertive", "planning") else None
    return replace(
        o,
        intent=cast(ObservationIntent, target),
        extraction_confidence=confidence,
        valid_until=until,
    )


def _capped(o: ExtractedObservation) -> ExtractedObservation:
    top = min(TOP_CONFIDENCE, CEILING.get(o.intent, 1.0))
    return replace(o, extraction_confidence=round(min(o.extraction_confidence, top), 3))


def reconcile(answer: Answer, offline: Extraction, min_confidence: float) -> Extraction:
    """One extraction from a valid model answer and the offline reading of the same text.

    The model's confident observations replace the offline ones for their fields;
    fields only the rules found keep the offline observations. Observations
    below ``min_confidence`` are dropped (if that leaves none of a non-empty
    answer, ``LLMUnusable('low_confidence')``). If the two disagree on the
    text's intent, or on one field's, every affected observation takes the
    conservative reading with a confidence below certainty.
    """
    confident = [o for o in answer.observations if o.extraction_confidence >= min_confidence]
    if answer.observations and not confident:
        raise LLMUnusable(
            "low_confidence", f"every observation is below {min_confidence:.2f} confidence"
        )
    disagree = answer.intent != offline.intent
    reading = _conservative(answer.intent, offline.intent)
    offline_by_field: dict[str, list[ExtractedObservation]] = {}
    for o in offline.observations:
        offline_by_field.setdefault(o.field, []).append(o)
    out: list[ExtractedObservation] = []
    for o in confident:
        o = _capped(o)
        # Never more factual than the text as a whole, nor than every rule reading of the field.
        field_reading = reading
        others = offline_by_field.get(o.field, ())
        if others:
            ruled = max((x.intent for x in others), key=_RANK.__getitem__)
            field_reading = _conservative(field_reading, ruled)
        if disagree or _RANK[o.intent] > _RANK[field_reading]:
            o = _downgrade(o, field_reading)
        out.append(o)
    covered = {o.field for o in confident}
    for o in offline.observations:
        if o.field not in covered:
            out.append(_downgrade(o, reading) if disagree else o)
    intent = cast(MessageIntent, reading if disagree else answer.intent)
    if intent == "none" and out:
        intent = "hypothetical"
    return Extraction(offline.text, intent, _dedupe(out))


def _dedupe(obs: list[ExtractedObservation]) -> tuple[ExtractedObservation, ...]:
    best: dict[tuple[str, str, str], ExtractedObservation] = {}
    for o in obs:
        key = (o.field, json.dumps(o.candidate_value), o.intent)
        if key not in best or o.extraction_confidence > best[key].extraction_confidence:
            best[key] = o
    return tuple(best.values())
