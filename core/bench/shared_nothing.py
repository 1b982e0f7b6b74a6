"""What the machine gives two shared-nothing copies of the workers bench's load, printed
beside what Canon's two workers reach (``canon bench --db postgresql://...``).

``workers_speedup`` compares one ``canon serve`` worker with two on one store. How much
of a second core a second process can have on this machine is measured here, in the same
rounds (so other load falls on all runs alike): one one-worker system with half the users
alone, against two such systems at once, each its own database in the same cluster, its
own server, its own users and client connections (the two-worker run's users, split
alike). ``workers_independent_speedup`` is their ratio and ``workers_vs_independent``
says how much of it Canon's two workers reach. Under both, two processes of a fixed
pure-Python loop against one (``cpu_two_process_speedup``): what the cores give code that
shares nothing at all. Each system's worker and database CPU a turn is printed too, so a
rise of a worker's CPU a turn beside another can be told apart: where it rises for
systems that share nothing but the machine, the machine's (caches, cores), else
something Canon's two workers share.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from core.bench.workers import IssueTokens, RunFigures, WorkersConfig, drive, served

LOOP = """
import sys, time
print("ready", flush=True)
sys.stdin.readline()
began = time.perf_counter()
kept = {}
for i in range(int(sys.argv[1])):
    kept[i % 1000] = str(i) * 3
    sum(len(v) for v in list(kept.values())[:50])
print(time.perf_counter() - began, flush=True)
"""
"""A fixed pure-Python loop (dict writes, string building, a small sum): it waits for a
line after starting so the processes that run at once begin their loops together."""

BESIDE = {"workers_independent_turns_per_s": "workers_alone_turns_per_s"}
"""Two systems' turns a second beside one's alone, in ``canon bench``'s table."""


@dataclass(frozen=True)
class SystemRun:
    """One one-worker system's run: its database, its server's pids, its users."""

    url: str
    pids: tuple[int, ...]
    entities: tuple[str, ...]
    run: RunFigures


@dataclass(frozen=True)
class SharedNothingRound:
    alone: SystemRun
    pair: tuple[SystemRun, SystemRun]


def pair_rate(pair: Sequence[RunFigures]) -> float:
    """Both systems' turns over the time until the last was done (their timed turns
    begin together): the two-worker run's measure, a tail included alike."""
    seconds = max(run.seconds for run in pair)
    return sum(run.turns for run in pair) / seconds if seconds else 0.0


def shared_nothing_figures(
    workers: Sequence[RunFigures],
    alone: RunFigures,
    pair: Sequence[RunFigures],
    cpu_speedup: float | None,
) -> dict[str, Any]:
    """The figures of the baseline runs beside the workers' (``workers``: one worker's
    run, then two's). Each ratio is of the rates as printed, so a reader can check it."""
    one, two = (round(workers[0].rate, 1), round(workers[-1].rate, 1))
    by_one = round(alone.rate, 1)
    together = round(pair_rate(pair), 1)
    independent = round(together / by_one, 2) if by_one else None
    canon = two / one if one else None

    def cpu_ms(spent: float | None, run: RunFigures) -> float | None:
        return None if spent is None or not run.turns else round(spent * 1000 / run.turns, 1)

    return {
        "workers_alone_turns_per_s": by_one,
        "workers_independent_turns_per_s": together,
        "workers_independent_each_turns_per_s": [round(run.rate, 1) for run in pair],
        "workers_independent_errors": sum(run.errors for run in pair) + alone.errors,
        "workers_alone_server_cpu_ms_per_turn": cpu_ms(alone.server_cpu_s, alone),
        "workers_independent_server_cpu_ms_per_turn": [cpu_ms(r.server_cpu_s, r) for r in pair],
        "workers_alone_database_cpu_ms_per_turn": cpu_ms(alone.database_cpu_s, alone),
        "workers_independent_database_cpu_ms_per_turn": [cpu_ms(r.database_cpu_s, r) for r in pair],
        "workers_independent_speedup": independent,
        "workers_vs_independent": (
            round(canon * by_one / together, 2) if canon is not None and together else None
        ),
        # The same users on the same machine, Canon's two workers against two systems:
        # the ratios above divide by different baselines (one worker with all the users
        # works a turn cheaper than one with half, its batches larger).
        "workers_2_over_independent": round(two / together, 2) if together else None,
        "cpu_two_process_speedup": cpu_speedup,
    }


