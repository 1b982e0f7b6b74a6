"""Plain records that cross the store boundary, in both directions."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from core.domain.principals import LEGACY_TOKEN_ROLE
from core.domain.principals import Role as TokenRole
from core.domain.source_types import canonical_source_key
from core.domain.state import CommittedFact, Scalar

ReviewStatus = Literal[
    "queued", "pending", "confirmed", "rejected", "edited", "discarded", "superseded"
]
ReviewKind = Literal["change", "dead_letter", "bootstrap", "drift"]
OPEN_STATUSES: tuple[ReviewStatus, ...] = ("queued", "pending")


@dataclass(frozen=True)
class CommitPlan:
    """A change to committed state (a new value, or a retraction when ``retract``)."""

    entity_id: str
    field: str
    value: Scalar
    retract: bool
    source_type: str
    source_ref: str | None
    confidence: float
    event_id: str
    evidence_ts: datetime
    committed_at: datetime
    resolution: str
    valid_until: datetime | None
    audit_line: str
    principal: str | None = None

    def as_fact(self, version: int) -> CommittedFact:
        """The committed fact this plan leaves as the field's ``version`` (not a retraction)."""
        return CommittedFact(
            entity_id=self.entity_id,
            field=self.field,
            value=self.value,
            version=version,
            source_type=self.source_type,
            source_ref=self.source_ref,
            confidence=self.confidence,
            event_id=self.event_id,
            evidence_ts=self.evidence_ts,
            committed_at=self.committed_at,
            resolution=self.resolution,
            valid_until=self.valid_until,
            principal=self.principal,
        )


@dataclass(frozen=True)
class NewReviewItem:
    id: str
    kind: ReviewKind
    event_id: str | None
    entity_id: str
    field: str
    candidate_value: Scalar
    current_value: Scalar
    confidence: float
    reasons: tuple[str, ...]
    source_key: str
    created_at: datetime
    group_key: str | None = None
    """Shared by the related items one input raised: asked and answered as one."""
    shadow_decision: str | None = None
    """What the resolver would have done had the rollout not made it ask
    ("auto_commit" | "tentative_reject"): the user's answer grades it."""
    principal: str | None = None
    """The ref of whose evidence raised the question; None for Canon's own questions."""

    def stored(
        self,
        seq: int,
        status: ReviewStatus,
        created_at: datetime,
        promoted_at: datetime | None = None,
    ) -> ReviewItem:
        """The open ``ReviewItem`` this question is once stored at ``seq``: unanswered, its
        source key spelled canonically; the times as the store keeps them."""
        return ReviewItem(
            id=self.id,
            seq=seq,
            kind=self.kind,
            event_id=self.event_id,
            entity_id=self.entity_id,
            field=self.field,
            candidate_value=self.candidate_value,
            current_value=self.current_value,
            confidence=self.confidence,
            reasons=tuple(self.reasons),
            source_key=canonical_source_key(self.source_key),
            status=status,
            created_at=created_at,
            promoted_at=promoted_at,
            answered_at=None,
            answer=None,
            group_key=self.group_key,
            shadow_decision=self.shadow_decision,
            principal=self.principal,
        )


@dataclass(frozen=True)
class Accepted:
    """One schema-valid observation and what was decided about it: stored atomically."""

    payload: dict[str, Any]
    event_id: str
    entity_id: str
    field: str
    domain: str
    intent: str
    value_key: str
    source_type: str
    source_ref: str | None
    event_ts: datetime
    decided_at: datetime
    decision: str
    confidence: float
    margin: float
    reasons: tuple[str, ...]
    patch: tuple[dict[str, Any], ...]
    commit: CommitPlan | None = None
    corroborate: bool = False
    review: NewReviewItem | None = None
    principal: str | None = None
    """The ref of who made the write (``core.domain.principals``); None for old events."""


@dataclass(frozen=True)
class ReviewItem:
    id: str
    seq: int
    kind: ReviewKind
    event_id: str | None
    entity_id: str
    field: str
    candidate_value: Scalar
    current_value: Scalar
    confidence: float
    reasons: tuple[str, ...]
    source_key: str
    status: ReviewStatus
    created_at: datetime
    promoted_at: datetime | None
    answered_at: datetime | None
    answer: dict[str, Any] | None
    group_key: str | None = None
    shadow_decision: str | None = None
    principal: str | None = None
    """The ref of whose evidence raised the question; None for old items and Canon's own."""


