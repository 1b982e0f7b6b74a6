"""The JSON Schemas are strict, formats are enforced, and the models agree with them."""

from __future__ import annotations

import copy
import json
from typing import Any

import jsonschema_rs
import pytest
from canon_testing import make_observation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from observation_strategies import TEXT, TS, UUID, VALUE, valid_observations
from pydantic import ValidationError

from core.domain.models import SignalEvent, StateObservation, UserConfirmation, parse_model
from core.domain.validation import (
    SCHEMA_DIR,
    fast_validator,
    for_jsonschema_rs,
    json_hazards,
    load_schema,
    placeholder_errors,
    plain_json,
    schema_errors,
    validate,
    validator,
)
from core.errors import PayloadInvalid

MODELS = {
    "state_observation": StateObservation,
    "user_confirmation": UserConfirmation,
    "signal_event": SignalEvent,
}


def _objects(schema: Any) -> list[dict[str, Any]]:
    found = []
    if isinstance(schema, dict):
        if schema.get("type") == "object":
            found.append(schema)
        for value in schema.values():
            found += _objects(value)
    elif isinstance(schema, list):
        for value in schema:
            found += _objects(value)
    return found


@pytest.mark.parametrize("name", sorted(MODELS))
def test_every_schema_is_2020_12_and_closed(name: str) -> None:
    schema = load_schema(name)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    for obj in _objects(schema):
        assert obj.get("additionalProperties") is False, obj


AGENT_SCHEMAS = ("agent_state", "agent_state_delta")
"""The agent's own state and its deltas (tests/agent/test_agent_delta.py checks them)."""
API_SCHEMAS = ("http_api",)
"""Every HTTP API body (tests/api checks requests and responses against them)."""
GENERATED = ("openapi.json",)
"""Built from the route table and the schemas; tests/api checks it is up to date."""
WORKFLOW_SCHEMAS = ("workflow_definition",)
"""Workflow definitions (tests/workflows/test_definitions.py checks them)."""


def test_the_schema_folder_holds_only_these_schemas() -> None:
    assert sorted(p.name for p in SCHEMA_DIR.glob("*.json")) == sorted(
        [
            *(
                f"{n}.schema.json"
                for n in [*MODELS, *AGENT_SCHEMAS, *API_SCHEMAS, *WORKFLOW_SCHEMAS]
            ),
            *GENERATED,
        ]
    )


