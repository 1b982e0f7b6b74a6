"""What a turn of the assistant runs with: its runtime context (``Turn``), the routes
that can take it (``TurnRoute``), the shape of a node, and the checkpoint thread it runs on."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from langgraph.runtime import Runtime

from core.agent.session import AgentError, ErrorCode, SessionState
from core.conversation.responder import ReplyRequest, StateTools

MAX_TOOL_ROUNDS = 3
CHAT_MODE = "chat"


@dataclass(frozen=True)
class Turn:
    """One turn's runtime context: everything a node needs that is not session state."""

    request: ReplyRequest
    tools: StateTools | None
    turn_id: str
    thread: str = "session"
    """The checkpoint thread: the session's id in its agent state."""


@dataclass(frozen=True)
class TurnRoute:
    """A node (a compiled workflow subgraph, say) that takes the turn when ``when`` holds.

    The node gets the session state and the ``Turn`` like the model node, and answers
    by adding an ``AIMessage`` to ``messages``; the claim check reads it next.
    """

    name: str
    node: Any
    """A LangGraph node: an async function of (state, runtime) or a compiled graph."""
    when: Callable[[SessionState], bool]
    """Read after ``prepare`` (and ``compress``): whether this route takes the turn."""


class Node(Protocol):
    """A node of the turn: an async function of the state and the runtime, giving an
    update (a dict) or a ``Command``."""

    def __call__(self, state: SessionState, runtime: Runtime[Turn]) -> Awaitable[Any]: ...


def thread_id(mode: str, entity: str, chat_id: int) -> str:
    """The checkpoint thread of one conversation: ``{mode}-{entity}-{chat}``."""
    return f"{mode}-{entity}-{chat_id}"


def turn_error(code: ErrorCode, message: str, turn: Turn, node: str) -> AgentError:
    return AgentError(code, message[:300], turn.request.now, recoverable=True, node=node)
