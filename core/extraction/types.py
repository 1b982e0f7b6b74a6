"""What an extractor returns, whichever extractor it is (offline rules or an LLM)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, Protocol, cast

MessageIntent = Literal["assertive", "planning", "hypothetical", "historical", "none"]
ObservationIntent = Literal["assertive", "planning", "hypothetical", "historical", "retract"]
Scalar = str | int | float | bool | None
SourceKind = Literal["conversation_assertive", "static_markdown"]
Writer = Literal["user", "member", "agent"]
"""Who wrote a text, as the user it is read for sees them: ``user``, that user (their own
chat or client, their owner's notes); ``member``, another member of their household
speaking of them; ``agent``, an assistant's token. Only the user's own words are the
user's; the others' are data about what they said (``core.domain.principals``)."""
NON_FACTUAL_CAP = 0.5
"""A possibility or a memory is never worth more than a coin flip as evidence."""


@dataclass(frozen=True)
class ExtractedObservation:
    """One claim found in a text, before it gets an event id and a source.

    The pipeline completes it into a schema-valid StateObservation
    (event_id, event_ts, source) and validates it before the resolver sees it.
    """

    entity_id: str
    domain: str
    field: str
    candidate_value: Scalar
    intent: ObservationIntent
    extraction_confidence: float = 1.0
    """How sure the extractor is; the resolver multiplies it into the intent factor."""
    valid_until: datetime | None = None
    """Expiry for planning facts (e.g. the day after a trip's return date)."""
    evidence_text: str = ""
    needs_confirmation: str = ""
    """Why the user must be asked before this is committed, whatever its confidence
    (e.g. the model and the linguistic reading disagree); empty: the score decides."""

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape used by `canon extract --json`."""
        out: dict[str, Any] = {
            "entity_id": self.entity_id,
            "domain": self.domain,
            "field": self.field,
            "candidate_value": self.candidate_value,
            "intent": self.intent,
            "extraction_confidence": round(self.extraction_confidence, 3),
        }
        if self.valid_until is not None:
            out["valid_until"] = self.valid_until.isoformat()
        if self.evidence_text:
            out["evidence_text"] = self.evidence_text
        if self.needs_confirmation:
            out["needs_confirmation"] = self.needs_confirmation
        return out


@dataclass(frozen=True)
class Extraction:
    """The intent of a whole text and the observations it supports."""

    text: str
    intent: MessageIntent
    observations: tuple[ExtractedObservation, ...] = field(default_factory=tuple)

    def as_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "intent": self.intent,
            "observations": [o.as_dict() for o in self.observations],
        }


class Extractor(Protocol):
    """Anything that turns one text written at ``at`` into an Extraction.

    ``at`` is timezone-aware; relative time expressions resolve against it.
    ``source`` tells whether the text is a chat message or a Markdown line.
    ``known_people`` are the lowercase first names the user's state already knows
    (family members), to be recognised however they are typed. ``recent_subject`` is the
    member the conversation was last about (a ``family.<slug>`` slug), whom a pronoun
    opening the text may mean ("she's poorly again").
    """

    def __call__(
        self,
        text: str,
        *,
        at: datetime,
        entity_id: str = "user:primary",
        source: SourceKind = "conversation_assertive",
        known_people: frozenset[str] = frozenset(),
        recent_subject: str | None = None,
    ) -> Extraction: ...


@dataclass(frozen=True)
class ReadRequest:
    """One text to read: its words, when they were written (timezone-aware, on the
    writer's clock), the user they are read for, where they come from, who wrote them,
    and what the household's state tells the reading (``Extractor``'s arguments)."""

    text: str
    at: datetime
    entity_id: str = "user:primary"
    source: SourceKind = "conversation_assertive"
    known_people: frozenset[str] = frozenset()
    recent_subject: str | None = None
    writer: Writer = "user"


class RequestReader(Protocol):
    """An extractor that reads the whole request, its writer included (a model's, which
    tells the model who wrote the text); the offline rules read the words alone."""

    def read(self, request: ReadRequest) -> Extraction: ...


def read_text(extractor: Extractor, request: ReadRequest) -> Extraction:
    """``extractor``'s reading of ``request``: the request itself to one that reads it
    whole (``RequestReader``), its words and context to any other."""
    # What a runtime-checkable protocol's isinstance asks, without walking the protocol's
    # members on every message (some 18 µs each time, on every chat turn).
    if hasattr(extractor, "read"):
        return cast(RequestReader, extractor).read(request)
    return extractor(
        request.text,
        at=request.at,
        entity_id=request.entity_id,
        source=request.source,
        known_people=request.known_people,
        recent_subject=request.recent_subject,
    )
