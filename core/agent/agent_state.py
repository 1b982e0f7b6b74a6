"""What the agent understands, assumes and expects in one session (design "Agent State Spec").

The state is plain JSON (``schemas/agent_state.schema.json``), typed here for readers and
mypy. It is kept per session, is not shown to the user by default, and changes only
through deltas (``core.agent.delta``). Every element of every collection carries an id,
unique within its collection: deltas, the matcher and the summariser refer to elements by
it. (The design leaves dependencies and expectations without one; here they have one so
they can be updated and removed like the rest.)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Literal, NotRequired, TypedDict, cast

from core.domain.validation import validate
from core.errors import AgentStateError

SCHEMA: Final = "agent_state"


class Entity(TypedDict):
    id: str
    kind: str
    name: NotRequired[str]


Dependency = TypedDict("Dependency", {"id": str, "from": str, "to": str, "rel": NotRequired[str]})
"""``from`` depends on ``to`` (entity ids); ``rel`` says how."""


class Assumption(TypedDict):
    id: str
    hypothesis: str
    confidence: float
    """In [0, 1]; it changes when evidence contradicts it, never with time."""
    evidence: NotRequired[list[str]]


ExpectationStatus = Literal["pending", "confirmed", "failed"]


class Expectation(TypedDict):
    id: str
    action: str
    expected_outcome: str
    expected_ids: NotRequired[list[str]]
    expected_type: NotRequired[str]
    expected_count: NotRequired[int]
    invariant: NotRequired[str]
    status: ExpectationStatus
    last_checked_at: NotRequired[str]


class Hypothesis(TypedDict):
    id: str
    hypothesis: str
    reason: NotRequired[str]


class Item(TypedDict):
    id: str
    kind: Literal["task", "doc", "note", "idea", "question"]
    title: str
    details: NotRequired[str]
    status: Literal["active", "resolved", "discarded"]
    related_entity_ids: NotRequired[list[str]]
    created_at: str
    updated_at: str


class Understanding(TypedDict):
    entities: list[Entity]
    dependencies: list[Dependency]


class AgentState(TypedDict):
    session_id: str
    current_understanding: Understanding
    assumptions: list[Assumption]
    expectations: list[Expectation]
    tentative_hypotheses: list[Hypothesis]
    items: list[Item]
    last_summarized_at: NotRequired[str]


COLLECTIONS: Final = (
    "entities",
    "dependencies",
    "assumptions",
    "expectations",
    "tentative_hypotheses",
    "items",
)
"""Every collection, in the order a delta's operations are applied."""
UNDERSTANDING: Final = frozenset({"entities", "dependencies"})
"""The collections that live under ``current_understanding``."""


def empty_agent_state(session_id: str) -> AgentState:
    """A session's state before anything is understood, assumed or expected."""
    return AgentState(
        session_id=session_id,
        current_understanding=Understanding(entities=[], dependencies=[]),
        assumptions=[],
        expectations=[],
        tentative_hypotheses=[],
        items=[],
    )


def collection(state: Mapping[str, Any], name: str) -> list[dict[str, Any]]:
    """The elements of collection ``name`` (the list itself, not a copy)."""
    holder = state["current_understanding"] if name in UNDERSTANDING else state
    return cast(list[dict[str, Any]], holder[name])


def read_agent_state(document: object) -> AgentState:
    """``document`` as an agent state: PayloadInvalid if it breaks the schema,
    AgentStateError if a collection holds one id twice."""
    validate(SCHEMA, document)
    state = cast(AgentState, document)
    for name in COLLECTIONS:
        seen: set[str] = set()
        for element in collection(state, name):
            if element["id"] in seen:
                raise AgentStateError(f"agent state: {name} holds id {element['id']!r} twice")
            seen.add(element["id"])
    return state
