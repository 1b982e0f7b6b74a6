"""Every error Canon raises on purpose, in one place.

Library errors (sqlite3, jsonschema, pydantic, yaml, tomllib) are translated at
the boundary where they happen (``raise X from e``) and caught only at the
edges (the CLI, the bot), which print one clear line.

    CanonError
    ├── ConfigError              bad policy or configuration file
    │   └── WorkflowInvalid      a workflow definition that breaks its schema or itself
    ├── PayloadInvalid           a payload failed its JSON Schema (carries the errors)
    ├── StoreError               the store could not do what was asked
    │   ├── MigrationError       a migration failed and was rolled back
    │   └── NotFound             no such fact, review item or dead letter
    ├── ReviewError              an answer that cannot be applied
    │   ├── AlreadyAnswered      the review item was answered before
    │   ├── Overtaken            a Yes older than a person's newer word on the field (carries it)
    │   └── InvalidAnswer        an edit value the field cannot hold
    │       └── UnknownPlace     a place nobody knows, not confirmed as new (carries place)
    ├── ScenarioError            a scenario file that cannot be replayed
    ├── OutOfScope               an entity the caller does not act for (MCP)
    ├── NotYours                 another member's word: theirs to answer, forget or undo
    ├── TooManyQuestions         past the open questions one asker may raise about one entity
    ├── SpendRefused             an API request's rate-limit spend, carried by a read, refused it
    ├── WorkspaceError           a workspace file Canon cannot safely read or write
    │   └── ZoneError            zone markers that do not pair up, or a missing anchor
    ├── SourceError              a calendar, feed or mailbox could not be read
    ├── AgentStateError          an agent or session state, or a delta, that cannot be used
    ├── ApiUnreachable           Canon's HTTP API did not answer in time (CanonClient)
    ├── ApiError                 Canon's HTTP API answered with a problem document
    │   ├── Unauthorized         401: no token, or an unknown or revoked one
    │   ├── OutOfReach           403: the token does not reach that entity
    │   ├── ApiNotFound          404 (also a NotFound): no such question, field or route
    │   ├── ApiAlreadyAnswered   409 (also an AlreadyAnswered)
    │   ├── ApiInvalidAnswer     422 invalid-input (also an InvalidAnswer)
    │   ├── RequestInvalid       400/405/413/415/422: a request the API refuses as sent
    │   ├── RateLimited          429: too many requests (carries retry_after)
    │   └── ApiUnavailable       500/503: Canon could not do it now
    └── ExtractionError          an extractor failed (LLM unreachable, bad answer)
        ├── LLMUnusable          no usable model answer (carries why); offline stands in
        ├── LanguageModelMissing no verified spaCy English pipeline is installed
        └── ReadingProcessDied   the reading process stopped twice while reading a message
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class CanonError(Exception):
    """Base of every error Canon raises on purpose."""


class ConfigError(CanonError):
    """A policy or configuration file, or an override, is not valid."""


class WorkflowInvalid(ConfigError):
    """A workflow definition that breaks its schema or names what does not exist."""


class PayloadInvalid(CanonError):
    """A payload failed validation against its schema."""

    def __init__(self, schema: str, errors: Sequence[str]) -> None:
        self.schema = schema
        self.errors = list(errors)
        first = self.errors[0] if self.errors else "invalid"
        more = f" (+{len(self.errors) - 1} more)" if len(self.errors) > 1 else ""
        super().__init__(f"{schema}: {first}{more}")


class InputError(CanonError):
    """A file or stdin cannot be read as the input a command expects (binary, UTF-16, ...)."""


class StoreError(CanonError):
    """The store could not complete an operation."""


class MigrationError(StoreError):
    """A schema migration failed; it was rolled back."""


class NotFound(StoreError):
    """The fact, review item or dead letter asked for does not exist."""


class ReviewError(CanonError):
    """An answer to a review item cannot be applied."""


class AlreadyAnswered(ReviewError):
    """The review item has an answer already; a second one changes nothing."""


class Overtaken(ReviewError):
    """A Yes to a question a person's newer word on its field overtook, given without
    that word shown (``core.domain.overtaken``): nothing changed, the question stays open
    and is asked again with the word in it. ``fact`` is that word (a ``CommittedFact``)."""

    def __init__(self, fact: Any, said: str | None = None) -> None:
        super().__init__(
            said or f"that question was overtaken: {fact.field} was said to be {fact.value!r} since"
        )
        self.fact = fact


class InvalidAnswer(ReviewError):
    """The answer, or its edited value, does not fit the field."""


class UnknownPlace(InvalidAnswer):
    """An edited place neither the gazetteer nor the user's state knows; the same edit
    with ``new_place`` (the bot's "use it anyway?" Yes) stores it. Nothing changed."""

    def __init__(self, place: str, insist: str | None = None) -> None:
        said = f'I don\'t know a place called "{place}"'
        super().__init__(said if insist is None else f"{said}; {insist}")
        self.place = place


class ScenarioError(CanonError):
    """A scenario file is malformed."""


class OutOfScope(CanonError):
    """A request about an entity the caller does not act for; nothing was read or changed."""


class ClaimRefused(CanonError):
    """A principal claimed what its role does not allow (a source type, an answer, a
    message); nothing was written."""


class NotYours(CanonError):
    """On a shared entity, another member's word: a question it raised is theirs to
    answer, and what they said is not someone else's to forget or undo; nothing changed."""


class TooManyQuestions(CanonError):
    """A proposal would raise one more question about an entity than the policy's
    ``max_agent_questions`` allows one asker: an agent about anyone, a member about
    another user; nothing of its batch was recorded."""

    def __init__(self, entity_id: str, limit: int, by_member: bool = False) -> None:
        self.entity_id = entity_id
        self.limit = limit
        self.by_member = by_member
        if by_member:
            said = (
                f"too many open questions: {entity_id} already has {limit} questions from "
                "you waiting (the policy's max_agent_questions); nothing was recorded. "
                "Say it again once they have answered some."
            )
        else:
            said = (
                f"too many open questions: this agent already has {limit} about {entity_id} "
                "waiting for the user (the policy's max_agent_questions); nothing was "
                "recorded. Propose again once the user has answered some."
            )
        super().__init__(said)


class SpendRefused(CanonError):
    """The rate-limit spend an API request's first read carried refused the request (a
    revoked token, an empty bucket: ``core.store.spend_along``): the read's rows are not
    given. The app answers 401 or 429 (``spent``: None, or the token and its wait)."""

    def __init__(self, spent: Any) -> None:
        super().__init__("the request's rate-limit spend refused it")
        self.spent = spent


class WorkspaceError(CanonError):
    """A workspace file cannot be read or written safely; it was left untouched."""


class ZoneError(WorkspaceError):
    """Zone markers (or legacy heading anchors) that do not pair up as required."""


class ExtractionError(CanonError):
    """An extractor could not produce a result."""


class SourceError(CanonError):
    """A calendar, feed or mailbox could not be read (network, auth, protocol)."""


class AgentStateError(CanonError):
    """A session or agent state that cannot be read, or a delta that cannot be applied to it."""


class LLMUnusable(ExtractionError):
    """The model gave no usable answer; ``kind`` says why (timeout, rate_limited, ...)."""

    def __init__(self, kind: str, detail: str) -> None:
        self.kind = kind
        self.detail = detail
        super().__init__(f"{kind}: {detail}")


class LanguageModelMissing(ExtractionError):
    """No spaCy English pipeline that matches the committed manifest is installed."""


class ReadingProcessDied(ExtractionError):
    """The reading process (``core.extraction.reading_process``) stopped while reading a
    message, and the one started in its place stopped too."""


class ApiUnreachable(CanonError):
    """Canon's HTTP API did not answer: refused, unreachable or timed out."""


class ApiError(CanonError):
    """Canon's HTTP API answered with an RFC 9457 problem document (``status``, ``kind``)."""

    def __init__(self, status: int, kind: str, detail: str, errors: Sequence[str] = ()) -> None:
        self.status = status
        self.kind = kind
        self.detail = detail
        self.errors = list(errors)
        super().__init__(f"{status} {kind}: {detail}")


class Unauthorized(ApiError):
    """No bearer token, or one Canon does not know (or has revoked)."""


class OutOfReach(ApiError):
    """The token does not reach the entity asked about."""


class ApiNotFound(ApiError, NotFound):
    """No such question, field or route."""


class ApiAlreadyAnswered(ApiError, AlreadyAnswered):
    """The question has an answer already."""


class ApiInvalidAnswer(ApiError, InvalidAnswer):
    """The answer, or its edited value, does not fit the field."""


class ApiClaimRefused(ApiError, ClaimRefused):
    """The token's role may not claim that (a source type, an answer, a message)."""


class RequestInvalid(ApiError):
    """A request the API refuses as sent (bad body, query, media type or size)."""


class RateLimited(ApiError):
    """Too many requests for this token; ``retry_after`` says how many seconds to wait."""

    def __init__(
        self,
        status: int,
        kind: str,
        detail: str,
        errors: Sequence[str] = (),
        retry_after: float | None = None,
    ) -> None:
        super().__init__(status, kind, detail, errors)
        self.retry_after = retry_after


class ApiUnavailable(ApiError):
    """Canon could not do it now (its store failed, or something unexpected); try later."""
