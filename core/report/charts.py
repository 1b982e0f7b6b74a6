"""The report's charts, drawn offline by matplotlib (Agg) into PNG bytes.

Figures are built with ``matplotlib.figure.Figure`` on an Agg canvas, never pyplot:
no global state, no GUI backend, safe in a server or a bot. A day whose metric
is null is a gap in the line, never a zero.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.dates import DateFormatter, DayLocator, date2num
from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from core.engine.metrics_report import Metric
from core.engine.metrics_timeline import MetricsTimeline

DPI = 100
WIDE = (8.0, 3.2)
COLOURS = ("#1f6feb", "#d1242f", "#1a7f37", "#9a6700", "#8250df", "#57606a")
_UNITS = ((86400.0, "days"), (3600.0, "hours"), (60.0, "minutes"), (1.0, "seconds"))


@dataclass(frozen=True)
class ThresholdPoint:
    """A domain's thresholds from ``at`` on (until its next point)."""

    at: datetime
    domain: str
    ask: float
    auto: float


VARIANCES = frozenset({"threshold_stability"})
"""Metrics that are a variance of thresholds: small numbers, neither a share nor a duration."""


def is_ratio(name: str) -> bool:
    return not (name.endswith("_seconds") or name == "conflict_questions" or name in VARIANCES)


def _png(fig: Figure) -> bytes:
    buffer = io.BytesIO()
    FigureCanvasAgg(fig)  # the Agg raster canvas: no display, no pyplot state
    fig.savefig(buffer, format="png", dpi=DPI, bbox_inches="tight", facecolor="white")
    return buffer.getvalue()


def _values(series: Sequence[tuple[datetime, Metric]], scale: float = 1.0) -> list[float]:
    return [math.nan if m.value is None else m.value / scale for _, m in series]


def _x(times: Sequence[datetime]) -> list[float]:
    """Times as matplotlib's date numbers (days since its epoch), UTC."""
    return [float(date2num(t)) for t in times]  # type: ignore[no-untyped-call]


def _dates(ax: Axes, since: datetime, now: datetime, ticks: int = 8) -> None:
    """The whole window on the x axis, a tick per day or per few days (at most ``ticks``)."""
    start, end = _x([since, now])
    ax.set_xlim(start, end)
    days = max(1, (now - since).days + 1)
    every = max(1, math.ceil(days / ticks))
    ax.xaxis.set_major_locator(DayLocator(interval=every))  # type: ignore[no-untyped-call]
    ax.xaxis.set_major_formatter(DateFormatter("%d %b"))  # type: ignore[no-untyped-call]


def _unit(timeline: MetricsTimeline, name: str) -> tuple[float, str]:
    """A readable unit for a duration metric: the largest its values reach twice."""
    top = max(
        (m.value for _, m in timeline.series(name, rolling=True) if m.value is not None),
        default=0.0,
    )
    for size, unit in _UNITS:
        if top >= 2 * size:
            return size, unit
    return 1.0, "seconds"


def has_values(timeline: MetricsTimeline, name: str) -> bool:
    return any(
        m.value is not None
        for rolling in (False, True)
        for _, m in timeline.series(name, rolling=rolling)
    )