@dataclass(frozen=True)
class EventRecord:
    """One entry of the append-only event log, with the decision taken on it."""

    seq: int
    event_id: str
    entity_id: str
    field: str
    intent: str
    value: Scalar
    source_type: str
    source_ref: str | None
    event_ts: datetime
    ingested_at: datetime
    decision: str
    confidence: float
    margin: float
    reasons: tuple[str, ...]
    evidence_text: str | None
    corroborators: tuple[tuple[str, str], ...] = ()
    """(source type, ref) of the other sources the observation named as saying the same."""
    principal: str | None = None
    """The ref of who made the write (``core.domain.principals``); None for old events."""


@dataclass(frozen=True)
class LogWindow:
    """The event log from a moment on: what metrics are computed from."""

    events: tuple[EventRecord, ...]
    """Events ingested at or after the window's start, in log order."""
    duplicates: tuple[tuple[str, datetime], ...]
    """(event id, when) of every input ignored as already logged, seen at or after the start."""


@dataclass(frozen=True)
class HistoryEntry:
    seq: int
    entity_id: str
    field: str
    version: int
    old_value: Scalar
    new_value: Scalar
    retracted: bool
    event_id: str
    confidence: float
    resolution: str
    committed_at: datetime
    principal: str | None = None
    """The ref of who made the write behind the change; None for old commits."""


@dataclass(frozen=True)
class AuditLine:
    seq: int
    at: datetime
    entity_id: str
    field: str
    line: str


DeadLetterStatus = Literal["waiting", "resolved", "permanently_failed", "discarded"]


@dataclass(frozen=True)
class DeadLetter:
    """A payload that failed validation: kept whole, retried, then handed to a human."""

    id: str
    event_id: str | None
    prompt_id: str | None
    schema: str
    payload: str
    errors: tuple[str, ...]
    domain: str | None
    first_seen: datetime
    last_attempt: datetime
    retry_count: int
    next_retry_at: datetime | None
    status: DeadLetterStatus
    principal: str | None = None
    """Whose input it was (``Principal.ref``); None on letters kept before principals. Its
    payload is shown to that principal and the owner's command line, no other reader."""


@dataclass(frozen=True)
class NewAlert:
    at: datetime
    kind: str
    domain: str | None
    message: str


@dataclass(frozen=True)
class Escalation:
    """What a permanently failed dead letter raises: a review item, in some domains an alert."""

    review: NewReviewItem
    max_pending: int
    alert: NewAlert | None = None


@dataclass(frozen=True)
class WriteBatch:
    """A resolved batch of inputs, stored in one transaction in decision order."""

    decided_at: datetime
    accepted: tuple[Accepted, ...] = ()
    superseded: tuple[tuple[str, datetime], ...] = ()
    """(review item id, when) closed because the value they propose was committed."""
    corroborated: tuple[CommittedFact, ...] = ()
    """Final state of facts whose evidence was refreshed by corroboration."""
    duplicates: tuple[tuple[str, datetime], ...] = ()
    dead_letters: tuple[DeadLetter, ...] = ()


@dataclass(frozen=True)
class Settlement:
    """How an answer closes a review item, decided on the item and the field's fact."""

    status: ReviewStatus
    answer: dict[str, Any]
    answered_at: datetime
    confirmation_event: Accepted | None = None
    """Logged (and committed, if it carries a commit) with the answer."""
    rejection: tuple[str, str] | None = None
    """(value_key, source_key) to remember as rejected for the field."""
    dead_letter: DeadLetter | None = None
    """The dead letter this answer closes, stored in the same transaction."""
    follow_up: NewReviewItem | None = None
    """A question asked in this one's place, in the same transaction: an edited part of
    a grouped question, held with the group's other parts until they are answered."""


@dataclass(frozen=True)
class GroupSettled:
    """What settling a group did: each item as its transaction left it (in the order
    asked), and the queued questions shown in their place."""

    settled: list[ReviewItem]
    promoted: list[ReviewItem]


