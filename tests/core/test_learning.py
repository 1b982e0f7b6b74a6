"""Adaptive learning: EMA steps within hard bounds, from a day's outcomes, replayable."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from canon_cli import Ran
from canon_cli import canon as run_canon
from canon_testing import CALIBRATED_POLICY_FILE, NOW, calibrated_policy, make_observation

from core.domain.policy import RolloutConfig, default_policy
from core.domain.rollout import PolicyEvent, RolloutState, domain_thresholds, fold_policy_events
from core.domain.timeutil import format_ts
from core.engine.corrections import propose_forget
from core.engine.engine import Engine
from core.engine.learning import (
    DayOutcomes,
    ema_step,
    learn_day,
    learning_events,
    silent_step,
)
from core.engine.rollout_gates import read_rollout
from core.store.factory import open_store

AUTO, RELIABILITY = (0.80, 0.99), (0.30, 0.99)
DAY = NOW.date()


@pytest.mark.parametrize(
    ("current", "corrected", "held", "bounds", "up", "expected"),
    [
        # a correction pulls auto toward 0.99 with alpha 0.3: 0.90 + 0.3 * 0.09
        (0.90, 1, 0, AUTO, True, 0.927),
        # a clean day lowers it at a tenth of alpha: 0.90 - 0.03 * 0.10
        (0.90, 0, 5, AUTO, True, 0.897),
        (0.90, 0, 0, AUTO, True, 0.90),  # no auto-commits: unchanged
        (0.99, 3, 0, AUTO, True, 0.99),  # at the bound it stays
        (0.80, 0, 9, AUTO, True, 0.80),
        (1.20, 1, 0, AUTO, True, 0.99),  # clamped into the bounds
        # a corrected source loses reliability fast: 0.90 - 0.3 * 0.60
        (0.90, 1, 4, RELIABILITY, False, 0.72),
        # a held one gains slowly: 0.90 + 0.03 * 0.09
        (0.90, 0, 2, RELIABILITY, False, 0.9027),
        (0.30, 2, 0, RELIABILITY, False, 0.30),
    ],
)
def test_one_days_ema_step(
    current: float, corrected: int, held: int, bounds: tuple[float, float], up: bool,
    expected: float,
) -> None:  # fmt: skip
    assert ema_step(current, corrected, held, bounds, 0.3, up_when_corrected=up) == pytest.approx(
        expected
    )


@pytest.mark.parametrize(
    ("current", "corrected", "held", "seen", "prior", "up", "expected"),
    [
        # Before: a feed's auto-commits nobody read, uncorrected, earned it trust each day
        # (0.85 -> 0.8542 -> ...). Silence now gives back what corrections took, no more.
        (0.85, 0, 2, 0, 0.85, False, 0.85),
        (0.72, 0, 2, 0, 0.85, False, 0.7281),  # below its own: back toward it, slowly
        (0.849, 0, 50, 0, 0.85, False, 0.85),  # ... and stops there
        (0.93, 0, 5, 0, 0.85, False, 0.93),  # earned by the user's Yes: silence keeps it
        (0.85, 0, 0, 1, 0.85, False, 0.8542),  # a question it raised, confirmed: earned
        (0.85, 0, 3, 1, 0.85, False, 0.8542),
        (0.85, 1, 0, 3, 0.85, False, 0.685),  # a correction still outweighs
        # The auto threshold: silence lowers it back to the policy's, never below.
        (0.90, 0, 5, 0, 0.90, True, 0.90),
        (0.927, 0, 5, 0, 0.90, True, 0.9232),
        (0.9005, 0, 40, 0, 0.90, True, 0.90),
        (0.90, 1, 5, 0, 0.90, True, 0.927),
    ],
)
def test_silence_restores_and_only_the_user_earns(
    current: float, corrected: int, held: int, seen: int, prior: float, up: bool,
    expected: float,
) -> None:  # fmt: skip
    bounds = AUTO if up else RELIABILITY
    step = silent_step(current, corrected, held, seen, prior, bounds, 0.3, up_when_corrected=up)
    assert step == pytest.approx(expected)


def _state_at_stage_3(learning: bool = True) -> RolloutState:
    events = [
        PolicyEvent("s", NOW, "stage", "travel", "stage", "M", "3", "t", "owner", 1),
        PolicyEvent("l", NOW, "learning", None, "learning", False, learning, "t", "owner", 2),
    ]
    return fold_policy_events(default_policy(), events)


def test_learning_events_move_stage_3_thresholds_and_source_reliabilities() -> None:
    outcomes = DayOutcomes(
        held={"project": 4},
        corrected={"travel": 1},
        source_held={"calendar": 2},
        source_corrected={"conversation_assertive": 1},
    )
    at = NOW + timedelta(days=1)
    events = learning_events(default_policy(), _state_at_stage_3(), outcomes, DAY, at)
    assert [(e.event_id, e.old, e.new) for e in events] == [
        (f"learning:{DAY}:travel:auto_threshold", 0.90, 0.927),  # project is not at Stage 3
        # calendar's 2 held (silent) auto-commits: no higher than its own 0.85
        (f"learning:{DAY}:reliability:conversation_assertive", 0.90, 0.72),
    ]
    assert events[0].reason.startswith(f"{DAY}: 1 corrected and 0 held auto-commit(s) in travel")
    assert learning_events(default_policy(), _state_at_stage_3(False), outcomes, DAY, at) == []


@pytest.mark.parametrize(
    ("turned_down", "confirmed", "expected"),
    [
        (2, 1, 0.695),  # questions turned down: toward 0.80 with alpha 0.3: 0.65 + 0.3 * 0.15
        (0, 3, 0.647),  # all confirmed: toward 0.55 at a tenth: 0.65 - 0.03 * 0.10
        (0, 0, None),  # no answers: unchanged, no event
    ],
)
def test_the_ask_threshold_learns_from_the_questions_answers(
    turned_down: int, confirmed: int, expected: float | None
) -> None:
    outcomes = DayOutcomes(
        asked_turned_down={"travel": turned_down}, asked_confirmed={"travel": confirmed}
    )
    events = learning_events(default_policy(), _state_at_stage_3(), outcomes, DAY, NOW)
    asks = [(e.old, e.new) for e in events if e.key == "ask_threshold"]
    assert asks == ([] if expected is None else [(0.65, pytest.approx(expected))])


@pytest.fixture(params=["sqlite", "memory"])
async def engine(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Engine]:
    url = str(tmp_path / "canon.db") if request.param == "sqlite" else "memory://"
    store = open_store(url)
    await store.open()
    policy = replace(default_policy(), rollout=RolloutConfig(calibration_mutations=0))
    try:
        yield Engine(store, policy)
    finally:
        await store.close()


async def test_a_day_with_a_correction_raises_auto_and_replays_once(engine: Engine) -> None:
    await engine.record_policy_events(
        [
            PolicyEvent("s", NOW, "stage", "travel", "stage", "M", "3", "t", "owner"),
            PolicyEvent("l", NOW, "learning", None, "learning", False, True, "t", "owner"),
        ]
    )
    told = make_observation("travel.location", "Tahoe", at=NOW)
    assert (await engine.ingest(told, now=NOW)).decision == "auto_commit"
    forget = await propose_forget(engine, ["user:primary"], "travel.location", NOW)
    await engine.answer(forget.id, "confirm", now=NOW + timedelta(minutes=5))
    at = NOW + timedelta(days=1)
    learned = await learn_day(engine, DAY, at)
    assert [(e.key, e.new) for e in learned] == [
        ("auto_threshold", 0.927),
        ("conversation_assertive", 0.72),
    ]
    assert await learn_day(engine, DAY, at) == [], "the same day again changes nothing"
    assert {e.entity for e in learned} == {"user:primary"}
    state, _ = await read_rollout(engine, "user:primary")
    assert domain_thresholds(engine.policy, state, "travel")[1] == pytest.approx(0.927)
    assert state.learned_reliability["conversation_assertive"] == pytest.approx(0.72)
    # What user:primary's day taught moves user:primary's autonomy only.
    other, _ = await read_rollout(engine, "user:other")
    assert domain_thresholds(engine.policy, other, "travel")[1] == pytest.approx(0.90)
    assert "conversation_assertive" not in other.learned_reliability


async def test_a_feeds_silent_days_earn_nothing_the_users_yes_does(engine: Engine) -> None:
    """Before: each day a source's auto-commits went uncorrected raised its reliability
    (0.90 -> 0.9027), read by the user or not. Now only a question it raised and she
    confirmed earns it any (calendar 0.85 -> 0.8542)."""
    await engine.record_policy_events(
        [
            PolicyEvent("s", NOW, "stage", "travel", "stage", "M", "3", "t", "owner"),
            PolicyEvent("l", NOW, "learning", None, "learning", False, True, "t", "owner"),
        ]
    )
    unread = make_observation("project.p.status", "done", source="manual_markdown", at=NOW)
    assert (await engine.ingest(unread, now=NOW)).decision == "auto_commit"
    silent = await learn_day(engine, DAY, NOW + timedelta(days=1))
    assert [e.key for e in silent if e.kind == "reliability"] == []

    later = NOW + timedelta(days=1)
    asked = make_observation("travel.location", "Reno", source="calendar", at=later)
    outcome = await engine.ingest(asked, now=later)
    assert outcome.decision == "ask_user", outcome
    assert outcome.review_item_id is not None
    await engine.answer(outcome.review_item_id, "confirm", now=later + timedelta(minutes=5))
    seen = await learn_day(engine, later.date(), later + timedelta(days=1))
    assert [(e.key, e.new) for e in seen if e.kind == "reliability"] == [("calendar", 0.8542)]


def canon(db: Path, *args: str) -> Ran:
    return run_canon(
        "--db", str(db), "rollout", *args, env={"CANON_POLICY": str(CALIBRATED_POLICY_FILE)}
    )


async def _week_of_inputs(db: Path, skip_day: int | None) -> None:
    """One held auto-commit on each of the 7 days before NOW + 7d (except ``skip_day``)."""
    store = open_store(str(db))
    await store.open()
    try:
        engine = Engine(store, calibrated_policy())
        for day in range(7):
            if day == skip_day:
                continue
            at = NOW + timedelta(days=day)
            await engine.ingest(make_observation(f"project.p{day}.status", "done", at=at), now=at)
    finally:
        await store.close()


def test_learning_on_needs_stage_1_criteria_on_each_of_the_last_7_days(tmp_path: Path) -> None:
    db = tmp_path / "canon.db"
    asyncio.run(_week_of_inputs(db, skip_day=3))
    week_later = format_ts(NOW + timedelta(days=7))
    refused = canon(db, "learning", "on", "--now", week_later)
    assert refused.returncode == 1
    day3 = (NOW + timedelta(days=3)).date()
    assert refused.stderr.strip() == (
        f"canon: learning stays off: {day3}: correction rate not measured "
        "(no state changes in the window)"
    )
    asyncio.run(_week_of_inputs(db, skip_day=None))
    done = canon(db, "learning", "on", "--now", week_later)
    assert (done.returncode, done.stdout.strip()) == (0, "Learning is on."), done.stderr
    assert canon(db, "learn", "--now", week_later).returncode == 0
