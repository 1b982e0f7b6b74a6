"""``canon report``'s one self-contained HTML file: charts as data: URIs, CSS inline.

Nothing is fetched when the page opens (no scripts, fonts or images from
anywhere). Every string that came from a user or the store (entity ids,
domains, reasons) is escaped. A metric that is null over the whole window shows
why, never a zero.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from datetime import datetime
from html import escape

from core.domain.timeutil import format_ts
from core.engine.metrics_report import Metric, ScopeMetrics
from core.engine.metrics_timeline import MetricsTimeline
from core.report import charts
from core.report.charts import ThresholdPoint

CHARTED: tuple[tuple[str, str], ...] = (
    ("auto_commit_precision", "Auto-commit precision: auto-commits the user did not correct"),
    ("correction_rate", "Correction rate: state changes the user corrected within 7 days"),
    ("review_burden", "Review burden: state changes that needed the user"),
    ("confirmation_latency_median_seconds", "Confirmation latency (median)"),
    ("conflict_questions", "Conflict questions asked"),
    ("validation_coverage", "Validation coverage: values backed by two or more source types"),
    ("signal_freshness_seconds", "Signal freshness: age of the newest calendar or email evidence"),
    ("schema_validation_success", "Schema validation success"),
    ("idempotency_integrity", "Idempotency integrity: duplicates ignored"),
    ("dlq_unresolved_age_seconds", "Oldest unresolved dead letter"),
    ("update_propagation_median_seconds", "Update propagation (median): mention to commit"),
    ("update_propagation_p90_seconds", "Update propagation (90th percentile)"),
    ("threshold_stability", "Threshold stability: daily variance of the thresholds in force"),
    ("projection_drift_rate", "Projection drift rate: file writes that reverted a hand edit"),
    ("staleness_index_seconds", "Staleness index: age of the values the static files state"),
    ("static_input_age_seconds", "Age of the newest static file input"),
    ("intent_extraction_precision", "Intent extraction precision: readings the user confirmed"),
)
SCOPE_COLUMNS = ("auto_commit_precision", "correction_rate", "review_burden", "validation_coverage")
NOTHING_YET = "Nothing to chart yet: no state changes, questions, events or dead letters"

_CSS = """
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2328;
       max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; }
h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #d0d7de; }
.window { color: #57606a; }
img.chart { max-width: 100%; height: auto; display: block; margin: .5rem 0 1rem; }
.none, .empty { color: #57606a; font-style: italic; }
.empty { font-size: 1.1rem; padding: 1rem; background: #f6f8fa; border-radius: 6px; }
table { border-collapse: collapse; margin: .5rem 0 1rem; font-size: .9rem; }
th, td { border: 1px solid #d0d7de; padding: .25rem .6rem; text-align: left; }
th { background: #f6f8fa; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
"""


def shown(name: str, metric: Metric) -> str:
    """A metric for people: a percentage, a count or a duration; '–' when null."""
    if metric.value is None:
        return "–"
    if name.endswith("_seconds"):
        return duration(metric.value)
    if name == "conflict_questions":
        return str(int(metric.value))
    if name in charts.VARIANCES:
        return f"{metric.value:.2g}"
    return f"{metric.value:.1%}"


def duration(seconds: float) -> str:
    for size, unit in ((86400, "d"), (3600, "h"), (60, "min")):
        if seconds >= size:
            return f"{seconds / size:.1f} {unit}"
    return f"{seconds:.0f} s"


def _img(png: bytes, alt: str) -> str:
    data = base64.b64encode(png).decode("ascii")
    return f'<img class="chart" alt="{escape(alt)}" src="data:image/png;base64,{data}">'


def _why_none(timeline: MetricsTimeline, name: str) -> str:
    whole = timeline.whole.overall.metrics.get(name) or timeline.whole.system[name]
    return whole.reason or "no value on any day of the window"


def _charts(timeline: MetricsTimeline) -> list[str]:
    parts = ['<h2 id="metrics">Each metric over time</h2>']
    parts.append(
        '<p class="window">Dots: the metric over that day alone. Lines: over the 7 days '
        "ending that day, for all entities and per domain. Gaps: no value that day.</p>"
    )
    for name, title in CHARTED:
        parts.append(f"<h3>{escape(title)}</h3>")
        if charts.has_values(timeline, name):
            parts.append(_img(charts.metric_chart(timeline, name, title), title))
        else:
            parts.append(f'<p class="none">No values: {escape(_why_none(timeline, name))}.</p>')
    return parts


def _summary(timeline: MetricsTimeline) -> list[str]:
    whole = timeline.whole
    last_week = {
        **timeline.rolling[None][-1].overall.metrics,
        **timeline.rolling[None][-1].system,
    }
    rows = []
    for name, metric in {**whole.overall.metrics, **whole.system}.items():
        week = last_week.get(name, Metric(None))
        why = metric.reason or ""
        rows.append(
            f"<tr><td>{escape(name)}</td><td class='num'>{escape(shown(name, metric))}</td>"
            f"<td class='num'>{escape(shown(name, week))}</td><td>{escape(why)}</td></tr>"
        )
    return [
        '<h2 id="summary">Summary</h2>',
        "<table><tr><th>metric</th><th>whole window</th><th>last 7 days</th><th>why none</th></tr>",
        *rows,
        "</table>",
        *_scopes(whole.scopes),
    ]


def _scopes(scopes: Sequence[ScopeMetrics]) -> list[str]:
    if not scopes:
        return []
    head = "".join(f"<th>{escape(c)}</th>" for c in ("entity", "domain", *SCOPE_COLUMNS))
    rows = []
    for s in scopes:
        cells = "".join(
            f"<td class='num' title='{escape(s.metrics[c].reason or '')}'>"
            f"{escape(shown(c, s.metrics[c]))}</td>"
            for c in SCOPE_COLUMNS
        )
        rows.append(
            f"<tr><td>{escape(s.entity_id or '')}</td><td>{escape(s.domain or '')}</td>{cells}</tr>"
        )
    return [
        "<h3>Per entity and domain, whole window</h3>",
        f"<table><tr>{head}</tr>",
        *rows,
        "</table>",
    ]


def render_report(
    timeline: MetricsTimeline,
    thresholds: Sequence[ThresholdPoint],
    *,
    entity: str | None = None,
    generated: datetime | None = None,
) -> str:
    """The whole HTML page for ``timeline``; ``thresholds`` drawn as step lines."""
    window = f"{format_ts(timeline.since)} – {format_ts(timeline.now)}"
    who = f" for {escape(entity)}" if entity else ""
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>Canon report{who}</title><style>{_CSS}</style></head><body>",
        f"<h1>Canon report{who}</h1>",
        f'<p class="window">{escape(window)}'
        + (f", generated {escape(format_ts(generated))}" if generated else "")
        + "</p>",
    ]
    if timeline.empty:
        parts.append(f'<p class="empty">{escape(NOTHING_YET)} in this window.</p>')
    else:
        parts.append('<h2 id="burden">Review burden</h2>')
        parts.append(_img(charts.burden_chart(timeline), "Review burden and corrections"))
        parts.extend(_charts(timeline))
    if thresholds:
        parts.append('<h2 id="thresholds">Thresholds over time</h2>')
        parts.append(
            _img(
                charts.thresholds_chart(thresholds, timeline.since, timeline.now),
                "Thresholds over time",
            )
        )
    parts.extend(_summary(timeline))
    parts.append("</body></html>")
    return "\n".join(parts)
