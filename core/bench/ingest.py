"""``canon bench``: throughput and latency figures, printed, never asserted.

One run on a file-backed, durable (WAL, synchronous=FULL) store holding
``facts`` committed facts: the full pipeline (validate, resolve, persist in one
transaction per observation) against a raw SQLite baseline that inserts
comparable rows with the same durability and the same number of transactions,
in the same run and the same directory (``ingest_vs_sqlite_same_tx``).
"""

from __future__ import annotations

import json
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

import psycopg

from core.bench.extraction import extraction_figures
from core.conversation.context import build_context
from core.domain.ids import new_id
from core.domain.policy import default_policy
from core.domain.state import CommittedFact
from core.domain.timeutil import format_ts
from core.engine.engine import Engine
from core.errors import StoreError
from core.store.factory import open_store
from core.store.postgres import PostgresStore
from core.store.protocol import StoreBackend
from core.store.sqlite import SQLiteStore

FIELDS = (
    "travel.location",
    "travel.status",
    "project.canon.status",
    "financial.rent.amount",
    "family.emma.status",
)
VALUES: dict[str, tuple[Any, ...]] = {
    "travel.location": ("Tahoe", "Portland", "Nashville", "Mexico City", "SF"),
    "travel.status": ("planning", "in_progress", "completed"),
    "project.canon.status": ("planned", "in_progress", "shipped"),
    "financial.rent.amount": (2100, 2150, 2200),
    "family.emma.status": ("sick", "well"),
}
Progress = Callable[[str, int, int], None]
INGEST_BASELINES = {"ingest_single_tx_obs_per_s": "sqlite_baseline_rows_per_s"}
"""Canon's one-transaction-per-observation rate and the raw rate measured beside it (on
PostgreSQL the keys say postgresql instead of sqlite)."""
ROUND = 100
"""Single observations per turn before the raw baseline takes its turn."""


@dataclass(frozen=True)
class BenchConfig:
    facts: int = 100_000
    observations: int = 5_000
    latency_samples: int = 2_000
    seed: int = 7
    db: str | None = None
    """Store URL to run on (it must be empty); None: a fresh file in a temporary directory."""
    extract_messages: int = 600
    """Composed messages the extractor's and raw spaCy's figures read (half in batches, half
    one by one)."""


SeedableStore = StoreBackend
"""A store the bench can fill with committed facts before it measures (every backend)."""


def bench_store(url: str | None, scratch: Path) -> tuple[SeedableStore, Path]:
    """The (unopened) store the bench measures, and the directory for the raw baseline.

    The one place the bench turns a URL into a backend. The raw SQLite baseline
    writes beside a file-backed store, so both pay the same disk's fsync.
    """
    if url is None:
        return SQLiteStore(scratch / "bench.db", synchronous="FULL"), scratch
    store = open_store(url)
    if isinstance(store, SQLiteStore):
        return store, Path(store.path).resolve().parent
    return store, scratch


def _observation(rng: random.Random, entities: int, at: datetime) -> dict[str, Any]:
    field = rng.choice(FIELDS)
    return {
        "event_id": new_id(),
        "event_ts": format_ts(at),
        "entity_id": f"user:u{rng.randrange(entities)}",
        "domain": field.split(".", 1)[0],
        "field": field,
        "candidate_value": rng.choice(VALUES[field]),
        "intent": "assertive",
        "source": {
            "type": rng.choice(("conversation_assertive", "calendar", "transactions_email")),
            "ref": f"bench-{rng.randrange(1 << 30)}",
        },
        "extraction_confidence": 1.0,
    }


def _seed(facts: int, at: datetime) -> list[CommittedFact]:
    return [
        CommittedFact(
            entity_id=f"user:u{i // len(FIELDS)}",
            field=FIELDS[i % len(FIELDS)],
            value=VALUES[FIELDS[i % len(FIELDS)]][0],
            version=1,
            source_type="conversation_assertive",
            source_ref="seed",
            confidence=0.9,
            event_id=new_id(),
            evidence_ts=at - timedelta(days=2),
            committed_at=at - timedelta(days=2),
            resolution="auto_commit",
        )
        for i in range(facts)
    ]


