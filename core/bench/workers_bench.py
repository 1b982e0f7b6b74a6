"""The workers figures of ``canon bench --db postgresql://...``: 1 and 2 ``canon serve``
workers on one store (``core.bench.workers``), each round followed by what the machine
gives two shared-nothing systems (``core.bench.shared_nothing``), so the two-worker ratio
is printed beside its baseline. A module of its own because it composes both (each of them
stands alone)."""

from __future__ import annotations

import os
from typing import Any

from core.bench import shared_nothing
from core.bench.workers import (
    IssueTokens,
    WorkersConfig,
    cpu_ceiling_speedup,
    is_postgresql,
    load_average,
    worker_runs,
)


async def workers_figures(
    url: str | None, config: WorkersConfig, issue: IssueTokens
) -> dict[str, Any]:
    """The bench's workers figures on the PostgreSQL ``url``; skipped on anything else."""
    if not is_postgresql(url):
        return {"workers": "skipped (give --db a postgresql:// URL)"}
    assert url is not None
    baseline = shared_nothing.Baselines(url, config, issue)
    async with baseline.databases():
        runs = await worker_runs(url, config, issue, also=baseline.round)
    first = runs[0]
    figures: dict[str, Any] = {"workers_users": config.users}
    for run in runs:
        row = run.as_dict(first)
        figures[f"workers_{run.workers}_turns_per_s"] = row["turns_per_s"]
        figures[f"workers_{run.workers}_turn_p50_ms"] = row["turn_p50_ms"]
        figures[f"workers_{run.workers}_errors"] = row["errors"]
        figures[f"workers_{run.workers}_server_cpu_ms_per_turn"] = row["server_cpu_ms_per_turn"]
        figures[f"workers_{run.workers}_client_cpu_ms_per_turn"] = row["client_cpu_ms_per_turn"]
        figures[f"workers_{run.workers}_database_cpu_ms_per_turn"] = row["database_cpu_ms_per_turn"]
    figures["workers_speedup"] = runs[-1].as_dict(first)["speedup"]
    figures["workers_cpu_ceiling_speedup"] = cpu_ceiling_speedup(first, runs[-1], os.cpu_count())
    figures.update(baseline.figures(runs))
    figures["workers_load_average"] = load_average()
    figures["workers_reader"] = config.reader
    return figures