class Baselines:
    """The shared-nothing runs and the two-core loop of each round of the workers bench
    on ``url`` (``round``), the best of each kept, and their figures (``figures``)."""

    def __init__(self, url: str, config: WorkersConfig, issue: IssueTokens) -> None:
        self.url, self.config, self.issue = url, config, issue
        self.users = max(1, config.users // 2)
        self.urls = (_sibling(url, "sn1"), _sibling(url, "sn2"))
        self.alone: SystemRun | None = None
        self.pair: tuple[SystemRun, SystemRun] | None = None
        self.cpu: float | None = None

    @contextlib.asynccontextmanager
    async def databases(self) -> AsyncIterator[None]:
        """The two systems' own databases, in ``url``'s cluster, dropped after the runs."""
        if not self.config.shared_nothing:
            yield
            return
        for url in self.urls:
            await _recreate(self.url, url)
        try:
            yield
        finally:
            for url in self.urls:
                await _drop(self.url, url)

    async def round(self, r: int) -> None:
        """Round ``r``: the two-core loop, one system alone, two at once."""
        if not self.config.shared_nothing:
            return
        cpu = await cpu_two_process_speedup(self.config.cpu_loops)
        self.cpu = cpu if self.cpu is None else max(self.cpu, cpu)
        done = await self.run_round(r)
        if self.alone is None or done.alone.run.rate > self.alone.run.rate:
            self.alone = done.alone
        best = None if self.pair is None else pair_rate([s.run for s in self.pair])
        if best is None or pair_rate([s.run for s in done.pair]) > best:
            self.pair = done.pair

    async def run_round(self, r: int) -> SharedNothingRound:
        alone = await self.system(self.urls[0], f"r{r}a")
        start = asyncio.Barrier(2)
        async with asyncio.TaskGroup() as group:  # one failing stops the other
            first = group.create_task(self.system(self.urls[0], f"r{r}p", start.wait))
            second = group.create_task(self.system(self.urls[1], f"r{r}q", start.wait))
        return SharedNothingRound(alone, (first.result(), second.result()))

    async def system(
        self, url: str, tag: str, timed_start: Callable[[], Awaitable[Any]] | None = None
    ) -> SystemRun:
        """One one-worker ``canon serve`` on ``url`` driven by its own users."""
        entities = tuple(f"user:solo{os.getpid()}{tag}u{u}" for u in range(self.users))
        secrets = await self.issue(url, list(entities))
        config = self.config
        async with served(url, 1, config.reader) as (base, pids):
            run = await drive(url, base, secrets, config, 1, pids, timed_start)
        return SystemRun(url, tuple(pids), entities, run)

    def figures(self, workers: Sequence[RunFigures]) -> dict[str, Any]:
        if self.alone is None or self.pair is None:
            return {}
        pair = [s.run for s in self.pair]
        found = shared_nothing_figures(workers, self.alone.run, pair, self.cpu)
        return {"workers_alone_users": self.users, **found}


async def cpu_two_process_speedup(loops: int) -> float:
    """Two processes of ``LOOP`` at once against one: their summed loops a second over
    one's alone (2.0 on two idle cores)."""
    (alone,) = await _loops(1, loops)
    together = await _loops(2, loops)
    return round(sum(alone / s for s in together), 2)


async def _loops(processes: int, loops: int) -> list[float]:
    """The seconds each of ``processes`` took for ``loops``, begun together."""
    started = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            LOOP,
            str(loops),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        for _ in range(processes)
    ]
    try:
        for proc in started:
            assert proc.stdout is not None
            await proc.stdout.readline()  # ready: started and imported
        for proc in started:
            assert proc.stdin is not None
            proc.stdin.write(b"go\n")
            await proc.stdin.drain()
        seconds = []
        for proc in started:
            assert proc.stdout is not None
            seconds.append(float(await proc.stdout.readline()))
        return seconds
    finally:
        for proc in started:
            if proc.returncode is None:
                proc.kill()
            await proc.wait()


def _sibling(url: str, suffix: str) -> str:
    """``url`` with its database renamed ``<name>_<suffix>`` (same cluster, same user)."""
    parts = urlsplit(url)
    return parts._replace(path=f"{parts.path.rstrip('/')}_{suffix}").geturl()


def _name(url: str) -> str:
    return urlsplit(url).path.lstrip("/")


async def _recreate(admin_url: str, url: str) -> None:
    """A fresh, empty database at ``url`` (one a killed bench left is dropped first)."""
    import psycopg
    from psycopg import sql

    await _drop(admin_url, url)
    async with await psycopg.AsyncConnection.connect(admin_url, autocommit=True) as admin:
        await admin.execute(
            sql.SQL("CREATE DATABASE {} TEMPLATE template0").format(sql.Identifier(_name(url)))
        )


async def _drop(admin_url: str, url: str) -> None:
    import psycopg
    from psycopg import sql

    async with await psycopg.AsyncConnection.connect(admin_url, autocommit=True) as admin:
        await admin.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(_name(url)))
        )
