"""The route table of the HTTP API: what the app serves and the OpenAPI document says.

Each route names its handler, its request and response bodies (``$defs`` of
``schemas/http_api.schema.json``) and its query parameters, so the app, the
document and the tests all read the same list.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, cast

from core.api import handlers, question_handlers
from core.api.call import Call
from core.domain.principals import ROLES, Role

Handler = Callable[[Call], Awaitable[dict[str, Any]]]
ENTITY_PATTERN: Final = "^(user|family|team):[a-z0-9._-]+$"
FIELD_PATTERN: Final = "^[a-z][a-z0-9_]*(\\.[a-z0-9_]+)+$"


@dataclass(frozen=True)
class Param:
    """A query parameter: its JSON Schema (``string`` or ``integer``) and whether it is needed."""

    name: str
    schema: Mapping[str, Any]
    description: str
    required: bool = False


ENTITY: Final = Param(
    "entity",
    {"type": "string", "pattern": ENTITY_PATTERN, "maxLength": 128},
    "Only this entity (one the token reaches); default: every entity it reaches.",
)


@dataclass(frozen=True)
class Route:
    method: str
    path: str
    name: str
    summary: str
    handler: Handler
    response: str
    request: str | None = None
    query: tuple[Param, ...] = ()
    status: int = 200
    auth: bool = True
    roles: tuple[Role, ...] = ("user", "delegate", "agent")
    """The token roles that may call it; another role's call is refused (403 claim-refused)."""
    problems: tuple[str, ...] = ()
    """Canon's own problem kinds it answers with beyond every route's (``Problem.type`` in
    ``schemas/http_api.schema.json`` describes each); the OpenAPI document lists them."""
    keeps_refused: bool = False
    """A write whose refused body (400 not JSON Canon reads, 422 not the request's shape:
    501 observations, a field unknown) is kept in the dead-letter queue as it came, the
    token's; a body past the size limit is not read, so not kept."""
    words: str | None = None
    """The body's field holding a person's words, which the handler reads or refuses and
    keeps (422 ``unreadable-text``, ``text-too-long``): text that is not Unicode, or longer
    than the schema's ``maxLength``, there is no malformed body that keeps nothing."""

    def refusal(self, role: str) -> str | None:
        """Why a ``role`` token may not call this route; None if it may."""
        if role in self.roles:
            return None
        may = ", ".join(self.roles)
        return f"{role} tokens may not call {self.name} ({self.summary}); only {may} tokens may"


V1: Final = "/v1"
ROLES_ALL: Final = cast(tuple[Role, ...], ROLES)

ROUTES: Final[tuple[Route, ...]] = (
    Route(
        "POST",
        f"{V1}/messages",
        "postMessage",
        "A message the user wrote: extracted, resolved, the decisions and any question",
        handlers.post_message,
        "MessageResponse",
        request="MessageRequest",
        problems=("too-many-questions", "unreadable-text", "text-too-long"),
        keeps_refused=True,
        words="text",
    ),
    Route(
        "POST",
        f"{V1}/observations",
        "postObservations",
        "A batch of StateObservations (idempotent by event_id; invalid ones dead-lettered)",
        handlers.post_observations,
        "ObservationsResponse",
        request="ObservationsRequest",
        roles=ROLES_ALL,
        problems=("too-many-questions",),
        keeps_refused=True,
    ),
    Route(
        "GET",
        f"{V1}/context",
        "getContext",
        "The context block to put before the assistant's reply",
        handlers.get_context,
        "ContextResponse",
        query=(
            ENTITY,
            Param(
                "max_tokens",
                {"type": "integer", "minimum": 50, "maximum": 100000},
                "Token budget of the block (about four characters a token).",
            ),
        ),
    ),
    Route(
        "GET",
        f"{V1}/state",
        "getState",
        "What Canon believes, per entity and field",
        handlers.get_state,
        "StateResponse",
        query=(ENTITY,),
    ),
    Route(
        "GET",
        f"{V1}/questions",
        "getQuestions",
        "The questions waiting for the user, oldest first",
        question_handlers.get_questions,
        "QuestionsResponse",
        query=(ENTITY,),
    ),
    Route(
        "POST",
        f"{V1}/questions/{{question_id}}/answer",
        "answerQuestion",
        "Answer a question: yes, no, or edit with the right value",
        question_handlers.answer_question,
        "AnswerResponse",
        request="AnswerRequest",
        roles=("user", "delegate"),
        problems=(
            "not-yours",
            "already-answered",
            "overtaken",
            "invalid-input",
            "unknown-place",
        ),
    ),
    Route(
        "GET",
        f"{V1}/why",
        "getWhy",
        "The evidence behind a field's value and how it got there",
        handlers.get_why,
        "WhyResponse",
        query=(
            Param(
                "field",
                {"type": "string", "pattern": FIELD_PATTERN, "maxLength": 128},
                "The field, e.g. travel.location.",
                required=True,
            ),
            Param(
                "entity",
                ENTITY.schema,
                "The entity (one the token reaches); default: the token's own.",
            ),
        ),
    ),
    Route(
        "GET",
        f"{V1}/history",
        "getHistory",
        "Every committed change, oldest first",
        handlers.get_history,
        "HistoryResponse",
        query=(
            ENTITY,
            Param(
                "field",
                {"type": "string", "pattern": FIELD_PATTERN, "maxLength": 128},
                "Only this field.",
            ),
        ),
    ),
    Route(
        "POST",
        f"{V1}/forget",
        "postForget",
        "Ask to forget a field: a question the user confirms",
        question_handlers.post_forget,
        "QuestionResponse",
        request="ForgetRequest",
        status=201,
        problems=("not-yours",),
    ),
    Route(
        "POST",
        f"{V1}/undo",
        "postUndo",
        "Ask to undo the newest change: a question the user confirms",
        question_handlers.post_undo,
        "QuestionResponse",
        request="UndoRequest",
        status=201,
        problems=("not-yours",),
    ),
    Route(
        "GET",
        f"{V1}/dead-letters",
        "getDeadLetters",
        "Inputs that failed validation, for the entities the token reaches",
        handlers.get_dead_letters,
        "DeadLettersResponse",
        roles=ROLES_ALL,
    ),
)
"""Every authenticated route; ``HEALTH`` is the one open to anyone."""

HEALTH: Final = Route(
    "GET", f"{V1}/health", "getHealth", "Liveness", handlers.health, "Health", auth=False
)
