"""The workers bench's shared-nothing baseline: two one-worker systems, each its own
database, server and users, against one alone, and two processes of a pure-Python loop
against one, printed beside Canon's two workers (``core.bench.shared_nothing``).

The bench runs once for the module (``bench``: each system is a `canon serve` of its own,
seconds of CPU to start); its round's two systems are looked at while their databases
are there, as the bench itself ran them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import psycopg
import pytest
import pytest_asyncio
from services.postgres import PostgresCluster

from core.bench import shared_nothing
from core.bench.shared_nothing import (
    Baselines,
    SharedNothingRound,
    pair_rate,
    shared_nothing_figures,
)
from core.bench.workers import RunFigures, WorkersConfig
from core.bench.workers_bench import workers_figures
from core.cli.loadtest_cmd import issue_tokens

TINY = WorkersConfig(users=2, turns=2, rounds=1, cpu_loops=2_000)


@dataclass(frozen=True)
class SeenRound:
    """A round of the bench's baselines, and what was in the cluster right after it."""

    done: SharedNothingRound
    speakers: dict[str, set[str]]
    """Each of the pair's databases: the entities whose messages it recorded."""
    databases: list[str]
    """The cluster's databases named like the systems' (``<name>_sn...``)."""


@dataclass(frozen=True)
class BenchRun:
    figures: dict[str, Any]
    rounds: list[SeenRound]
    left: list[str]
    """The systems' databases still in the cluster after the bench."""


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def bench(postgres_cluster: PostgresCluster) -> AsyncIterator[BenchRun]:
    """The workers bench on a database of its own, its baselines' rounds watched."""
    url = postgres_cluster.create_database()
    rounds: list[SeenRound] = []

    class Watched(Baselines):
        async def run_round(self, r: int) -> SharedNothingRound:
            done = await super().run_round(r)
            speakers = {system.url: await _speakers(system.url) for system in done.pair}
            rounds.append(SeenRound(done, speakers, await _databases_like(self.url, "_sn")))
            return done

    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(shared_nothing, "Baselines", Watched)
            figures = await workers_figures(url, TINY, issue_tokens)
        yield BenchRun(figures, rounds, await _databases_like(url, "_sn"))
    finally:
        postgres_cluster.drop_database(url)


WITH_THE_BENCH = pytest.mark.asyncio(loop_scope="module")
"""The mark of a test that reads ``bench``: it runs in the module's event loop."""


def run(workers: int, turns: int, seconds: float, cpu_s: float | None = None) -> RunFigures:
    return RunFigures(workers, turns, 0, seconds, [], cpu_s, 0.1, None if cpu_s is None else 0.2)


@pytest.mark.parametrize(
    ("one", "two", "alone", "pair", "figures"),
    [
        # Canon's two workers 1.3x over one; two systems 1.6x over one alone: 0.81 of it.
        (
            run(1, 480, 4.0),
            run(2, 480, 3.077),
            run(1, 240, 2.4),
            [run(1, 240, 3.0), run(1, 240, 3.0)],
            {
                "workers_alone_turns_per_s": 100.0,
                "workers_independent_turns_per_s": 160.0,
                "workers_independent_speedup": 1.6,
                "workers_vs_independent": 0.81,
                "workers_2_over_independent": 0.97,
            },
        ),
        # The pair's rate is both systems' turns until the slower is done, not the sum
        # of their own rates (its tail counts as the two workers' does).
        (
            run(1, 100, 1.0),
            run(2, 100, 0.5),
            run(1, 100, 1.0),
            [run(1, 100, 1.0), run(1, 100, 0.5)],
            {
                "workers_alone_turns_per_s": 100.0,
                "workers_independent_turns_per_s": 200.0,
                "workers_independent_speedup": 2.0,
                "workers_vs_independent": 1.0,
                "workers_2_over_independent": 1.0,
            },
        ),
    ],
)
def test_the_ratios_are_of_the_printed_rates(
    one: RunFigures,
    two: RunFigures,
    alone: RunFigures,
    pair: list[RunFigures],
    figures: dict[str, float],
) -> None:
    found = shared_nothing_figures([one, two], alone, pair, 1.9)
    assert {k: found[k] for k in figures} == figures
    assert found["cpu_two_process_speedup"] == 1.9


