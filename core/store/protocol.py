"""Every store protocol: what the engine and its companions need from a backend.

``Store`` holds facts, the event log, review items, dead letters and alerts. A
backend's main class also carries its companion stores as attributes
(``.conversation``, ``.source_states``, ``.mail_senders``, ``.workspace``,
``.policy_log``, ``.api_tokens``), sharing its connection: ``ConversationStore``,
``SourceStateStore``, ``MailSenderStore``, ``WorkspaceStore``, ``PolicyLog`` and
``ApiTokenStore``, in ``core.store.companion_protocols``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol, TypeVar

from core.domain.alerts import Alert
from core.domain.dead_letters import DeadLetter, Escalation
from core.domain.event_log import AuditLine, EventRecord, HistoryEntry, LogWindow
from core.domain.review_items import NewReviewItem, ReviewItem, ReviewStatus
from core.domain.rollout import ChangeCount, PolicyEvent
from core.domain.settlements import GroupSettled, Settlement
from core.domain.snapshot import FieldSnapshot
from core.domain.state import CommittedFact, Scalar
from core.domain.write_batch import Accepted, WriteBatch
from core.store.companion_protocols import (
    ApiTokenStore,
    ConversationStore,
    MailSenderStore,
    PolicyLog,
    SourceStateStore,
    WorkspaceStore,
)
from core.store.group_reads import QuestionAndGroup

T = TypeVar("T")
Snapshots = dict[tuple[str, str], FieldSnapshot]
EventOwner = tuple[str, str | None]
"""(entity_id, principal ref) of a logged event: whose id it is (None: logged before principals)."""
SeenEvents = dict[str, EventOwner]
"""Event ids already in the log, each with its owner."""
Decide = Callable[[Snapshots, SeenEvents], tuple[WriteBatch, T]]
"""Pure: the batch to write (and anything else decided) from the snapshots and
the event ids already logged (with whose they are)."""


@dataclass(frozen=True)
class ContextRows:
    """What a context block is built from, for some entities (``Store.context_rows``)."""

    facts: list[CommittedFact]
    """Each entity's facts, entity by entity in the order asked."""
    items_from: list[ReviewItem]
    """Each entity's review items from one source prefix, answered ones too."""
    open_items: list[ReviewItem]
    """The entities' open review items, oldest first."""


@dataclass
class RolloutReads:
    """What the rollout needs read for a decision, read by ``decide_and_write`` in its
    own transaction (before ``decide`` is called, which finds the answers here).

    Asked: the policy log after ``after_seq`` and the changes of ``counts``. Answered:
    ``events`` (in log order) and ``counted`` (one number per query, in order), as
    ``PolicyLog.policy_events`` and ``Store.count_changes`` would answer them.
    """

    after_seq: int
    counts: Sequence[ChangeCount]
    events: list[PolicyEvent] = field(default_factory=list)
    counted: list[int] = field(default_factory=list)


DecideSettlement = Callable[[ReviewItem, CommittedFact | None], Settlement]
"""Pure: how an open review item is settled, given the field's current fact."""


