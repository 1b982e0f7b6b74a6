"""The MCP server: ``ScopedCanon``'s operations as tools and resources, over the official SDK.

Tools take typed arguments and return typed models (``core.mcp.models``), so a
client sees a precise input and output schema for each. Every call's arguments, as the
client sent them, are checked against the tool's published schema before it runs
(``core.jsonschema_args``): an unknown argument is refused, never dropped. Canon's own
errors (an entity out of scope, an invalid observation, a question already answered,
too many open questions) become tool errors: the model reads one clear line, the server
keeps serving.

Writes are recorded as the server's principal: over stdio the one the command was
started as, over HTTP the bearer token's of each request (``caller``). Over HTTP a
request also reaches only what its token reaches: the server's entity and those of its
shared entities the token was made for (``canon token create --reach``), in every tool
and resource alike. A server made without ``answers`` (``canon mcp --role agent``) does
not offer ``answer_question`` at all; over HTTP an ``agent`` token's answer is refused.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from contextlib import suppress
from contextvars import ContextVar
from dataclasses import replace
from typing import Annotated, Any, TypeVar

from mcp.server.lowlevel.helper_types import ReadResourceContents
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ToolError
from mcp.types import CallToolResult, InputRequiredResult, ToolAnnotations
from mcp.types import Tool as MCPTool
from pydantic import AnyUrl, Field

from core.domain.principals import Principal
from core.domain.validation import load_schema
from core.errors import CanonError
from core.jsonschema_args import argument_errors
from core.mcp.models import Answered, Pending, Proposal, State, Value, Why
from core.mcp.scoped import AnswerWord, Intent, ScopedCanon

T = TypeVar("T")

ANSWER_PARTS: dict[str, Any] = load_schema("http_api")["$defs"]["AnswerRequest"]["properties"][
    "parts"
]
"""answer_question's ``parts``, as the HTTP API's answer takes them: one payload, its
schema in ``schemas/`` (``parts`` here is built from it; a test keeps them equal)."""

CONTEXT_URI = "canon://context"
STATE_URI = "canon://state/{entity_id}"

READ_ONLY = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)
WRITES = ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False)

Caller = Callable[[Any], Awaitable[tuple[Principal, tuple[str, ...]]]]
"""The transport's request (a Starlette request over HTTP) -> the principal it speaks as
and the entities it reaches."""

_REQUEST: ContextVar[Any] = ContextVar("canon_mcp_request", default=None)
"""The transport request of the tool call or resource read being handled (None: stdio)."""

EntityArg = Annotated[
    str | None,
    Field(description="One entity of this server's scope; default: all of them."),
]


async def _tool(call: Awaitable[T]) -> T:
    """Canon's errors as tool errors the model can read."""
    try:
        return await call
    except CanonError as e:
        raise ToolError(str(e)) from e


class CheckedServer(MCPServer):
    """The SDK's server, publishing each tool's schema closed (no argument it does not
    name) and checking a call's raw arguments against it before the tool runs: the
    SDK's own validation drops an argument it does not know, which a model would read
    as an answer to the question it asked (``get_state`` of everyone, not of bruno)."""

    async def list_tools(self) -> list[MCPTool]:
        return [
            tool.model_copy(
                update={"input_schema": {**tool.input_schema, "additionalProperties": False}}
            )
            for tool in await super().list_tools()
        ]

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None
    ) -> CallToolResult | InputRequiredResult:
        schema = next((t.input_schema for t in await self.list_tools() if t.name == name), None)
        if schema is not None and (wrong := argument_errors(name, schema, arguments)):
            raise ToolError(wrong)
        held = _REQUEST.set(_request_of(context))
        try:
            return await super().call_tool(name, arguments, context)
        finally:
            _REQUEST.reset(held)

    async def read_resource(
        self, uri: AnyUrl | str, context: Context[Any, Any] | None = None
    ) -> Iterable[ReadResourceContents] | InputRequiredResult:
        # The SDK gives a static resource no Context: its request travels in _REQUEST.
        held = _REQUEST.set(_request_of(context))
        try:
            return await super().read_resource(uri, context)
        finally:
            _REQUEST.reset(held)


def _request_of(context: Context[Any, Any] | None) -> Any:
    request = None
    if context is not None:
        with suppress(ValueError):  # no request context: called in-process, not over a wire
            request = context.request_context.request
    return request