def test_each_systems_cpu_a_turn_is_printed_beside_the_one_alone() -> None:
    found = shared_nothing_figures(
        [run(1, 100, 1.0), run(2, 100, 0.7)],
        run(1, 100, 1.0, cpu_s=0.8),
        [run(1, 100, 1.0, cpu_s=0.9), run(1, 50, 1.0, cpu_s=None)],
        None,
    )
    assert found["workers_alone_server_cpu_ms_per_turn"] == 8.0
    assert found["workers_independent_server_cpu_ms_per_turn"] == [9.0, None]
    assert found["workers_independent_database_cpu_ms_per_turn"] == [2.0, None]
    assert found["workers_independent_each_turns_per_s"] == [100.0, 50.0]
    assert pair_rate([run(1, 100, 1.0), run(1, 50, 1.0)]) == 150.0


@WITH_THE_BENCH
async def test_the_bench_prints_the_baselines_beside_the_workers(bench: BenchRun) -> None:
    figures = bench.figures
    assert figures["workers_alone_users"] == 1, "the two-worker run's users, split alike"
    assert figures["workers_independent_errors"] == 0
    assert figures["workers_alone_turns_per_s"] > 0
    each = figures["workers_independent_each_turns_per_s"]
    assert len(each) == 2
    assert all(rate > 0 for rate in each)
    assert figures["workers_independent_turns_per_s"] > 0
    assert figures["workers_independent_speedup"] == round(
        figures["workers_independent_turns_per_s"] / figures["workers_alone_turns_per_s"], 2
    )
    canon = figures["workers_2_turns_per_s"] / figures["workers_1_turns_per_s"]
    assert figures["workers_vs_independent"] == round(
        canon / (figures["workers_independent_turns_per_s"] / figures["workers_alone_turns_per_s"]),
        2,
    )
    assert figures["workers_2_over_independent"] == round(
        figures["workers_2_turns_per_s"] / figures["workers_independent_turns_per_s"], 2
    )
    # Seen for each system (a process's CPU is counted in clock ticks: two turns may
    # take less than one).
    for key in ("server", "database"):
        each_cpu = figures[f"workers_independent_{key}_cpu_ms_per_turn"]
        assert len(each_cpu) == 2, key
        assert all(cpu >= 0 for cpu in each_cpu), key
    assert figures["cpu_two_process_speedup"] > 0
    # The systems' own databases are gone with the bench.
    assert not bench.left


@WITH_THE_BENCH
async def test_the_two_systems_share_no_server_and_no_database(bench: BenchRun) -> None:
    (seen,) = bench.rounds  # TINY: one round
    first, second = seen.done.pair
    assert first.url != second.url
    assert set(first.pids).isdisjoint(second.pids), "two servers"
    for system, other in ((first, second), (second, first)):
        said = seen.speakers[system.url]
        assert set(system.entities) <= said, "each database has its own users' messages"
        assert said.isdisjoint(other.entities), "and none of the other system's"
        assert system.run.turns == 2
        assert system.run.errors == 0
    assert set(seen.databases) == {first.url.rsplit("/", 1)[1], second.url.rsplit("/", 1)[1]}


async def _speakers(url: str) -> set[str]:
    """The entities whose messages the database at ``url`` recorded."""
    async with await psycopg.AsyncConnection.connect(url) as conn:
        cur = await conn.execute("SELECT DISTINCT entity_id FROM events")
        return {str(row[0]) for row in await cur.fetchall()}


async def _databases_like(url: str, part: str) -> list[str]:
    async with await psycopg.AsyncConnection.connect(url) as conn:
        cur = await conn.execute(
            "SELECT datname FROM pg_database WHERE datname LIKE %s",
            (f"{url.rsplit('/', 1)[1]}{part}%",),
        )
        return [str(row[0]) for row in await cur.fetchall()]
