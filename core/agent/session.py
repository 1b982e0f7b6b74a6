"""One conversation's state: a typed LangGraph state whose channels say how updates combine.

Every node of the assistant's graph returns a partial update; LangGraph folds it into the
state through the channel's reducer. Within one step, updates from nodes running in
parallel are applied one after the other in the order of the nodes' names, so a reducer
sees them as consecutive calls. What each channel does:

    channel           reducer             two updates in one step
    messages          add_messages        both merged by id: a new id appends, a known id
                                          replaces that message, RemoveMessage deletes it
    sources           accumulate          both appended, in node order
    errors            accumulate          both appended, in node order
    scratchpad        merge_scratchpad    keys merged; the later write of a key wins, a key
                                          set to None is removed
    pending_approval  none (last value)   refused: InvalidUpdateError (one question at a time)
    workflow          none (last value)   refused: InvalidUpdateError (one driver per step)
    history_summary   none (last value)   refused: InvalidUpdateError
    token_count       none (last value)   refused: InvalidUpdateError
    agent_state       none (last value)   refused: InvalidUpdateError (one delta applier)

Single-valued channels have no reducer on purpose: silently keeping one of two
questions, or one of two workflow moves, would lose the other; LangGraph's own
``LastValue`` channel refuses the second write instead.

The records are frozen dataclasses of JSON-able values with timezone-aware timestamps;
``session_json`` writes and reads them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Annotated, Any, Literal, TypedDict, TypeVar

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages

from core.agent.agent_state import AgentState, empty_agent_state
from core.domain.timeutil import NaiveTimestamp

T = TypeVar("T")

JsonObject = dict[str, Any]
"""A JSON object: str keys, values that ``json.dumps`` writes without a custom encoder."""


def _aware(what: str, value: datetime) -> None:
    if value.tzinfo is None or value.utcoffset() is None:
        raise NaiveTimestamp(f"{what} must carry a UTC offset, got {value.isoformat()}")


class ErrorCode(StrEnum):
    """What went wrong, from a closed set: a node or tool reports one of these and no other."""

    LLM_ERROR = "LLM_ERROR"
    """The model call failed or its answer was unusable."""
    TOOL_ERROR = "TOOL_ERROR"
    """A tool raised or reported a failure."""
    TOOL_REFUSED = "TOOL_REFUSED"
    """A tool call the current workflow state does not allow was refused."""
    STATE_ERROR = "STATE_ERROR"
    """An invalid state transition or agent-state delta."""
    CONTEXT_ERROR = "CONTEXT_ERROR"
    """Canon's context block for the speaker could not be built."""
    STORE_ERROR = "STORE_ERROR"
    """The store could not be read or written."""
    APPROVAL_REJECTED = "APPROVAL_REJECTED"
    """The user said no to a pending approval."""


@dataclass(frozen=True, slots=True)
class AgentError:
    """One thing that went wrong during the conversation; errors accumulate, never vanish."""

    code: ErrorCode
    message: str
    at: datetime
    recoverable: bool
    """Whether retrying the same step may succeed (a timeout) or not (a refused tool)."""
    node: str | None = None
    """The graph node that reported it, when one did."""

    def __post_init__(self) -> None:
        if not isinstance(self.code, ErrorCode):
            raise ValueError(f"unknown error code {self.code!r}")
        _aware("an error's timestamp", self.at)


@dataclass(frozen=True, slots=True)
class SourceCitation:
    """Where a statement in a reply came from: a Canon fact, an event, a document."""

    source_id: str
    """What was cited: a fact's ``entity_id/field``, an event id, a document's path."""
    label: str
    """How to name it to the user."""
    retrieved_at: datetime
    snippet: str = ""

    def __post_init__(self) -> None:
        _aware("a citation's retrieval time", self.retrieved_at)


@dataclass(frozen=True, slots=True)
class CanonQuestion:
    """Canon's open review question (Yes / No / Edit) the conversation is waiting on."""

    request_id: str
    requested_at: datetime
    prompt: str
    review_item_id: str
    entity_id: str
    field: str
    kind: Literal["canon_question"] = "canon_question"

    def __post_init__(self) -> None:
        _aware("an approval request's time", self.requested_at)