@pytest.mark.parametrize("path", sorted(SCHEMA_DIR.glob("*.schema.json")), ids=lambda p: p.name)
def test_every_shipped_schema_is_a_valid_2020_12_schema(path: Any) -> None:
    """Checked here, not at every start: ``load_schema`` trusts the files it ships with."""
    Draft202012Validator.check_schema(json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"event_ts": "2026-02-19 14:30"}, "is not a 'date-time'"),
        ({"event_ts": "2026-02-19T14:30:00"}, "is not a 'date-time'"),
        ({"event_ts": "yesterday"}, "is not a 'date-time'"),
        ({"event_id": "not-a-uuid"}, "is not a 'uuid'"),
        ({"event_id": "0123456789abcdef0123456789abcdef"}, "is not a 'uuid'"),
        ({"entity_id": "User:Primary"}, "does not match"),
        ({"entity_id": "robot:x"}, "does not match"),
        ({"field": "travel"}, "does not match"),
        ({"domain": "weather"}, "is not one of"),
        ({"intent": "maybe"}, "is not one of"),
        ({"source": {"type": "telepathy"}}, "is not one of"),
        ({"source": {"type": "conversation_assertive", "extra": 1}}, "Additional properties"),
        ({"candidate_value": "x" * 501}, "is not valid under any"),
        ({"extraction_confidence": 1.5}, "greater than the maximum"),
        ({"surprise": True}, "Additional properties"),
        # The field must belong to the observation's domain.
        ({"domain": "travel", "field": "profile.home_city"}, "does not match '^travel"),
        # A trailing newline must not slip past '$' (Python's re.search allows it).
        ({"entity_id": "user:primary\n"}, "does not match"),
        ({"field": "travel.status\n"}, "does not match"),
        ({"event_ts": "2026-02-19T14:30:00Z\n"}, "is not a 'date-time'"),
        # UUIDs: the canonical 8-4-4-4-12 ASCII hex form only.
        ({"event_id": "01a2023b-88d6-732c-b564-2dabb0dee049\n"}, "is too long"),
        ({"event_id": "{01a2023b-88d6-732c-b564-2dabb0dee049}"}, "is not a 'uuid'"),
        ({"event_id": "urn:uuid:01a2023b-88d6-732c-b564-2dabb0dee049"}, "is not a 'uuid'"),
        ({"event_id": "01a2023b-88d6-732c-b564-2dabb0dee04\u0669"}, "is not a 'uuid'"),
        ({"event_id": "uuid-v7"}, "is the design document's placeholder, not a UUID"),
        # Timestamps that do not fit in UTC, numbers and text that are not JSON.
        ({"event_ts": "0001-01-01T00:00:00+01:00"}, "outside the range a UTC timestamp"),
        ({"valid_until": "9999-12-31T23:59:59-01:00"}, "outside the range a UTC timestamp"),
        ({"candidate_value": float("nan")}, "NaN and Infinity are not allowed"),
        ({"candidate_value": float("inf")}, "NaN and Infinity are not allowed"),
        ({"extraction_confidence": float("nan")}, "NaN and Infinity are not allowed"),
        ({"evidence_text": "I am in \ud800 Reno"}, "lone surrogate"),
        ({"corroborators": [{"type": "calendar"}]}, "'ref' is a required property"),
        ({"corroborators": [{"type": "fax", "ref": "x"}]}, "is not one of"),
        ({"corroborators": [{"type": "calendar", "ref": "x", "at": 1}]}, "Additional properties"),
        ({"corroborators": [{"type": "calendar", "ref": "x" * 257}]}, "is too long"),
        ({"corroborators": [{"type": "calendar", "ref": "x"}] * 9}, "is too long"),
    ],
)
def test_bad_observations_are_rejected_with_a_clear_error(
    change: dict[str, Any], message: str
) -> None:
    payload = {**make_observation(), **change}
    errors = schema_errors("state_observation", payload)
    assert errors
    assert any(message in e for e in errors), errors
    with pytest.raises(PayloadInvalid):
        parse_model(StateObservation, "state_observation", payload)


@pytest.mark.parametrize(
    ("change", "size"),
    [
        ({"evidence_text": "we are in tahoe, " * 3000}, "51000 characters"),
        ({"corroborators": [{"type": "calendar", "ref": "r" * 200}] * 9}, "as JSON"),
    ],
)
def test_an_error_quotes_the_start_of_a_huge_value_not_all_of_it(
    change: dict[str, Any], size: str
) -> None:
    """A 50 kB text that is too long is named by its start and its size: an error is
    read by a person, returned in a 422 and kept in a dead letter beside the payload."""
    errors = schema_errors("state_observation", {**make_observation(), **change})
    assert any("is too long" in e and size in e for e in errors), errors
    assert all(len(e) < 400 for e in errors), [len(e) for e in errors]


def _confirmation(**change: Any) -> dict[str, Any]:
    base = {
        "prompt_id": "01a2023b-88d6-732c-b564-2dabb0dee049",
        "entity_id": "user:primary",
        "domain": "travel",
        "field": "travel.status",
        "proposed_change": "travel.status: planning -> in_progress",
        "proposed_value": "in_progress",
        "confidence": 0.8,
        "reason_summary": ["calendar says so"],
        "actions": ["confirm", "reject", "edit"],
        "created_at": "2026-02-19T14:30:00Z",
    }
    return {**base, **change}


