"""`canon loadtest` drives simulated users through a real `canon serve` and reports every
turn: as many turns as users × turns, none lost, and one run per worker count."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from live_server import CANON, environment


def test_loadtest_reports_every_turn_of_every_run(tmp_path: Path) -> None:
    done = subprocess.run(
        [*CANON, "loadtest", "--users", "2", "--turns", "3", "--workers", "1,2", "--json"],
        capture_output=True,
        text=True,
        env=environment(tmp_path / "unused.db"),
        timeout=240,
        check=True,
    )
    figures = json.loads(done.stdout)
    assert (figures["store"], figures["users"]) == ("sqlite", 2)
    assert [(r["workers"], r["turns"], r["errors"]) for r in figures["runs"]] == [
        (1, 6, 0),
        (2, 6, 0),
    ]
    first, second = figures["runs"]
    assert first["speedup"] == 1.0
    assert first["turns_per_s"] > 0
    assert second["turn_p99_ms"] >= second["turn_p50_ms"] > 0