@dataclass(frozen=True)
class Alert:
    """Something the owner must hear about (a permanent travel/financial dead letter, a failing
    source); open until it was delivered to them."""

    seq: int
    created_at: datetime
    kind: str
    domain: str | None
    message: str
    delivered_at: datetime | None = None


# -- companion records: the conversation log, sources, the workspace ----------------
Role = Literal["user", "assistant"]
ChatModeName = Literal["edit"]


@dataclass(frozen=True)
class ChatMessage:
    """One line of a chat, as stored: never changed once written."""

    seq: int
    id: str
    chat_id: int
    message_id: int | None
    user_id: int | None
    role: Role
    text: str
    at: datetime


ShownKind = Literal["sent", "edited"]


@dataclass(frozen=True)
class ShownRecord:
    """What the bot showed in a chat, as the chat keeps it: a message it sent (text, or
    a photo with its caption; with its buttons), or a later edit of one (new text, no
    buttons). Never changed once written; the rows in order rebuild the chat's side of
    the bot (``core.conversation.transcript``)."""

    seq: int
    chat_id: int
    message_id: int
    kind: ShownKind
    text: str
    at: datetime
    buttons: tuple[tuple[str, str], ...] = ()
    """(label, callback data) of each button, in the order sent."""
    photo: bytes | None = None
    """A photo's image (PNG or JPEG bytes); ``text`` is then its caption."""


@dataclass(frozen=True)
class PromptMessage:
    """A review item shown (or about to be shown) in a chat, bound to its owner."""

    item_id: str
    token: str
    chat_id: int
    owner_user_id: int
    message_id: int | None
    shown_at: datetime
    closed_at: datetime | None
    outcome: str | None


@dataclass(frozen=True)
class ChatMode:
    """The next plain message in ``chat_id`` answers ``item_id`` (e.g. an Edit's value)."""

    chat_id: int
    mode: ChatModeName
    item_id: str
    since: datetime
    value: str | None = None
    """A typed value waiting for the user's yes before it is applied (a place Canon
    does not know: "use it anyway?"); None while the value itself is awaited."""
    asked: int | None = None
    """The message asking "use it anyway?" about ``value``, whose Yes and No buttons
    answer it (after a restart too); None when no such message waits."""


@dataclass(frozen=True)
class SourceState:
    """What Canon remembers about one source between passes."""

    name: str
    kind: str
    cursor: dict[str, Any] = field(default_factory=dict)
    last_attempt: datetime | None = None
    last_success: datetime | None = None
    last_error: str | None = None
    failures: int = 0
    """Consecutive failed passes (0 after a success)."""
    weight: float = 1.0
    """How much the source's evidence counts now (lowered by failures, regained slowly)."""
    signals_total: int = 0


@dataclass(frozen=True)
class AcceptedInput:
    """The last accepted reading of one STATE-INPUT zone."""

    entries: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    """line_hash -> (entity_id, field, intent) of the lines in effect."""
    bad: frozenset[str] = frozenset()
    """line hashes of unreadable lines already sent to the dead-letter queue."""
    generations: dict[str, int] = field(default_factory=dict)
    """line_hash -> how many times the line was added or removed (keeps event ids unique)."""


@dataclass(frozen=True)
class WorkspaceEvent:
    seq: int
    at: datetime
    kind: str
    file: str
    zone_id: str | None
    detail: str


@dataclass(frozen=True)
class ApiToken:
    """A bearer token of the HTTP API, as stored: only the SHA-256 of its secret."""

    id: str
    name: str
    entity_id: str
    """The entity the token speaks for; it reaches that one and the shared entities."""
    secret_sha256: str
    created_at: datetime
    revoked_at: datetime | None = None
    role: TokenRole = LEGACY_TOKEN_ROLE
    """What the token's bearer is (``core.domain.principals``); tokens made before roles
    existed are ``agent`` tokens, the narrowest role that serves their documented use."""
    source_types: tuple[str, ...] = ()
    """A ``signals`` token: the source types it may post; empty for the other roles."""
    reach: tuple[str, ...] | None = None
    """The shared entities it may touch besides its own; None: the household's
    (``CANON_SHARED_ENTITIES`` and the family), as every token before roles did."""