@pytest.mark.parametrize(
    ("change", "valid"),
    [
        ({}, True),
        ({"confidence": 1.01}, False),
        ({"confidence": -0.1}, False),
        ({"reason_summary": ["r"] * 6}, False),
        ({"reason_summary": ["x" * 161]}, False),
        ({"actions": ["confirm", "delete"]}, False),
        ({"actions": []}, False),
        ({"actions": ["confirm", "confirm"]}, False),
        (
            {
                "actions": ["edit"],
                "answer": {
                    "action": "edit",
                    "value": "Reno",
                    "answered_at": "2026-02-19T14:31:00Z",
                },
            },
            True,
        ),
        (
            {"actions": ["edit"], "answer": {"action": "edit", "answered_at": "2026-02-19 14:31"}},
            False,
        ),
        # A response carries exactly the action taken.
        ({"answer": {"action": "confirm", "answered_at": "2026-02-19T14:31:00Z"}}, False),
        (
            {
                "actions": ["reject"],
                "answer": {"action": "confirm", "answered_at": "2026-02-19T14:31:00Z"},
            },
            False,
        ),
        ({"actions": ["confirm"]}, True),
        ({"field": "profile.home_city"}, False),
        ({"prompt_id": "uuid-v7"}, False),
        ({"prompt_id": "01A2023B-88D6-732C-B564-2DABB0DEE049"}, True),
        ({"proposed_change": ""}, False),
        ({"confidence": float("nan")}, False),
    ],
)
def test_user_confirmations(change: dict[str, Any], valid: bool) -> None:
    payload = _confirmation(**change)
    assert (schema_errors("user_confirmation", payload) == []) is valid
    if valid:
        validate("user_confirmation", payload)
        parse_model(UserConfirmation, "user_confirmation", payload)
    else:
        with pytest.raises(PayloadInvalid):
            parse_model(UserConfirmation, "user_confirmation", payload)


def _accepts_schema(name: str, payload: Any) -> bool:
    return schema_errors(name, payload) == []


def _accepts_model(name: str, payload: Any) -> bool:
    try:
        parse_model(MODELS[name], name, payload)
    except PayloadInvalid:
        return False
    return True


def _mutations(payload: dict[str, Any]) -> st.SearchStrategy[Any]:
    keys = sorted(payload)
    junk = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(allow_nan=False),
        st.text(max_size=5),
        st.just("2026-02-19T14:30:00Z"),
        st.just("01a2023b-88d6-732c-b564-2dabb0dee049"),
        st.just({}),
        st.just([]),
        st.just(float("nan")),
        st.just("\ud800"),
        st.just("uuid-v7"),
        st.just("user:primary\n"),
        st.just("profile.home_city"),
        st.just("0001-01-01T00:00:00+01:00"),
    )

    def drop(key: str) -> dict[str, Any]:
        return {k: v for k, v in payload.items() if k != key}

    def replace_value(pair: tuple[str, Any]) -> dict[str, Any]:
        out = copy.deepcopy(payload)
        out[pair[0]] = pair[1]
        return out

    return st.one_of(
        st.just(payload),
        st.sampled_from(keys).map(drop),
        st.tuples(st.sampled_from(keys), junk).map(replace_value),
        st.tuples(st.text(min_size=1, max_size=8), junk).map(lambda kv: {**payload, kv[0]: kv[1]}),
    )


