"""The agent state changes only by deltas: checked against their schema first, applied whole
or not at all, to a copy, with times stamped from the ``now`` given."""

from __future__ import annotations

import copy
import json
from datetime import timedelta
from typing import Any

import pytest
from canon_testing import NOW
from hypothesis import given
from hypothesis import strategies as st

from core.agent.agent_state import (
    COLLECTIONS,
    AgentState,
    collection,
    empty_agent_state,
    read_agent_state,
)
from core.agent.delta import apply_delta
from core.domain.validation import SCHEMA_DIR, load_schema
from core.errors import AgentStateError, PayloadInvalid

STAMP = "2026-02-19T14:30:00Z"

ONE_OF_EACH: dict[str, dict[str, Any]] = {
    "entities": {"id": "trip:tahoe", "kind": "trip", "name": "Tahoe"},
    "dependencies": {"id": "d1", "from": "task:return", "to": "trip:tahoe", "rel": "after"},
    "assumptions": {
        "id": "a1",
        "hypothesis": "The user is in Tahoe.",
        "confidence": 0.8,
        "evidence": ["msg-7"],
    },
    "expectations": {
        "id": "e1",
        "action": "schedule_return",
        "expected_outcome": "one task created after the trip",
        "expected_type": "task",
        "expected_count": 1,
    },
    "tentative_hypotheses": {"id": "h1", "hypothesis": "The trip was extended."},
    "items": {"id": "t1", "kind": "task", "title": "Return the Amazon parcel", "status": "active"},
}


def state_with_one_of_each() -> AgentState:
    delta = {name: [{"op": "add", "value": value}] for name, value in ONE_OF_EACH.items()}
    return apply_delta(empty_agent_state("dm-user:primary-1"), delta, NOW)


def test_an_add_of_each_kind_lands_in_its_collection() -> None:
    state = state_with_one_of_each()
    assert state["current_understanding"]["entities"] == [ONE_OF_EACH["entities"]]
    assert state["current_understanding"]["dependencies"] == [ONE_OF_EACH["dependencies"]]
    assert state["assumptions"] == [ONE_OF_EACH["assumptions"]]
    # An expectation added without a status is pending; an item is stamped with now.
    assert state["expectations"] == [{**ONE_OF_EACH["expectations"], "status": "pending"}]
    assert state["tentative_hypotheses"] == [ONE_OF_EACH["tentative_hypotheses"]]
    assert state["items"] == [{**ONE_OF_EACH["items"], "created_at": STAMP, "updated_at": STAMP}]


def test_the_empty_delta_changes_nothing() -> None:
    state = state_with_one_of_each()
    assert apply_delta(state, {}, NOW + timedelta(days=30)) == state


@pytest.mark.parametrize(
    ("name", "patch"),
    [
        ("entities", {"name": "Lake Tahoe"}),
        ("dependencies", {"rel": "before"}),
        ("assumptions", {"confidence": 0.4, "evidence": ["msg-7", "tool-3"]}),
        ("expectations", {"status": "confirmed", "last_checked_at": "2026-02-19T15:00:00Z"}),
        ("tentative_hypotheses", {"reason": "a later flight was booked"}),
    ],
)
def test_an_update_replaces_the_fields_it_names_and_keeps_the_rest(
    name: str, patch: dict[str, Any]
) -> None:
    state = state_with_one_of_each()
    [before] = collection(state, name)
    after = apply_delta(state, {name: [{"op": "update", "id": before["id"], "patch": patch}]}, NOW)
    assert collection(after, name) == [{**before, **patch}]


def test_an_updated_item_is_stamped_with_now_and_keeps_its_creation_time() -> None:
    later = NOW + timedelta(hours=2)
    state = apply_delta(
        state_with_one_of_each(),
        {"items": [{"op": "update", "id": "t1", "patch": {"status": "resolved"}}]},
        later,
    )
    assert state["items"][0]["status"] == "resolved"
    assert state["items"][0]["created_at"] == STAMP
    assert state["items"][0]["updated_at"] == "2026-02-19T16:30:00Z"


@pytest.mark.parametrize("name", COLLECTIONS)
def test_a_remove_takes_the_element_out(name: str) -> None:
    state = state_with_one_of_each()
    element_id = ONE_OF_EACH[name]["id"]
    after = apply_delta(state, {name: [{"op": "remove", "id": element_id}]}, NOW)
    assert collection(after, name) == []
    assert [collection(after, n) for n in COLLECTIONS if n != name] == [
        collection(state, n) for n in COLLECTIONS if n != name
    ]


