"""Canon's counters and gauges in the Prometheus text format, read from the store at scrape time.

Nothing is counted in memory: each scrape reads the store (``scrape_registry``)
and builds a fresh ``CollectorRegistry`` of metric families, so every process
serving ``/metrics`` (the webhook server, an HTTP API) reports the same numbers,
and a restart loses nothing. ``metrics_handler`` is the aiohttp handler any
server can mount. Labels carry only domains, decisions and resolutions, never
entity ids or values.

    canon_events_total{domain, decision}          every logged input, by the decision taken
    canon_duplicates_ignored_total                inputs ignored as already logged
    canon_dead_letters_total                      invalid inputs kept in the dead-letter queue
    canon_commits_total{domain, resolution}       state changes, by how they were decided
    canon_questions_asked_total{domain}           questions put to the user (review items)
    canon_questions_answered_total{domain}        of those, answered (confirmed, rejected, edited)
    canon_open_questions{domain}                  questions waiting (pending or queued)
    canon_dead_letters_unresolved                 dead letters waiting or permanently failed
    canon_dead_letter_oldest_waiting_age_seconds  age of the oldest unresolved dead letter
    canon_signal_freshness_seconds{domain}        age of the newest calendar or email evidence
    canon_update_propagation_seconds{quantile}    mention to commit, last 7 days (median, p90)
    canon_staleness_index_seconds                 average age of the values static files state
    canon_static_input_age_seconds                age of the newest static file input

The last three are defined in ``core.engine.metrics_more`` and absent while undefined.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable, Iterable, Iterator
from datetime import UTC, datetime, timedelta
from statistics import median
from typing import get_args

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from core.domain.fields import DOMAINS, domain_of
from core.domain.review_items import OPEN_STATUSES, ReviewStatus
from core.engine.metrics import ANSWERED, SIGNAL_SOURCES, UNRESOLVED_LETTERS
from core.engine.metrics_more import KEPT_SOURCES, nearest_rank, propagation, staleness
from core.store.protocol import StoreBackend

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
PROPAGATION_WINDOW = timedelta(days=7)


class _Families(Collector):
    """A collector that yields families already read (the store is async, collect is not)."""

    def __init__(self, families: Iterable[Metric]) -> None:
        self._families = list(families)

    def collect(self) -> Iterator[Metric]:
        return iter(self._families)


def _counter(
    name: str, doc: str, labels: tuple[str, ...], counts: Counter[tuple[str, ...]]
) -> CounterMetricFamily:
    family = CounterMetricFamily(name, doc, labels=list(labels))
    for key, value in sorted(counts.items()):
        family.add_metric(list(key), value)
    return family


def _gauge(
    name: str, doc: str, labels: tuple[str, ...], values: dict[tuple[str, ...], float]
) -> GaugeMetricFamily:
    family = GaugeMetricFamily(name, doc, labels=list(labels))
    for key, value in sorted(values.items()):
        family.add_metric(list(key), value)
    return family


async def read_families(store: StoreBackend, now: datetime) -> list[Metric]:
    """Every Canon metric family as the store holds it at ``now``."""
    log = await store.log_since(EPOCH)
    history = await store.history(None, None)
    reviews = await store.review_items(get_args(ReviewStatus))
    letters = await store.dead_letters()
    newest_signal: dict[tuple[str, ...], datetime] = {}
    for e in log.events:
        if e.source_type in SIGNAL_SOURCES and e.event_ts <= now:
            key = (domain_of(e.field),)
            newest_signal[key] = max(e.event_ts, newest_signal.get(key, e.event_ts))
    waiting = [d.first_seen for d in letters if d.status in UNRESOLVED_LETTERS]
    followed = [e for e in log.events if e.source_type in KEPT_SOURCES]
    delays = propagation(
        history,
        {e.event_id: e for e in followed},
        {r.id: r for r in reviews},
        now - PROPAGATION_WINDOW,
        now,
    )
    (stale, _), (newest_static, _), _ = staleness(history, followed, now)
    return [
        _counter(
            "canon_events",
            "Inputs logged, by the decision taken on them.",
            ("domain", "decision"),
            Counter((domain_of(e.field), e.decision) for e in log.events),
        ),
        _counter(
            "canon_duplicates_ignored",
            "Inputs ignored because their event id was already logged.",
            (),
            Counter({(): len(log.duplicates)}),
        ),
        _counter(
            "canon_dead_letters",
            "Invalid inputs kept in the dead-letter queue.",
            (),
            Counter({(): len(letters)}),
        ),
        _counter(
            "canon_commits",
            "State changes committed, by how they were decided.",
            ("domain", "resolution"),
            Counter((domain_of(h.field), h.resolution) for h in history),
        ),
        _counter(
            "canon_questions_asked",
            "Questions put to the user (review items).",
            ("domain",),
            Counter((domain_of(r.field),) for r in reviews),
        ),
        _counter(
            "canon_questions_answered",
            "Questions the user answered (confirmed, rejected or edited).",
            ("domain",),
            Counter((domain_of(r.field),) for r in reviews if r.status in ANSWERED),
        ),
        _gauge(
            "canon_open_questions",
            "Questions waiting for the user (pending or queued), every domain.",
            ("domain",),
            {
                (d,): sum(
                    1 for r in reviews if r.status in OPEN_STATUSES and domain_of(r.field) == d
                )
                for d in DOMAINS
            },
        ),
        _gauge(
            "canon_dead_letters_unresolved",
            "Dead letters still waiting or permanently failed.",
            (),
            {(): float(len(waiting))},
        ),
        _gauge(
            "canon_dead_letter_oldest_waiting_age_seconds",
            "Age of the oldest unresolved dead letter (0 when none waits).",
            (),
            {(): (now - min(waiting)).total_seconds() if waiting else 0.0},
        ),
        _gauge(
            "canon_signal_freshness_seconds",
            "Age of the newest calendar or email evidence, per domain.",
            ("domain",),
            {k: (now - at).total_seconds() for k, at in newest_signal.items()},
        ),
        _gauge(
            "canon_update_propagation_seconds",
            "Mention to committed update, commits from the conversation in the last 7 days.",
            ("quantile",),
            {("0.5",): median(delays), ("0.9",): nearest_rank(delays, 0.9)} if delays else {},
        ),
        _gauge(
            "canon_staleness_index_seconds",
            "Average age of the values in force that a static Markdown file states.",
            (),
            {} if stale is None else {(): stale},
        ),
        _gauge(
            "canon_static_input_age_seconds",
            "Age of the newest static Markdown input.",
            (),
            {} if newest_static is None else {(): newest_static},
        ),
    ]


async def scrape_registry(store: StoreBackend, now: datetime) -> CollectorRegistry:
    """A fresh registry holding every Canon metric family, read from ``store`` now."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(_Families(await read_families(store, now)))
    return registry


def metrics_handler(
    store: StoreBackend, clock: Callable[[], datetime]
) -> Callable[[web.Request], Awaitable[web.Response]]:
    """``GET /metrics`` for any aiohttp app: the Prometheus text exposition format."""

    async def handle(_request: web.Request) -> web.Response:
        registry = await scrape_registry(store, clock())
        response = web.Response(body=generate_latest(registry))
        response.headers["Content-Type"] = CONTENT_TYPE_LATEST
        return response

    return handle