def build_server(
    canon: ScopedCanon, *, answers: bool = True, caller: Caller | None = None
) -> MCPServer:
    """An MCP server acting for ``canon.scope``; ``answers``: it offers answer_question;
    ``caller``: each request's principal and reach (HTTP), else ``canon.acting_as`` with
    all of ``canon.scope``."""
    scope = canon.scope

    async def acting() -> ScopedCanon:
        """The operations as this request may perform them: its principal, its reach."""
        if caller is None:
            return canon
        principal, reach = await caller(_REQUEST.get())
        return replace(canon, principal=principal, scope=scope.narrowed(reach))

    reach = ", ".join(scope.entities)
    server: MCPServer = CheckedServer(
        "canon",
        title="Canon",
        log_level="WARNING",
        instructions=(
            f"Canon keeps what is true about {reach}. Read the context resource "
            f"({CONTEXT_URI}) before answering about the user's plans, family, projects or "
            "money; trust it over older messages. Propose what you learn with "
            "propose_observation: the user confirms it, you never commit it."
        ),
    )

    @server.tool(annotations=READ_ONLY)
    async def get_state(entity_id: EntityArg = None) -> State:
        """What Canon believes: the committed facts of this server's entities, each with
        its value, confidence, source and age."""
        return await _tool((await acting()).state(entity_id))

    @server.tool(annotations=READ_ONLY)
    async def why(
        field: Annotated[
            str,
            Field(
                description="A field (travel.location), a domain (travel) or a short name "
                "(location, rent).",
                min_length=1,
                max_length=128,
            ),
        ],
        entity_id: EntityArg = None,
    ) -> Why:
        """Why Canon believes what it does about a field: the evidence chain (sources,
        decisions, confidences) and the changes behind each matching value."""
        return await _tool((await acting()).why(field, entity_id))

    @server.tool(annotations=READ_ONLY)
    async def list_pending() -> Pending:
        """The questions waiting for the user's answer (pending), and those queued behind
        them; acting for the user, also their own input Canon could not read (dead_letter)."""
        return await _tool((await acting()).pending())

    async def answer_question(
        question_id: Annotated[str, Field(description="The id list_pending shows.")],
        answer: Annotated[
            AnswerWord, Field(description="yes: it is true; no: it is not; edit: it is `value`.")
        ],
        value: Annotated[Value, Field(description="The corrected value; with edit only.")] = None,
        new_place: Annotated[
            bool,
            Field(
                description="With edit only, when the user confirmed it: store a place Canon "
                'does not know (it says "I don\'t know a place called ..." otherwise).'
            ),
        ] = False,
        seen_since: Annotated[
            str | None,
            Field(
                description="The said_since.committed_at list_pending showed with the "
                "question, when the user answers knowing that newer word; a yes over a "
                "newer word not named here is refused (nothing changes)."
            ),
        ] = None,
        parts: Annotated[
            list[str] | None,
            Field(
                description=ANSWER_PARTS["description"],
                min_length=ANSWER_PARTS["minItems"],
                max_length=ANSWER_PARTS["maxItems"],
            ),
        ] = None,
    ) -> Answered:
        """Answer a question for the user, as their Yes, No or Edit in the chat. Only
        when the user has said so: an answer commits (or rejects) for them, and the record
        names you as answering for them. A question your own proposal raised is the
        user's alone to answer. An edited value is checked by the field's kind: a place
        Canon does not know is refused until the user confirms it (then new_place). A
        dead letter's question (kind dead_letter: input Canon could not read): yes tries
        it again, no discards it; its edit is the user's own, in the chat."""
        return await _tool(
            (await acting()).answer(question_id, answer, value, new_place, seen_since, parts)
        )

    if answers:
        server.tool(annotations=WRITES)(answer_question)

    @server.tool(annotations=WRITES)
    async def propose_observation(
        field: Annotated[
            str,
            Field(
                description="<domain>.<name>, e.g. travel.location, family.emma.school, "
                "project.website.status, financial.rent.amount, profile.home_city."
            ),
        ],
        value: Annotated[Value, Field(description="The proposed value; null to retract.")],
        intent: Annotated[
            Intent,
            Field(description="assertive (true now), planning, retract, hypothetical, historical."),
        ] = "assertive",
        entity_id: Annotated[
            str | None, Field(description="Whose fact; default: this server's own entity.")
        ] = None,
        evidence_text: Annotated[
            str | None, Field(description="The words it comes from, shown by why.")
        ] = None,
        valid_until: Annotated[
            str | None, Field(description="RFC 3339: when a plan or reminder expires.")
        ] = None,
        event_id: Annotated[
            str | None,
            Field(description="A UUID to make a retry idempotent; default: a new one."),
        ] = None,
    ) -> Proposal:
        """Propose something you learned about the user. It is recorded as your (agent)
        evidence and never committed on your word: Canon asks the user, or sets it aside
        when it conflicts with stronger evidence. An invalid observation is refused and
        kept in Canon's dead-letter queue."""
        scoped = await acting()
        return await _tool(
            scoped.propose(
                field,
                value,
                intent=intent,
                entity_id=entity_id,
                evidence_text=evidence_text,
                valid_until=valid_until,
                event_id=event_id,
            )
        )

    @server.resource(
        CONTEXT_URI,
        name="context",
        title="Canon context block",
        description=f"What is true about {reach} now, what waits for confirmation and what "
        "conflicts: put it before a reply.",
        mime_type="text/plain",
    )
    async def context() -> str:
        return await (await acting()).context()

    @server.resource(
        STATE_URI,
        name="state",
        title="Committed state of one entity",
        description=f"The committed facts of one entity ({reach}) as JSON.",
        mime_type="application/json",
    )
    async def entity_state(entity_id: str) -> str:
        try:
            return await (await acting()).state_json(entity_id)
        except CanonError as e:
            raise ResourceError(str(e)) from e

    return server