async def run_bench(config: BenchConfig, progress: Progress | None = None) -> dict[str, Any]:
    """Run every benchmark once; the figures as a JSON-ready dict."""
    report = progress or (lambda _label, _done, _total: None)
    with tempfile.TemporaryDirectory(prefix="canon-bench-") as tmp:
        store, beside = bench_store(config.db, Path(tmp))
        await store.open()
        try:
            if await store.count_events() or await store.audit(limit=1):
                raise StoreError(f"canon bench needs an empty store; {config.db} has data")
            with tempfile.TemporaryDirectory(prefix="canon-bench-raw-", dir=beside) as raw:
                baseline: RawBaseline = (
                    _RawPostgres(store.url)
                    if isinstance(store, PostgresStore)
                    else _RawSQLite(Path(raw) / "baseline.db")
                )
                with baseline:
                    figures = await _ingest_figures(store, baseline, config, report)
        finally:
            await store.close()
    report("extracting messages", 0, 1)
    figures.update(extraction_figures(config.extract_messages))
    figures.update(_context_figures())
    return figures


async def _ingest_figures(
    store: SeedableStore, raw: RawBaseline, config: BenchConfig, report: Progress
) -> dict[str, Any]:
    rng = random.Random(config.seed)
    start_clock = datetime(2026, 2, 19, 12, 0, tzinfo=UTC)
    entities = max(1, config.facts // len(FIELDS))
    await store.import_facts(
        _seed(config.facts, start_clock),
        progress=lambda done: report("seeding facts", done, config.facts),
    )
    engine = Engine(store, default_policy())
    decisions: dict[str, int] = {}
    payloads = [_observation(rng, entities, start_clock) for _ in range(config.observations)]
    # Throughput: the bulk path (`canon ingest`), group commit per 256 inputs.
    began = time.perf_counter()
    async for outcome in engine.ingest_many(payloads, now=start_clock):
        decisions[outcome.decision] = decisions.get(outcome.decision, 0) + 1
        if sum(decisions.values()) % 250 == 0:
            report("ingesting", sum(decisions.values()), config.observations)
    elapsed = time.perf_counter() - began
    # Latency: one observation at a time, each its own durable transaction,
    # against raw SQLite doing one durable insert per observation. The two take
    # turns, a round each, so a machine that gets busier halfway slows both alike.
    singles = [_observation(rng, entities, start_clock) for _ in range(config.latency_samples)]
    latencies: list[float] = []
    raw_seconds = 0.0
    for first in range(0, len(singles), ROUND):
        for payload in singles[first : first + ROUND]:
            t0 = time.perf_counter()
            await engine.ingest(payload, now=start_clock)
            latencies.append((time.perf_counter() - t0) * 1000.0)
        raw_seconds += raw.insert_each(singles[first : first + ROUND])
        report("single-observation latency", first, config.latency_samples)
    single_rate = len(singles) / (sum(latencies) / 1000.0)
    raw_rate = len(singles) / raw_seconds
    latencies.sort()
    return {
        "ingest_obs_per_s": round(config.observations / elapsed, 1),
        "ingest_p50_ms": round(statistics.median(latencies), 3),
        "ingest_p99_ms": round(latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))], 3),
        "ingest_single_tx_obs_per_s": round(single_rate, 1),
        f"{raw.name}_baseline_rows_per_s": round(raw_rate, 1),
        f"ingest_vs_{raw.name}_same_tx": round(single_rate / raw_rate, 3),
        "facts": config.facts,
        "observations": config.observations,
        "decisions": decisions,
        "durability": f"{raw.durability}; throughput with group commit of 256, "
        "latency one commit each",
    }


