"""From one clause's candidates to observations: the intent each takes from its clause,
what the field catalogue lets a plan set, and the confidence, capped for what is not a fact.
"""

from __future__ import annotations

from core.domain.fields import domain_of, spec_for
from core.extraction.clause import Candidate, Clause
from core.extraction.intent import ClauseIntent
from core.extraction.types import (
    NON_FACTUAL_CAP,
    ExtractedObservation,
    ObservationIntent,
)


def _observation_intent(clause: Clause, cand: Candidate) -> ObservationIntent:
    if clause.intent == "hypothetical":
        return "hypothetical"
    if clause.intent == "historical":
        return "historical"
    if cand.intent is not None:
        return cand.intent
    return "planning" if clause.intent == "planning" else "assertive"


def _valid(field: str, value: object, intent: ObservationIntent) -> bool:
    """Whether the catalogue lets a plan set this value (a plan cannot cancel a trip)."""
    if intent != "planning":
        return True
    spec = spec_for(field)
    if not spec.planning_allowed:
        return False
    return not spec.planning_values or value in spec.planning_values


def clause_observations(
    clause: Clause, ci: ClauseIntent, found: list[Candidate], entity_id: str
) -> list[ExtractedObservation]:
    out: list[ExtractedObservation] = []
    for cand in found:
        intent = _observation_intent(clause, cand)
        if not _valid(cand.field, cand.value, intent):
            continue
        if (intent == "retract") != (cand.value is None):
            continue  # a retraction carries no value; anything else must have one
        if intent == "retract" and clause.intent not in ("assertive", "planning"):
            continue
        conf = ci.confidence * cand.confidence
        if intent == "hypothetical":
            conf = min(conf, NON_FACTUAL_CAP)
        until = cand.valid_until if intent in ("planning", "assertive") else None
        out.append(
            ExtractedObservation(
                entity_id=entity_id,
                domain=domain_of(cand.field),
                field=cand.field,
                candidate_value=cand.value,
                intent=intent,
                extraction_confidence=round(max(0.0, min(1.0, conf)), 3),
                valid_until=until,
                evidence_text=clause.text[:1000],
            )
        )
    return out
