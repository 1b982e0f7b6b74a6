"""CANON_DB and --db take store URLs: the same store through every form, bad ones in one line.

A store that cannot be opened is tried by a real process: its one line is all of stderr,
up to the interpreter's exit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from canon_cli import Ran, spawn
from canon_cli import canon as in_process
from canon_testing import CALIBRATED_POLICY_FILE, make_observation

NOW = "2026-02-19T14:30:00Z"


def canon(*args: str, env: dict[str, str], cwd: Path, process: bool = False) -> Ran:
    """``canon *args`` in ``cwd`` with ``env``, past calibration; a new process if ``process``."""
    full: dict[str, str | None] = {"NO_COLOR": "1", **env, "CANON_CONFIG": None}
    full["CANON_POLICY"] = str(CALIBRATED_POLICY_FILE)  # past calibration
    return (spawn if process else in_process)(*args, env=full, cwd=cwd)


@pytest.mark.parametrize(
    ("how", "store"),
    [
        ("CANON_DB={url}", "sqlite://{tmp}/canon.db"),  # tmp starts with /: sqlite:///tmp/...
        ("CANON_DB={url}", "sqlite:canon.db"),  # relative to the working directory
        ("CANON_DB={url}", "{tmp}/canon.db"),  # a plain path, as before
        ("--db {url}", "sqlite://{tmp}/canon.db"),
    ],
)
def test_a_store_url_selects_the_same_sqlite_file(tmp_path: Path, how: str, store: str) -> None:
    url = store.format(tmp=tmp_path)
    env = {"CANON_DB": url} if how.startswith("CANON_DB") else {"CANON_DB": "/nowhere/x.db"}
    options = ["--db", url] if how.startswith("--db") else []
    feed = tmp_path / "obs.jsonl"
    feed.write_text(json.dumps(make_observation("travel.location", "Tahoe")) + "\n")

    ingested = canon(*options, "ingest", str(feed), "--now", NOW, "--json", env=env, cwd=tmp_path)
    assert ingested.returncode == 0, ingested.stderr
    state = canon(*options, "state", "--json", "--now", NOW, env=env, cwd=tmp_path)
    assert state.returncode == 0, state.stderr
    assert json.loads(state.stdout)["user:primary"]["travel.location"]["value"] == "Tahoe"
    assert (tmp_path / "canon.db").is_file()


@pytest.mark.parametrize(
    ("url", "error"),
    [
        (
            "mysql://db/canon",
            "canon: error: CANON_DB: store URL 'mysql://db/canon': unknown scheme",
        ),
        (
            # Nothing listens on port 1: the connection is refused at once.
            "postgresql://sam:hunter2@127.0.0.1:1/canon",
            "canon: error: cannot open store postgresql://127.0.0.1:1/canon: connection failed",
        ),
    ],
)
def test_a_store_url_canon_cannot_open_is_one_line(tmp_path: Path, url: str, error: str) -> None:
    result = canon("state", env={"CANON_DB": url}, cwd=tmp_path, process=True)
    assert result.returncode == 2
    assert result.stderr.startswith(error), result.stderr
    assert result.stderr.count("\n") == 1
    assert "hunter2" not in result.stderr
    assert "Traceback" not in result.stderr


def test_every_command_works_on_postgresql(tmp_path: Path, postgres_url: str) -> None:
    """The same user story on PostgreSQL: ingest, a question, its answer, why, history,
    status and a sources poll, all through CANON_DB."""
    env = {"CANON_DB": postgres_url}
    feed = tmp_path / "obs.jsonl"
    feed.write_text(
        "\n".join(
            json.dumps(o)
            for o in (
                make_observation("travel.location", "Tahoe"),
                make_observation("profile.home_city", "Oakland"),
            )
        )
        + "\n"
    )

    def ok(*args: str) -> str:
        result = canon(*args, env=env, cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        return result.stdout

    ok("init")
    ok("ingest", str(feed), "--now", NOW)
    pending = json.loads(ok("pending", "--json"))
    (question,) = [p for p in pending["pending"] if p["field"] == "profile.home_city"]
    ok("answer", question["id"], "confirm", "--now", NOW)
    state = json.loads(ok("state", "--json", "--now", NOW))["user:primary"]
    assert state["travel.location"]["value"] == "Tahoe"
    assert state["profile.home_city"]["value"] == "Oakland"
    assert "Oakland" in ok("why", "profile.home_city")
    assert "Tahoe" in ok("history", "travel.location")
    assert "2 facts" in ok("status")
    assert ok("poll", "--now", NOW).strip() == (
        "no sources configured: add [[sources]] to the CANON_CONFIG file"
    )
