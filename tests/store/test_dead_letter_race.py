"""Several `canon` processes retrying and answering one dead-letter queue at once.

The documented deployment retries due dead letters from the bot's job queue
and from `canon poll --every`, both on one SQLite file. Here real `canon dlq
--retry` processes race round after round over many due letters: whatever the
interleaving, each letter is retried once per due step, and each permanently
failed letter raises exactly one review question and (travel, financial) one
alert. Then real `canon answer` processes race on one dead-letter question:
one settles it, the others are told it was already answered.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
from collections import Counter
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from canon_testing import NOW, make_observation
from test_multiprocess import canon_command, rows

from core.domain.error_sentences import plain_reason
from core.domain.policy import default_policy
from core.domain.timeutil import format_ts
from core.domain.validation import schema_errors
from core.engine.dead_letter_intake import RETRY_DELAYS, dead_letter_for
from core.engine.deadletters import retry_due
from core.engine.engine import Engine
from core.store.sqlite import SQLiteStore

PROCESSES = 5
DOMAINS = ("travel", "financial", "profile")
ROUNDS = (NOW, NOW + timedelta(hours=1), NOW + timedelta(hours=2))
"""Every waiting letter is due again in each round (the longest delay is 30 minutes)."""


def canon_env(db: Path) -> dict[str, str]:
    env = {**os.environ, "CANON_DB": str(db), "NO_COLOR": "1"}
    env.pop("CANON_POLICY", None)
    env.pop("CANON_CONFIG", None)
    return env


def run_all(db: Path, args: list[str]) -> list[subprocess.CompletedProcess[str]]:
    """``PROCESSES`` copies of ``canon *args``, started together."""
    procs = [
        subprocess.Popen(
            [*canon_command(), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=canon_env(db),
        )
        for _ in range(PROCESSES)
    ]
    done = []
    for proc in procs:
        stdout, stderr = proc.communicate(timeout=120)
        done.append(subprocess.CompletedProcess(proc.args, proc.returncode, stdout, stderr))
    return done


async def seed(db: Path) -> tuple[dict[str, int], dict[str, dict[str, Any]]]:
    """Invalid letters at every retry step, all due at ``NOW``, and letters whose
    payloads validate now (a fixed schema). Returns {invalid id: retries so far}
    and {valid id: payload}."""
    store = SQLiteStore(db)
    await store.open()
    invalid: dict[str, int] = {}
    valid: dict[str, dict[str, Any]] = {}
    try:
        for i in range(36):
            domain = DOMAINS[i % len(DOMAINS)]
            field = {"travel": "travel.status", "financial": "financial.rent.amount"}.get(
                domain, "profile.home_city"
            )
            payload = make_observation(field, "x", event_ts=f"bad-{i}")
            letter = dead_letter_for(
                "state_observation", payload, schema_errors("state_observation", payload), NOW
            )
            retries = i % len(RETRY_DELAYS)
            await store.add_dead_letter(replace(letter, retry_count=retries, next_retry_at=NOW))
            invalid[letter.id] = retries
        for i in range(12):
            payload = make_observation("profile.home_city", f"City {i}", entity=f"user:dl{i}")
            letter = dead_letter_for("state_observation", payload, ["$: older schema"], NOW)
            await store.add_dead_letter(replace(letter, next_retry_at=NOW))
            valid[letter.id] = payload
    finally:
        await store.close()
    return invalid, valid


def test_concurrent_retries_retry_each_letter_once_and_escalate_it_once(tmp_path: Path) -> None:
    db = tmp_path / "shared.db"
    invalid, valid = asyncio.run(seed(db))
    letters_left = dict(invalid)
    for round_no, clock in enumerate(ROUNDS):
        due = len(rows(db, "SELECT id FROM dead_letters WHERE status = 'waiting'"))
        runs = run_all(db, ["dlq", "--retry", "--now", format_ts(clock), "--json"])
        assert all(r.returncode == 0 for r in runs), [r.stderr for r in runs]
        reports = [json.loads(r.stdout)["retry"] for r in runs]
        # Each due letter is retried by exactly one process in this round.
        assert sum(r["retried"] for r in reports) == due
        assert sum(r["resolved"] for r in reports) == (len(valid) if round_no == 0 else 0)
        failing_now = [i for i, n in letters_left.items() if n + 1 == len(RETRY_DELAYS)]
        assert sum(r["permanently_failed"] for r in reports) == len(failing_now)
        letters_left = {i: n + 1 for i, n in letters_left.items() if i not in failing_now}
    assert letters_left == {}

    stored = {
        letter_id: (status, count, datetime.fromisoformat(at))
        for letter_id, status, count, at in rows(
            db, "SELECT id, status, retry_count, last_attempt FROM dead_letters"
        )
    }
    for letter_id, retries in invalid.items():
        # Retried once per round until it failed for good: three retries in all.
        failed_at = ROUNDS[len(RETRY_DELAYS) - retries - 1]
        assert stored[letter_id] == ("permanently_failed", 3, failed_at)
    for letter_id in valid:
        assert stored[letter_id] == ("resolved", 1, NOW)
    logged = Counter(e for (e,) in rows(db, "SELECT event_id FROM events"))
    assert {p["event_id"]: 1 for p in valid.values()} == logged

    questions = Counter(
        json.loads(c)
        for (c,) in rows(db, "SELECT candidate_json FROM review_items WHERE kind = 'dead_letter'")
    )
    assert questions == dict.fromkeys(invalid, 1)
    # One alert per travel/financial letter (each message names its letter's own error).
    alerting = rows(db, "SELECT errors FROM dead_letters WHERE domain IN ('travel', 'financial')")
    alerts = Counter(m for (m,) in rows(db, "SELECT message FROM alerts"))
    assert set(alerts.values()) == {1}
    assert len(alerts) == len(alerting) == len(invalid) * 2 // len(DOMAINS)
    for (errors,) in alerting:
        assert sum(plain_reason(json.loads(errors)[0]) in m for m in alerts) == 1


def test_concurrent_answers_settle_a_dead_letter_question_once(tmp_path: Path) -> None:
    db = tmp_path / "shared.db"
    bad = make_observation("travel.location", "Reno", event_ts="yesterday")
    clock = asyncio.run(failed_for_good(db, bad))
    ((item_id,),) = rows(db, "SELECT id FROM review_items WHERE kind = 'dead_letter'")
    corrected = json.dumps({**bad, "event_ts": format_ts(NOW)})

    runs = run_all(db, ["answer", item_id, "edit", corrected, "--now", format_ts(clock)])

    assert sorted(r.returncode for r in runs) == [0] + [2] * (PROCESSES - 1)
    for refused in (r for r in runs if r.returncode):
        assert "already" in refused.stderr
        assert len(refused.stderr.strip().splitlines()) == 1
    assert rows(db, "SELECT status FROM review_items WHERE kind = 'dead_letter'") == [("edited",)]
    assert rows(db, "SELECT status FROM dead_letters") == [("resolved",)]
    assert rows(db, "SELECT count(*) FROM events WHERE field = 'travel.location'") == [(1,)]
    assert len(rows(db, "SELECT * FROM alerts")) == 1


async def failed_for_good(db: Path, bad: dict[str, Any]) -> datetime:
    """``bad`` ingested and retried at each step until it failed for good (and raised its
    question), in this process as `canon ingest` and `canon dlq --retry` do (the race is
    the answers'; four process starts before it were seconds of the suite). The clock then."""
    store = SQLiteStore(db)
    await store.open()
    try:
        engine = Engine(store, default_policy())
        (ingested,) = await engine.ingest_batch([bad], now=NOW)
        assert ingested.decision == "invalid"
        clock = NOW
        for delay in RETRY_DELAYS:
            clock += delay
            await retry_due(engine, clock)
    finally:
        await store.close()
    return clock
