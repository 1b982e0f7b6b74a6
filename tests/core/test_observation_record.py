"""The engine's observation record and the public model agree on every valid payload.

The engine decides on ``ObservationRecord`` (no second validation, plain attributes); the
model stays the public shape. For any payload the schema accepts, both must read the same
values (normalised the same way) and dump the same payload, key for key and in the same
order, since that dump is what the event log keeps."""

from __future__ import annotations

import json
from typing import Any

import pytest
from canon_testing import make_observation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from observation_strategies import UUID, VALUE, valid_observations

from core.domain.models import StateObservation
from core.domain.observation_record import FIELDS, checked_record, observation_record
from core.domain.validation import plain_json, schema_errors

AGREE = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))


def _read(observation: Any) -> dict[str, Any]:
    """Every attribute the decision reads, as plain values."""
    source = observation.source
    return {
        **{name: getattr(observation, name) for name in FIELDS if name != "corroborators"},
        "source": (source.type, source.ref, source.key),
        "corroborators": None
        if observation.corroborators is None
        else [(c.type, c.ref) for c in observation.corroborators],
        "ts": observation.ts,
        "expires": observation.expires,
    }


@AGREE
@given(payload=valid_observations())
def test_the_record_reads_and_dumps_what_the_model_does(payload: dict[str, Any]) -> None:
    assert schema_errors("state_observation", payload) == []
    model = StateObservation.model_validate(payload)
    record = observation_record(payload)
    assert _read(record) == _read(model)
    # The same keys in the same order, and the same JSON text (1 and 1.0 differ there).
    assert json.dumps(record.payload()) == json.dumps(model.payload())
    assert list(record.payload()) == list(model.payload())


@AGREE
@given(payload=valid_observations(), data=st.data())
def test_a_changed_record_is_the_model_copied_with_the_same_changes(
    payload: dict[str, Any], data: st.DataObject
) -> None:
    # As the engine changes them: its own id, a companion's field, value and intent.
    changes = data.draw(
        st.fixed_dictionaries(
            {},
            optional={
                "event_id": UUID,
                "field": st.sampled_from(["travel.status", "profile.home_city"]),
                "candidate_value": VALUE,
                "intent": st.sampled_from(["assertive", "retract"]),
                "valid_until": st.none(),
                "corroborators": st.none(),
            },
        )
    )
    model = StateObservation.model_validate(payload).model_copy(update=changes)
    record = observation_record(payload).with_changes(**changes)
    assert json.dumps(record.payload()) == json.dumps(model.payload())
    assert record.source.key == model.source.key


@AGREE
@given(payload=valid_observations())
def test_a_payload_of_other_than_plain_json_is_recorded_as_the_model_reads_it(
    payload: dict[str, Any],
) -> None:
    # A tuple where JSON has an array: python-jsonschema's and the model's reading stands.
    if "corroborators" in payload:
        payload = {**payload, "corroborators": tuple(payload["corroborators"])}
    plain = plain_json(payload)
    record = checked_record(payload, plain=plain)
    model = StateObservation.model_validate_json(json.dumps(payload))
    assert json.dumps(record.payload()) == json.dumps(model.payload())


@pytest.mark.parametrize("name", FIELDS)
def test_a_change_of_any_one_field_changes_that_field_alone(name: str) -> None:
    record = observation_record(make_observation())
    changed = record.with_changes(**{name: "changed"})
    assert getattr(changed, name) == "changed"
    assert all(getattr(changed, n) is getattr(record, n) for n in FIELDS if n != name)


def test_a_change_of_no_field_of_an_observation_is_refused() -> None:
    with pytest.raises(TypeError, match="valid_till"):
        observation_record(make_observation()).with_changes(valid_till=None)
