"""The in-memory backend's tables, and how each write changes them (synchronously).

``MemoryStore`` runs each of these inside one transaction: every change goes
through a ``Journal``, which undoes them all if the write fails part way. The
rules every backend shares come from ``core.store.rules``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, MutableMapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, TypeVar

from core.domain.alerts import Alert
from core.domain.dead_letters import DeadLetter
from core.domain.event_log import EventRecord, HistoryEntry, payload_end
from core.domain.review_items import OPEN_STATUSES, NewReviewItem, ReviewItem
from core.domain.snapshot import (
    AGREEING_INTENTS,
    FieldSnapshot,
    OpenItem,
    note_agreeing,
    vouches,
)
from core.domain.source_types import canonical_source_type
from core.domain.state import CommittedFact, value_key
from core.domain.write_batch import Accepted, CommitPlan, WriteBatch
from core.errors import AlreadyAnswered, NotFound, StoreError
from core.store.protocol import DecideSettlement, SeenEvents
from core.store.rules import OpenQuestion, fold_commits, promotable, settled_by_commit

K = TypeVar("K")
V = TypeVar("V")
FieldKey = tuple[str, str]
_MISSING: Any = object()


class Journal:
    """Changes made in one transaction, with how to undo each (newest last)."""

    def __init__(self) -> None:
        self._undo: list[Callable[[], object]] = []

    def set(self, table: MutableMapping[K, V], key: K, value: V) -> None:
        old = table.get(key, _MISSING)
        self._undo.append(
            (lambda: table.pop(key)) if old is _MISSING else (lambda: table.__setitem__(key, old))
        )
        table[key] = value

    def delete(self, table: MutableMapping[K, V], key: K) -> None:
        old = table.pop(key)
        self._undo.append(lambda: table.__setitem__(key, old))

    def append(self, rows: list[V], row: V) -> None:
        rows.append(row)
        self._undo.append(rows.pop)

    def undo(self, step: Callable[[], object]) -> None:
        """Record how to undo a change made by hand."""
        self._undo.append(step)

    def rollback(self) -> None:
        for undo in reversed(self._undo):
            undo()
        self._undo.clear()


@dataclass(frozen=True)
class StoredEvent:
    record: EventRecord
    value_key: str
    vouches: bool = True
    """False for a doubted reading (``needs_confirmation``): it agrees with nothing."""


@dataclass(frozen=True)
class StoredCommit:
    entry: HistoryEntry
    audit_line: str


class Tables:
    """Everything a MemoryStore holds besides its companions' tables."""

    def __init__(self) -> None:
        self.seq: dict[str, int] = {}
        self.events: list[StoredEvent] = []
        self.events_by_id: dict[str, StoredEvent] = {}
        self.events_by_field: dict[FieldKey, list[StoredEvent]] = {}
        self.duplicates: list[tuple[str, datetime]] = []
        self.commits: list[StoredCommit] = []
        self.versions: dict[FieldKey, int] = {}
        self.facts: dict[FieldKey, CommittedFact] = {}
        self.reviews: dict[str, ReviewItem] = {}
        self.rejections: dict[tuple[str, str, str, str], datetime] = {}
        self.letters: dict[str, tuple[int, DeadLetter]] = {}
        self.alerts: dict[int, Alert] = {}
        self.keys: dict[str, bytes] = {}

    def next_seq(self, j: Journal, table: str) -> int:
        seq = self.seq.get(table, 0) + 1
        j.set(self.seq, table, seq)
        return seq

    def snapshots(
        self, keys: Sequence[FieldKey], event_ids: Sequence[str], since: datetime
    ) -> tuple[dict[FieldKey, FieldSnapshot], SeenEvents]:
        unique = sorted(set(keys))
        if not unique:
            return {}, {}
        snaps = {key: self.snapshot(key, since) for key in unique}
        seen = (self.events_by_id.get(eid) for eid in event_ids)
        return snaps, {
            e.record.event_id: (e.record.entity_id, e.record.principal) for e in seen if e
        }

    def snapshot(self, key: FieldKey, since: datetime) -> FieldSnapshot:
        agreeing: dict[str, dict[str, datetime]] = {}
        for e in self.events_by_field.get(key, ()):
            if e.vouches and e.record.intent in AGREEING_INTENTS and e.record.event_ts >= since:
                note_agreeing(agreeing, e.value_key, e.record.source_type, e.record.event_ts)
        open_items = [
            OpenItem(
                r.id,
                value_key(r.candidate_value),
                r.candidate_value,
                r.confidence,
                self.event_ts(r.event_id),
                r.principal,
            )
            for r in self.open_reviews(key)
        ]
        return FieldSnapshot.read(
            key,
            self.facts.get(key),
            agreeing,
            open_items,
            ((r[2], r[3]) for r in self.rejections if (r[0], r[1]) == key),
            self.versions.get(key, 0),
        )

    def event_ts(self, event_id: str | None) -> datetime | None:
        event = None if event_id is None else self.events_by_id.get(event_id)
        return None if event is None else event.record.event_ts

    def open_reviews(self, key: FieldKey) -> list[ReviewItem]:
        return [
            r
            for r in self.reviews.values()
            if (r.entity_id, r.field) == key and r.status in OPEN_STATUSES
        ]

    def write(self, j: Journal, batch: WriteBatch, max_pending: int) -> list[ReviewItem]:
        for accepted in batch.accepted:
            self.log_event(j, accepted)
        commits = [a.commit for a in batch.accepted if a.commit is not None]
        if commits:
            self.commit(j, commits)
        reviews = [a.review for a in batch.accepted if a.review is not None]
        for review in reviews:
            self.add_review(j, review)
        for item_id, at in batch.superseded:
            item = self.reviews.get(item_id)
            if item is not None and item.status in OPEN_STATUSES:
                j.set(self.reviews, item_id, replace(item, status="superseded", answered_at=at))
        for f in batch.corroborated:
            key = (f.entity_id, f.field)
            fact = self.facts.get(key)
            if fact is not None and fact.version == f.version:
                j.set(
                    self.facts,
                    key,
                    replace(
                        fact,
                        evidence_ts=utc(f.evidence_ts),
                        confidence=f.confidence,
                        valid_until=None if f.valid_until is None else utc(f.valid_until),
                    ),
                )
        for event_id, at in batch.duplicates:
            j.append(self.duplicates, (event_id, utc(at)))
        for letter in batch.dead_letters:
            self.add_letter(j, letter)
        if not (reviews or batch.superseded):
            return []
        touched = {a.entity_id for a in batch.accepted} | {r.entity_id for r in reviews}
        return self.promote(j, max_pending, batch.decided_at, touched)

    def log_event(self, j: Journal, a: Accepted) -> None:
        if a.event_id in self.events_by_id:
            raise StoreError(f"the batch could not be recorded: event {a.event_id} is logged")
        payload = _copy(a.payload)
        event = StoredEvent(
            EventRecord(
                seq=self.next_seq(j, "events"),
                event_id=a.event_id,
                entity_id=a.entity_id,
                field=a.field,
                intent=a.intent,
                value=payload.get("candidate_value"),
                source_type=canonical_source_type(a.source_type),
                source_ref=a.source_ref,
                event_ts=utc(a.event_ts),
                ingested_at=utc(a.decided_at),
                decision=a.decision,
                confidence=a.confidence,
                margin=a.margin,
                reasons=tuple(a.reasons),
                evidence_text=payload.get("evidence_text"),
                corroborators=tuple(
                    (canonical_source_type(c["type"]), c["ref"])
                    for c in payload.get("corroborators", ())
                ),
                principal=a.principal,
                valid_until=payload_end(payload),
            ),
            a.value_key,
            vouches=vouches(a.payload),
        )
        j.append(self.events, event)
        j.set(self.events_by_id, a.event_id, event)
        key = (a.entity_id, a.field)
        if key not in self.events_by_field:
            j.set(self.events_by_field, key, [])
        j.append(self.events_by_field[key], event)

    def commit(self, j: Journal, plans: Sequence[CommitPlan]) -> None:
        keys = {(c.entity_id, c.field) for c in plans}
        fold = fold_commits(
            plans,
            {key: self.facts.get(key) for key in keys},
            {key: self.versions.get(key, 0) for key in keys},
        )
        for c in fold.commits:
            p = c.plan
            entry = HistoryEntry(
                self.next_seq(j, "commits"),
                p.entity_id,
                p.field,
                c.version,
                c.old_value,
                None if p.retract else p.value,
                p.retract,
                p.event_id,
                p.confidence,
                p.resolution,
                utc(p.committed_at),
                p.principal,
                p.source_ref,
            )
            j.append(self.commits, StoredCommit(entry, p.audit_line))
            j.set(self.versions, (p.entity_id, p.field), c.version)
        for key, fact in fold.facts.items():
            if fact is None:
                if key in self.facts:
                    j.delete(self.facts, key)
            else:
                j.set(self.facts, key, _stored_fact(fact))

    def add_review(self, j: Journal, r: NewReviewItem) -> None:
        if r.id in self.reviews:
            raise StoreError(f"the batch could not be recorded: review item {r.id} exists")
        item = r.stored(self.next_seq(j, "reviews"), "queued", utc(r.created_at))
        j.set(self.reviews, r.id, item)

    def promote(
        self, j: Journal, max_pending: int, now: datetime, entities: Collection[str]
    ) -> list[ReviewItem]:
        """Show the queued items of ``entities`` (those the write touched: the cap is
        per entity) that fit under each one's cap, as every backend does."""
        open_items = (
            OpenQuestion(r.id, r.seq, r.entity_id, r.group_key, r.status == "pending")
            for r in self.reviews.values()
            if r.status in OPEN_STATUSES and r.entity_id in entities
        )
        promoted = []
        for item_id in promotable(open_items, max_pending):
            item = replace(self.reviews[item_id], status="pending", promoted_at=utc(now))
            j.set(self.reviews, item_id, item)
            promoted.append(item)
        return promoted

    def settle_one(self, j: Journal, item_id: str, decide: DecideSettlement) -> datetime:
        item = self.reviews.get(item_id)
        if item is None:
            raise NotFound(f"no review item {item_id}")
        if item.status not in OPEN_STATUSES:
            raise AlreadyAnswered(f"review item {item_id} is already {item.status}")
        settled = decide(item, self.facts.get((item.entity_id, item.field)))
        answered = replace(
            item,
            status=settled.status,
            answer=_copy(settled.answer),
            answered_at=utc(settled.answered_at),
        )
        j.set(self.reviews, item_id, answered)
        event = settled.confirmation_event
        if event is not None:
            self.log_event(j, event)
            if event.commit is not None:
                self.apply_commit(j, event.commit)
        if settled.rejection is not None:
            rejected = (item.entity_id, item.field, *settled.rejection)
            if rejected not in self.rejections:
                j.set(self.rejections, rejected, utc(settled.answered_at))
        if settled.dead_letter is not None:
            self.store_letter(j, settled.dead_letter)
        if settled.follow_up is not None:
            self.add_review(j, settled.follow_up)
        return settled.answered_at

    def apply_commit(self, j: Journal, c: CommitPlan) -> None:
        self.commit(j, [c])
        open_items = [
            (r.id, value_key(r.candidate_value), r.principal)
            for r in self.open_reviews((c.entity_id, c.field))
        ]
        for item_id in settled_by_commit(c, open_items):
            item = replace(
                self.reviews[item_id], status="superseded", answered_at=utc(c.committed_at)
            )
            j.set(self.reviews, item_id, item)

    def add_letter(self, j: Journal, letter: DeadLetter) -> None:
        if letter.id in self.letters:
            raise StoreError(f"dead letter {letter.id} is stored already")
        j.set(self.letters, letter.id, (self.next_seq(j, "dead_letters"), _stored_letter(letter)))

    def store_letter(self, j: Journal, letter: DeadLetter) -> None:
        if letter.id not in self.letters:
            raise NotFound(f"no dead letter {letter.id}")
        seq, _ = self.letters[letter.id]
        j.set(self.letters, letter.id, (seq, _stored_letter(letter)))

    def add_alert(self, j: Journal, at: datetime, kind: str, domain: str | None, msg: str) -> None:
        seq = self.next_seq(j, "alerts")
        j.set(self.alerts, seq, Alert(seq, utc(at), kind, domain, msg))

    def import_facts(self, j: Journal, facts: Sequence[CommittedFact]) -> None:
        """Facts as 'import' commits at their own versions (a migration or a benchmark)."""
        for f in facts:
            entry = HistoryEntry(
                self.next_seq(j, "commits"),
                f.entity_id,
                f.field,
                f.version,
                None,
                f.value,
                False,
                f.event_id,
                f.confidence,
                f.resolution,
                utc(f.committed_at),
                f.principal,
                f.source_ref,
            )
            line = f"{f.committed_at:%Y-%m-%d %H:%M}: {f.field} imported"
            j.append(self.commits, StoredCommit(entry, line))
            j.set(self.versions, (f.entity_id, f.field), f.version)
            j.set(self.facts, (f.entity_id, f.field), _stored_fact(f))


def utc(at: datetime) -> datetime:
    return at.astimezone(UTC)


def _copy(value: Any) -> Any:
    """A JSON document as stored: the caller's dict can change later, the store's cannot."""
    return json.loads(json.dumps(value))


def _stored_fact(f: CommittedFact) -> CommittedFact:
    return replace(
        f,
        source_type=canonical_source_type(f.source_type),
        evidence_ts=utc(f.evidence_ts),
        committed_at=utc(f.committed_at),
        valid_until=None if f.valid_until is None else utc(f.valid_until),
    )


def _stored_letter(d: DeadLetter) -> DeadLetter:
    return replace(
        d,
        errors=tuple(d.errors),
        first_seen=utc(d.first_seen),
        last_attempt=utc(d.last_attempt),
        next_retry_at=None if d.next_retry_at is None else utc(d.next_retry_at),
    )