class Store(Protocol):
    """A single-writer store. Every write method is one transaction: all or nothing."""

    async def open(self) -> None:
        """Connect and apply pending migrations."""

    async def close(self) -> None: ...

    # -- the ingest path ------------------------------------------------------
    async def snapshots(
        self, keys: Sequence[tuple[str, str]], event_ids: Sequence[str], since: datetime
    ) -> tuple[dict[tuple[str, str], FieldSnapshot], SeenEvents]:
        """Snapshots of the (entity_id, field) ``keys`` (evidence counted from ``since``)
        and those of ``event_ids`` already in the log, with their owners."""

    async def write(self, batch: WriteBatch, max_pending: int) -> list[ReviewItem]:
        """Store a resolved batch atomically; return review items newly promoted."""

    async def decide_and_write(
        self,
        keys: Sequence[tuple[str, str]],
        event_ids: Sequence[str],
        since: datetime,
        decide: Decide[T],
        max_pending: int,
        rollout: RolloutReads | None = None,
    ) -> tuple[T, list[ReviewItem]]:
        """``snapshots``, then ``decide``, then ``write``, as one transaction that no
        other writer (in this process or another) can interleave with; returns
        what ``decide`` returned besides the batch, and the newly promoted items.

        With ``rollout``, its reads are answered in the same transaction, before
        ``decide`` runs (one trip to the store for the whole ingest)."""

    # -- answers --------------------------------------------------------------
    async def settle(
        self,
        item_id: str,
        status: ReviewStatus,
        answer: dict[str, Any],
        answered_at: datetime,
        confirmation_event: Accepted | None,
        rejection: tuple[str, str] | None,
        max_pending: int,
    ) -> list[ReviewItem]:
        """Close a review item (committing via ``confirmation_event`` if given),
        remember a rejection (value_key, source_key), promote queued items.
        Raises NotFound or AlreadyAnswered, as ``settle_decided``."""

    async def settle_decided(
        self, item_id: str, decide: DecideSettlement, max_pending: int
    ) -> list[ReviewItem]:
        """Read the open item ``item_id`` and its field's fact, ``decide`` how it is
        settled and apply that (as ``settle``, and store the settlement's dead
        letter), all in one transaction. Raises NotFound or AlreadyAnswered before
        ``decide`` is called."""

    async def settle_group(
        self, item_ids: Sequence[str], decide: DecideSettlement, max_pending: int
    ) -> GroupSettled:
        """``settle_decided`` for every item of ``item_ids`` (a group answered as one),
        in one transaction: all of them are settled, or (NotFound, AlreadyAnswered,
        ``decide`` failing) none. Returns the items as settled (what reading them back
        right after the commit would) and the questions promoted."""

    async def add_review_item(self, item: NewReviewItem, max_pending: int) -> list[ReviewItem]: ...

    # -- reads ----------------------------------------------------------------
    async def facts(self, entity_id: str | None = None) -> list[CommittedFact]: ...

    async def fact(self, entity_id: str, field: str) -> CommittedFact | None: ...

    async def review_item(self, item_id: str) -> ReviewItem | None: ...

    async def question_and_group(self, item_id: str) -> QuestionAndGroup | None:
        """``review_item(item_id)`` and, while it is open, the other open items of its
        group, oldest first (``open_review_items(group_key=...)`` less it): what answering
        the whole group reads, in one statement where the backend can."""
        ...

    async def review_items(self, statuses: Sequence[ReviewStatus]) -> list[ReviewItem]: ...

    async def open_review_items(
        self,
        entities: Sequence[str] | None = None,
        *,
        other_than: Sequence[str] = (),
        group_key: str | None = None,
        pending_only: bool = False,
    ) -> list[ReviewItem]:
        """Open review items (pending, or queued behind the cap), oldest first, narrowed
        to ``entities``' (when given), to none of ``other_than``'s, to group
        ``group_key`` (when given) and, with ``pending_only``, to those shown now.
        Reads only those rows: one user's turn does not pay for everyone's questions.
        A group is one entity's (one input's related fields), and a group key is looked
        up with its entity (``[item.entity_id]``): no index is kept on group keys alone."""
        ...

    async def review_items_from(self, entity_id: str, source_prefix: str) -> list[ReviewItem]:
        """Every review item of ``entity_id`` (answered ones too) whose source key starts
        with ``source_prefix``, oldest first."""
        ...

    async def context_rows(self, entities: Sequence[str], source_prefix: str) -> ContextRows:
        """``facts`` of each of ``entities``, ``review_items_from`` each of them with
        ``source_prefix`` and ``open_review_items(entities)``: a context block's reads, which
        a backend may send together (PostgreSQL: in one round trip, not one per read)."""
        ...

    async def facts_and_open_items(
        self, entity_id: str
    ) -> tuple[list[CommittedFact], list[ReviewItem]]:
        """``facts(entity_id)`` and ``open_review_items([entity_id])``: what a message's
        intake reads of its speaker, in one statement (SQL backends), not two."""
        ...

    async def facts_and_items_from(
        self, entity_id: str, source_prefix: str
    ) -> tuple[list[CommittedFact], list[ReviewItem]]:
        """``facts(entity_id)`` and ``review_items_from(entity_id, source_prefix)``: what
        settling a trip's timeline reads after a commit to it, in one statement (SQL
        backends), not two."""
        ...

    async def events_for(
        self, entity_id: str, field: str, value: Scalar | None = None
    ) -> list[EventRecord]:
        """The log for one field, oldest first; only events for ``value`` if given."""

    async def history(self, entity_id: str | None, field: str | None) -> list[HistoryEntry]: ...

    async def audit(self, limit: int | None = None) -> list[AuditLine]: ...

    async def count_events(self) -> int: ...

    async def count_changes(self, queries: Sequence[ChangeCount]) -> list[int]:
        """For each query, in order: the state changes (commits other than imports) to
        the entity's fields in the domain committed at or after ``since`` (all of them
        when None), counted up to ``limit``; one read for all of them. The rollout needs
        to know only whether an entity's calibration or confirmation run is over."""
        ...

    async def log_since(self, since: datetime) -> LogWindow:
        """Events ingested, and duplicates ignored, at or after ``since`` (for metrics)."""
        ...

    # -- dead letters and alerts ---------------------------------------------
    async def add_dead_letter(self, letter: DeadLetter) -> None: ...

    async def dead_letters(self, statuses: Sequence[str] | None = None) -> list[DeadLetter]: ...

    async def update_dead_letter(
        self,
        letter: DeadLetter,
        expected: DeadLetter | None = None,
        escalation: Escalation | None = None,
    ) -> bool:
        """Store ``letter``'s new state (NotFound for an unknown id), in one transaction.

        With ``expected`` (the letter as it was read) this is a compare-and-set: it
        applies only if the stored letter still has ``expected``'s status and retry
        count, so of several processes retrying the same letter at once exactly one
        moves it on. ``escalation`` is added in the same transaction, only if the
        update applies. Returns whether it applied."""
        ...

    async def add_alert(
        self, at: datetime, kind: str, domain: str | None, message: str
    ) -> None: ...

    async def alerts(self) -> list[tuple[datetime, str, str | None, str]]: ...

    async def open_alerts(self) -> list[Alert]:
        """Alerts not delivered to the owner yet, oldest first."""
        ...

    async def mark_alert_delivered(self, seq: int, at: datetime) -> bool:
        """Record that alert ``seq`` reached the owner; False if it already had."""
        ...

    # -- keys ------------------------------------------------------------------------
    async def secret_key(self, name: str, candidate: bytes) -> bytes:
        """The store's secret key ``name``, made once: ``candidate`` is kept if the store
        has no such key yet, else the kept one is returned (the first writer wins, across
        processes). Keys the ids a principal's messages derive (``core.domain.ids``)."""
        ...


class StoreBackend(Store, Protocol):
    """A backend's main class: the ``Store`` and its companions, sharing one connection."""

    @property
    def conversation(self) -> ConversationStore: ...

    @property
    def source_states(self) -> SourceStateStore: ...

    @property
    def mail_senders(self) -> MailSenderStore: ...

    @property
    def workspace(self) -> WorkspaceStore: ...

    @property
    def policy_log(self) -> PolicyLog: ...

    @property
    def api_tokens(self) -> ApiTokenStore: ...

    async def import_facts(self, facts: list[CommittedFact], progress: Any = None) -> None:
        """Bulk-load committed facts as 'import' commits (a migration, a benchmark)."""
        ...
