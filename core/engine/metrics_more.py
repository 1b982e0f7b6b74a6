"""The success metrics that follow a belief beyond one commit: propagation, thresholds,
projections, static files and the extractor's readings.

``compute_more`` is pure: it is handed ``MoreRecords`` (read once by
``read_more_records``), the commit history and review items ``compute_metrics``
already has, the window [since, now] and which commits were corrected; it reads
no clock. Each value is ``(value, None)`` or ``(None, why not)``; ``core.engine.
metrics`` turns them into ``Metric``s in the report's ``system`` section (and, per
domain or intent class, in ``breakdown``).

Definitions (all times UTC, durations in seconds):

- ``update_propagation_median_seconds`` / ``_p90_seconds``: over the commits in the
  window (other than imports) that came from the conversation, the time from the
  user's mention to the committed update: ``committed_at`` minus the mention's own
  time (``event_ts``, when the user said it, so a backlog the bot worked through
  late counts against Canon; 0 if it is stamped after the commit). A commit came
  from the conversation when its event is a ``conversation_assertive`` one (an
  auto-commit), or when it is the user's Yes or Edit to a question about such an
  event (then the time the question waited for the answer is included). /forget,
  /undo and questions about other sources do not count. p90 is the nearest-rank
  90th percentile (the ceil(0.9 n)-th smallest).
- ``threshold_stability``: per domain, the thresholds in force (replayed from the
  policy-change log by ``core.domain.rollout.threshold_history``) are sampled at the
  end of each UTC day of the window (the last day cut at ``now``); the domain's
  figure is the larger of the population variances of its daily ``ask`` and
  ``auto`` values (0: they did not move). The system figure is the largest over
  domains. Null when no policy was given to replay.
- ``projection_drift_rate``: projection file writes in the window that reverted a
  hand edit / projection file writes in the window. A write is a
  ``projection_write`` workspace event, a reverted hand edit a ``drift`` event of
  the same file in the same pass (same file, same moment).
- ``staleness_index_seconds``: a snapshot at ``now`` (``since`` does not matter):
  over the values in force at ``now`` (each field's newest commit by then, not a
  retraction) that a static Markdown file states (a ``static_markdown`` event for
  that value logged by ``now``: HEARTBEAT.md, MEMORY.md), the average of ``now``
  minus the newest such event's ``event_ts``.
  ``static_input_age_seconds``: ``now`` minus the ``event_ts`` of the newest
  ``static_markdown`` event logged by ``now``.
- ``intent_extraction_precision``: per intent class, over questions about a
  conversation reading (its event is ``conversation_assertive``) answered in the
  window: readings the user confirmed (Yes, or an Edit to the same value) / readings
  the user answered (No, or an Edit to another value, means the reading was wrong).
  An edited part of a grouped question is one answer: the question that asks its new
  value again with the rest (``held_follow_ups``) is not counted.
  Overall: the same over every class.
- ``intent_extraction_misses`` (per class, in ``breakdown``): the wrong readings the
  log shows: questions answered No or edited to another value, plus auto-commits
  made from a conversation reading of that class and corrected (see
  ``core.engine.metrics``). ``intent_extraction_recall`` is null: a statement the
  extractor never read leaves nothing in the log, and a wrong reading does not say
  which class was meant, so the denominator of recall cannot be known.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from statistics import median, pvariance
from typing import Final

from core.domain.event_log import EventRecord, HistoryEntry
from core.domain.fields import domain_of
from core.domain.policy import Policy
from core.domain.review_items import ReviewItem
from core.domain.rollout import threshold_history
from core.domain.source_types import CONVERSATION
from core.domain.state import value_key
from core.domain.workspace_records import WorkspaceEvent
from core.engine.answers import held_follow_ups
from core.store.protocol import StoreBackend

Value = tuple[float | None, str | None]
"""A measured value and None, or None and why not."""
ThresholdRow = tuple[datetime, str, float, float]
"""(from, domain, ask, auto), as ``threshold_history`` gives them."""

STATIC = "static_markdown"
CONFIRMATION = "user_confirmation"
KEPT_SOURCES: Final = frozenset({CONVERSATION, STATIC, CONFIRMATION})
"""The events these metrics follow; the rest of the log is not read into memory."""
PROJECTION_WRITE = "projection_write"
DRIFT = "drift"
INTENT_CLASSES: Final = ("assertive", "planning", "hypothetical", "historical", "retract")
ANSWERED: Final = frozenset({"confirmed", "rejected", "edited"})
USER_ANSWERS: Final = frozenset({"user_confirm", "user_edit"})
LOOKBACK = timedelta(days=7)
"""How far before ``since`` thresholds are replayed from (a rolling week)."""
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
RECALL_UNKNOWN = (
    "a statement the extractor never read leaves nothing in the log, and a wrong "
    "reading does not say which class was meant: recall cannot be known "
    "(intent_extraction_misses counts the wrong readings found)"
)


@dataclass(frozen=True)
class MoreRecords:
    """What these metrics need besides commits and questions, read from the store once."""

    events: tuple[EventRecord, ...] = ()
    """Every logged conversation, static Markdown and user-confirmation event."""
    thresholds: tuple[ThresholdRow, ...] = ()
    """Thresholds in force from before any window on; empty when no policy was given."""
    workspace: tuple[WorkspaceEvent, ...] = ()
    """``projection_write`` and ``drift`` workspace events."""

    def narrowed(self, domain: str) -> MoreRecords:
        """Only ``domain``'s events and thresholds (projections are not per domain)."""
        return replace(
            self,
            events=tuple(e for e in self.events if domain_of(e.field) == domain),
            thresholds=tuple(t for t in self.thresholds if t[1] == domain),
        )