@st.composite
def _signal_events(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["calendar_event", "email"]))
    if kind == "calendar_event":
        payload: dict[str, Any] = {
            "id": draw(st.text(min_size=1, max_size=8)),
            "summary": draw(TEXT),
            "start": draw(st.sampled_from(["2026-02-20", "2026-02-20T09:00:00Z"])),
            "end": draw(st.sampled_from(["2026-02-21", "2026-02-20T10:00:00-08:00"])),
        }
        for key in draw(st.sets(st.sampled_from(["location", "description"]))):
            payload[key] = draw(TEXT)
        if draw(st.booleans()):
            payload["status"] = draw(st.sampled_from(["confirmed", "tentative", "cancelled"]))
        if draw(st.booleans()):
            payload["invitation"] = {
                "organizer": draw(st.text(min_size=1, max_size=8)),
                "response": draw(
                    st.sampled_from(["needs_action", "accepted", "tentative", "declined"])
                ),
            }
    else:
        payload = {
            "id": draw(st.text(min_size=1, max_size=8)),
            "from": draw(TEXT),
            "subject": draw(TEXT),
            "body": draw(TEXT),
        }
        if draw(st.booleans()):
            payload["date"] = draw(TS)
    source: dict[str, Any] = {
        "type": draw(st.sampled_from(["calendar", "email", "transactions_email", "webhook"]))
    }
    if draw(st.booleans()):
        source["ref"] = draw(st.text(min_size=1, max_size=8))
    return {
        "event_id": "01a2023b-88d6-732c-b564-2dabb0dee049",
        "event_ts": draw(TS),
        "entity_id": draw(st.sampled_from(["user:primary", "family:home", "team:core"])),
        "kind": kind,
        "source": source,
        "payload": payload,
    }


@st.composite
def _confirmations(draw: st.DrawFn) -> dict[str, Any]:
    payload = _confirmation(
        prompt_id=draw(UUID),
        proposed_value=draw(VALUE),
        confidence=draw(st.floats(0, 1)),
        reason_summary=draw(st.lists(st.text(min_size=1, max_size=20), max_size=5)),
        actions=draw(
            st.lists(
                st.sampled_from(["confirm", "reject", "edit"]), min_size=1, max_size=3, unique=True
            )
        ),
    )
    if draw(st.booleans()):
        payload["current_value"] = draw(VALUE)
    if draw(st.booleans()):
        action = draw(st.sampled_from(["confirm", "reject", "edit"]))
        payload["answer"] = {"action": action, "answered_at": draw(TS)}
        payload["actions"] = [action]
    return payload


def _valid(name: str) -> st.SearchStrategy[Any]:
    # Built from the schemas' rules by hand: hypothesis-jsonschema no longer
    # works with current hypothesis releases.
    return {
        "signal_event": _signal_events(),
        "state_observation": valid_observations(),
        "user_confirmation": _confirmations(),
    }[name]


@pytest.mark.parametrize("name", sorted(MODELS))
@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_model_and_schema_accept_and_reject_the_same_payloads(
    name: str, data: st.DataObject
) -> None:
    valid = data.draw(_valid(name))
    assert _accepts_schema(name, valid)
    payload = data.draw(_mutations(valid))
    assert _accepts_model(name, payload) == _accepts_schema(name, payload), json.dumps(payload)[
        :500
    ]


def _whole_schema_accepts(name: str, payload: Any) -> bool:
    """The reference: python-jsonschema alone, after the checks JSON Schema cannot make."""
    hazards = placeholder_errors(payload) + json_hazards(payload)
    return not hazards and validator(name).is_valid(payload)


