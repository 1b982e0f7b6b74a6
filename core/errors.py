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
    │   └── InvalidAnswer        an edit value the field cannot hold
    ├── ScenarioError            a scenario file that cannot be replayed
    ├── WorkspaceError           a workspace file Canon cannot safely read or write
    │   └── ZoneError            zone markers that do not pair up, or a missing anchor
    ├── SourceError              a calendar, feed or mailbox could not be read
    ├── AgentStateError          an agent or session state, or a delta, that cannot be used
    └── ExtractionError          an extractor failed (LLM unreachable, bad answer)
        ├── LLMUnusable          no usable model answer (carries why); offline stands in
        └── LanguageModelMissing no verified spaCy English pipeline is installed
"""

from __future__ import annotations

from collections.abc import Sequence


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


class InvalidAnswer(ReviewError):
    """The answer, or its edited value, does not fit the field."""


class ScenarioError(CanonError):
    """A scenario file is malformed."""


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
