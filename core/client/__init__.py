"""Canon from other programs: ``CanonClient`` over the HTTP API (``canon serve``), and
``core.client.langgraph``, a context node and tools for any LangGraph agent."""

from core.client.beliefs import Change, Evidence, Fact, Why
from core.client.client import CanonClient
from core.client.results import (
    AnswerResult,
    Context,
    DeadLetter,
    Health,
    MessageResult,
    ObservationsResult,
    Outcome,
    Question,
)

__all__ = [
    "AnswerResult",
    "CanonClient",
    "Change",
    "Context",
    "DeadLetter",
    "Evidence",
    "Fact",
    "Health",
    "MessageResult",
    "ObservationsResult",
    "Outcome",
    "Question",
    "Why",
]
