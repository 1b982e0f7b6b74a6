"""Reading a model's answer: validate it, then hold it to what any reading may claim.

Both steps are pure. ``parse_answer`` accepts an answer only if it is JSON,
satisfies the answer schema (formats enforced) and names fields and values the
catalogue allows; otherwise it raises ``LLMUnusable`` and the caller uses the
offline extraction instead. ``model_extraction`` then drops what the model is
unsure of and keeps it from being surer than the rules ever are, or more
factual than its own answer. ``core.extraction.reconcile`` checks the result
against the linguistic reading.
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

from core.domain.fields import FIELD_SPECS, FieldSpec, domain_of
from core.domain.validation import FORMAT_CHECKER
from core.errors import LLMUnusable
from core.extraction.prompts import answer_schema
from core.extraction.types import (
    ExtractedObservation,
    Extraction,
    MessageIntent,
    ObservationIntent,
    Scalar,
)
from core.extraction.word_gates import gated

CEILING: Final[dict[str, float]] = {"hypothetical": 0.5, "historical": 0.5}
"""The offline extractor's cap for text that does not state the present."""
TOP_CONFIDENCE: Final = 0.95
"""The most the offline extractor ever gives a clause; a model gets no more."""

_NOT_A_STATEMENT: Final[dict[str, ObservationIntent]] = {
    "hypothetical": "hypothetical",
    "historical": "historical",
    "none": "hypothetical",
}
"""What an observation in an answer of this intent can be at most."""
_FENCE = gated(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.S)
_CURRENCY = gated(r"^[A-Z]{3}$")


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


def model_extraction(answer: Answer, text: str, min_confidence: float) -> Extraction:
    """The model's own reading of ``text``, held to what any reading may claim.

    Observations below ``min_confidence`` are dropped (if that leaves none of a
    non-empty answer, ``LLMUnusable('low_confidence')``); none is surer than
    the rules ever are (``TOP_CONFIDENCE``), nor more factual than the answer's
    own intent for the text. Checking it against the linguistic reading is
    ``reconcile.reconcile``'s job.
    """
    confident = [o for o in answer.observations if o.extraction_confidence >= min_confidence]
    if answer.observations and not confident:
        raise LLMUnusable(
            "low_confidence", f"every observation is below {min_confidence:.2f} confidence"
        )
    lowered = _NOT_A_STATEMENT.get(answer.intent)
    out: list[ExtractedObservation] = []
    for o in confident:
        if lowered is not None and o.intent in ("assertive", "planning", "retract"):
            o = replace(o, intent=lowered, valid_until=None)
        top = min(TOP_CONFIDENCE, CEILING.get(o.intent, 1.0))
        out.append(replace(o, extraction_confidence=round(min(o.extraction_confidence, top), 3)))
    return Extraction(text, answer.intent, _dedupe(out))


def _dedupe(obs: list[ExtractedObservation]) -> tuple[ExtractedObservation, ...]:
    best: dict[tuple[str, str, str], ExtractedObservation] = {}
    for o in obs:
        key = (o.field, json.dumps(o.candidate_value), o.intent)
        if key not in best or o.extraction_confidence > best[key].extraction_confidence:
            best[key] = o
    return tuple(best.values())
