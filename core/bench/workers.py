"""Workers in ``canon bench`` (and ``canon loadtest``): turns a second for 1 and 2 API workers.

Each run starts ``canon serve --workers N`` as its own processes on one store, issues a
token per simulated user and lets every user take turns at once, each turn what an agent
does for one message: ``POST /v1/messages`` (extract, validate, resolve, commit), an
answer to each question the message raised (the user's app asks, the user says yes:
questions never answered are refused at ten open ones), then
``GET /v1/context`` (the block its model reads), then the model's answer, simulated
on the client by waiting ``latency_s``. The same users' turns run once per worker
count, alternating (1, 2, 1, 2, ...) so the other load on the machine falls on both
alike, and the best round of each count is kept. A few turns per user first, untimed,
warm each worker (its pool, its caches, the pipeline's first calls).

The client is ``light_http``: one kept-alive connection per user. ``canon serve`` hands
the users' connections to its workers in turn (``core.api.handout``), so 16 users are 8
a worker. Figures are printed, never asserted: the
CPU each side spent per turn (the workers' from ``/proc``, the client's own) says
where a core went when the speed-up falls short.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import statistics
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.bench.light_http import KeptAlive, LightHttpError
from core.errors import ConfigError
from core.extraction.reader_mode import DEFAULT_READER, ReaderMode

IssueTokens = Callable[[str, list[str]], Awaitable[list[str]]]
"""A ``user`` token for each entity on the store of the URL, their secrets in order (the
API's own ``issue_token``, which the caller brings: the API sits above the bench)."""
LISTENING = re.compile(r"serving the HTTP API on (http://\S+)/v1")
WARM_TURNS = 3
"""Untimed turns per user before a run is measured."""


@dataclass(frozen=True)
class WorkersConfig:
    users: int = 16
    turns: int = 30
    """Per user and run."""
    worker_counts: tuple[int, ...] = (1, 2)
    rounds: int = 2
    """Runs per worker count, alternating; the best is kept."""
    latency_s: float = 0.0
    reader: ReaderMode = DEFAULT_READER
    """Where each worker reads messages (``CANON_READER``): its reading process's CPU
    counts as the worker's."""
    shared_nothing: bool = True
    """Also run two one-worker systems of ``users / 2`` each at once, each its own
    database, against one alone, each round (``core.bench.shared_nothing``)."""
    cpu_loops: int = 40_000
    """Rounds of the pure-Python loop of the two-core baseline (about 0.3 s of a core)."""


@dataclass(frozen=True)
class RunFigures:
    workers: int
    turns: int
    errors: int
    seconds: float
    turn_ms: list[float]
    server_cpu_s: float | None
    client_cpu_s: float
    database_cpu_s: float | None = None
    """The PostgreSQL backends' CPU, when the server runs on this machine."""
    error_kinds: dict[str, int] = field(default_factory=dict)
    """What failed in the failed turns ("answer 403", "TimeoutError") and how often."""

    @property
    def rate(self) -> float:
        return self.turns / self.seconds if self.seconds else 0.0

    def as_dict(self, first: RunFigures) -> dict[str, Any]:
        ordered = sorted(self.turn_ms) or [0.0]
        cpu = None if self.server_cpu_s is None else self.server_cpu_s * 1000 / self.turns
        return {
            "workers": self.workers,
            "turns": self.turns,
            "errors": self.errors,
            "error_kinds": dict(sorted(self.error_kinds.items())),
            "turns_per_s": round(self.rate, 1),
            "turn_p50_ms": round(statistics.median(ordered), 1),
            "turn_p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 1),
            "speedup": round(self.rate / first.rate, 2) if first.rate else None,
            "server_cpu_ms_per_turn": None if cpu is None else round(cpu, 1),
            "client_cpu_ms_per_turn": round(self.client_cpu_s * 1000 / self.turns, 2),
            "database_cpu_ms_per_turn": (
                None
                if self.database_cpu_s is None
                else round(self.database_cpu_s * 1000 / self.turns, 1)
            ),
        }


def is_postgresql(url: str | None) -> bool:
    return url is not None and url.startswith(("postgresql://", "postgres://"))


async def worker_runs(
    url: str,
    config: WorkersConfig,
    issue: IssueTokens,
    report: Callable[[str], None] = lambda _label: None,
    also: Callable[[int], Awaitable[None]] | None = None,
) -> list[RunFigures]:
    """The best run of each worker count, in ``config.worker_counts`` order (``also``:
    more runs of round ``r`` after its own, so other load falls on all of them alike)."""
    best: dict[int, RunFigures] = {}
    for r in range(config.rounds):
        for workers in config.worker_counts:
            report(f"{workers} API worker(s), round {r + 1} of {config.rounds}")
            entities = [f"user:load{os.getpid()}r{r}w{workers}u{u}" for u in range(config.users)]
            secrets = await issue(url, entities)
            async with served(url, workers, config.reader) as (base, pids):
                run = await drive(url, base, secrets, config, workers, pids)
            kept = best.get(workers)
            if kept is None or run.rate > kept.rate:
                best[workers] = run
        if also is not None:
            await also(r)
    return [best[w] for w in config.worker_counts]


def cpu_ceiling_speedup(first: RunFigures, last: RunFigures, cores: int | None) -> float | None:
    """The speed-up the CPU each turn took allows on an otherwise idle machine: arithmetic
    on measured CPU, not a measured rate (which other work on the machine moves).

    A worker reads one message at a time on its event loop, so k workers do at most
    k / W turns a second (W: a worker's CPU per turn), and all of them, the database and
    the client share the machine's cores: at most cores / (W + D + C). None when the
    database's or the workers' CPU was not seen (a remote server, no ``/proc``)."""

    def ceiling(run: RunFigures) -> float | None:
        if run.server_cpu_s is None or run.database_cpu_s is None or not cores or not run.turns:
            return None
        worker, database = run.server_cpu_s / run.turns, run.database_cpu_s / run.turns
        client = run.client_cpu_s / run.turns
        if worker <= 0:
            return None
        return min(run.workers / worker, cores / (worker + database + client))

    base, more = ceiling(first), ceiling(last)
    return None if base is None or more is None else round(more / base, 2)


def beside(config: WorkersConfig = WorkersConfig()) -> dict[str, str]:
    """Each worker count's turns a second beside the first's (the baseline)."""
    base = config.worker_counts[0]
    return {
        f"workers_{w}_turns_per_s": f"workers_{base}_turns_per_s" for w in config.worker_counts[1:]
    }


def load_average() -> str:
    """The machine's 1, 5 and 15-minute load, as ``uptime`` prints it (other work on it)."""
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


@contextlib.asynccontextmanager
async def served(
    url: str, workers: int, reader: ReaderMode = DEFAULT_READER
) -> AsyncIterator[tuple[str, list[int]]]:
    """``canon serve --workers`` on ``url`` with limits out of the way, messages read where
    ``reader`` says: its base URL and the pids of the processes that serve requests."""
    env = {**os.environ, "CANON_DB": url, "CANON_READER": reader}
    command = [sys.executable, "-m", "core.cli", "serve", "--port", "0", "--workers", str(workers)]
    command += ["--rate", "1000000", "--burst", "1000000"]
    proc = await asyncio.create_subprocess_exec(
        *command, env=env, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE
    )
    assert proc.stderr is not None
    try:
        seen = []
        while line := (await proc.stderr.readline()).decode():
            seen.append(line)
            if found := LISTENING.search(line):
                break
        else:
            raise ConfigError("canon serve did not start:\n" + "".join(seen))
        yield found.group(1), (_children(proc.pid) if workers > 1 else [proc.pid])
    finally:
        if proc.returncode is None:
            proc.terminate()
            await proc.wait()


async def drive(
    url: str,
    base: str,
    secrets: list[str],
    config: WorkersConfig,
    workers: int,
    pids: list[int],
    timed_start: Callable[[], Awaitable[Any]] | None = None,
) -> RunFigures:
    """Every user's turns at once on ``base``, after a few untimed ones (and after
    ``timed_start``: systems driven side by side begin their timed turns together)."""
    from core.bench.extraction import compose_messages

    texts = compose_messages(max(50, len(secrets) * (config.turns + WARM_TURNS)))
    turn_ms: list[float] = []
    errors = 0
    error_kinds: dict[str, int] = {}  # what failed, so an error explains itself

    async def turn(conn: KeptAlive, text: str, ref: str) -> str | None:
        """None when the turn went through, else what failed first ("answer 403")."""
        said, body = await conn.request("POST", "/v1/messages", {"text": text, "message_id": ref})
        failed = None if said == 200 else f"message {said}"
        if failed is None:
            for question in _questions(body):
                answered, _ = await conn.request(
                    "POST", f"/v1/questions/{question}/answer", {"answer": "yes"}
                )
                if answered not in (200, 409):  # 409: settled by something newer
                    failed = failed or f"answer {answered}"
        context, _ = await conn.request("GET", "/v1/context")
        return failed or (None if context == 200 else f"context {context}")

    async def user(u: int, secret: str, warm: bool) -> None:
        nonlocal errors
        conn = KeptAlive(base, {"Authorization": f"Bearer {secret}"})
        count = WARM_TURNS if warm else config.turns
        try:
            for t in range(count):
                n = u * (config.turns + WARM_TURNS) + t + (0 if warm else WARM_TURNS)
                began = time.perf_counter()
                try:
                    failed = await turn(conn, texts[n % len(texts)], f"load-{n}")
                except (OSError, LightHttpError, asyncio.IncompleteReadError) as e:
                    failed = type(e).__name__
                await asyncio.sleep(config.latency_s)
                if warm:
                    continue
                if failed is None:
                    turn_ms.append((time.perf_counter() - began) * 1000.0)
                else:
                    errors += 1
                    error_kinds[failed] = error_kinds.get(failed, 0) + 1
        finally:
            await conn.close()

    await asyncio.gather(*(user(u, s, True) for u, s in enumerate(secrets)))
    if timed_start is not None:
        await timed_start()
    # Each worker's reading process (started by now) serves its requests too.
    pids = pids + [reader for pid in pids for reader in _children(pid)]
    backends = await _backend_pids(url)
    server_before = _cpu_seconds(pids)
    database_before = _cpu_by_pid(backends)
    client_before = time.process_time()
    began = time.perf_counter()
    await asyncio.gather(*(user(u, s, False) for u, s in enumerate(secrets)))
    seconds = time.perf_counter() - began
    client = time.process_time() - client_before
    server_after = _cpu_seconds(pids)
    server = None
    if server_before is not None and server_after is not None:
        server = server_after - server_before
    database = None
    if backends:  # a connection the pool opened during the run counts whole
        after = _cpu_by_pid(await _backend_pids(url))
        database = sum(cpu - database_before.get(pid, 0.0) for pid, cpu in after.items())
    return RunFigures(
        workers,
        len(secrets) * config.turns,
        errors,
        seconds,
        turn_ms,
        server,
        client,
        database,
        error_kinds,
    )


def _questions(body: bytes) -> list[str]:
    try:
        return [q["id"] for q in json.loads(body).get("questions", [])]
    except (ValueError, AttributeError, KeyError, TypeError):
        return []


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started, from any of its threads (a worker's reading process
    is started from a thread)."""
    found: list[int] = []
    for children in Path(f"/proc/{pid}/task").glob("*/children"):
        with contextlib.suppress(OSError):
            found += [int(p) for p in children.read_text().split()]
    return sorted(found)


def _cpu_seconds(pids: list[int]) -> float | None:
    """User and system CPU the processes spent so far (Linux's /proc; None elsewhere)."""
    spent = _cpu_by_pid(pids)
    return sum(spent.values()) if pids and len(spent) == len(pids) else None


def _cpu_by_pid(pids: list[int]) -> dict[int, float]:
    """Each process's CPU seconds so far, of those /proc shows (this machine's)."""
    ticks = os.sysconf("SC_CLK_TCK")
    spent = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        spent[pid] = (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    return spent


async def _backend_pids(url: str) -> list[int]:
    """The PostgreSQL backends serving ``url``'s database, if the server runs on this
    machine (their CPU is the database's share of a turn); none otherwise."""
    if not is_postgresql(url):
        return []
    import psycopg

    try:
        async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
            cur = await conn.execute(
                "SELECT pid FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            pids = [int(row[0]) for row in await cur.fetchall()]
    except psycopg.Error:
        return []
    return pids if _postgres_here(pids) else []


def _postgres_here(pids: list[int]) -> bool:
    """Whether every pid is a PostgreSQL process on this machine (not a remote server's
    pid that happens to exist here)."""
    try:
        return bool(pids) and all(
            b"postgres" in Path(f"/proc/{pid}/cmdline").read_bytes() for pid in pids
        )
    except OSError:
        return False
