"""What the HTTP API answers, as typed values: one dataclass per body of
``schemas/http_api.schema.json`` that a caller reads (``Question``, ``Outcome``, ...);
what it answers about beliefs (``Fact``, ``Why``) is ``core.client.beliefs``.

The server checks every body against that schema before it sends it, so reading
one here is a plain translation: timestamps become aware datetimes, lists tuples.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from core.client.beliefs import Value
from core.domain.timeutil import parse_ts

Answer = Literal["yes", "no", "edit"]


@dataclass(frozen=True)
class SaidSince:
    """Another member's later word on a question that stays the reader's: ``by`` as the
    household names them, ``member`` their user entity (deprecated: ``name``), and ``line``
    as the text ends."""

    by: str
    member: str
    value: Value
    committed_at: datetime
    line: str
    name: str | None = None
    """What the household calls them (``by_member.name``); None when Canon knows no name,
    or from a server older than the field."""

    @classmethod
    def read(cls, d: Mapping[str, Any] | None) -> SaidSince | None:
        if d is None:
            return None
        named = d.get("by_member") or {}
        return cls(
            d["by"],
            d["member"],
            d["value"],
            parse_ts(d["committed_at"]),
            d["line"],
            named.get("name"),
        )


@dataclass(frozen=True)
class Question:
    """A change Canon asks the user to confirm; ``question`` is its text. Questions with
    the same ``group`` were raised together and a Yes or No answers them all (None: asked
    alone)."""

    id: str
    kind: str
    entity_id: str
    field: str
    current_value: Value
    candidate_value: Value
    confidence: float
    reasons: tuple[str, ...]
    status: str
    created_at: datetime
    question: str
    group: str | None = None
    said_since: SaidSince | None = None
    """What another member committed on the field since it was asked (None: nothing, or
    a server older than the field)."""

    @classmethod
    def read(cls, d: Mapping[str, Any]) -> Question:
        return cls(
            d["id"],
            d["kind"],
            d["entity_id"],
            d["field"],
            d["current_value"],
            d["candidate_value"],
            d["confidence"],
            tuple(d["reasons"]),
            d["status"],
            parse_ts(d["created_at"]),
            d["question"],
            d.get("group"),
            SaidSince.read(d.get("said_since")),
        )


@dataclass(frozen=True)
class Outcome:
    """What happened to one observation (``decision``: auto_commit, ask_user, ...)."""

    index: int
    event_id: str | None
    entity_id: str | None
    field: str | None
    decision: str
    committed: bool
    confidence: float | None
    reasons: tuple[str, ...]
    errors: tuple[str, ...]
    review_item_id: str | None
    notices: tuple[str, ...] = ()
    """What the token's role changed in the observation, and why (a downgraded source)."""

    @classmethod
    def read(cls, d: Mapping[str, Any]) -> Outcome:
        return cls(
            d["index"],
            d["event_id"],
            d["entity_id"],
            d["field"],
            d["decision"],
            d["committed"],
            d["confidence"],
            tuple(d["reasons"]),
            tuple(d["errors"]),
            d["review_item_id"],
            tuple(d.get("notices", ())),
        )


@dataclass(frozen=True)
class DeadLetter:
    """An input that failed validation; ``payload`` is what was sent, verbatim (None, with
    no ids or errors, when it was another member's: ``by`` says whose)."""

    id: str
    by: str
    event_id: str | None
    prompt_id: str | None
    schema: str
    errors: tuple[str, ...]
    domain: str | None
    first_seen: datetime
    last_attempt: datetime
    retry_count: int
    next_retry_at: datetime | None
    status: str
    payload: str | None
    reasons: tuple[str, ...] = ()
    """``errors`` said as sentences (the field, what was wrong, what to do); empty from a
    server older than them."""

    @classmethod
    def read(cls, d: Mapping[str, Any]) -> DeadLetter:
        return cls(
            d["id"],
            d["by"],
            d["event_id"],
            d["prompt_id"],
            d["schema"],
            tuple(d["errors"]),
            d["domain"],
            parse_ts(d["first_seen"]),
            parse_ts(d["last_attempt"]),
            d["retry_count"],
            None if d["next_retry_at"] is None else parse_ts(d["next_retry_at"]),
            d["status"],
            d["payload"],
            tuple(d.get("reasons", ())),
        )


@dataclass(frozen=True)
class Context:
    """The context block to put before the assistant's reply, within its token budget."""

    text: str
    tokens: int
    facts_shown: int
    facts_omitted: int

    @classmethod
    def read(cls, d: Mapping[str, Any]) -> Context:
        return cls(d["text"], d["tokens"], d["facts_shown"], d["facts_omitted"])


@dataclass(frozen=True)
class MessageResult:
    """What Canon made of a message: how many observations, their outcomes, the questions."""

    observations: int
    outcomes: tuple[Outcome, ...]
    questions: tuple[Question, ...]

    @classmethod
    def read(cls, d: Mapping[str, Any]) -> MessageResult:
        return cls(
            d["observations"],
            tuple(Outcome.read(o) for o in d["outcomes"]),
            tuple(Question.read(q) for q in d["questions"]),
        )


@dataclass(frozen=True)
class AnswerResult:
    """The answered question, its new status and what was committed, if anything; after a
    No with ``parts``, the parts rejected and the rest of the group asked again."""

    question: Question
    status: str
    committed: bool
    committed_value: Value
    also_settled: tuple[Question, ...] = ()
    parts_rejected: tuple[Question, ...] = ()
    asked_again: tuple[Question, ...] = ()

    @classmethod
    def read(cls, d: Mapping[str, Any]) -> AnswerResult:
        def questions(key: str) -> tuple[Question, ...]:
            return tuple(Question.read(q) for q in d.get(key) or ())

        return cls(
            Question.read(d["question"]),
            d["status"],
            d["committed"],
            d["committed_value"],
            questions("also_settled"),
            questions("parts_rejected"),
            questions("asked_again"),
        )


@dataclass(frozen=True)
class Health:
    status: str
    version: str

    @classmethod
    def read(cls, d: Mapping[str, Any]) -> Health:
        return cls(d["status"], d["version"])


@dataclass(frozen=True)
class ObservationsResult:
    """How many observations arrived and what happened to each, in order."""

    received: int
    results: tuple[Outcome, ...]

    @classmethod
    def read(cls, d: Mapping[str, Any]) -> ObservationsResult:
        return cls(d["received"], tuple(Outcome.read(o) for o in d["results"]))
