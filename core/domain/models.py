"""Pydantic v2 models that mirror the JSON Schemas in ``schemas/``.

The schemas stay the source of truth: patterns and formats below are read from
them and checked with the very same checkers, so the model and the schema accept
and reject the same payloads (tests/test_models.py proves it with hypothesis).
Timestamps stay RFC 3339 strings in the payload; ``.ts`` properties parse them.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Annotated, Any, ClassVar, Literal, Protocol, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    ValidationError,
    model_validator,
)

from core.domain.person_names import NAME_FIELD, name_problem
from core.domain.source_types import SourceType, canonical_source_type
from core.domain.timeutil import parse_ts
from core.domain.told_days import dated_field, day_problem
from core.domain.validation import (
    PLACEHOLDER_IDS,
    conforms,
    json_hazards,
    load_schema,
    plain_json,
)
from core.domain.zone_names import ZONE_FIELD, told_zone_problem
from core.errors import PayloadInvalid

_OBS = load_schema("state_observation")
_ENTITY_PATTERN = re.compile(_OBS["properties"]["entity_id"]["pattern"])
_FIELD_PATTERN = re.compile(_OBS["properties"]["field"]["pattern"])
_FIELD_IN_DOMAIN = {
    rule["if"]["properties"]["domain"]["const"]: re.compile(
        rule["then"]["properties"]["field"]["pattern"]
    )
    for rule in _OBS["allOf"]
    if "domain" in rule["if"]["properties"]
}
"""domain -> the field pattern the schema's allOf demands for it."""
_VALUES_OF_FIELD = tuple(
    (re.compile(rule["if"]["properties"]["field"]["pattern"]), rule["then"])
    for rule in _OBS["allOf"]
    if "field" in rule["if"]["properties"]
)
"""(field pattern, the values the schema's allOf allows a matching field): the closed list
of ``family.<member>.relation``."""


def _format(fmt: str) -> AfterValidator:
    def check(value: str) -> str:
        if not conforms(value, fmt):
            raise ValueError(f"{value!r} is not a valid {fmt!r}")
        return value

    return AfterValidator(check)


def _pattern(regex: re.Pattern[str]) -> AfterValidator:
    # re.search, as jsonschema does, so both sides agree on every string.
    def check(value: str) -> str:
        if regex.search(value) is None:
            raise ValueError(f"{value!r} does not match {regex.pattern!r}")
        return value

    return AfterValidator(check)


def _not_placeholder(value: str) -> str:
    if value in PLACEHOLDER_IDS:
        raise ValueError(f"{value!r} is the design document's placeholder, not a UUID")
    return value


def _field_in_domain(domain: str, field: str | None) -> None:
    pattern = _FIELD_IN_DOMAIN.get(domain)
    if field is not None and pattern is not None and pattern.search(field) is None:
        raise ValueError(f"field {field!r} does not belong to domain {domain!r}")


def _value_allowed(field: str, value: object) -> None:
    for pattern, then in _VALUES_OF_FIELD:
        allowed = then["properties"]["candidate_value"]["enum"]
        if pattern.search(field) is not None and value not in allowed:
            shown = ", ".join(str(v) for v in allowed if v is not None)
            raise ValueError(f"candidate_value: {field} is one of {shown}, not {value!r}")


