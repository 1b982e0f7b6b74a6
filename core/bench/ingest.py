"""``canon bench``: throughput and latency figures, printed, never asserted.

One run on a file-backed, durable (WAL, synchronous=FULL) store holding
``facts`` committed facts: the full pipeline (validate, resolve, persist in one
transaction per observation) against a raw SQLite baseline that inserts the
same rows with the same durability in the same run.
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
from typing import Any

from core.bench.extraction import extraction_figures
from core.domain.ids import new_id
from core.domain.policy import default_policy
from core.domain.state import CommittedFact
from core.domain.timeutil import format_ts
from core.engine.engine import Engine
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


@dataclass(frozen=True)
class BenchConfig:
    facts: int = 100_000
    observations: int = 5_000
    latency_samples: int = 2_000
    seed: int = 7


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


async def run_bench(config: BenchConfig, progress: Progress | None = None) -> dict[str, Any]:
    """Run every benchmark once; the figures as a JSON-ready dict."""
    rng = random.Random(config.seed)
    report = progress or (lambda _label, _done, _total: None)
    start_clock = datetime(2026, 2, 19, 12, 0, tzinfo=UTC)
    entities = max(1, config.facts // len(FIELDS))
    with tempfile.TemporaryDirectory(prefix="canon-bench-") as tmp:
        store = SQLiteStore(Path(tmp) / "bench.db", synchronous="FULL")
        await store.open()
        try:
            seeded = [
                CommittedFact(
                    entity_id=f"user:u{i // len(FIELDS)}",
                    field=FIELDS[i % len(FIELDS)],
                    value=VALUES[FIELDS[i % len(FIELDS)]][0],
                    version=1,
                    source_type="conversation_assertive",
                    source_ref="seed",
                    confidence=0.9,
                    event_id=new_id(),
                    evidence_ts=start_clock - timedelta(days=2),
                    committed_at=start_clock - timedelta(days=2),
                    resolution="auto_commit",
                )
                for i in range(config.facts)
            ]
            await store.import_facts(
                seeded, progress=lambda done: report("seeding facts", done, config.facts)
            )
            engine = Engine(store, default_policy())
            decisions: dict[str, int] = {}
            payloads = [
                _observation(rng, entities, start_clock) for _ in range(config.observations)
            ]
            # Throughput: the bulk path (`canon ingest`), group commit per 256 inputs.
            began = time.perf_counter()
            async for outcome in engine.ingest_many(payloads, now=start_clock):
                decisions[outcome.decision] = decisions.get(outcome.decision, 0) + 1
                if sum(decisions.values()) % 250 == 0:
                    report("ingesting", sum(decisions.values()), config.observations)
            elapsed = time.perf_counter() - began
            # Latency: one observation at a time, each its own durable transaction.
            latencies: list[float] = []
            singles = [
                _observation(rng, entities, start_clock) for _ in range(config.latency_samples)
            ]
            began_single = time.perf_counter()
            for i, payload in enumerate(singles):
                t0 = time.perf_counter()
                await engine.ingest(payload, now=start_clock)
                latencies.append((time.perf_counter() - t0) * 1000.0)
                if i % 250 == 0:
                    report("single-observation latency", i, config.latency_samples)
            elapsed_single = time.perf_counter() - began_single
        finally:
            await store.close()
        baseline = _sqlite_baseline(Path(tmp) / "baseline.db", payloads)
    latencies.sort()
    figures: dict[str, Any] = {
        "ingest_obs_per_s": round(config.observations / elapsed, 1),
        "ingest_p50_ms": round(statistics.median(latencies), 3),
        "ingest_p99_ms": round(latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))], 3),
        "ingest_single_tx_obs_per_s": round(config.latency_samples / elapsed_single, 1),
        "sqlite_baseline_rows_per_s": round(baseline, 1),
        "facts": config.facts,
        "observations": config.observations,
        "decisions": decisions,
        "durability": "WAL, synchronous=FULL; throughput with group commit of 256, latency one commit each",
    }
    report("extracting messages", 0, 1)
    figures.update(extraction_figures())
    figures.update(_context_figures())
    return figures


def _sqlite_baseline(path: Path, payloads: list[dict[str, Any]]) -> float:
    """Rows/s for plain inserts of the same events, one durable transaction each."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute(
            "CREATE TABLE events (seq INTEGER PRIMARY KEY, event_id TEXT UNIQUE, entity_id TEXT, "
            "field TEXT, value_json TEXT, payload TEXT)"
        )
        began = time.perf_counter()
        for p in payloads:
            db.execute("BEGIN IMMEDIATE")
            db.execute(
                "INSERT INTO events (event_id, entity_id, field, value_json, payload) VALUES (?, ?, ?, ?, ?)",
                (
                    p["event_id"],
                    p["entity_id"],
                    p["field"],
                    json.dumps(p["candidate_value"]),
                    json.dumps(p),
                ),
            )
            db.execute("COMMIT")
        return len(payloads) / (time.perf_counter() - began)
    finally:
        db.close()


def _context_figures() -> dict[str, Any]:
    """Median time to build the context block over 1,000 facts (pure; no store)."""
    try:
        from core.conversation.context import build_context
    except ImportError:
        return {}
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