# Values chosen where two validators could read JSON differently: timestamps and
# ids just outside Canon's formats (which are stricter than jsonschema-rs's own),
# letters a regex engine might fold into [a-z0-9], line ends before '$', numbers
# at the edges of 64 bits and of floats, 1.0 as an integer, booleans beside
# numbers, and tuples (arrays to one library, not to the other).
_EDGE_STRINGS: list[Any] = [
    "0001-01-01T00:00:00+01:00",
    "9999-12-31T23:59:59-01:00",
    "2026-02-19T23:59:60Z",
    "2026-02-19t14:30:00z",
    "2026-02-30T14:30:00Z",
    "2026-02-19T24:00:00Z",
    "2026-02-19T14:30:00+24:00",
    "2026-02-19T14:30:00.123456789Z",
    "2026-02-19 14:30:00Z",
    "2026-02-19T14:30:00Z\n",
    "2026-02-20",
    "2026-2-20",
    "2026-02-30",
    "2026-02-20\n",
    "01A2023B-88D6-732C-B564-2DABB0DEE049",
    "01a2023b88d6732cb5642dabb0dee049",
    "01a2023b-88d6-732c-b564-2dabb0dee04\u0669",
    "01a2023b-88d6-732c-b564-2dabb0dee04\uff10",
    "user:primary\r",
    "user:primary\u2028",
    "user:\u017fam",
    "team:\u212a",
    "travel.\u0130",
    "travel.\u00df",
    "travel.location\n",
    "profile.home_city",
    "financial.rent.amount",
    "",
    "x" * 501,
]
_EDGE_OTHERS: list[Any] = [
    *(2**63 - 1, 2**63, 2**64, -(2**63) - 1, 10**40, -(10**40), 0, 1, -1),
    *(1.0, -0.0, 0.5, 1.0000000000000002, -1e-300, 5e-324, 1e308, 2.0**64),
    *(True, False, None, [], {}, [None], {"": None}, ("confirm",), ["confirm", "confirm"]),
]
_HOSTILE = st.one_of(
    st.sampled_from(_EDGE_STRINGS),
    st.sampled_from(_EDGE_OTHERS),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(st.characters(codec="utf-8"), max_size=8),
)
_DOMAINS = st.sampled_from(["travel", "family", "project", "financial", "profile", "weather"])


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in ``value`` a value sits, nested ones included."""
    items = value.items() if isinstance(value, dict) else enumerate(value)
    found = []
    for key, inner in items:
        found.append((*path, key))
        if isinstance(inner, dict | list):
            found += _paths(inner, (*path, key))
    return found


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


def _replaced(payload: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    """A copy of ``payload`` with ``value`` at ``path`` (a new key when it has none)."""
    out = copy.deepcopy(payload)
    _at(out, path[:-1])[path[-1]] = value
    return out


def _assert_validators_agree(name: str, payload: Any) -> None:
    shown = repr(payload)[:500]
    if not json_hazards(payload) and json.loads(json.dumps(payload)) == payload:
        # Plain JSON, where the fast path applies: both libraries say the same.
        assert fast_validator(name).is_valid(payload) == validator(name).is_valid(payload), shown
    assert _accepts_schema(name, payload) == _whole_schema_accepts(name, payload), shown


@pytest.mark.parametrize("name", sorted(MODELS))
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_the_fast_validator_and_python_jsonschema_agree_on_every_payload(
    name: str, data: st.DataObject
) -> None:
    valid = data.draw(_valid(name))
    where = st.sampled_from(_paths(valid))
    objects = [(), *(p for p in _paths(valid) if isinstance(_at(valid, p), dict))]
    payload = data.draw(
        st.one_of(
            _mutations(valid),
            st.tuples(where, _HOSTILE).map(lambda pv: _replaced(valid, *pv)),
            st.tuples(st.sampled_from(objects), st.text(min_size=1, max_size=8), _HOSTILE).map(
                lambda pkv: _replaced(valid, (*pkv[0], pkv[1]), pkv[2])  # an extra key
            ),
            _DOMAINS.map(lambda domain: {**valid, "domain": domain}),
        )
    )
    _assert_validators_agree(name, payload)


def _model_reading(model: Any, read: Any) -> Any:
    try:
        return read().model_dump()
    except (ValidationError, ValueError, TypeError):
        return "refused"


@pytest.mark.parametrize("name", sorted(MODELS))
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_plain_payload_reads_the_same_as_python_values_and_as_json_text(
    name: str, data: st.DataObject
) -> None:
    """``parse_checked`` validates plain JSON values as they are, not their JSON text:
    the model accepts the same payloads either way, with the same values."""
    valid = data.draw(_valid(name))
    where = st.sampled_from(_paths(valid))
    payload = data.draw(
        st.one_of(
            _mutations(valid),
            st.tuples(where, _HOSTILE).map(lambda pv: _replaced(valid, *pv)),
            _DOMAINS.map(lambda domain: {**valid, "domain": domain}),
        )
    )
    if not plain_json(payload):
        return
    model = MODELS[name]
    as_text = _model_reading(model, lambda: model.model_validate_json(json.dumps(payload)))
    as_values = _model_reading(model, lambda: model.model_validate(payload))
    assert as_values == as_text, json.dumps(payload)[:500]


_FULL_PAYLOADS = {
    "state_observation": make_observation(
        corroborators=[{"type": "calendar", "ref": "cal-1"}],
        extraction_confidence=0.9,
        valid_until="2026-03-01T00:00:00Z",
        evidence_text="I am in Reno",
    ),
    "user_confirmation": _confirmation(
        current_value="planning",
        actions=["edit"],
        answer={"action": "edit", "value": "Reno", "answered_at": "2026-02-19T14:31:00Z"},
    ),
    "signal_event": {
        "event_id": "01a2023b-88d6-732c-b564-2dabb0dee049",
        "event_ts": "2026-02-19T14:30:00Z",
        "entity_id": "user:primary",
        "kind": "calendar_event",
        "source": {"type": "calendar", "ref": "cal"},
        "payload": {
            "id": "e1",
            "summary": "Flight",
            "start": "2026-02-20",
            "end": "2026-02-20T10:00:00-08:00",
            "location": "Reno",
            "status": "confirmed",
            "invitation": {"organizer": "stranger@example.net", "response": "needs_action"},
        },
    },
}


@pytest.mark.parametrize("name", sorted(MODELS))
def test_the_fast_validator_and_python_jsonschema_agree_on_every_edge_value_everywhere(
    name: str,
) -> None:
    payload = _FULL_PAYLOADS[name]
    assert _accepts_schema(name, payload)
    for path in _paths(payload):
        for value in _EDGE_STRINGS + _EDGE_OTHERS:
            _assert_validators_agree(name, _replaced(payload, path, value))


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({}, None),
        ({"domain": "profile", "field": "profile.home_city"}, None),
        ({"domain": "travel", "field": "profile.home_city"}, "does not match '^travel"),
        ({"domain": "profile", "field": "travel.location"}, "does not match '^profile"),
        ({"domain": "family", "field": "financial.rent.amount"}, "does not match '^family"),
        ({"domain": 1}, "1 is not one of"),
        ({"domain": True}, "True is not one of"),
        ({"domain": None}, "None is not one of"),
        ({"domain": ["travel"]}, "['travel'] is not one of"),
        ({"field": ["travel.location"]}, "['travel.location'] is not of type 'string'"),
    ],
)
def test_a_field_outside_its_domain_is_refused_every_time(
    changes: dict[str, Any], error: str | None
) -> None:
    payload = {**make_observation("travel.location", "Tahoe"), **changes}
    for _ in range(2):  # asked again with the same domain and field: the same answer
        errors = schema_errors("state_observation", payload)
        if error is None:
            assert errors == []
        else:
            assert any(error in e for e in errors), errors
    assert (errors == []) == _whole_schema_accepts("state_observation", payload)


def test_a_payload_without_a_domain_is_refused_every_time() -> None:
    payload = make_observation("travel.location", "Tahoe")
    del payload["domain"]
    for _ in range(2):
        assert schema_errors("state_observation", payload) == ["$: 'domain' is a required property"]


_STAMP_PARTS = st.tuples(
    st.sampled_from(["0000", "0001", "1900", "2000", "2024", "2026", "9999", "20x6"]),
    st.integers(0, 13),
    st.integers(0, 32),
    st.integers(0, 24),
    st.integers(0, 61),
    st.sampled_from(["", ".5", ".123456789", "."]),
    st.sampled_from(["Z", "z", "+01:00", "-23:59", "+24:00", ""]),
    st.sampled_from(["", "\n", "\n\n", " "]),
)


@given(_STAMP_PARTS)
def test_the_date_time_form_check_answers_as_the_library_does(parts: tuple[Any, ...]) -> None:
    """``_rfc3339`` (the form, year and day checked inline) says what the library's
    ``validate_rfc3339`` says of every upper-cased stamp."""
    from rfc3339_validator import validate_rfc3339

    from core.domain.validation import _rfc3339

    year, month, day, hour, minute, frac, zone, tail = parts
    text = f"{year}-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:{minute:02d}{frac}{zone}{tail}"
    assert _rfc3339(text.upper()) == bool(validate_rfc3339(text.upper()))


def test_a_format_answer_kept_for_a_string_is_the_checkers_own() -> None:
    """Short strings' format answers are kept: asked again, or after the kept answers
    start over, they are still the checker's."""
    from core.domain import validation

    good, bad = "2026-02-19T14:30:00Z", "2026-02-30T14:30:00Z"
    for _ in range(2):
        assert validation.conforms(good, "date-time")
        assert not validation.conforms(bad, "date-time")
    for i in range(validation._KNOWN_MAX + 1):
        validation.conforms(f"2026-02-19T14:30:{i % 60:02d}.{i}Z", "date-time")
    assert validation.conforms(good, "date-time")
    assert not validation.conforms(bad, "date-time")
    long_text = "2026-02-19T14:30:00." + "1" * 100 + "Z"
    assert validation.conforms(long_text, "date-time") == validation.conforms(
        long_text, "date-time"
    )