def test_operations_apply_in_order_within_a_collection() -> None:
    delta = {
        "assumptions": [
            {"op": "add", "value": {"id": "a2", "hypothesis": "x", "confidence": 0.5}},
            {"op": "update", "id": "a2", "patch": {"confidence": 0.7}},
            {"op": "remove", "id": "a1"},
            {"op": "add", "value": {"id": "a1", "hypothesis": "again", "confidence": 0.1}},
        ]
    }
    after = apply_delta(state_with_one_of_each(), delta, NOW)
    assert after["assumptions"] == [
        {"id": "a2", "hypothesis": "x", "confidence": 0.7},
        {"id": "a1", "hypothesis": "again", "confidence": 0.1},
    ]


def test_the_summary_time_is_set_by_the_delta() -> None:
    after = apply_delta(empty_agent_state("s"), {"last_summarized_at": STAMP}, NOW)
    assert after["last_summarized_at"] == STAMP


def test_the_new_state_shares_nothing_with_the_old_one_or_the_delta() -> None:
    state = state_with_one_of_each()
    frozen = copy.deepcopy(state)
    evidence = ["msg-9"]
    delta = {"assumptions": [{"op": "update", "id": "a1", "patch": {"evidence": evidence}}]}
    after = apply_delta(state, delta, NOW)
    evidence.append("changed later")
    after["assumptions"][0]["confidence"] = 0.0
    assert state == frozen
    assert after["assumptions"][0]["evidence"] == ["msg-9"]


BAD_DELTAS: list[tuple[str, dict[str, Any], type[Exception], str]] = [
    ("unknown collection", {"beliefs": []}, PayloadInvalid, "'beliefs' was unexpected"),
    ("unknown op", {"items": [{"op": "delete", "id": "t1"}]}, PayloadInvalid, "is not one of"),
    ("update without patch", {"items": [{"op": "update", "id": "t1"}]}, PayloadInvalid, "'patch'"),
    (
        "empty patch",
        {"items": [{"op": "update", "id": "t1", "patch": {}}]},
        PayloadInvalid,
        "non-empty",
    ),
    (
        "a patch cannot change the id",
        {"items": [{"op": "update", "id": "t1", "patch": {"id": "t2"}}]},
        PayloadInvalid,
        "'id' was unexpected",
    ),
    (
        "confidence above 1",
        {
            "assumptions": [
                {"op": "add", "value": {"id": "a9", "hypothesis": "x", "confidence": 1.5}}
            ]
        },
        PayloadInvalid,
        "greater than the maximum of 1",
    ),
    (
        "unknown expectation status",
        {"expectations": [{"op": "update", "id": "e1", "patch": {"status": "done"}}]},
        PayloadInvalid,
        "is not one of ['pending', 'confirmed', 'failed']",
    ),
    (
        "unknown item kind",
        {
            "items": [
                {
                    "op": "add",
                    "value": {"id": "t9", "kind": "chore", "title": "x", "status": "active"},
                }
            ]
        },
        PayloadInvalid,
        "is not one of",
    ),
    (
        "items' times are Canon's to stamp",
        {"items": [{"op": "update", "id": "t1", "patch": {"updated_at": STAMP}}]},
        PayloadInvalid,
        "'updated_at' was unexpected",
    ),
    (
        "a naive time",
        {"last_summarized_at": "2026-02-19T14:30:00"},
        PayloadInvalid,
        "is not a 'date-time'",
    ),
    (
        "an id with a space",
        {"entities": [{"op": "add", "value": {"id": "trip tahoe", "kind": "trip"}}]},
        PayloadInvalid,
        "does not match",
    ),
    (
        "a negative count",
        {"expectations": [{"op": "update", "id": "e1", "patch": {"expected_count": -1}}]},
        PayloadInvalid,
        "less than the minimum of 0",
    ),
    (
        "add of an id already there",
        {"entities": [{"op": "add", "value": {"id": "trip:tahoe", "kind": "trip"}}]},
        AgentStateError,
        "entities[0] adds 'trip:tahoe', which entities holds already",
    ),
    (
        "update of an unknown id",
        {"assumptions": [{"op": "update", "id": "a404", "patch": {"confidence": 0.1}}]},
        AgentStateError,
        "assumptions[0] names 'a404', not in assumptions",
    ),
    (
        "remove of an unknown id, after valid operations",
        {
            "entities": [{"op": "add", "value": {"id": "new", "kind": "place"}}],
            "items": [{"op": "remove", "id": "t1"}, {"op": "remove", "id": "t1"}],
        },
        AgentStateError,
        "items[1] names 't1', not in items",
    ),
]