@dataclass(frozen=True, slots=True)
class ToolCallApproval:
    """A tool call that runs only after the user agrees (a deletion, a message sent for them)."""

    request_id: str
    requested_at: datetime
    prompt: str
    tool: str
    arguments: JsonObject
    kind: Literal["tool_call"] = "tool_call"

    def __post_init__(self) -> None:
        _aware("an approval request's time", self.requested_at)


@dataclass(frozen=True, slots=True)
class PlanApproval:
    """A plan of several steps the user approves as a whole before the first one runs."""

    request_id: str
    requested_at: datetime
    prompt: str
    steps: tuple[str, ...]
    kind: Literal["plan"] = "plan"

    def __post_init__(self) -> None:
        _aware("an approval request's time", self.requested_at)
        # A checkpoint (msgpack) or JSON gives lists back; equal states stay equal.
        object.__setattr__(self, "steps", tuple(self.steps))


ApprovalRequest = CanonQuestion | ToolCallApproval | PlanApproval
"""A human-in-the-loop request, told apart by ``kind``."""


@dataclass(frozen=True, slots=True)
class ActiveWorkflow:
    """The workflow the conversation is in, and where in it."""

    name: str
    state: str
    """The workflow state the conversation is in now."""
    started_at: datetime
    step: int = 0
    """Transitions taken so far; a workflow's step limit counts these."""
    visited: tuple[str, ...] = ()
    """The states left so far, oldest first."""
    data: JsonObject = field(default_factory=dict)
    """What the workflow has collected (answers, choices), by name."""

    def __post_init__(self) -> None:
        _aware("a workflow's start", self.started_at)
        object.__setattr__(self, "visited", tuple(self.visited))
        if self.step < 0:
            raise ValueError(f"a workflow step cannot be negative, got {self.step}")


def accumulate(current: Sequence[T], update: Sequence[T]) -> list[T]:
    """Append ``update`` after ``current``: nothing recorded is ever dropped."""
    return [*current, *update]


def merge_scratchpad(current: Mapping[str, Any], update: Mapping[str, Any]) -> JsonObject:
    """Merge notes by key; the update's value wins, and a key set to None is removed."""
    merged = dict(current)
    for key, value in update.items():
        if value is None:
            merged.pop(key, None)
        else:
            merged[key] = value
    return merged


class SessionState(TypedDict):
    """The state of one conversation; ``initial_state`` gives every channel its default."""

    messages: Annotated[list[AnyMessage], add_messages]
    sources: Annotated[list[SourceCitation], accumulate]
    errors: Annotated[list[AgentError], accumulate]
    pending_approval: ApprovalRequest | None
    workflow: ActiveWorkflow | None
    scratchpad: Annotated[JsonObject, merge_scratchpad]
    history_summary: str | None
    """Older turns compressed into prose; they stay in the append-only log."""
    token_count: int
    """The prompt's size as last measured, for the compression threshold."""
    agent_state: AgentState
    """What the agent understands, assumes and expects (``core.agent.agent_state``);
    changed only by deltas: tool results in the turn, the summariser after it."""


CHECKPOINT_TYPES: tuple[tuple[str, str], ...] = tuple(
    (cls.__module__, cls.__name__)
    for cls in (
        ErrorCode,
        AgentError,
        SourceCitation,
        CanonQuestion,
        ToolCallApproval,
        PlanApproval,
        ActiveWorkflow,
    )
)
"""The records a checkpoint holds, for the serializer's allow-list
(``JsonPlusSerializer(allowed_msgpack_modules=CHECKPOINT_TYPES)``): LangGraph
deserializes only the types it is told about."""

CHANNELS: tuple[str, ...] = tuple(SessionState.__annotations__)
"""Every channel of the session state, in declaration order."""


def initial_state(
    *,
    messages: Sequence[AnyMessage] = (),
    workflow: ActiveWorkflow | None = None,
    scratchpad: Mapping[str, Any] | None = None,
    history_summary: str | None = None,
    session_id: str = "session",
) -> SessionState:
    """A session state with every channel at its default, except what is given."""
    return SessionState(
        messages=list(messages),
        sources=[],
        errors=[],
        pending_approval=None,
        workflow=workflow,
        scratchpad=dict(scratchpad or {}),
        history_summary=history_summary,
        token_count=0,
        agent_state=empty_agent_state(session_id),
    )