UUID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        # A uuid whose own pattern says the same: the pattern alone is left to jsonschema-rs.
        (
            {"type": "string", "format": "uuid", "pattern": UUID_PATTERN},
            {"type": "string", "pattern": UUID_PATTERN},
        ),
        # Everything else keeps its format: no pattern, another pattern, another format.
        ({"type": "string", "format": "uuid"}, {"type": "string", "format": "uuid"}),
        (
            {"format": "uuid", "pattern": "^[0-9a-f-]{36}$"},
            {"format": "uuid", "pattern": "^[0-9a-f-]{36}$"},
        ),
        ({"format": "date-time"}, {"format": "date-time"}),
        (
            {"format": "date-time", "pattern": UUID_PATTERN},
            {"format": "date-time", "pattern": UUID_PATTERN},
        ),
        # Nested subschemas, in objects and lists; a property named 'format' is a property.
        (
            {"properties": {"format": {"format": "uuid", "pattern": UUID_PATTERN}}},
            {"properties": {"format": {"pattern": UUID_PATTERN}}},
        ),
        (
            {"anyOf": [{"format": "uuid", "pattern": UUID_PATTERN}, {"type": "null"}]},
            {"anyOf": [{"pattern": UUID_PATTERN}, {"type": "null"}]},
        ),
        # A pattern's lookahead after its final '$' (Python's trailing newline) is dropped:
        # Rust's '$' is the text's end. An escaped '\$' is a dollar sign: it stays.
        ({"pattern": "^(user|team):[a-z]+$(?!\\n)"}, {"pattern": "^(user|team):[a-z]+$"}),
        ({"pattern": "^a\\\\$(?!\\n)"}, {"pattern": "^a\\\\$"}),
        ({"pattern": "^a\\$(?!\\n)"}, {"pattern": "^a\\$(?!\\n)"}),
        ({"pattern": "^a$(?!\\n)b"}, {"pattern": "^a$(?!\\n)b"}),
        (
            {"items": {"pattern": "^x$(?!\\n)", "format": "date-time"}},
            {"items": {"pattern": "^x$", "format": "date-time"}},
        ),
    ],
)
def test_the_fast_validator_is_given_the_schema_without_what_rust_needs_not_check(
    given: dict[str, Any], expected: dict[str, Any]
) -> None:
    before = copy.deepcopy(given)
    assert for_jsonschema_rs(given) == expected
    assert given == before  # the loaded schema itself is left as it is


