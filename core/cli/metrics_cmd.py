"""``canon metrics``: the design's success metrics, measured from the event log."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

import click
from rich.table import Table

from core.cli.common import (
    Context,
    emit_json,
    now_option,
    open_engine,
    out,
    pass_ctx,
    resolve_now,
    run,
)
from core.cli.scope import entity_option
from core.domain.timeutil import format_ts, parse_ts
from core.engine.metrics import measure
from core.engine.metrics_report import Metric, MetricsReport, ScopeMetrics, report_json
from core.errors import CanonError, ConfigError

_SPAN = re.compile(r"^\s*(\d+)\s*([mhdw])\s*$")
_UNIT = {"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}
_SHORT = {
    "auto_commit_precision": "precision",
    "correction_rate": "corrected",
    "review_burden": "burden",
    "confirmation_latency_median_seconds": "latency",
    "conflict_questions": "conflicts",
    "validation_coverage": "coverage",
    "signal_freshness_seconds": "signal age",
    "human_agreement": "agreement",
}


def parse_since(text: str, now: datetime) -> datetime:
    """An RFC 3339 moment, or a span back from ``now`` ('90m', '24h', '7d', '2w')."""
    span = _SPAN.match(text)
    if span:
        since = now - timedelta(**{_UNIT[span.group(2)]: int(span.group(1))})
    else:
        try:
            since = parse_ts(text)
        except CanonError as e:
            raise ConfigError(
                f"--since wants an RFC 3339 time or a span like 7d, 24h, 90m, 2w; got {text!r}"
            ) from e
    if since > now:
        raise ConfigError(f"--since {text} is after --now {format_ts(now)}")
    return since


@click.command()
@click.option("--json", "as_json", is_flag=True, help="One JSON object (stable keys).")
@click.option(
    "--since",
    "since_text",
    default="7d",
    show_default=True,
    metavar="RFC3339|SPAN",
    help="Start of the window: a time, or a span back from now (90m, 24h, 7d, 2w).",
)
@entity_option
@now_option
@pass_ctx
@run
async def metrics(
    ctx: Context, as_json: bool, since_text: str, entity: str | None, now_text: str | None
) -> None:
    """Success metrics over a window, per entity and domain, from the event log.

    Ratios are 0..1, durations seconds; a metric Canon cannot measure is null with a
    reason. JSON keys: window {since, now}; correction_window_seconds; overall and
    each of scopes[] {entity_id, domain, metrics, counts}, where metrics holds
    auto_commit_precision, correction_rate, review_burden,
    confirmation_latency_median_seconds, conflict_questions, validation_coverage,
    signal_freshness_seconds, human_agreement, each {value, reason}; system
    {idempotency_integrity, schema_validation_success, dlq_unresolved_age_seconds,
    update_propagation_median_seconds, update_propagation_p90_seconds,
    threshold_stability, projection_drift_rate, staleness_index_seconds,
    static_input_age_seconds, intent_extraction_precision,
    intent_extraction_recall}, each {value, reason}; counts {events,
    duplicates_seen, duplicates_ignored, dead_letters, dead_letters_unresolved,
    propagated_commits, projection_writes, projection_writes_drifted,
    static_values, intent_answers}; breakdown {threshold_stability: per domain,
    intent_extraction_precision and intent_extraction_misses: per intent class},
    each {value, reason}. Definitions: core/engine/metrics_more.py, README.

    Example: canon metrics --since 7d --entity user:primary --json
    """
    now = resolve_now(now_text)
    since = parse_since(since_text, now)
    async with open_engine(ctx) as engine:
        report = await measure(
            engine.store, since=since, now=now, entity_id=entity, policy=engine.policy
        )
    if as_json:
        emit_json(report_json(report))
        return
    _print(report)


def _shown(name: str, metric: Metric) -> str:
    if metric.value is None:
        return "-"
    if name.endswith("_seconds"):
        return _duration(metric.value)
    if name == "conflict_questions":
        return str(int(metric.value))
    if name == "threshold_stability":
        return f"{metric.value:.2g}"
    return f"{metric.value:.1%}"


def _duration(seconds: float) -> str:
    for size, unit in ((86400, "d"), (3600, "h"), (60, "min")):
        if seconds >= size:
            return f"{seconds / size:.1f}{unit}"
    return f"{seconds:.0f}s"


def _print(report: MetricsReport) -> None:
    console = out()
    window = f"{format_ts(report.since)} .. {format_ts(report.now)}"
    summary = Table(title=f"Metrics, {window}")
    for col in ("metric", "value", "why none"):
        summary.add_column(col)
    named = {**report.overall.metrics, **report.system}
    for name, metric in named.items():
        summary.add_row(name, _shown(name, metric), metric.reason or "")
    console.print(summary)
    if report.scopes:
        console.print(_scope_table(report.scopes))
    if report.breakdown:
        console.print(_breakdown_table(report))


def _breakdown_table(report: MetricsReport) -> Table:
    table = Table(title="Per domain or intent class")
    for col in ("metric", "of", "value", "why none"):
        table.add_column(col)
    for name, values in report.breakdown.items():
        for key, metric in values.items():
            counted = name.endswith("_misses") and metric.value is not None
            shown = str(int(metric.value or 0)) if counted else _shown(name, metric)
            table.add_row(name, key, shown, metric.reason or "")
    return table


def _scope_table(scopes: list[ScopeMetrics]) -> Table:
    table = Table(title="Per entity and domain")
    for col in ("entity", "domain", *_SHORT.values()):
        table.add_column(col)
    for s in scopes:
        cells = [_shown(name, s.metrics[name]) for name in _SHORT]
        table.add_row(s.entity_id or "", s.domain or "", *cells)
    return table


COMMANDS = (metrics,)
