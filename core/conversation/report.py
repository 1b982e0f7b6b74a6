"""What /report answers: the main chart of the last 30 days and a three-line summary.

Only the speaker's entities (their own, the shared ones, the family: ``Audience``)
are measured. The chart is drawn off the event loop, so other chats go on.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import datetime, timedelta

from core.conversation.audience import Audience
from core.engine.metrics import Metric
from core.engine.metrics_timeline import MetricsTimeline, measure_timeline
from core.store import Store

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
    store: Store, audience: Audience, user_id: int, now: datetime
) -> ReportAnswer:
    """/report: review burden, corrections and precision over the rolling week, 30 days."""
    # matplotlib is loaded on the first /report, not when the bot starts.
    from core.report import charts

    entities = audience.entities_of(user_id)
    timeline = await measure_timeline(store, since=now - REPORT_SPAN, now=now, entities=entities)
    if not any(charts.has_values(timeline, name) for name in CHARTED):
        return ReportAnswer(None, NOTHING_YET)
    waiting = len(await store.open_review_items(entities))
    chart = await asyncio.to_thread(charts.burden_chart, timeline)
    return ReportAnswer(chart, caption(timeline, waiting))
