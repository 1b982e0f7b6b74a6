"""Success metrics over time: per day and over a rolling 7 days, overall and per domain.

The store is read once (``read_log_records``); ``compute_timeline`` is pure and
slices what was read into day buckets, handing each to ``compute_metrics``. A
day's point is the metric as ``canon metrics --since <day start> --now <day
end>`` would have measured it at the end of that day: an auto-commit corrected
on a later day counts as corrected from that day on, in the rolling window that
holds both. Days are UTC calendar days; the first and last are cut at ``since``
and ``now``.

Per domain, only the per-scope metrics mean anything (the system metrics are
about the whole pipeline); they are read from ``overall`` of each report.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import get_args

from core.domain.dead_letters import DeadLetter
from core.domain.event_log import EventRecord, HistoryEntry, LogWindow
from core.domain.fields import domain_of
from core.domain.policy import Policy
from core.domain.review_items import ReviewItem, ReviewStatus
from core.domain.state import value_key
from core.engine.metrics import EvidenceTypes, compute_metrics
from core.engine.metrics_more import MoreRecords, read_more_records
from core.engine.metrics_report import Metric, MetricsReport
from core.store import Store
from core.store.protocol import StoreBackend

DAY = timedelta(days=1)
ROLLING = timedelta(days=7)
_TICK = timedelta(microseconds=1)
"""A day bucket ends just before the next midnight, so no moment counts on two days."""

EvidenceKey = tuple[str, str, str]
TimedEvidence = Mapping[EvidenceKey, tuple[tuple[datetime, frozenset[str]], ...]]
"""(entity, field, value key) -> (when logged, the source types it brought), per event."""


@dataclass(frozen=True)
class LogRecords:
    """Everything the metrics are computed from, read from the store once."""

    log: LogWindow
    history: tuple[HistoryEntry, ...]
    reviews: tuple[ReviewItem, ...]
    letters: tuple[DeadLetter, ...]
    evidence: TimedEvidence
    more: MoreRecords = field(default_factory=MoreRecords)
    """What ``core.engine.metrics_more`` measures from."""

    def evidence_by(self, now: datetime) -> EvidenceTypes:
        """The source types behind each value, counting only what was logged by ``now``."""
        return {
            key: frozenset(t for at, types in timed if at <= now for t in types)
            for key, timed in self.evidence.items()
        }


@dataclass(frozen=True)
class MetricsTimeline:
    """One report per day and one per rolling week ending that day, by domain (None: all)."""

    since: datetime
    now: datetime
    days: tuple[datetime, ...]
    """The start of each day bucket (``since`` for the first)."""
    domains: tuple[str, ...]
    daily: Mapping[str | None, tuple[MetricsReport, ...]]
    rolling: Mapping[str | None, tuple[MetricsReport, ...]]
    whole: MetricsReport
    """The metrics over the whole window [since, now], as ``canon metrics`` reports them."""

    def series(
        self, name: str, domain: str | None = None, *, rolling: bool = False
    ) -> list[tuple[datetime, Metric]]:
        """(day start, metric) for each day; system metrics only exist overall."""
        reports = (self.rolling if rolling else self.daily)[domain]
        return [
            (day, r.overall.metrics.get(name) or r.system[name])
            for day, r in zip(self.days, reports, strict=True)
        ]

    @property
    def empty(self) -> bool:
        """Nothing happened in the window: no commit, question, event or dead letter."""
        return all(
            r.overall.counts["state_changes"] == 0
            and r.overall.counts["answers"] == 0
            and r.counts["events"] == 0
            and r.counts["dead_letters"] == 0
            for r in self.daily[None]
        )


def day_buckets(since: datetime, now: datetime) -> list[tuple[datetime, datetime]]:
    """[start, end] of each UTC day between ``since`` and ``now``, cut at both."""
    midnight = since.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    buckets = []
    while midnight <= now:
        buckets.append((max(since, midnight), min(midnight + DAY - _TICK, now)))
        midnight += DAY
    return buckets


def _slice(log: LogWindow, since: datetime) -> LogWindow:
    return LogWindow(
        tuple(e for e in log.events if e.ingested_at >= since),
        tuple((eid, at) for eid, at in log.duplicates if at >= since),
    )


def _narrowed(records: LogRecords, domain: str | None) -> LogRecords:
    if domain is None:
        return records
    return replace(
        records,
        log=LogWindow(
            tuple(e for e in records.log.events if domain_of(e.field) == domain),
            records.log.duplicates,
        ),
        history=tuple(h for h in records.history if domain_of(h.field) == domain),
        reviews=tuple(r for r in records.reviews if domain_of(r.field) == domain),
        more=records.more.narrowed(domain),
    )


def _measure(records: LogRecords, since: datetime, now: datetime) -> MetricsReport:
    return compute_metrics(
        log=_slice(records.log, since),
        history=records.history,
        reviews=records.reviews,
        letters=records.letters,
        evidence=records.evidence_by(now),
        since=since,
        now=now,
        more=records.more,
    )


def compute_timeline(records: LogRecords, *, since: datetime, now: datetime) -> MetricsTimeline:
    """Every metric per day and per rolling week over [since, now]; pure."""
    buckets = day_buckets(since, now)
    touched = {domain_of(h.field) for h in records.history}
    touched |= {domain_of(r.field) for r in records.reviews}
    touched |= {domain_of(e.field) for e in records.log.events}
    domains = tuple(sorted(touched))
    daily: dict[str | None, tuple[MetricsReport, ...]] = {}
    rolling: dict[str | None, tuple[MetricsReport, ...]] = {}
    for domain in (None, *domains):
        narrowed = _narrowed(records, domain)
        daily[domain] = tuple(_measure(narrowed, start, end) for start, end in buckets)
        rolling[domain] = tuple(_measure(narrowed, end - ROLLING, end) for _start, end in buckets)
    days = tuple(start for start, _ in buckets)
    whole = _measure(records, since, now)
    return MetricsTimeline(since, now, days, domains, daily, rolling, whole)


async def _timed_evidence(
    store: Store, commits: Sequence[HistoryEntry], now: datetime
) -> TimedEvidence:
    found: dict[EvidenceKey, tuple[tuple[datetime, frozenset[str]], ...]] = {}
    for c in commits:
        key = (c.entity_id, c.field, value_key(c.new_value))
        if c.retracted or key in found:
            continue
        events: list[EventRecord] = await store.events_for(c.entity_id, c.field, c.new_value)
        found[key] = tuple(
            (e.ingested_at, frozenset({e.source_type, *(t for t, _ in e.corroborators)}))
            for e in events
            if e.ingested_at <= now
        )
    return found


async def read_log_records(
    store: StoreBackend,
    *,
    since: datetime,
    now: datetime,
    entities: Collection[str] | None = None,
    policy: Policy | None = None,
) -> LogRecords:
    """What a timeline over [since, now] needs (a rolling week before ``since`` too).

    ``entities`` narrows commits, questions and events to those entities; dead
    letters and duplicates (the system's) are kept whole. Thresholds are replayed
    over ``policy`` (without it threshold stability is null).
    """
    start = since - ROLLING

    def wanted(entity_id: str) -> bool:
        return entities is None or entity_id in entities

    log = await store.log_since(start)
    log = LogWindow(tuple(e for e in log.events if wanted(e.entity_id)), log.duplicates)
    history = tuple(h for h in await store.history(None, None) if wanted(h.entity_id))
    reviews = tuple(
        r for r in await store.review_items(get_args(ReviewStatus)) if wanted(r.entity_id)
    )
    letters = tuple(await store.dead_letters())
    window = [h for h in history if start <= h.committed_at <= now]
    evidence = await _timed_evidence(store, window, now)
    more = await read_more_records(store, since=since, now=now, entities=entities, policy=policy)
    return LogRecords(log, history, reviews, letters, evidence, more)


async def measure_timeline(
    store: StoreBackend,
    *,
    since: datetime,
    now: datetime,
    entities: Collection[str] | None = None,
    policy: Policy | None = None,
) -> MetricsTimeline:
    """Read the store once and compute the timeline over [since, now]."""
    records = await read_log_records(store, since=since, now=now, entities=entities, policy=policy)
    return compute_timeline(records, since=since, now=now)