@pytest.mark.parametrize("name", sorted(MODELS))
def test_only_the_uuid_formats_a_pattern_repeats_leave_the_fast_schema(name: str) -> None:
    """Every schema's fast copy differs from it only where a uuid carries its pattern."""
    schema = load_schema(name)

    def formats(node: Any) -> list[tuple[str, Any]]:
        if isinstance(node, list):
            return [f for n in node for f in formats(n)]
        if not isinstance(node, dict):
            return []
        own = [(node["format"], node.get("pattern"))] if isinstance(node.get("format"), str) else []
        return own + [f for v in node.values() for f in formats(v)]

    kept = formats(for_jsonschema_rs(schema))
    assert kept == [f for f in formats(schema) if f != ("uuid", UUID_PATTERN)]
    assert ("date-time", None) in kept


class _Text(str):
    pass


@pytest.mark.parametrize(
    ("value", "plain"),
    [
        ("Reno", True),
        ("Zürich", True),
        ("\ud800", False),
        (_Text("Reno"), False),
        (1950, True),
        (-(2**53), True),
        (10**400, False),
        (-(10**400), False),
        (True, True),
        (None, True),
        (0.81, True),
        (-0.0, True),
        (float("nan"), False),
        (float("inf"), False),
        (float("-inf"), False),
        ([1, "a"], True),
        ((1, "a"), False),
        ({"type": "calendar"}, True),
    ],
)
def test_a_value_in_a_payload_is_plain_json_exactly_when_it_is_alone(
    value: Any, plain: bool
) -> None:
    """The flat values ``plain_json`` reads inline in a dict mean what they mean alone."""
    assert plain_json(value) is plain
    assert plain_json({"candidate_value": value}) is plain
    assert plain_json({"event_id": "x", "source": {"ref": value}}) is plain


