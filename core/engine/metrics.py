"""Success metrics (design "Success Metrics"), measured from the event log over a window.

``compute_metrics`` is pure: it is handed what the store holds (the log window,
the commit history, review items, dead letters and, per committed value, the
evidence for it) and an explicit ``now``, and reads no clock. ``measure`` is the
one place that reads those records through the ``Store`` protocol.

The window is [since, now]: a commit, question, answer, event or dead letter
counts when it happened in it. Per scope (entity, domain) Canon reports what it
can attribute to an entity; the system metrics (schema validation, idempotency,
dead letters) are about the whole pipeline. A metric that cannot be computed is
``None`` with a reason, never a made-up number.

Corrections (an auto-commit the user said was wrong) are defined in
``core.engine.metrics_corrections``.

Human agreement. A question the rollout raised instead of deciding (shadow mode,
calibration, a confirmation run) remembers what the resolver would have done; an
answer in the window agrees when it is Yes to a would-be auto-commit or No to a
would-be rejection. An Edit disagrees; an unanswered question does not count.

One answer, counted once. An Edit of one part of a grouped question asks the part's new
value again with the rest (``core.engine.answers.held_edit``); that re-asked question
continues the edit and is not counted again (``held_follow_ups``): not as an answer, a
shadow answer, a conflict question or a reading confirmed.

The metrics that follow a belief further (update propagation, threshold
stability, projection drift, staleness, intent extraction quality) are defined
and computed in ``core.engine.metrics_more``; they join ``system`` (and
``breakdown``, per domain or intent class).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from statistics import median
from typing import get_args

from core.domain.dead_letters import DeadLetter
from core.domain.event_log import EventRecord, HistoryEntry, LogWindow
from core.domain.fields import domain_of
from core.domain.policy import Policy
from core.domain.review_items import ReviewItem, ReviewStatus
from core.domain.state import value_key
from core.engine.answers import held_follow_ups
from core.engine.consistency import SOURCE_PREFIX as CONFLICT_PREFIX
from core.engine.metrics_corrections import USER_RESOLUTIONS, corrected, correcting_commits
from core.engine.metrics_more import MoreRecords, compute_more, read_more_records
from core.engine.metrics_report import Metric, MetricsReport, ScopeMetrics
from core.store import Store
from core.store.protocol import StoreBackend

ANSWERED = frozenset({"confirmed", "rejected", "edited"})
UNRESOLVED_LETTERS = ("waiting", "permanently_failed")
SIGNAL_SOURCES = frozenset({"calendar", "email", "transactions_email"})
AGREES: dict[str | None, ReviewStatus] = {
    "auto_commit": "confirmed",
    "tentative_reject": "rejected",
}
"""The answer that agrees with what the resolver would have done (an Edit never does)."""

Scope = tuple[str, str]
"""(entity id, domain)."""
EvidenceTypes = Mapping[tuple[str, str, str], frozenset[str]]
"""(entity id, field, value key) -> the source types that gave that value."""


def _ratio(part: int, whole: int, none_reason: str) -> Metric:
    return Metric(part / whole) if whole else Metric(None, none_reason)


def _in(at: datetime | None, since: datetime, now: datetime) -> bool:
    return at is not None and since <= at <= now


def _scope_metrics(
    scope: Scope | None,
    commits: list[tuple[HistoryEntry, bool]],
    reviews: list[ReviewItem],
    events: list[EventRecord],
    evidence: EvidenceTypes,
    since: datetime,
    now: datetime,
) -> ScopeMetrics:
    """The per-scope metrics; ``commits`` are (commit in the window, corrected)."""
    changes = [(c, fixed) for c, fixed in commits if c.resolution != "import"]
    autos = [fixed for c, fixed in changes if c.resolution == "auto_commit"]
    by_user = sum(1 for c, _ in changes if c.resolution in USER_RESOLUTIONS)
    corrected = sum(1 for _, fixed in changes if fixed)
    latencies = [
        (r.answered_at - r.created_at).total_seconds()
        for r in reviews
        if r.status in ANSWERED and r.answered_at is not None and _in(r.answered_at, since, now)
    ]
    valued = [c for c, _ in changes if not c.retracted]
    covered = sum(
        1
        for c in valued
        if len(evidence.get((c.entity_id, c.field, value_key(c.new_value)), frozenset())) >= 2
    )
    conflicts = sum(
        1
        for r in reviews
        if r.source_key.startswith(CONFLICT_PREFIX) and _in(r.created_at, since, now)
    )
    signals = [e.event_ts for e in events if e.source_type in SIGNAL_SOURCES and e.event_ts <= now]
    graded = [
        r.status == AGREES[r.shadow_decision]
        for r in reviews
        if r.shadow_decision in AGREES and r.status in ANSWERED and _in(r.answered_at, since, now)
    ]
    metrics = {
        "auto_commit_precision": _ratio(
            len(autos) - sum(autos), len(autos), "no auto-commits in the window"
        ),
        "correction_rate": _ratio(corrected, len(changes), "no state changes in the window"),
        "review_burden": _ratio(by_user, len(changes), "no state changes in the window"),
        "confirmation_latency_median_seconds": (
            Metric(median(latencies)) if latencies else Metric(None, "no answers in the window")
        ),
        "conflict_questions": Metric(float(conflicts)),
        "validation_coverage": _ratio(covered, len(valued), "no values committed in the window"),
        "human_agreement": _ratio(
            sum(graded), len(graded), "no shadow question answered in the window"
        ),
        "signal_freshness_seconds": (
            Metric((now - max(signals)).total_seconds())
            if signals
            else Metric(None, "no calendar or email evidence in the window")
        ),
    }
    counts = {
        "state_changes": len(changes),
        "auto_commits": len(autos),
        "corrected": corrected,
        "by_user": by_user,
        "answers": len(latencies),
        "shadow_answers": len(graded),
    }
    entity, domain = scope if scope else (None, None)
    return ScopeMetrics(entity, domain, metrics, counts)


def _system_metrics(
    log: LogWindow, letters: Sequence[DeadLetter], since: datetime, now: datetime
) -> tuple[dict[str, Metric], dict[str, int]]:
    logged = [e for e in log.events if e.ingested_at <= now]
    seen = [eid for eid, at in log.duplicates if at <= now]
    logged_times: dict[str, int] = {}
    for e in logged:
        logged_times[e.event_id] = logged_times.get(e.event_id, 0) + 1
    ignored = sum(1 for eid in seen if logged_times.get(eid, 0) <= 1)
    invalid = [d for d in letters if _in(d.first_seen, since, now)]
    waiting = [d.first_seen for d in letters if d.status in UNRESOLVED_LETTERS]
    waiting = [at for at in waiting if at <= now]
    system = {
        "idempotency_integrity": _ratio(ignored, len(seen), "no duplicates seen in the window"),
        "schema_validation_success": _ratio(
            len(logged), len(logged) + len(invalid), "no inputs in the window"
        ),
        "dlq_unresolved_age_seconds": (
            Metric((now - min(waiting)).total_seconds())
            if waiting
            else Metric(None, "no dead letter is waiting")
        ),
    }
    counts = {
        "events": len(logged),
        "duplicates_seen": len(seen),
        "duplicates_ignored": ignored,
        "dead_letters": len(invalid),
        "dead_letters_unresolved": len(waiting),
    }
    return system, counts


def compute_metrics(
    *,
    log: LogWindow,
    history: Sequence[HistoryEntry],
    reviews: Sequence[ReviewItem],
    letters: Sequence[DeadLetter],
    evidence: EvidenceTypes,
    since: datetime,
    now: datetime,
    entity_id: str | None = None,
    more: MoreRecords | None = None,
) -> MetricsReport:
    """Every metric over [since, now], per (entity, domain) and overall; pure.

    ``more`` holds what ``core.engine.metrics_more`` measures besides (none: nothing)."""
    correcting = correcting_commits(log.events, reviews)
    by_field: dict[tuple[str, str], list[HistoryEntry]] = {}
    for entry in sorted(history, key=lambda h: h.seq):
        by_field.setdefault((entry.entity_id, entry.field), []).append(entry)
    commits: dict[Scope, list[tuple[HistoryEntry, bool]]] = {}
    for entries in by_field.values():
        for i, entry in enumerate(entries):
            if not _in(entry.committed_at, since, now):
                continue
            fixed = entry.resolution != "import" and corrected(
                entry, entries[i + 1 :], now, correcting
            )
            scope = (entry.entity_id, domain_of(entry.field))
            commits.setdefault(scope, []).append((entry, fixed))
    # An edited part of a grouped question is asked again with the rest (``held_edit``):
    # one answer of the user's, counted once (the edit), not again when the group is settled.
    held = held_follow_ups(reviews)
    reviews_in: dict[Scope, list[ReviewItem]] = {}
    for r in reviews:
        if r.id not in held:
            reviews_in.setdefault((r.entity_id, domain_of(r.field)), []).append(r)
    events_in: dict[Scope, list[EventRecord]] = {}
    for e in log.events:
        if e.ingested_at <= now:
            events_in.setdefault((e.entity_id, domain_of(e.field)), []).append(e)
    scopes = sorted(set(commits) | set(reviews_in) | set(events_in))
    if entity_id is not None:
        scopes = [s for s in scopes if s[0] == entity_id]
    per_scope = [
        _scope_metrics(
            s,
            commits.get(s, []),
            reviews_in.get(s, []),
            events_in.get(s, []),
            evidence,
            since,
            now,
        )
        for s in scopes
    ]
    overall = _scope_metrics(
        None,
        [c for s in scopes for c in commits.get(s, [])],
        [r for s in scopes for r in reviews_in.get(s, [])],
        [e for s in scopes for e in events_in.get(s, [])],
        evidence,
        since,
        now,
    )
    if entity_id is not None:
        overall = ScopeMetrics(entity_id, None, overall.metrics, overall.counts)
    system, counts = _system_metrics(log, letters, since, now)
    extra = compute_more(
        more or MoreRecords(),
        history=[h for h in history if entity_id in (None, h.entity_id)],
        reviews=[r for r in reviews if entity_id in (None, r.entity_id)],
        corrected={c.seq for cs in commits.values() for c, fixed in cs if fixed},
        since=since,
        now=now,
    )
    system.update({name: Metric(*v) for name, v in extra.system.items()})
    counts.update(extra.counts)
    breakdown = {
        name: {key: Metric(*v) for key, v in values.items()}
        for name, values in extra.breakdown.items()
    }
    return MetricsReport(since, now, overall, per_scope, system, counts, breakdown)


async def _evidence_types(
    store: Store, commits: Iterable[HistoryEntry], now: datetime
) -> EvidenceTypes:
    """The source types (named and corroborating) behind each committed value, by ``now``."""
    found: dict[tuple[str, str, str], frozenset[str]] = {}
    for c in commits:
        key = (c.entity_id, c.field, value_key(c.new_value))
        if c.retracted or key in found:
            continue
        events = [
            e
            for e in await store.events_for(c.entity_id, c.field, c.new_value)
            if e.ingested_at <= now
        ]
        found[key] = frozenset(
            {e.source_type for e in events} | {t for e in events for t, _ in e.corroborators}
        )
    return found


async def measure(
    store: StoreBackend,
    *,
    since: datetime,
    now: datetime,
    entity_id: str | None = None,
    policy: Policy | None = None,
) -> MetricsReport:
    """Read what the metrics need from ``store`` and compute them over [since, now]
    (thresholds are replayed over ``policy``; without it threshold stability is null)."""
    log = await store.log_since(since)
    history = await store.history(entity_id, None)
    reviews = await store.review_items(get_args(ReviewStatus))
    letters = await store.dead_letters()
    window = [h for h in history if _in(h.committed_at, since, now)]
    evidence = await _evidence_types(store, window, now)
    entities = None if entity_id is None else [entity_id]
    more = await read_more_records(store, since=since, now=now, entities=entities, policy=policy)
    return compute_metrics(
        log=log,
        history=history,
        reviews=reviews,
        letters=letters,
        evidence=evidence,
        since=since,
        now=now,
        entity_id=entity_id,
        more=more,
    )
