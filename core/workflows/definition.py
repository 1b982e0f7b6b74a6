"""A workflow definition: read from YAML, checked against its JSON Schema, frozen.

``schemas/workflow_definition.schema.json`` says what a definition may hold; this module
adds what a schema cannot say (a transition names states that exist, a tool trigger is one
of its state's tools, terminal states lead nowhere). Any problem is one ``WorkflowInvalid``
naming the file and the JSON path in it, e.g.

    setup.yaml: $.transitions[2].to: 'calndar' is not a state (profile, calendar, mail, done)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

import yaml

from core.domain.validation import schema_errors
from core.errors import WorkflowInvalid

ToolChoice = Literal["auto", "required", "none"]
Scalar = str | int | float | bool
DEFINITIONS_DIR = Path(__file__).resolve().parent / "definitions"
"""The workflows Canon ships (``<id>.yaml``)."""


@dataclass(frozen=True, slots=True)
class StateSpec:
    """One state: what the assistant does in it and which tools it may call."""

    key: str
    label: str
    instructions: str
    tools: tuple[str, ...]
    tool_choice: ToolChoice = "auto"
    model: str | None = None
    hidden: bool = False
    message_tool: str | None = None
    say: str | None = None
    """What the chat tells the user on entering the state (``instructions`` are the model's)."""

    @property
    def entry_text(self) -> str:
        return self.say or self.instructions

    def allows(self, tool: str) -> bool:
        return self.tool_choice != "none" and tool in self.tools


@dataclass(frozen=True, slots=True)
class Condition:
    """A test of a committed belief (``fact``) or of collected data (``data``)."""

    fact: str | None = None
    data: str | None = None
    equals: Scalar | None = None
    one_of: tuple[Scalar, ...] | None = None
    present: bool | None = None

    def holds(self, value: Any) -> bool:
        """Whether ``value`` (the fact's committed value, or the datum; None if absent) fits."""
        if self.present is not None:
            return (value is not None) == self.present
        if self.one_of is not None:
            return value in self.one_of
        return value is not None and value == self.equals

    def describe(self) -> str:
        what = f"fact {self.fact}" if self.fact else f"data {self.data}"
        if self.present is not None:
            return f"{what} {'present' if self.present else 'absent'}"
        if self.one_of is not None:
            return f"{what} in {list(self.one_of)}"
        return f"{what} = {self.equals!r}"


@dataclass(frozen=True, slots=True)
class TransitionSpec:
    """A way out of ``source``: a tool that succeeded, or a condition that holds."""

    index: int
    source: str
    target: str
    on_tool: str | None = None
    when: Condition | None = None
    automatic: bool = False

    @property
    def trigger(self) -> str:
        if self.on_tool is not None:
            return f"tool {self.on_tool}"
        assert self.when is not None
        return self.when.describe()


@dataclass(frozen=True, slots=True)
class WorkflowDefinition:
    id: str
    name: str
    description: str
    states: Mapping[str, StateSpec]
    transitions: tuple[TransitionSpec, ...]
    initial: str
    terminal: frozenset[str]
    max_steps: int
    origin: str
    """Where it was read from, for error messages."""

    def state(self, key: str) -> StateSpec:
        return self.states[key]

    def leaving(self, key: str) -> tuple[TransitionSpec, ...]:
        return tuple(t for t in self.transitions if t.source == key)

    @property
    def tools(self) -> frozenset[str]:
        return frozenset(t for s in self.states.values() for t in s.tools)

    def indicator(self, key: str) -> str:
        """The one-line state indicator, in words: 'Setup: calendar (step 2 of 4)' (hidden
        states uncounted: 'Trip: called off')."""
        visible = [s for s in self.states.values() if not s.hidden]
        spec = self.states[key]
        if spec.hidden:
            return f"{self.name}: {spec.label}"
        return f"{self.name}: {spec.label} (step {visible.index(spec) + 1} of {len(visible)})"


def load_definition(path: Path) -> WorkflowDefinition:
    """The workflow in the YAML file at ``path``; WorkflowInvalid names what is wrong and where."""
    try:
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise WorkflowInvalid(f"{path}: cannot read: {e.strerror or e}") from e
    except yaml.YAMLError as e:
        raise WorkflowInvalid(f"{path}: not valid YAML: {_one_line(str(e))}") from e
    return parse_definition(document, str(path))


@cache
def shipped(workflow_id: str) -> WorkflowDefinition:
    """One of the workflows shipped with Canon, by id (read once per process: a definition
    is frozen, and every bot start asked for both)."""
    return load_definition(DEFINITIONS_DIR / f"{workflow_id}.yaml")


def parse_definition(document: object, origin: str) -> WorkflowDefinition:
    """A parsed document checked against the schema, then for consistency."""
    errors = schema_errors("workflow_definition", document)
    if errors:
        raise WorkflowInvalid(f"{origin}: {errors[0]}")
    assert isinstance(document, dict)
    states = {key: _state(key, raw) for key, raw in document["states"].items()}
    transitions = tuple(_transition(i, raw) for i, raw in enumerate(document["transitions"]))
    definition = WorkflowDefinition(
        id=document["id"],
        name=document["name"],
        description=document.get("description", ""),
        states=states,
        transitions=transitions,
        initial=document["initial"],
        terminal=frozenset(document["terminal"]),
        max_steps=document["max_steps"],
        origin=origin,
    )
    problem = _inconsistency(definition, document["terminal"])
    if problem is not None:
        raise WorkflowInvalid(f"{origin}: {problem}")
    return definition


def _state(key: str, raw: Mapping[str, Any]) -> StateSpec:
    return StateSpec(
        key=key,
        label=raw.get("label", key.replace("_", " ")),
        instructions=raw["instructions"].strip(),
        tools=tuple(raw["tools"]),
        tool_choice=raw.get("tool_choice", "auto"),
        model=raw.get("model"),
        hidden=raw.get("hidden", False),
        message_tool=raw.get("message_tool"),
        say=raw["say"].strip() if "say" in raw else None,
    )


def _transition(index: int, raw: Mapping[str, Any]) -> TransitionSpec:
    when = raw.get("when")
    return TransitionSpec(
        index=index,
        source=raw["from"],
        target=raw["to"],
        on_tool=raw.get("on_tool"),
        when=None
        if when is None
        else Condition(
            fact=when.get("fact"),
            data=when.get("data"),
            equals=when.get("equals"),
            one_of=tuple(when["in"]) if "in" in when else None,
            present=when.get("present"),
        ),
        automatic=raw.get("automatic", False),
    )


def _inconsistency(d: WorkflowDefinition, terminal: Sequence[str]) -> str | None:
    """The first thing the schema cannot catch, as 'path: message'; None when consistent."""
    known = ", ".join(d.states)
    if d.initial not in d.states:
        return f"$.initial: {d.initial!r} is not a state ({known})"
    for i, key in enumerate(terminal):
        if key not in d.states:
            return f"$.terminal[{i}]: {key!r} is not a state ({known})"
    if d.initial in d.terminal:
        return f"$.initial: {d.initial!r} is terminal; the workflow would end before it began"
    for key, spec in d.states.items():
        if spec.message_tool is not None and spec.message_tool not in spec.tools:
            return f"$.states.{key}.message_tool: {spec.message_tool!r} is not one of its tools"
    for t in d.transitions:
        where = f"$.transitions[{t.index}]"
        for end, name in (("from", t.source), ("to", t.target)):
            if name not in d.states:
                return f"{where}.{end}: {name!r} is not a state ({known})"
        if t.source in d.terminal:
            return f"{where}.from: {t.source!r} is terminal; nothing leaves it"
        tools = d.states[t.source].tools
        if t.on_tool is not None and t.on_tool not in tools:
            return (
                f"{where}.on_tool: {t.on_tool!r} is not one of state {t.source!r}'s tools "
                f"({', '.join(tools) or 'none'})"
            )
    return None


def _one_line(text: str) -> str:
    return " ".join(text.split())
