"""Workflow definitions: YAML checked against schemas/workflow_definition.schema.json, then for
consistency; a bad one is one error naming the file and the path in it."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from core.domain.validation import load_schema
from core.errors import ConfigError, WorkflowInvalid
from core.workflows.definition import (
    DEFINITIONS_DIR,
    load_definition,
    parse_definition,
    shipped,
)

GOOD: dict[str, Any] = {
    "id": "research",
    "name": "Research",
    "initial": "clarify",
    "terminal": ["present"],
    "max_steps": 10,
    "states": {
        "clarify": {"instructions": "Ask.", "tools": ["ask", "clarified"]},
        "search": {"instructions": "Search.", "tools": ["search"], "model": "small"},
        "safety": {"instructions": "Check.", "tools": [], "hidden": True, "tool_choice": "none"},
        "present": {"instructions": "Present.", "tools": ["done"], "tool_choice": "required"},
    },
    "transitions": [
        {"from": "clarify", "to": "search", "on_tool": "clarified"},
        {"from": "search", "to": "safety", "when": {"data": "found", "present": True}},
        {"from": "safety", "to": "present", "automatic": True, "when": {"data": "ok", "equals": 1}},
    ],
}


def changed(path: str, value: Any) -> dict[str, Any]:
    """GOOD with the value at a dotted path (list indexes as numbers) replaced or removed."""
    document = copy.deepcopy(GOOD)
    *parents, last = path.split(".")
    node: Any = document
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    key: Any = int(last) if isinstance(node, list) else last
    if value is REMOVE:
        del node[key]
    else:
        node[key] = value
    return document


REMOVE = object()

# (what is wrong, the document, what the one error says)
BAD: list[tuple[str, dict[str, Any], str]] = [
    ("no initial state", changed("initial", REMOVE), "'initial' is a required property"),
    ("unknown key", changed("states.clarify.colour", "red"), "$.states.clarify"),
    (
        "tool choice out of its set",
        changed("states.search.tool_choice", "sometimes"),
        "$.states.search.tool_choice: 'sometimes' is not one of",
    ),
    ("a state name with a dash", changed("states.my-state", GOOD["states"]["search"]), "my-state"),
    ("tools not a list", changed("states.search.tools", "search"), "$.states.search.tools"),
    ("zero step limit", changed("max_steps", 0), "$.max_steps: 0 is less than the minimum of 1"),
    (
        "a transition with two triggers",
        changed("transitions.0.when", {"data": "x", "present": True}),
        "$.transitions[0]",
    ),
    ("a transition with no trigger", changed("transitions.0.on_tool", REMOVE), "$.transitions[0]"),
    (
        "a condition on fact and data at once",
        changed("transitions.1.when", {"data": "x", "fact": "travel.status", "equals": 1}),
        "$.transitions[1].when",
    ),
    (
        "a transition to a state that does not exist",
        changed("transitions.0.to", "serch"),
        "$.transitions[0].to: 'serch' is not a state (clarify, search, safety, present)",
    ),
    ("initial not a state", changed("initial", "start"), "$.initial: 'start' is not a state"),
    ("terminal not a state", changed("terminal", ["end"]), "$.terminal[0]: 'end' is not a state"),
    ("initial is terminal", changed("terminal", ["clarify"]), "$.initial: 'clarify' is terminal"),
    (
        "a tool trigger the state does not allow",
        changed("transitions.0.on_tool", "search"),
        "$.transitions[0].on_tool: 'search' is not one of state 'clarify''s tools (ask, clarified)",
    ),
    (
        "a transition out of a terminal state",
        changed("transitions.2.from", "present"),
        "$.transitions[2].from: 'present' is terminal",
    ),
    (
        "a message tool the state does not allow",
        changed("states.clarify.message_tool", "search"),
        "$.states.clarify.message_tool: 'search' is not one of its tools",
    ),
]


def test_a_good_definition_reads_as_written() -> None:
    d = parse_definition(GOOD, "research.yaml")
    assert list(d.states) == ["clarify", "search", "safety", "present"]
    assert d.state("search").model == "small"
    assert d.state("present").tool_choice == "required"
    assert d.state("clarify").tool_choice == "auto"
    assert d.terminal == frozenset({"present"})
    assert [(t.source, t.target, t.automatic) for t in d.transitions] == [
        ("clarify", "search", False),
        ("search", "safety", False),
        ("safety", "present", True),
    ]
    assert d.indicator("search") == "Research: search (step 2 of 3)"
    assert d.indicator("safety") == "Research: safety", "a hidden state is not counted"


@pytest.mark.parametrize(
    ("document", "message"), [(doc, msg) for _w, doc, msg in BAD], ids=[w for w, _d, _m in BAD]
)
def test_a_bad_definition_is_one_error_naming_the_file_and_the_path(
    document: dict[str, Any], message: str
) -> None:
    with pytest.raises(WorkflowInvalid) as caught:
        parse_definition(document, "research.yaml")
    text = str(caught.value)
    assert text.startswith("research.yaml: "), text
    assert message in text
    assert "\n" not in text
    assert isinstance(caught.value, ConfigError), (
        "the CLI and the bot print config errors as one line"
    )


def test_a_file_on_disk_is_named_in_its_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(yaml.safe_dump(changed("transitions.0.to", "serch")))
    with pytest.raises(WorkflowInvalid, match=rf"^{path}: \$\.transitions\[0\]\.to: 'serch'"):
        load_definition(path)
    path.write_text("id: [unclosed\n")
    with pytest.raises(WorkflowInvalid, match=rf"^{path}: not valid YAML: "):
        load_definition(path)
    with pytest.raises(WorkflowInvalid, match="cannot read"):
        load_definition(tmp_path / "missing.yaml")


@pytest.mark.parametrize("path", sorted(DEFINITIONS_DIR.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_shipped_definition_is_valid(path: Path) -> None:
    assert load_definition(path).id == path.stem


def test_the_shipped_indicators() -> None:
    setup, trip = shipped("setup"), shipped("trip")
    assert [setup.indicator(s) for s in setup.states] == [
        "Setup: profile (step 1 of 4)",
        "Setup: calendar (step 2 of 4)",
        "Setup: mail (step 3 of 4)",
        "Setup: done (step 4 of 4)",
    ]
    assert trip.indicator("under_way") == "Trip: under way (step 2 of 3)"
    assert trip.indicator("called_off") == "Trip: called off"


def test_the_schema_is_2020_12_and_every_record_in_it_closed() -> None:
    schema = load_schema("workflow_definition")
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    records = [o for o in _objects(schema) if "properties" in o]
    assert len(records) == 4  # the definition, a state, a condition, a transition
    assert all(o["additionalProperties"] is False for o in records)


def _objects(node: Any) -> list[dict[str, Any]]:
    if isinstance(node, dict):
        return [node, *(o for v in node.values() for o in _objects(v))]
    if isinstance(node, list):
        return [o for v in node for o in _objects(v)]
    return []
