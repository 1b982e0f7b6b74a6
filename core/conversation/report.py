"""What /report answers: the main chart of the last 30 days and a three-line summary.

Only the speaker's entities (their own, the shared ones, the family: ``Audience``)
are measured. The store is read on the loop; the metrics are computed and the
chart drawn in a thread, so other chats go on meanwhile.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import datetime, timedelta

from core.conversation.audience import Audience
from core.engine.metrics_report import Metric
from core.engine.metrics_timeline import (
    LogRecords,
    MetricsTimeline,
    compute_timeline,
    read_log_records,
)
from core.store.protocol import StoreBackend

REPORT_SPAN = timedelta(days=30)
CHARTED = ("review_burden", "correction_rate", "auto_commit_precision")
NOTHING_YET = (
    "Nothing to chart yet: no state changes or questions of yours in the last 30 days. "
    "Tell me something, and /report will show how often I needed you."
)


@dataclass(frozen=True)
class ReportAnswer:
    """The chart (PNG) to send with its caption; no chart: send the caption as text."""

    chart: bytes | None
    caption: str


def _pct(metric: Metric) -> str:
    return "n/a" if metric.value is None else f"{metric.value:.0%}"


def _latency(metric: Metric) -> str:
    if metric.value is None:
        return "no answers"
    seconds = metric.value
    for size, unit in ((86400, "d"), (3600, "h"), (60, "min")):
        if seconds >= size:
            return f"{seconds / size:.1f} {unit}"
    return f"{seconds:.0f} s"


def caption(timeline: MetricsTimeline, waiting: int) -> str:
    """Three lines about the last 7 days (the chart's last point)."""
    week = timeline.rolling[None][-1].overall
    m, n = week.metrics, week.counts
    return "\n".join(
        (
            f"Last 7 days: {n['state_changes']} changes, {n['by_user']} needed you "
            f"(review burden {_pct(m['review_burden'])}).",
            f"Corrected: {n['corrected']} ({_pct(m['correction_rate'])}); "
            f"auto-commit precision {_pct(m['auto_commit_precision'])}.",
            f"Median time to answer: {_latency(m['confirmation_latency_median_seconds'])}; "
            f"{waiting} question{'s' if waiting != 1 else ''} waiting.",
        )
    )


async def report_answer(
    store: StoreBackend, audience: Audience, user_id: int, now: datetime
) -> ReportAnswer:
    """/report: review burden, corrections and precision over the rolling week, 30 days."""
    entities = audience.entities_of(user_id)
    since = now - REPORT_SPAN
    records = await read_log_records(store, since=since, now=now, entities=entities)
    waiting = len(await store.open_review_items(entities))
    # Computing 30 days per domain and drawing take CPU time: off the loop.
    return await asyncio.to_thread(_answer, records, since, now, waiting)


def _answer(records: LogRecords, since: datetime, now: datetime, waiting: int) -> ReportAnswer:
    # matplotlib is loaded on the first /report, not when the bot starts.
    from core.report import charts

    timeline = compute_timeline(records, since=since, now=now)
    if not any(charts.has_values(timeline, name) for name in CHARTED):
        return ReportAnswer(None, NOTHING_YET)
    return ReportAnswer(charts.burden_chart(timeline), caption(timeline, waiting))