# One event id cannot be spelled three ways: ids compare in lowercase.
Uuid = Annotated[
    StrictStr, AfterValidator(_not_placeholder), _format("uuid"), AfterValidator(str.lower)
]
Timestamp = Annotated[StrictStr, Field(max_length=40), _format("date-time")]
EntityId = Annotated[StrictStr, Field(max_length=128), _pattern(_ENTITY_PATTERN)]
FieldName = Annotated[StrictStr, Field(max_length=128), _pattern(_FIELD_PATTERN)]
Value = Annotated[StrictStr, Field(max_length=500)] | StrictBool | StrictInt | StrictFloat | None
Domain = Literal["travel", "family", "project", "financial", "profile"]
Intent = Literal["assertive", "planning", "hypothetical", "historical", "retract"]
Unit = Annotated[float, Field(ge=0, le=1)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    _nullable: ClassVar[frozenset[str]] = frozenset()
    """Keys whose schema allows JSON null; every other optional key may only be absent."""

    @model_validator(mode="before")
    @classmethod
    def _no_explicit_nulls(cls, data: Any) -> Any:
        if isinstance(data, dict):
            for key, value in data.items():
                if value is None and key not in cls._nullable:
                    raise ValueError(f"{key} may be left out but not null")
        return data


def _canonical_type(value: Any) -> Any:
    return canonical_source_type(value) if isinstance(value, str) else value


class Source(_Strict):
    type: Annotated[SourceType, BeforeValidator(_canonical_type)]
    ref: Annotated[StrictStr, Field(min_length=1, max_length=256)] | None = None

    @property
    def key(self) -> str:
        """Identity of the evidence: the same key means the same piece of evidence."""
        return f"{self.type}:{self.ref or ''}"


class Corroborator(_Strict):
    """Another source that says the same thing (a calendar event behind a chat message)."""

    type: Annotated[SourceType, BeforeValidator(_canonical_type)]
    ref: Annotated[StrictStr, Field(min_length=1, max_length=256)]


class _Stamped(Protocol):
    @property
    def event_ts(self) -> str: ...

    @property
    def valid_until(self) -> str | None: ...


class ObservationTimes:
    """An observation's evidence time and expiry, parsed: the model's and the engine's
    record's (``core.domain.observation_record``) alike. No annotations of its own: a
    model would take them as its first fields, and dump them first."""

    __slots__ = ()

    @property
    def ts(self: _Stamped) -> datetime:
        return parse_ts(self.event_ts)

    @property
    def expires(self: _Stamped) -> datetime | None:
        return parse_ts(self.valid_until) if self.valid_until else None


class StateObservation(ObservationTimes, _Strict):
    """One piece of evidence about one field of one entity."""

    _nullable = frozenset({"candidate_value"})
    event_id: Uuid
    event_ts: Timestamp
    entity_id: EntityId
    domain: Domain
    field: FieldName
    candidate_value: Value
    intent: Intent
    source: Source
    corroborators: Annotated[list[Corroborator], Field(max_length=8)] | None = None
    extraction_confidence: Unit | None = None
    valid_until: Timestamp | None = None
    evidence_text: Annotated[StrictStr, Field(max_length=1000)] | None = None
    needs_confirmation: Annotated[StrictStr, Field(min_length=1, max_length=500)] | None = None

    @model_validator(mode="after")
    def _field_belongs_to_domain(self) -> StateObservation:
        _field_in_domain(self.domain, self.field)
        _value_allowed(self.field, self.candidate_value)
        if self.field == NAME_FIELD and isinstance(self.candidate_value, str):
            problem = name_problem(self.candidate_value)
            if problem is not None:  # it reaches every prompt: a name or nothing
                raise ValueError(f"candidate_value: {problem}")
        if self.field == ZONE_FIELD:  # every day of the user's is read on it
            problem = told_zone_problem(self.candidate_value)
            if problem is not None:
                raise ValueError(f"candidate_value: {problem}")
        if dated_field(self.field):  # counted from: the day after it must exist
            problem = day_problem(self.candidate_value)
            if problem is not None:
                raise ValueError(f"candidate_value: {problem}")
        return self

    def payload(self) -> dict[str, Any]:
        """The JSON payload, without unset optional keys."""
        return self.model_dump(mode="json", exclude_none=True)


Action = Literal["confirm", "reject", "edit"]


class Answer(_Strict):
    _nullable = frozenset({"value"})
    action: Action
    value: Value = None
    answered_at: Timestamp
    answered_by: Annotated[StrictStr, Field(min_length=1, max_length=128)] | None = None


class UserConfirmation(_Strict):
    """The design's review-band payload: a question about one proposed change, and
    once answered (``answer``) the response, whose ``actions`` is the one taken."""

    _nullable = frozenset({"current_value", "proposed_value"})

    prompt_id: Uuid
    event_id: Uuid | None = None
    entity_id: EntityId
    domain: Domain
    field: FieldName | None = None
    proposed_change: Annotated[StrictStr, Field(min_length=1, max_length=1200)]
    current_value: Value = None
    proposed_value: Value = None
    confidence: Unit
    reason_summary: list[Annotated[StrictStr, Field(min_length=1, max_length=160)]] = Field(
        max_length=5
    )
    actions: list[Action] = Field(min_length=1, max_length=3)
    created_at: Timestamp | None = None
    answer: Answer | None = None

    @model_validator(mode="after")
    def _consistent(self) -> UserConfirmation:
        if len(set(self.actions)) != len(self.actions):
            raise ValueError("actions must be unique")
        if self.answer is not None and self.actions != [self.answer.action]:
            raise ValueError("a response's actions must be exactly the action taken")
        _field_in_domain(self.domain, self.field)
        return self


class Invitation(_Strict):
    """Who organised an event someone else put on the owner's calendar, and the owner's answer."""

    organizer: Annotated[StrictStr, Field(min_length=1, max_length=256)]
    response: Literal["needs_action", "accepted", "tentative", "declined"]


class CalendarPayload(_Strict):
    id: Annotated[StrictStr, Field(min_length=1, max_length=1024)]
    summary: Annotated[StrictStr, Field(max_length=1024)]
    start: Annotated[StrictStr, Field(max_length=40)]
    end: Annotated[StrictStr, Field(max_length=40)]
    location: Annotated[StrictStr, Field(max_length=1024)] | None = None
    description: Annotated[StrictStr, Field(max_length=8192)] | None = None
    status: Literal["confirmed", "tentative", "cancelled"] | None = None
    invitation: Invitation | None = None

    @model_validator(mode="after")
    def _dates(self) -> CalendarPayload:
        for value in (self.start, self.end):
            if not (conforms(value, "date-time") or conforms(value, "date")):
                raise ValueError(f"{value!r} is neither a date-time nor a date")
        return self


class EmailPayload(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=True)

    id: Annotated[StrictStr, Field(min_length=1, max_length=1024)]
    sender: Annotated[StrictStr, Field(max_length=512, alias="from")]
    subject: Annotated[StrictStr, Field(max_length=1024)]
    date: Timestamp | None = None
    body: Annotated[StrictStr, Field(max_length=200000)]


class SignalSource(_Strict):
    type: Literal["calendar", "email", "transactions_email", "webhook"]
    ref: Annotated[StrictStr, Field(min_length=1, max_length=256)] | None = None
    account: Annotated[StrictStr, Field(max_length=256)] | None = None


class SignalEvent(_Strict):
    """A raw calendar event or mail, before it is mapped to observations."""

    event_id: Uuid
    event_ts: Timestamp
    entity_id: EntityId
    kind: Literal["calendar_event", "email"]
    source: SignalSource
    payload: CalendarPayload | EmailPayload

    @model_validator(mode="before")
    @classmethod
    def _payload_by_kind(cls, data: Any) -> Any:
        # Mirrors the schema's if/then: the payload is parsed as the kind says.
        if isinstance(data, dict) and isinstance(data.get("payload"), dict):
            target: type[BaseModel] | None = None
            if data.get("kind") == "calendar_event":
                target = CalendarPayload
            elif data.get("kind") == "email":
                target = EmailPayload
            if target is not None:
                data = {**data, "payload": target.model_validate_json(json.dumps(data["payload"]))}
        return data


M = TypeVar("M", bound=BaseModel)
_STRICT_JSON = json.JSONEncoder(allow_nan=False)
"""``json.dumps(..., allow_nan=False)``'s encoder, built once (json.dumps builds one per
call whenever an option differs from its defaults)."""


def parse_model(model: type[M], schema: str, payload: object) -> M:
    """Validate a JSON-shaped payload into ``model``; PayloadInvalid on failure."""
    hazards = json_hazards(payload)
    if hazards:
        raise PayloadInvalid(schema, hazards[:5])
    return parse_checked(model, schema, payload)


def parse_checked(model: type[M], schema: str, payload: object, *, plain: bool | None = None) -> M:
    """``parse_model`` for a payload ``schema_errors`` passed already (hazards included).

    A payload of plain JSON values (exact dict, list, str, int, float, bool, None) is
    validated as it is: strict validation reads those the same in Python as in their
    JSON text, so the encoding is skipped. Anything else (a tuple, a str subclass), or a
    refusal, goes through the JSON text, whose error is the one reported. ``plain``:
    ``plain_json(payload)``, when the caller has it already."""
    if plain_json(payload) if plain is None else plain:
        try:
            return model.model_validate(payload)
        except (ValidationError, ValueError, TypeError):
            pass
    try:
        return model.model_validate_json(_STRICT_JSON.encode(payload))
    except (ValidationError, ValueError, TypeError) as e:
        raise PayloadInvalid(schema, [_first_line(e)]) from e


def _first_line(e: Exception) -> str:
    if isinstance(e, ValidationError):
        return "; ".join(
            f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}" for err in e.errors()[:5]
        )
    return str(e)
