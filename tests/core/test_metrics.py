"""Success metrics, measured from a small log built through the real engine.

The log (T = NOW), every value below worked out by hand from it:

user:primary, travel
  T       "I'm in Tahoe" (conversation)        auto-commit location=Tahoe      [A1]
  T+1m    calendar says status in_progress      asked; Yes at T+3m (120 s)      [C1]
  T+5m    the T input again                     a duplicate, ignored
  T+10m   an email says location Reno           tentatively rejected (evidence only)
  T+1h    /forget location                      asked; Yes at T+1h+30s (30 s)   [F1]
family:home, travel
  T       calendar says location Tahoe          asked; Edit "Truckee" at T+10m (600 s)  [E1]
  T+2m    "we're travelling" (conversation)     auto-commit status=in_progress  [A2]
  T+20m   an unreadable payload                 a dead letter, still waiting

Window [T-1h, T+2d]. A1 is corrected (the user's F1 replaced it within 7 days); A2 is not.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from canon_cli import Ran
from canon_cli import canon as run_canon
from canon_testing import NOW, calibrated_policy, make_observation

from core.domain.timeutil import format_ts
from core.engine.corrections import propose_forget
from core.engine.engine import Engine
from core.engine.metrics import measure
from core.engine.metrics_report import MetricsReport, report_json
from core.store.factory import open_store

SINCE, UNTIL = NOW - timedelta(hours=1), NOW + timedelta(days=2)
TWO_DAYS = 2 * 86400.0
ME, HOME = "user:primary", "family:home"


async def build_log(engine: Engine) -> None:
    def at(minutes: float) -> Any:
        return NOW + timedelta(minutes=minutes)

    told = make_observation("travel.location", "Tahoe", at=at(0))
    assert (await engine.ingest(told, now=at(0))).decision == "auto_commit"
    calendar = make_observation("travel.status", "in_progress", source="calendar", at=at(1))
    asked = await engine.ingest(calendar, now=at(1))
    assert asked.decision == "ask_user"
    assert asked.review_item_id
    await engine.answer(asked.review_item_id, "confirm", now=at(3))
    await engine.ingest(told, now=at(5))
    mail = make_observation("travel.location", "Reno", source="email", at=at(10))
    assert (await engine.ingest(mail, now=at(10))).decision == "tentative_reject"
    forget = await propose_forget(engine, [ME], "travel.location", at(60))
    await engine.answer(forget.id, "confirm", now=at(60.5))

    home = make_observation("travel.location", "Tahoe", source="calendar", entity=HOME, at=at(0))
    asked_home = await engine.ingest(home, now=at(0))
    assert asked_home.decision == "ask_user"
    assert asked_home.review_item_id
    await engine.answer(asked_home.review_item_id, "edit", "Truckee", now=at(10))
    going = make_observation("travel.status", "in_progress", entity=HOME, at=at(2))
    assert (await engine.ingest(going, now=at(2))).decision == "auto_commit"
    assert (await engine.ingest({"entity_id": HOME}, now=at(20))).decision == "invalid"


@pytest.fixture(params=["sqlite", "memory"])
async def engine(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Engine]:
    url = str(tmp_path / "canon.db") if request.param == "sqlite" else "memory://"
    store = open_store(url)
    await store.open()
    try:
        yield Engine(store, calibrated_policy())
    finally:
        await store.close()


def value(report: MetricsReport, scope: tuple[str, str] | None, name: str) -> float | None:
    if scope is None:
        found = report.overall.metrics.get(name) or report.system[name]
        return found.value
    (chosen,) = [s for s in report.scopes if (s.entity_id, s.domain) == scope]
    return chosen.metrics[name].value


EXPECTED: list[tuple[tuple[str, str] | None, str, float]] = [
    # scope          metric                                   by hand
    ((ME, "travel"), "auto_commit_precision", 0 / 1),  # A1 corrected
    ((ME, "travel"), "correction_rate", 1 / 3),  # A1 of A1, C1, F1
    ((ME, "travel"), "review_burden", 2 / 3),  # C1, F1 needed the user
    ((ME, "travel"), "confirmation_latency_median_seconds", (120 + 30) / 2),
    ((ME, "travel"), "validation_coverage", 1 / 2),  # C1: calendar + user; A1: one source
    ((ME, "travel"), "signal_freshness_seconds", TWO_DAYS - 600),  # the T+10m email
    ((ME, "travel"), "conflict_questions", 0),
    ((HOME, "travel"), "auto_commit_precision", 1 / 1),
    ((HOME, "travel"), "correction_rate", 0 / 2),
    ((HOME, "travel"), "review_burden", 1 / 2),  # E1
    ((HOME, "travel"), "confirmation_latency_median_seconds", 600),
    ((HOME, "travel"), "validation_coverage", 0 / 2),  # Truckee: user only; A2: one source
    ((HOME, "travel"), "signal_freshness_seconds", TWO_DAYS),  # the T calendar entry
    (None, "auto_commit_precision", 1 / 2),
    (None, "correction_rate", 1 / 5),
    (None, "review_burden", 3 / 5),
    (None, "confirmation_latency_median_seconds", 120),  # median of 30, 120, 600
    (None, "validation_coverage", 1 / 4),
    (None, "signal_freshness_seconds", TWO_DAYS - 600),
    # 8 events logged (5 inputs, 3 answers), 1 dead letter
    (None, "schema_validation_success", 8 / 9),
    (None, "idempotency_integrity", 1 / 1),
    (None, "dlq_unresolved_age_seconds", TWO_DAYS - 20 * 60),
]


@pytest.mark.parametrize(("scope", "name", "expected"), EXPECTED)
async def test_each_metric_matches_the_hand_computed_value(
    engine: Engine, scope: tuple[str, str] | None, name: str, expected: float
) -> None:
    await build_log(engine)
    report = await measure(engine.store, since=SINCE, now=UNTIL)
    assert value(report, scope, name) == pytest.approx(expected)


async def test_the_counts_behind_the_ratios(engine: Engine) -> None:
    await build_log(engine)
    report = await measure(engine.store, since=SINCE, now=UNTIL)
    assert report.overall.counts == {
        "state_changes": 5,
        "auto_commits": 2,
        "corrected": 1,
        "by_user": 3,
        "answers": 3,
        "shadow_answers": 0,
    }
    assert report.counts == {
        "events": 8,
        "duplicates_seen": 1,
        "duplicates_ignored": 1,
        "dead_letters": 1,
        "dead_letters_unresolved": 1,
        "propagated_commits": 2,  # A1, A2: auto-commits of what was said
        "projection_writes": 0,
        "projection_writes_drifted": 0,
        "static_values": 0,
        "intent_answers": 0,  # E1 and C1 asked about calendar entries
    }


async def test_an_entity_narrows_the_scopes_and_the_overall_figures(engine: Engine) -> None:
    await build_log(engine)
    report = await measure(engine.store, since=SINCE, now=UNTIL, entity_id=HOME)
    assert [(s.entity_id, s.domain) for s in report.scopes] == [(HOME, "travel")]
    assert report.overall.entity_id == HOME
    assert report.overall.metrics["review_burden"].value == pytest.approx(1 / 2)


async def test_a_correction_after_the_window_closed_is_not_counted_yet(engine: Engine) -> None:
    """At T+30m the /forget (T+1h) has not happened: A1 still stands."""
    await build_log(engine)
    report = await measure(engine.store, since=SINCE, now=NOW + timedelta(minutes=30))
    assert value(report, (ME, "travel"), "auto_commit_precision") == 1.0


async def test_evidence_that_came_after_now_does_not_cover_a_value(engine: Engine) -> None:
    await build_log(engine)
    later = UNTIL + timedelta(days=1)
    calendar = make_observation(
        "travel.status", "in_progress", source="calendar", entity=HOME, at=later
    )
    await engine.ingest(calendar, now=later)
    assert (
        value(
            await measure(engine.store, since=SINCE, now=UNTIL),
            (HOME, "travel"),
            "validation_coverage",
        )
        == 0
    )
    at_later = await measure(engine.store, since=SINCE, now=later)
    assert value(at_later, (HOME, "travel"), "validation_coverage") == pytest.approx(1 / 2)


async def test_what_happened_before_the_window_is_left_out(engine: Engine) -> None:
    await build_log(engine)
    report = await measure(engine.store, since=NOW + timedelta(minutes=30), now=UNTIL)
    assert report.overall.counts == {
        "state_changes": 1,  # only F1
        "auto_commits": 0,
        "corrected": 0,
        "by_user": 1,
        "answers": 1,
        "shadow_answers": 0,
    }
    assert report.counts["events"] == 1
    assert report.overall.metrics["auto_commit_precision"].reason == "no auto-commits in the window"


async def test_an_empty_store_gives_nulls_with_reasons(engine: Engine) -> None:
    report = report_json(await measure(engine.store, since=SINCE, now=UNTIL))
    assert report["scopes"] == []
    measured = {**report["overall"]["metrics"], **report["system"]}
    assert measured.pop("conflict_questions") == {"value": 0.0, "reason": None}
    for name, metric in measured.items():
        assert metric["value"] is None, name
        assert metric["reason"], name


def canon(db: Path, *args: str) -> Ran:
    return run_canon("--db", str(db), "metrics", *args)


@pytest.fixture
async def logged_db(tmp_path: Path) -> Path:
    db = tmp_path / "canon.db"
    store = open_store(str(db))
    await store.open()
    try:
        await build_log(Engine(store, calibrated_policy()))
    finally:
        await store.close()
    return db


async def test_the_cli_prints_stable_json(logged_db: Path) -> None:
    done = canon(logged_db, "--json", "--since", "49h", "--now", format_ts(UNTIL))
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["window"] == {"since": format_ts(SINCE), "now": format_ts(UNTIL)}
    assert report["overall"]["metrics"]["review_burden"]["value"] == pytest.approx(3 / 5)
    assert [(s["entity_id"], s["domain"]) for s in report["scopes"]] == [
        (HOME, "travel"),
        (ME, "travel"),
    ]
    assert report["system"]["threshold_stability"]["value"] == 0.0  # the fixed policy


async def test_the_cli_prints_a_table_for_people(logged_db: Path) -> None:
    done = canon(logged_db, "--since", format_ts(SINCE), "--now", format_ts(UNTIL))
    assert done.returncode == 0, done.stderr
    assert "auto_commit_precision" in done.stdout
    assert "Per entity and domain" in done.stdout


@pytest.mark.parametrize(
    ("since", "said"),
    [
        ("yesterday", "--since wants an RFC 3339 time or a span"),
        ("2026-02-19 14:30", "--since wants an RFC 3339 time or a span"),
        ("2099-01-01T00:00:00Z", "is after --now"),
    ],
)
async def test_a_bad_since_is_one_line(logged_db: Path, since: str, said: str) -> None:
    done = canon(logged_db, "--since", since, "--now", format_ts(UNTIL))
    assert done.returncode == 2
    assert done.stdout == ""
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith("canon: error: ")
    assert said in line
