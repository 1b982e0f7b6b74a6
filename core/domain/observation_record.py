"""An observation as the engine decides on it: a plain record, read from a payload that
has passed its validation already.

``StateObservation`` (``core.domain.models``) stays the public shape at the edges; the
engine builds one of these per observation instead, for two costs the model adds on a
path every observation takes: its validation repeats what the schema's validator just
did (about 57 K instructions an observation), and every attribute read goes through
``BaseModel.__getattr__``, which keeps Python from specialising it (about three times a
plain attribute's cost), while the decision reads the observation's attributes all
along. The record normalises exactly as the model does (an event id in lowercase, a
deprecated source spelling replaced, a whole-number confidence as a float) and dumps
the same payload; ``tests/core/test_observation_record.py`` proves it over generated
valid payloads.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from core.domain.models import ObservationTimes, StateObservation, parse_checked
from core.domain.source_types import canonical_source_type
from core.domain.state import Scalar

FIELDS: Final = tuple(StateObservation.model_fields)
"""The record's fields: the model's, in the model's order (the order a payload dumps in)."""
_FIELD_SET: Final = frozenset(FIELDS)


class SourceRecord:
    """Where an observation (or a corroborator) came from: ``type`` and ``ref``."""

    __slots__ = ("key", "ref", "type")

    def __init__(self, type: str, ref: str | None) -> None:
        self.type = type
        self.ref = ref
        self.key = f"{type}:{ref or ''}"
        """Identity of the evidence: the same key means the same piece of evidence."""

    def __repr__(self) -> str:
        return f"SourceRecord(type={self.type!r}, ref={self.ref!r})"

    def payload(self) -> dict[str, Any]:
        return {"type": self.type} if self.ref is None else {"type": self.type, "ref": self.ref}


class ObservationRecord(ObservationTimes):
    """One piece of evidence about one field of one entity, as the engine decides on it.

    Never validated here: built only by ``observation_record`` from a payload its schema
    (and the engine's checks) passed, or by ``with_changes`` from another record."""

    __slots__ = FIELDS

    event_id: str
    event_ts: str
    entity_id: str
    domain: str
    field: str
    candidate_value: Scalar
    intent: str
    source: SourceRecord
    corroborators: tuple[SourceRecord, ...] | None
    extraction_confidence: float | None
    valid_until: str | None
    evidence_text: str | None
    needs_confirmation: str | None

    def payload(self) -> dict[str, Any]:
        """The JSON payload, without unset optional keys: ``StateObservation.payload()``,
        key for key in the model's order (spelled out: a loop over ``FIELDS`` took twice
        the model's own dump; the property test holds both to the same keys and order)."""
        out: dict[str, Any] = {
            "event_id": self.event_id,
            "event_ts": self.event_ts,
            "entity_id": self.entity_id,
            "domain": self.domain,
            "field": self.field,
        }
        if self.candidate_value is not None:
            out["candidate_value"] = self.candidate_value
        out["intent"] = self.intent
        out["source"] = self.source.payload()
        if self.corroborators is not None:
            out["corroborators"] = [c.payload() for c in self.corroborators]
        if self.extraction_confidence is not None:
            out["extraction_confidence"] = self.extraction_confidence
        if self.valid_until is not None:
            out["valid_until"] = self.valid_until
        if self.evidence_text is not None:
            out["evidence_text"] = self.evidence_text
        if self.needs_confirmation is not None:
            out["needs_confirmation"] = self.needs_confirmation
        return out

    def with_changes(self, **changes: Any) -> ObservationRecord:
        """A copy with ``changes`` (not validated, as ``model_copy(update=...)``)."""
        if not changes.keys() <= _FIELD_SET:
            raise TypeError(f"not a field of an observation: {sorted(changes.keys() - _FIELD_SET)}")
        copy = ObservationRecord.__new__(ObservationRecord)
        get = changes.get
        copy.event_id = get("event_id", self.event_id)
        copy.event_ts = get("event_ts", self.event_ts)
        copy.entity_id = get("entity_id", self.entity_id)
        copy.domain = get("domain", self.domain)
        copy.field = get("field", self.field)
        copy.candidate_value = get("candidate_value", self.candidate_value)
        copy.intent = get("intent", self.intent)
        copy.source = get("source", self.source)
        copy.corroborators = get("corroborators", self.corroborators)
        copy.extraction_confidence = get("extraction_confidence", self.extraction_confidence)
        copy.valid_until = get("valid_until", self.valid_until)
        copy.evidence_text = get("evidence_text", self.evidence_text)
        copy.needs_confirmation = get("needs_confirmation", self.needs_confirmation)
        return copy

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in FIELDS)
        return f"ObservationRecord({shown})"


def observation_record(payload: Mapping[str, Any]) -> ObservationRecord:
    """The record of a valid observation ``payload`` (``schema_errors`` and the engine's
    checks passed it: nothing is checked again), normalised as the model normalises."""
    record = ObservationRecord.__new__(ObservationRecord)
    get = payload.get
    record.event_id = payload["event_id"].lower()
    record.event_ts = payload["event_ts"]
    record.entity_id = payload["entity_id"]
    record.domain = payload["domain"]
    record.field = payload["field"]
    # get: a model's dump leaves a null value (a retraction's) out (``checked_record``).
    record.candidate_value = get("candidate_value")
    record.intent = payload["intent"]
    record.source = _source(payload["source"])
    given = get("corroborators")
    record.corroborators = None if given is None else tuple(_source(c) for c in given)
    confidence = get("extraction_confidence")
    record.extraction_confidence = None if confidence is None else float(confidence)
    record.valid_until = get("valid_until")
    record.evidence_text = get("evidence_text")
    record.needs_confirmation = get("needs_confirmation")
    return record


def checked_record(payload: Any, *, plain: bool) -> ObservationRecord:
    """``observation_record`` of a payload the engine's checks passed; ``plain``:
    ``plain_json(payload)``. A payload of other than plain JSON values (a tuple, a str
    subclass) is read through the model first, as it always was, and recorded as the
    model dumps it."""
    if plain:
        return observation_record(payload)
    model = parse_checked(StateObservation, "state_observation", payload, plain=False)
    return observation_record(model.payload())


def _source(given: Mapping[str, Any]) -> SourceRecord:
    return SourceRecord(canonical_source_type(given["type"]), given.get("ref"))


Observed = StateObservation | ObservationRecord
"""What the pure decision functions read: the engine's record, or the public model (an
answer's confirmed change, a test's observation)."""