@pytest.mark.parametrize("name", sorted(MODELS))
@pytest.mark.parametrize("end", ["\n", "\n\n", "\r\n"])
def test_a_trailing_newline_is_refused_by_every_pattern_of_the_fast_schema(
    name: str, end: str
) -> None:
    """Each pattern of a schema, as jsonschema-rs reads it for the fast pass, refuses its
    own matches with a newline after them, as the schema's lookahead does in Python."""

    def patterns(node: Any) -> list[str]:
        if isinstance(node, list):
            return [p for n in node for p in patterns(n)]
        if not isinstance(node, dict):
            return []
        own = [node["pattern"]] if isinstance(node.get("pattern"), str) else []
        return own + [p for v in node.values() for p in patterns(v)]

    checked = 0
    for pattern in patterns(for_jsonschema_rs(load_schema(name))):
        fast = jsonschema_rs.Draft202012Validator({"type": "string", "pattern": pattern})
        for sample in _PATTERN_SAMPLES:
            if fast.is_valid(sample):
                checked += 1
                assert not fast.is_valid(sample + end), (pattern, sample)
    assert checked


_PATTERN_SAMPLES = [
    "user:primary",
    "family:home",
    "travel.location",
    "project.canon.status",
    "profile.home_city",
    "01a2023b-88d6-732c-b564-2dabb0dee049",
    "conversation_assertive",
    "calendar",
    "2026-02-19",
]


@pytest.mark.parametrize(
    ("payload", "named"),
    [
        ({"event_id": "uuid-v7"}, ["event_id"]),
        ({"prompt_id": "uuid-v7"}, ["prompt_id"]),
        ({"event_id": "uuid-v7", "prompt_id": "uuid-v7"}, ["event_id", "prompt_id"]),
        (
            {"event_id": "01a2023b-88d6-732c-b564-2dabb0dee049", "prompt_id": "uuid-v7"},
            ["prompt_id"],
        ),
        ({"event_id": "UUID-V7"}, []),
        ({"event_id": ["uuid-v7"], "prompt_id": {"uuid-v7": 1}}, []),  # not text, unhashable
        ({"event_id": None}, []),
        ({}, []),
        (["uuid-v7"], []),
        ("uuid-v7", []),
    ],
)
def test_a_placeholder_id_is_named_where_it_is_and_nowhere_else(
    payload: Any, named: list[str]
) -> None:
    found = placeholder_errors(payload)
    assert [e.split(":")[0] for e in found] == [f"$.{key}" for key in named]
    assert all("is the design document's placeholder, not a UUID" in e for e in found)
