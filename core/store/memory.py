"""The in-memory reference backend: the Store contract in plain Python, no SQL.

It behaves exactly like the SQLite backend (the same contract tests run on
both) and applies the same rules (``core.store.rules``). Every write method is
one transaction: it changes the tables in place under an asyncio lock, through
a journal that undoes every change if anything fails, ``decide`` included.
Nothing survives the process; it is for tests, benchmarks and as the plain
statement of what a backend must do.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from core.domain.alerts import Alert
from core.domain.dead_letters import DeadLetter, Escalation
from core.domain.event_log import AuditLine, EventRecord, HistoryEntry, LogWindow
from core.domain.fields import domain_of
from core.domain.review_items import NewReviewItem, ReviewItem, ReviewStatus
from core.domain.rollout import ChangeCount
from core.domain.settlements import GroupSettled
from core.domain.snapshot import FieldSnapshot
from core.domain.state import CommittedFact, Scalar, value_key
from core.domain.write_batch import WriteBatch
from core.errors import NotFound, StoreError
from core.store.group_reads import ReadsQuestionThenGroup
from core.store.memory_api_tokens import MemoryApiTokens
from core.store.memory_companions import (
    MemoryConversationStore,
    MemoryMailSenders,
    MemoryPolicyLog,
    MemorySourceStates,
    MemoryWorkspaceStore,
)
from core.store.memory_tables import FieldKey, Journal, Tables, utc
from core.store.protocol import (
    ContextRows,
    Decide,
    DecideSettlement,
    RolloutReads,
    SeenEvents,
    StoreBackend,
    T,
)
from core.store.settling import SettlesOneByGroup


class MemoryStore(ReadsQuestionThenGroup, SettlesOneByGroup):
    """Store (and its companions) kept in this process's memory."""

    def __init__(self, url: str = "memory://") -> None:
        self.url = url
        self._open = False
        self._lock = asyncio.Lock()
        self._tables = Tables()
        self.conversation = MemoryConversationStore(self)
        self.source_states = MemorySourceStates(self)
        self.mail_senders = MemoryMailSenders(self)
        self.workspace = MemoryWorkspaceStore(self)
        self.policy_log = MemoryPolicyLog(self)
        self.api_tokens = MemoryApiTokens(self)

    # -- lifecycle ---------------------------------------------------------------
    async def open(self) -> None:
        self._open = True

    async def close(self) -> None:
        self._open = False

    def next_seq(self, j: Journal, table: str) -> int:
        return self._tables.next_seq(j, table)

    def check_open(self) -> None:
        if not self._open:
            raise StoreError("store is not open")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Journal]:
        """One writer at a time; all of a write or none of it."""
        self.check_open()
        async with self._lock:
            journal = Journal()
            try:
                yield journal
            except BaseException:
                journal.rollback()
                raise

    # -- ingest path -------------------------------------------------------------
    async def snapshots(
        self, keys: Sequence[FieldKey], event_ids: Sequence[str], since: datetime
    ) -> tuple[dict[FieldKey, FieldSnapshot], SeenEvents]:
        self.check_open()
        return self._tables.snapshots(keys, event_ids, since)

    async def decide_and_write(
        self,
        keys: Sequence[FieldKey],
        event_ids: Sequence[str],
        since: datetime,
        decide: Decide[T],
        max_pending: int,
        rollout: RolloutReads | None = None,
    ) -> tuple[T, list[ReviewItem]]:
        async with self.transaction() as j:
            if rollout is not None:
                rollout.events = self.policy_log.events_after(rollout.after_seq)
                rollout.counted = [self._count_changes(q) for q in rollout.counts]
            snaps, seen = self._tables.snapshots(keys, event_ids, since)
            batch, decided = decide(snaps, seen)
            return decided, self._tables.write(j, batch, max_pending)

    async def write(self, batch: WriteBatch, max_pending: int) -> list[ReviewItem]:
        async with self.transaction() as j:
            return self._tables.write(j, batch, max_pending)

    # -- answers -----------------------------------------------------------------
    async def settle_group(
        self, item_ids: Sequence[str], decide: DecideSettlement, max_pending: int
    ) -> GroupSettled:
        async with self.transaction() as j:
            answered_at: datetime | None = None
            touched: set[str] = set()
            for item_id in item_ids:
                answered_at = self._tables.settle_one(j, item_id, decide)
                touched.add(self._tables.reviews[item_id].entity_id)
            promoted = (
                []
                if answered_at is None
                else self._tables.promote(j, max_pending, answered_at, touched)
            )
            return GroupSettled([self._tables.reviews[i] for i in item_ids], promoted)

    async def add_review_item(self, item: NewReviewItem, max_pending: int) -> list[ReviewItem]:
        async with self.transaction() as j:
            self._tables.add_review(j, item)
            return self._tables.promote(j, max_pending, item.created_at, {item.entity_id})

    # -- reads -------------------------------------------------------------------
    async def facts(self, entity_id: str | None = None) -> list[CommittedFact]:
        self.check_open()
        return [
            f
            for key, f in sorted(self._tables.facts.items())
            if entity_id is None or key[0] == entity_id
        ]

    async def fact(self, entity_id: str, field: str) -> CommittedFact | None:
        self.check_open()
        return self._tables.facts.get((entity_id, field))

    async def review_item(self, item_id: str) -> ReviewItem | None:
        self.check_open()
        return self._tables.reviews.get(item_id)

    async def review_items(self, statuses: Sequence[ReviewStatus]) -> list[ReviewItem]:
        return self._reviews_where(lambda r: r.status in statuses)

    async def open_review_items(
        self,
        entities: Sequence[str] | None = None,
        *,
        other_than: Sequence[str] = (),
        group_key: str | None = None,
        pending_only: bool = False,
    ) -> list[ReviewItem]:
        statuses = ("pending",) if pending_only else ("pending", "queued")
        return self._reviews_where(
            lambda r: (
                r.status in statuses
                and (entities is None or r.entity_id in entities)
                and r.entity_id not in other_than
                and (group_key is None or r.group_key == group_key)
            )
        )

    async def review_items_from(self, entity_id: str, source_prefix: str) -> list[ReviewItem]:
        return self._reviews_where(
            lambda r: r.entity_id == entity_id and r.source_key.startswith(source_prefix)
        )

    async def context_rows(self, entities: Sequence[str], source_prefix: str) -> ContextRows:
        facts = [f for e in entities for f in await self.facts(e)]
        items_from = [r for e in entities for r in await self.review_items_from(e, source_prefix)]
        return ContextRows(facts, items_from, await self.open_review_items(entities))

    async def facts_and_open_items(
        self, entity_id: str
    ) -> tuple[list[CommittedFact], list[ReviewItem]]:
        return await self.facts(entity_id), await self.open_review_items([entity_id])

    async def facts_and_items_from(
        self, entity_id: str, source_prefix: str
    ) -> tuple[list[CommittedFact], list[ReviewItem]]:
        return await self.facts(entity_id), await self.review_items_from(entity_id, source_prefix)

    def _reviews_where(self, keep: Callable[[ReviewItem], bool]) -> list[ReviewItem]:
        self.check_open()
        return sorted((r for r in self._tables.reviews.values() if keep(r)), key=lambda r: r.seq)

    async def events_for(
        self, entity_id: str, field: str, value: Scalar | None = None
    ) -> list[EventRecord]:
        self.check_open()
        wanted = None if value is None else value_key(value)
        events = [
            e.record
            for e in self._tables.events_by_field.get((entity_id, field), ())
            if wanted is None or e.value_key == wanted
        ]
        return sorted(events, key=lambda e: (e.event_ts, e.seq))

    async def history(self, entity_id: str | None, field: str | None) -> list[HistoryEntry]:
        self.check_open()
        return [
            c.entry
            for c in self._tables.commits
            if (entity_id is None or c.entry.entity_id == entity_id)
            and (field is None or c.entry.field == field)
        ]

    async def audit(self, limit: int | None = None) -> list[AuditLine]:
        self.check_open()
        commits = (
            self._tables.commits
            if limit is None
            else self._tables.commits[max(0, len(self._tables.commits) - limit) :]
        )
        return [
            AuditLine(
                c.entry.seq, c.entry.committed_at, c.entry.entity_id, c.entry.field, c.audit_line
            )
            for c in commits
        ]

    async def count_events(self) -> int:
        self.check_open()
        return len(self._tables.events)

    async def count_changes(self, queries: Sequence[ChangeCount]) -> list[int]:
        self.check_open()
        return [self._count_changes(q) for q in queries]

    def _count_changes(self, q: ChangeCount) -> int:
        found = 0
        for c in self._tables.commits:
            if found >= q.limit:
                break
            entry = c.entry
            if (
                entry.resolution != "import"
                and entry.entity_id == q.entity_id
                and domain_of(entry.field) == q.domain
                and (q.since is None or entry.committed_at >= q.since)
            ):
                found += 1
        return found

    async def log_since(self, since: datetime) -> LogWindow:
        self.check_open()
        return LogWindow(
            tuple(e.record for e in self._tables.events if e.record.ingested_at >= since),
            tuple(d for d in self._tables.duplicates if d[1] >= since),
        )

    # -- dead letters and alerts ---------------------------------------------------
    async def add_dead_letter(self, letter: DeadLetter) -> None:
        async with self.transaction() as j:
            self._tables.add_letter(j, letter)

    async def update_dead_letter(
        self,
        letter: DeadLetter,
        expected: DeadLetter | None = None,
        escalation: Escalation | None = None,
    ) -> bool:
        async with self.transaction() as j:
            if letter.id not in self._tables.letters:
                raise NotFound(f"no dead letter {letter.id}")
            _, stored = self._tables.letters[letter.id]
            if expected is not None and (stored.status, stored.retry_count) != (
                expected.status,
                expected.retry_count,
            ):
                return False
            self._tables.store_letter(j, letter)
            if escalation is not None:
                self._tables.add_review(j, escalation.review)
                alert = escalation.alert
                if alert is not None:
                    self._tables.add_alert(j, alert.at, alert.kind, alert.domain, alert.message)
                review = escalation.review
                self._tables.promote(
                    j, escalation.max_pending, review.created_at, {review.entity_id}
                )
            return True

    async def dead_letters(self, statuses: Sequence[str] | None = None) -> list[DeadLetter]:
        self.check_open()
        return [
            letter
            for _, letter in sorted(self._tables.letters.values(), key=lambda pair: pair[0])
            if not statuses or letter.status in statuses
        ]

    async def add_alert(self, at: datetime, kind: str, domain: str | None, message: str) -> None:
        async with self.transaction() as j:
            self._tables.add_alert(j, at, kind, domain, message)

    async def alerts(self) -> list[tuple[datetime, str, str | None, str]]:
        self.check_open()
        return [(a.created_at, a.kind, a.domain, a.message) for a in self._tables.alerts.values()]

    async def open_alerts(self) -> list[Alert]:
        self.check_open()
        return [a for a in self._tables.alerts.values() if a.delivered_at is None]

    async def mark_alert_delivered(self, seq: int, at: datetime) -> bool:
        async with self.transaction() as j:
            alert = self._tables.alerts.get(seq)
            if alert is None or alert.delivered_at is not None:
                return False
            j.set(self._tables.alerts, seq, replace(alert, delivered_at=utc(at)))
            return True

    async def secret_key(self, name: str, candidate: bytes) -> bytes:
        async with self.transaction() as j:
            kept = self._tables.keys.get(name)
            if kept is None:
                j.set(self._tables.keys, name, candidate)
                return candidate
            return kept

    async def import_facts(self, facts: list[CommittedFact], progress: Any = None) -> None:
        """Load committed facts as 'import' commits (a migration or a benchmark)."""
        async with self.transaction() as j:
            self._tables.import_facts(j, facts)
        if progress is not None:
            progress(len(facts))


if TYPE_CHECKING:  # mypy checks here that the class keeps the whole contract
    _BACKEND: type[StoreBackend] = MemoryStore
