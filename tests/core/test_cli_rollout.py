"""``canon rollout`` from the user's side: the command line over a real SQLite file."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta
from pathlib import Path
from typing import Any

from canon_cli import Ran
from canon_cli import canon as run_canon
from canon_testing import NOW, make_observation

from core.domain.policy import default_policy
from core.domain.timeutil import format_ts
from core.engine.engine import Engine
from core.store.factory import open_store


def canon(db: Path, *args: str) -> Ran:
    return run_canon("--db", str(db), "rollout", *args)


def later(days: float) -> str:
    return format_ts(NOW + timedelta(days=days))


async def log_inputs(db: Path, invalid: int = 0) -> None:
    """Ten valid inputs at NOW (and ``invalid`` unreadable ones), through the real engine."""
    store = open_store(str(db))
    await store.open()
    try:
        engine = Engine(store, default_policy())
        for i in range(10):
            obs = make_observation("travel.location", f"Place {i}", at=NOW)
            await engine.ingest(obs, now=NOW + timedelta(minutes=i))
        for _ in range(invalid):
            await engine.ingest({"entity_id": "user:primary"}, now=NOW + timedelta(minutes=20))
    finally:
        await store.close()


def status(db: Path, now: str) -> dict[str, Any]:
    done = canon(db, "status", "--json", "--now", now)
    assert done.returncode == 0, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)
    return {d["domain"]: d for d in data["domains"]}


def test_promote_is_refused_naming_each_failing_gate(tmp_path: Path) -> None:
    db = tmp_path / "canon.db"
    asyncio.run(log_inputs(db, invalid=1))
    done = canon(db, "promote", "travel", "--now", later(2))
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 2
    assert "gate days_in_stage 2.0 days (needs >= 7.0 days): FAIL" in lines[0]
    assert "gate schema_validation_success 90.9% (needs >= 99.9%): FAIL" in lines[1]
    assert status(db, later(2))["travel"]["stage"] == "M"


def test_promote_moves_up_once_the_gates_pass_and_status_shows_the_next_gates(
    tmp_path: Path,
) -> None:
    db = tmp_path / "canon.db"
    asyncio.run(log_inputs(db))
    travel = status(db, later(8))["travel"]
    assert travel["ready"] is True
    assert [(g["name"], g["passed"]) for g in travel["gates"]] == [
        ("days_in_stage", True),
        ("schema_validation_success", True),
        ("incidents:data_loss", True),
    ]
    done = canon(db, "promote", "travel", "--now", later(8))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "travel: Stage M (MVP core) -> Stage 0 (shadow)"
    after = status(db, later(9))["travel"]
    assert (after["stage"], after["stage_since"], after["next_stage"]) == ("0", later(8), "1")
    agreement = {g["name"]: g for g in after["gates"]}["human_agreement"]
    assert (agreement["passed"], agreement["value"]) == (False, None)
    # The shadow stage has lasted one day: refused, and nothing changed.
    refused = canon(db, "promote", "travel", "--now", later(9))
    assert refused.returncode == 1
    assert "gate days_in_stage 1.0 days (needs >= 3.0 days): FAIL" in refused.stderr


def test_an_incident_blocks_promotion_and_check_is_idempotent(tmp_path: Path) -> None:
    db = tmp_path / "canon.db"
    asyncio.run(log_inputs(db))
    done = canon(db, "incident", "travel", "data_loss", "trip row vanished", "--now", later(1))
    assert done.returncode == 0, done.stderr
    refused = canon(db, "promote", "travel", "--now", later(8))
    assert refused.returncode == 1
    assert "gate incidents:data_loss 1 (needs == 0): FAIL" in refused.stderr
    for _ in range(2):
        check = canon(db, "check", "--now", later(8))
        assert check.stdout.strip() == "No rollback rule applies."


def test_unknown_domain_is_one_line(tmp_path: Path) -> None:
    db = tmp_path / "canon.db"
    done = canon(db, "promote", "weather")
    assert done.returncode == 2
    assert done.stderr.startswith("canon: error: unknown domain 'weather'")
    assert "Traceback" not in done.stderr
