"""Several `canon` processes on one SQLite file behave as one writer.

The documented deployment runs a cron `canon poll` beside the bot; here real
`canon ingest` processes race on the same entity and fields with conflicting
values. Whatever interleaving happens, the stored result must be what SOME
serial order of their inputs gives: the order the event log recorded.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

from canon_testing import NOW, make_observation

from core.domain.audit import show_value
from core.domain.policy import default_policy
from core.domain.timeutil import format_ts
from core.engine.engine import Engine
from core.store.migrations.sqlite import MIGRATIONS
from core.store.sqlite import SQLiteStore

PROCESSES = 6
LINES_PER_PROCESS = 40
ENTITY = "user:race"
FIELDS: dict[str, tuple[Any, ...]] = {
    "travel.location": ("Tahoe", "Reno", "Portland"),
    "travel.status": ("planning", "in_progress", "completed"),
    "profile.home_city": ("Seattle", "Oakland"),
    "financial.rent.amount": (2100, 2200),
}
SOURCES = ("conversation", "calendar", "manual_markdown", "static_markdown", "execution")


def canon_command() -> list[str]:
    """The worktree's installed `canon`, as a user runs it."""
    script = Path(sys.executable).parent / "canon"
    return [str(script)] if script.exists() else [sys.executable, "-m", "core.cli"]


def observations(rng: random.Random, shared: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Conflicting claims about the same fields, from different sources and times;
    a few are the very same events another process also sends."""
    lines = []
    for _ in range(LINES_PER_PROCESS):
        field = rng.choice(list(FIELDS))
        retract = rng.random() < 0.05
        lines.append(
            make_observation(
                field,
                None if retract else rng.choice(FIELDS[field]),
                intent="retract" if retract else rng.choice(("assertive",) * 4 + ("planning",)),
                source="manual_markdown" if retract else rng.choice(SOURCES),
                at=NOW - timedelta(minutes=rng.randrange(0, 72 * 60)),
                entity=ENTITY,
            )
        )
    for payload in shared:
        lines.insert(rng.randrange(len(lines) + 1), payload)
    return lines


def run_concurrently(db: Path, feeds: list[Path]) -> list[dict[str, int]]:
    env = {**os.environ, "CANON_DB": str(db), "NO_COLOR": "1"}
    env.pop("CANON_POLICY", None)
    env.pop("CANON_CONFIG", None)
    procs = [
        subprocess.Popen(
            [*canon_command(), "ingest", str(feed), "--now", format_ts(NOW), "--json"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for feed in feeds
    ]
    summaries = []
    for proc in procs:
        stdout, stderr = proc.communicate(timeout=120)
        assert proc.returncode == 0, stderr
        summaries.append(json.loads(stdout))
    return summaries


def rows(db: Path, sql: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute(sql).fetchall()


async def test_concurrent_ingests_equal_the_serial_order_the_log_recorded(tmp_path: Path) -> None:
    db = tmp_path / "shared.db"
    rng = random.Random(9)
    shared = [
        make_observation("travel.location", "Tahoe", source="calendar", entity=ENTITY),
        make_observation("profile.home_city", "Oakland", entity=ENTITY),
    ]
    feeds = []
    sent: dict[str, dict[str, Any]] = {}
    for i in range(PROCESSES):
        feed = tmp_path / f"feed-{i}.jsonl"
        lines = observations(rng, shared)
        sent.update((p["event_id"], p) for p in lines)
        feed.write_text("".join(json.dumps(p) + "\n" for p in lines))
        feeds.append(feed)

    summaries = run_concurrently(db, feeds)

    # The commit order: each `canon ingest` line is one transaction, and the log's
    # seq is assigned under the write lock.
    everything = rows(db, "SELECT event_id, decision, confidence, reasons FROM events ORDER BY seq")
    # What the engine itself added (a trip's other fields changing with it: the same
    # engine adds them again in the serial replay) is not an input line.
    logged = [row for row in everything if row[0] in sent]
    total = PROCESSES * (LINES_PER_PROCESS + len(shared))
    duplicates = sum(s["duplicate"] for s in summaries)
    assert len(logged) + duplicates == total
    assert duplicates == (PROCESSES - 1) * len(shared)

    serial = SQLiteStore(tmp_path / "serial.db")
    await serial.open()
    try:
        engine = Engine(serial, default_policy())
        for event_id, decision, confidence, reasons in logged:
            outcome = await engine.ingest(sent[event_id], now=NOW)
            assert (outcome.decision, outcome.confidence) == (decision, confidence)
            assert list(outcome.reasons) == json.loads(reasons)
    finally:
        await serial.close()

    def state(path: Path) -> dict[str, list[tuple[Any, ...]]]:
        return {
            "events": rows(
                path, "SELECT event_id, decision, confidence, patch FROM events ORDER BY seq"
            ),
            "commits": rows(
                path,
                "SELECT field, version, old_json, new_json, retracted, event_id, audit_line "
                "FROM commits ORDER BY seq",
            ),
            "facts": rows(path, "SELECT * FROM facts ORDER BY entity_id, field"),
            "reviews": rows(
                path,
                "SELECT event_id, field, candidate_json, status FROM review_items ORDER BY seq",
            ),
            "rejections": rows(path, "SELECT * FROM rejections ORDER BY 1, 2, 3, 4"),
        }

    assert state(db) == state(tmp_path / "serial.db")

    # No commit overwrote a value its decision did not see: the value the audit
    # line says it replaced is the one committed just before it.
    commits = rows(
        db, "SELECT field, old_json, new_json, retracted, audit_line FROM commits ORDER BY seq"
    )
    assert commits
    previous: dict[str, Any] = {}
    for field, old_json, new_json, retracted, line in commits:
        assert json.loads(old_json) == previous.get(field)
        assert f" {field} {show_value(previous.get(field))} -> " in line
        previous[field] = None if retracted else json.loads(new_json)


def test_concurrent_first_runs_migrate_a_fresh_store_once(tmp_path: Path) -> None:
    db = tmp_path / "fresh.db"
    env = {**os.environ, "CANON_DB": str(db), "NO_COLOR": "1"}
    env.pop("CANON_CONFIG", None)
    procs = [
        subprocess.Popen(
            [*canon_command(), "status"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for _ in range(8)
    ]
    for proc in procs:
        _, stderr = proc.communicate(timeout=120)
        assert proc.returncode == 0, stderr
    applied = [name for (name,) in rows(db, "SELECT name FROM schema_migrations ORDER BY name")]
    assert applied == sorted(name for name, _ in MIGRATIONS)
    assert rows(db, "SELECT count(*) FROM sqlite_master WHERE name = 'events'") == [(1,)]
