"""`canon loadtest` drives simulated users through a real `canon serve` and reports every
turn: as many turns as users × turns, none lost, and one run per worker count.

The command runs in this interpreter (``canon_cli.canon``, as a user types it); the servers
it drives are processes of their own, as they are for a user."""

from __future__ import annotations

import json
import os
from pathlib import Path

from canon_cli import canon
from live_server import environment


def test_loadtest_reports_every_turn_of_every_run(tmp_path: Path) -> None:
    given = environment(tmp_path / "unused.db")
    whole: dict[str, str | None] = {name: None for name in os.environ if name not in given}
    done = canon(
        "loadtest", "--users", "2", "--turns", "3", "--workers", "1,2", "--json", env=whole | given
    )
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert (figures["store"], figures["users"]) == ("sqlite", 2)
    runs = [(r["workers"], r["turns"], r["errors"], r["error_kinds"]) for r in figures["runs"]]
    assert runs == [(1, 6, 0, {}), (2, 6, 0, {})]  # a failed turn says what failed
    first, second = figures["runs"]
    assert first["speedup"] == 1.0
    assert first["turns_per_s"] > 0
    assert second["turn_p99_ms"] >= second["turn_p50_ms"] > 0


async def test_the_bench_measures_one_and_two_api_workers_on_postgresql(postgres_url: str) -> None:
    from core.bench.workers import WorkersConfig
    from core.bench.workers_bench import workers_figures
    from core.cli.loadtest_cmd import issue_tokens

    config = WorkersConfig(users=2, turns=3, rounds=1, shared_nothing=False)
    figures = await workers_figures(postgres_url, config, issue_tokens)
    assert (figures["workers_1_errors"], figures["workers_2_errors"]) == (0, 0)
    assert figures["workers_1_turns_per_s"] > 0
    # The speed-up is the ratio of the two rates before they are rounded to 0.1 turns a
    # second: on a busy machine a run of six turns may make well under one a second, so
    # the ratio of the printed rates is only known to their rounding.
    one, two = figures["workers_1_turns_per_s"], figures["workers_2_turns_per_s"]
    low, high = max(two - 0.05, 0) / (one + 0.05), (two + 0.05) / max(one - 0.05, 1e-9)
    assert low - 0.01 <= figures["workers_speedup"] <= high + 0.01
    assert figures["workers_2_server_cpu_ms_per_turn"] > 0, "both workers' CPU is counted"
    assert figures["workers_cpu_ceiling_speedup"] > 0, "the database runs on this machine"
    assert figures["workers_load_average"].count(" ") == 2


async def test_the_bench_says_it_skipped_the_workers_on_sqlite(tmp_path: Path) -> None:
    from core.bench.workers import WorkersConfig
    from core.bench.workers_bench import workers_figures
    from core.cli.loadtest_cmd import issue_tokens

    figures = await workers_figures(str(tmp_path / "canon.db"), WorkersConfig(), issue_tokens)
    assert figures == {"workers": "skipped (give --db a postgresql:// URL)"}


def test_the_cpu_ceiling_is_one_core_per_worker_until_the_cores_are_shared() -> None:
    from core.bench.workers import RunFigures, cpu_ceiling_speedup

    def run(workers: int, database_s: float | None) -> RunFigures:
        # 100 turns: 20 ms of a worker, 5 ms of the database, 1 ms of the client each.
        return RunFigures(workers, 100, 0, 1.0, [], 2.0, 0.1, database_s)

    # One worker: 50 turns/s (its core). Two: 2 cores / 26 ms = 76.9, not 100.
    assert cpu_ceiling_speedup(run(1, 0.5), run(2, 0.5), cores=2) == 1.54
    assert cpu_ceiling_speedup(run(1, 0.5), run(2, 0.5), cores=4) == 2.0
    assert cpu_ceiling_speedup(run(1, None), run(2, None), cores=2) is None, "a remote database"