def metric_chart(timeline: MetricsTimeline, name: str, title: str) -> bytes:
    """One metric per day (dots) and over the rolling week (line), with each domain's week."""
    fig = Figure(figsize=WIDE)
    ax = fig.add_subplot()
    scale, unit = (1.0, "") if is_ratio(name) else _unit(timeline, name)
    days = _x(timeline.days)
    ax.plot(
        days,
        _values(timeline.series(name, rolling=True), scale),
        color=COLOURS[0],
        linewidth=2.2,
        marker="o",
        markersize=3,
        label="all, 7 days",
    )
    ax.plot(
        days,
        _values(timeline.series(name), scale),
        linestyle="none",
        marker="s",
        markersize=5,
        color=COLOURS[0],
        alpha=0.45,
        label="all, that day",
    )
    system = name not in timeline.whole.overall.metrics
    for i, domain in enumerate(() if system else timeline.domains):
        ax.plot(
            days,
            _values(timeline.series(name, domain, rolling=True), scale),
            color=COLOURS[1 + i % (len(COLOURS) - 1)],
            linewidth=1.1,
            label=f"{domain}, 7 days",
        )
    if is_ratio(name):
        ax.set_ylim(-0.05, 1.05)
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    elif name == "conflict_questions":
        ax.set_ylim(0, max(1.0, ax.get_ylim()[1]))
        ax.set_ylabel("questions")
    elif name in VARIANCES:
        ax.set_ylim(0, max(0.001, ax.get_ylim()[1]))
        ax.set_ylabel("variance")
    else:
        ax.set_ylim(bottom=0)
        ax.set_ylabel(unit)
    ax.set_title(title, loc="left", fontsize=11)
    ax.grid(alpha=0.3)
    _dates(ax, timeline.since, timeline.now)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False)
    return _png(fig)


def burden_chart(timeline: MetricsTimeline) -> bytes:
    """The main chart: review burden and correction rate over the rolling week."""
    fig = Figure(figsize=WIDE)
    ax = fig.add_subplot()
    days = _x(timeline.days)
    for name, label, colour in (
        ("review_burden", "review burden (asked the user)", COLOURS[0]),
        ("correction_rate", "correction rate", COLOURS[1]),
        ("auto_commit_precision", "auto-commit precision", COLOURS[2]),
    ):
        ax.plot(
            days,
            _values(timeline.series(name, rolling=True)),
            color=colour,
            linewidth=2,
            marker="o",
            markersize=3,
            label=label,
        )
    ax.set_ylim(-0.05, 1.05)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_title("Review burden and corrections, rolling 7 days", loc="left", fontsize=11)
    ax.grid(alpha=0.3)
    _dates(ax, timeline.since, timeline.now)
    # Below the plot: on a phone (Telegram) the plot keeps the whole width.
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=3, frameon=False)
    return _png(fig)


def thresholds_chart(points: Sequence[ThresholdPoint], since: datetime, now: datetime) -> bytes:
    """Each domain's ask and auto thresholds as step lines over [since, now].

    ``points`` come from the policy-change log (``core.domain.rollout.threshold_history``) or from a
    log of threshold changes: a point holds until the domain's next one.
    """
    domains = sorted({p.domain for p in points})
    fig = Figure(figsize=(8.0, 1.2 + 1.3 * max(1, math.ceil(len(domains) / 3))))
    columns = min(3, max(1, len(domains)))
    rows = max(1, math.ceil(len(domains) / columns))
    for i, domain in enumerate(domains):
        ax = fig.add_subplot(rows, columns, i + 1)
        mine = sorted((p for p in points if p.domain == domain), key=lambda p: p.at)
        held = [p for p in mine if p.at <= since][-1:] + [p for p in mine if since < p.at <= now]
        if not held:
            held = mine[:1]
        times = _x([max(p.at, since) for p in held] + [now])
        for attr, label, colour in (("auto", "auto", COLOURS[2]), ("ask", "ask", COLOURS[0])):
            values = [getattr(p, attr) for p in held]
            ax.step(times, [*values, values[-1]], where="post", color=colour, label=label)
        ax.set_ylim(0.5, 1.0)
        ax.set_title(domain, fontsize=9, loc="left")
        ax.tick_params(labelsize=7)
        ax.grid(alpha=0.3)
        _dates(ax, since, now, ticks=3)
        if i == 0:
            ax.legend(fontsize=7, loc="lower right", frameon=False)
    fig.suptitle("Thresholds over time (ask, auto)", x=0.01, ha="left", fontsize=11)
    fig.tight_layout()
    return _png(fig)