@dataclass(frozen=True)
class MoreMetrics:
    system: dict[str, Value]
    breakdown: dict[str, dict[str, Value]]
    counts: dict[str, int]


def _in(at: datetime | None, since: datetime, now: datetime) -> bool:
    return at is not None and since <= at <= now


def nearest_rank(values: Sequence[float], share: float) -> float:
    """The ceil(share * n)-th smallest of ``values`` (not empty)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def _mention(
    commit: HistoryEntry,
    events: Mapping[str, EventRecord],
    items: Mapping[str, ReviewItem],
) -> EventRecord | None:
    """The conversation event a commit came from (through the question it answered)."""
    event = events.get(commit.event_id)
    if event is None:
        return None
    if commit.resolution in USER_ANSWERS and event.source_type == CONFIRMATION:
        item = items.get(event.source_ref or "")
        if item is None or item.event_id is None:
            return None
        event = events.get(item.event_id)
    return event if event is not None and event.source_type == CONVERSATION else None


def propagation(
    history: Iterable[HistoryEntry],
    events: Mapping[str, EventRecord],
    items: Mapping[str, ReviewItem],
    since: datetime,
    now: datetime,
) -> list[float]:
    """Seconds from mention to commit, per commit from the conversation in the window."""
    delays = []
    for commit in history:
        if commit.resolution == "import" or not _in(commit.committed_at, since, now):
            continue
        mention = _mention(commit, events, items)
        if mention is not None and mention.ingested_at <= now:
            delays.append(max(0.0, (commit.committed_at - mention.event_ts).total_seconds()))
    return delays


def _day_ends(since: datetime, now: datetime) -> list[datetime]:
    midnight = since.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    ends = []
    while midnight <= now:
        midnight += timedelta(days=1)
        ends.append(min(midnight - timedelta(microseconds=1), now))
    return ends


def threshold_variance(
    rows: Sequence[ThresholdRow], since: datetime, now: datetime
) -> dict[str, float]:
    """Per domain, the larger daily variance of its ask and auto thresholds in force."""
    ends = _day_ends(since, now)
    out: dict[str, float] = {}
    for domain in sorted({r[1] for r in rows}):
        mine = sorted((r for r in rows if r[1] == domain), key=lambda r: r[0])
        samples = []
        for end in ends:
            held = [r for r in mine if r[0] <= end]
            samples.append(held[-1] if held else mine[0])
        asks = [r[2] for r in samples]
        autos = [r[3] for r in samples]
        out[domain] = max(pvariance(asks), pvariance(autos)) if samples else 0.0
    return out


def projection_writes(
    workspace: Iterable[WorkspaceEvent], since: datetime, now: datetime
) -> tuple[set[tuple[str, datetime]], set[tuple[str, datetime]]]:
    """(file, moment) of each projection write in the window, and of those that reverted drift."""
    happened = [w for w in workspace if _in(w.at, since, now)]
    writes = {(w.file, w.at) for w in happened if w.kind == PROJECTION_WRITE}
    return writes, {(w.file, w.at) for w in happened if w.kind == DRIFT} & writes


def staleness(
    history: Iterable[HistoryEntry], events: Iterable[EventRecord], now: datetime
) -> tuple[Value, Value, int]:
    """(staleness index, newest static input's age, how many values rest on static files)."""
    static = [e for e in events if e.source_type == STATIC and e.ingested_at <= now]
    if not static:
        why = "no static Markdown input is logged"
        return (None, why), (None, why), 0
    newest: dict[tuple[str, str, str], datetime] = {}
    for e in static:
        key = (e.entity_id, e.field, value_key(e.value))
        newest[key] = max(e.event_ts, newest.get(key, e.event_ts))
    in_force: dict[tuple[str, str], HistoryEntry] = {}
    for h in sorted(history, key=lambda h: h.seq):
        if h.committed_at <= now:
            in_force[(h.entity_id, h.field)] = h
    ages = [
        max(0.0, (now - newest[key]).total_seconds())
        for h in in_force.values()
        if not h.retracted and (key := (h.entity_id, h.field, value_key(h.new_value))) in newest
    ]
    newest_input = max(0.0, (now - max(e.event_ts for e in static)).total_seconds())
    index: Value = (
        (sum(ages) / len(ages), None)
        if ages
        else (None, "no value in force is stated by a static Markdown file")
    )
    return index, (newest_input, None), len(ages)


def _edited_to(item: ReviewItem) -> object:
    answer = (item.answer or {}).get("answer", {})
    return answer.get("value") if isinstance(answer, dict) else None


def intent_readings(
    history: Iterable[HistoryEntry],
    reviews: Iterable[ReviewItem],
    events: Mapping[str, EventRecord],
    corrected: Collection[int],
    since: datetime,
    now: datetime,
) -> tuple[dict[str, tuple[int, int]], dict[str, int]]:
    """Per intent class: (readings confirmed, readings answered), and wrong readings found."""
    answered: dict[str, tuple[int, int]] = {}
    misses: dict[str, int] = {}
    listed = list(reviews)
    held = held_follow_ups(listed)  # an edited part asked again: the edit is the answer
    for r in listed:
        event = events.get(r.event_id or "")
        if (
            r.id in held
            or event is None
            or event.source_type != CONVERSATION
            or r.status not in ANSWERED
            or not _in(r.answered_at, since, now)
        ):
            continue
        right = r.status == "confirmed" or (
            r.status == "edited" and value_key(_edited_to(r)) == value_key(r.candidate_value)
        )
        good, total = answered.get(event.intent, (0, 0))
        answered[event.intent] = (good + right, total + 1)
        if not right:
            misses[event.intent] = misses.get(event.intent, 0) + 1
    for h in history:
        event = events.get(h.event_id)
        if (
            h.seq in corrected
            and h.resolution == "auto_commit"
            and event is not None
            and event.source_type == CONVERSATION
        ):
            misses[event.intent] = misses.get(event.intent, 0) + 1
    return answered, misses


def compute_more(
    more: MoreRecords,
    *,
    history: Sequence[HistoryEntry],
    reviews: Sequence[ReviewItem],
    corrected: Collection[int],
    since: datetime,
    now: datetime,
) -> MoreMetrics:
    """Every metric of this module over [since, now]; ``corrected``: the seqs of commits
    in the window the user corrected. Pure."""
    events = {e.event_id: e for e in more.events}
    items = {r.id: r for r in reviews}
    delays = propagation(history, events, items, since, now)
    no_delay = "no commits from the conversation in the window"
    variances = threshold_variance(more.thresholds, since, now)
    writes, drifted = projection_writes(more.workspace, since, now)
    index, newest, static_values = staleness(history, more.events, now)
    answered, misses = intent_readings(history, reviews, events, corrected, since, now)
    good = sum(g for g, _ in answered.values())
    total = sum(t for _, t in answered.values())
    no_answer = "no answered question about a conversation reading in the window"
    system: dict[str, Value] = {
        "update_propagation_median_seconds": (median(delays), None) if delays else (None, no_delay),
        "update_propagation_p90_seconds": (
            (nearest_rank(delays, 0.9), None) if delays else (None, no_delay)
        ),
        "threshold_stability": (
            (max(variances.values()), None)
            if variances
            else (None, "no policy given: thresholds cannot be replayed")
        ),
        "projection_drift_rate": (
            (len(drifted) / len(writes), None)
            if writes
            else (None, "no projection writes in the window")
        ),
        "staleness_index_seconds": index,
        "static_input_age_seconds": newest,
        "intent_extraction_precision": (good / total, None) if total else (None, no_answer),
        "intent_extraction_recall": (None, RECALL_UNKNOWN),
    }
    breakdown: dict[str, dict[str, Value]] = {
        "threshold_stability": {d: (v, None) for d, v in variances.items()},
        "intent_extraction_precision": {
            c: (answered[c][0] / answered[c][1], None) if c in answered else (None, no_answer)
            for c in INTENT_CLASSES
        },
        "intent_extraction_misses": {c: (float(misses.get(c, 0)), None) for c in INTENT_CLASSES},
    }
    counts = {
        "propagated_commits": len(delays),
        "projection_writes": len(writes),
        "projection_writes_drifted": len(drifted),
        "static_values": static_values,
        "intent_answers": total,
    }
    return MoreMetrics(system, breakdown, counts)


async def read_more_records(
    store: StoreBackend,
    *,
    since: datetime,
    now: datetime,
    entities: Collection[str] | None = None,
    policy: Policy | None = None,
) -> MoreRecords:
    """What ``compute_more`` needs for windows within [since - a week, now].

    ``entities`` narrows the events; thresholds and projections are not per entity.
    Without ``policy`` the thresholds are not replayed (threshold stability is null).
    """
    log = await store.log_since(EPOCH)
    events = tuple(
        e
        for e in log.events
        if e.source_type in KEPT_SOURCES and (entities is None or e.entity_id in entities)
    )
    thresholds: tuple[ThresholdRow, ...] = ()
    if policy is not None:
        changes = await store.policy_log.policy_events()
        thresholds = tuple(threshold_history(policy, changes, since - LOOKBACK, now))
    workspace = tuple(await store.workspace.events((PROJECTION_WRITE, DRIFT)))
    return MoreRecords(events, thresholds, workspace)