@pytest.mark.parametrize(
    ("case", "delta", "error", "message"), BAD_DELTAS, ids=[c[0] for c in BAD_DELTAS]
)
def test_a_bad_delta_is_one_clear_error_and_changes_nothing(
    case: str, delta: dict[str, Any], error: type[Exception], message: str
) -> None:
    state = state_with_one_of_each()
    before = copy.deepcopy(state)
    with pytest.raises(error) as raised:
        apply_delta(state, delta, NOW)
    assert message in str(raised.value) or any(message in e for e in _errors(raised.value))
    assert state == before


def _errors(error: BaseException) -> list[str]:
    return error.errors if isinstance(error, PayloadInvalid) else []


def test_a_state_read_from_json_is_checked() -> None:
    state = json.loads(json.dumps(state_with_one_of_each()))
    assert read_agent_state(state) == state_with_one_of_each()
    twice = copy.deepcopy(state)
    twice["assumptions"].append(twice["assumptions"][0])
    with pytest.raises(AgentStateError, match="assumptions holds id 'a1' twice"):
        read_agent_state(twice)
    del state["items"]
    with pytest.raises(PayloadInvalid, match="'items' is a required property"):
        read_agent_state(state)


def _objects(schema: Any) -> list[dict[str, Any]]:
    if isinstance(schema, list):
        return [o for value in schema for o in _objects(value)]
    if not isinstance(schema, dict):
        return []
    own = [schema] if schema.get("type") == "object" else []
    return own + [o for value in schema.values() for o in _objects(value)]


@pytest.mark.parametrize("name", ["agent_state", "agent_state_delta"])
def test_both_schemas_are_2020_12_and_closed(name: str) -> None:
    schema = load_schema(name)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert (SCHEMA_DIR / f"{name}.schema.json").exists()
    for obj in _objects(schema):
        assert obj.get("additionalProperties") is False, obj


# What a delta may add differs from a state's element only by what apply_delta fills in.
FILLED_IN = {"item": {"created_at", "updated_at"}, "expectation": set()}


@pytest.mark.parametrize(
    "element", ["entity", "dependency", "assumption", "expectation", "hypothesis", "item"]
)
def test_a_delta_adds_elements_of_the_states_own_shape(element: str) -> None:
    state_def = load_schema("agent_state")["$defs"][element]
    delta_def = load_schema("agent_state_delta")["$defs"][element]
    stamped = FILLED_IN.get(element, set())
    assert {k: v for k, v in state_def["properties"].items() if k not in stamped} == delta_def[
        "properties"
    ]
    defaulted = {"status"} if element == "expectation" else set()
    assert set(state_def["required"]) - stamped - defaulted == set(delta_def["required"])
    patch = load_schema("agent_state_delta")["$defs"][f"{element}_patch"]["properties"]
    assert set(patch) == set(delta_def["properties"]) - {"id"}


POOL = st.sampled_from(["x1", "x2", "x3"])
VALUES = {
    "entities": st.fixed_dictionaries({"id": POOL, "kind": st.sampled_from(["trip", "task"])}),
    "assumptions": st.fixed_dictionaries(
        {"id": POOL, "hypothesis": st.just("h"), "confidence": st.floats(0, 1)}
    ),
    "items": st.fixed_dictionaries(
        {
            "id": POOL,
            "kind": st.just("note"),
            "title": st.just("t"),
            "status": st.sampled_from(["active", "resolved"]),
        }
    ),
}
PATCHES = {
    "entities": st.fixed_dictionaries({"name": st.just("n")}),
    "assumptions": st.fixed_dictionaries({"confidence": st.floats(0, 1)}),
    "items": st.fixed_dictionaries({"status": st.sampled_from(["active", "discarded"])}),
}


def operations(name: str) -> st.SearchStrategy[dict[str, Any]]:
    return st.one_of(
        st.fixed_dictionaries({"op": st.just("add"), "value": VALUES[name]}),
        st.fixed_dictionaries({"op": st.just("update"), "id": POOL, "patch": PATCHES[name]}),
        st.fixed_dictionaries({"op": st.just("remove"), "id": POOL}),
    )


deltas = st.fixed_dictionaries(
    {},
    optional={name: st.lists(operations(name), max_size=4) for name in VALUES},
)


@given(st.lists(deltas, max_size=6))
def test_deltas_apply_all_or_nothing_and_keep_ids_unique(sequence: list[dict[str, Any]]) -> None:
    state = empty_agent_state("s")
    for delta in sequence:
        before = copy.deepcopy(state)
        try:
            state = apply_delta(state, delta, NOW)
        except AgentStateError:
            assert state == before
            continue
        for name in COLLECTIONS:
            element_ids = [e["id"] for e in collection(state, name)]
            assert len(element_ids) == len(set(element_ids))
        assert read_agent_state(json.loads(json.dumps(state))) == state
