"""What ``core.engine.metrics`` reports: a metric (or why there is none), per scope and
overall, and the stable JSON shape of the report."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from core.domain.timeutil import format_ts
from core.engine.metrics_corrections import CORRECTION_WINDOW


@dataclass(frozen=True)
class Metric:
    """A measured value, or None and why not."""

    value: float | None
    reason: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {"value": self.value, "reason": self.reason}


@dataclass(frozen=True)
class ScopeMetrics:
    """What is measured for one entity and domain (or, with ``None``s, for all of them)."""

    entity_id: str | None
    domain: str | None
    metrics: dict[str, Metric]
    counts: dict[str, int]


@dataclass(frozen=True)
class MetricsReport:
    since: datetime
    now: datetime
    overall: ScopeMetrics
    scopes: list[ScopeMetrics]
    system: dict[str, Metric]
    counts: dict[str, int] = field(default_factory=dict)
    breakdown: dict[str, dict[str, Metric]] = field(default_factory=dict)
    """Per domain or intent class (``core.engine.metrics_more``): name -> key -> metric."""


def report_json(report: MetricsReport) -> dict[str, Any]:
    """The stable JSON shape ``canon metrics --json`` prints (keys documented there)."""

    def scope(s: ScopeMetrics) -> dict[str, Any]:
        return {
            "entity_id": s.entity_id,
            "domain": s.domain,
            "metrics": {name: m.as_json() for name, m in s.metrics.items()},
            "counts": s.counts,
        }

    return {
        "window": {"since": format_ts(report.since), "now": format_ts(report.now)},
        "correction_window_seconds": CORRECTION_WINDOW.total_seconds(),
        "overall": scope(report.overall),
        "scopes": [scope(s) for s in report.scopes],
        "system": {name: m.as_json() for name, m in report.system.items()},
        "counts": report.counts,
        "breakdown": {
            name: {key: m.as_json() for key, m in values.items()}
            for name, values in report.breakdown.items()
        },
    }