class RawBaseline(Protocol):
    """The same number of durable transactions as Canon's, done by the raw driver."""

    name: str
    durability: str

    def __enter__(self) -> RawBaseline: ...

    def __exit__(self, *_exc: object) -> None: ...

    def insert_each(self, payloads: list[dict[str, Any]]) -> float:
        """Seconds to insert ``payloads``, one durable transaction each."""
        ...


class _RawSQLite:
    """The baseline: plain sqlite3, one INSERT of a comparable event row per durable transaction."""

    name = "sqlite"
    durability = "WAL, synchronous=FULL"

    def __init__(self, path: Path) -> None:
        self._db = sqlite3.connect(path, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute(
            "CREATE TABLE events (seq INTEGER PRIMARY KEY, event_id TEXT UNIQUE, entity_id TEXT, "
            "field TEXT, value_json TEXT, payload TEXT)"
        )

    def __enter__(self) -> _RawSQLite:
        return self

    def __exit__(self, *_exc: object) -> None:
        self._db.close()

    def insert_each(self, payloads: list[dict[str, Any]]) -> float:
        """Seconds to insert ``payloads``, one durable transaction each."""
        began = time.perf_counter()
        for p in payloads:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute(
                "INSERT INTO events (event_id, entity_id, field, value_json, payload) VALUES (?, ?, ?, ?, ?)",
                (
                    p["event_id"],
                    p["entity_id"],
                    p["field"],
                    json.dumps(p["candidate_value"]),
                    json.dumps(p),
                ),
            )
            self._db.execute("COMMIT")
        return time.perf_counter() - began


class _RawPostgres:
    """The baseline on PostgreSQL: plain psycopg, one INSERT of a comparable event row per
    transaction (autocommit), into a table of the measured database, dropped afterwards."""

    name = "postgresql"

    def __init__(self, url: str) -> None:
        self._db = psycopg.connect(url, autocommit=True)
        sync = self._db.execute("SHOW synchronous_commit").fetchone()
        fsync = self._db.execute("SHOW fsync").fetchone()
        self.durability = (
            f"PostgreSQL, fsync={fsync[0] if fsync else '?'}, "
            f"synchronous_commit={sync[0] if sync else '?'}"
        )
        self._db.execute(
            "CREATE TABLE canon_bench_baseline (seq bigint GENERATED ALWAYS AS IDENTITY "
            "PRIMARY KEY, event_id text UNIQUE, entity_id text, field text, value_json text, "
            "payload text)"
        )

    def __enter__(self) -> _RawPostgres:
        return self

    def __exit__(self, *_exc: object) -> None:
        try:
            self._db.execute("DROP TABLE IF EXISTS canon_bench_baseline")
        finally:
            self._db.close()

    def insert_each(self, payloads: list[dict[str, Any]]) -> float:
        began = time.perf_counter()
        for p in payloads:
            self._db.execute(
                "INSERT INTO canon_bench_baseline (event_id, entity_id, field, value_json, "
                "payload) VALUES (%s, %s, %s, %s, %s)",
                (
                    p["event_id"],
                    p["entity_id"],
                    p["field"],
                    json.dumps(p["candidate_value"]),
                    json.dumps(p),
                ),
            )
        return time.perf_counter() - began


def _context_figures() -> dict[str, Any]:
    """Median time to build the context block over 1,000 facts (pure; no store)."""
    at = datetime(2026, 2, 19, 12, 0, tzinfo=UTC)
    facts = [
        CommittedFact(
            entity_id=f"user:u{i % 20}",
            field=f"project.p{i}.status",
            value="in_progress",
            version=1,
            source_type="conversation_assertive",
            source_ref="bench",
            confidence=0.9,
            event_id=new_id(),
            evidence_ts=at - timedelta(minutes=i),
            committed_at=at - timedelta(minutes=i),
            resolution="auto_commit",
        )
        for i in range(1000)
    ]
    samples = []
    for _ in range(200):
        t0 = time.perf_counter()
        build_context(facts, (), at, stale_after_hours={"project": 336.0})
        samples.append((time.perf_counter() - t0) * 1000.0)
    return {"context_ms_1000_facts": round(statistics.median(samples), 3)}
