"""Rollback rules, applied by check_rollout to a log built through the real engine.

Each rule is a policy event (actor rollback) with a deterministic id and one
alert for the owner; running the check again changes nothing.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from canon_testing import NOW, make_observation

from core.domain.policy import Policy, RolloutConfig, default_policy
from core.domain.rollout import PolicyEvent, Stage, domain_thresholds
from core.engine.corrections import propose_forget
from core.engine.engine import Engine
from core.engine.incidents import auto_commit_behind, record_p0
from core.engine.rollback import check_rollout
from core.engine.rollout_gates import read_rollout
from core.store.factory import open_store

ME = "user:primary"


def at(minutes: float) -> Any:
    return NOW + timedelta(minutes=minutes)


def no_calibration(policy: Policy) -> Policy:
    """The rules under test, without the first-30-changes calibration in the way."""
    return replace(policy, rollout=RolloutConfig(calibration_mutations=0))


@pytest.fixture(params=["sqlite", "memory"])
async def engine(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Engine]:
    url = str(tmp_path / "canon.db") if request.param == "sqlite" else "memory://"
    store = open_store(url)
    await store.open()
    try:
        yield Engine(store, no_calibration(default_policy()))
    finally:
        await store.close()


async def set_stage(engine: Engine, domain: str, stage: str, minutes: float = -60) -> None:
    await engine.record_policy_events(
        [PolicyEvent(f"t:{domain}:{stage}:{minutes}", at(minutes), "stage", domain, "stage", "M", stage,
                     "test setup", "owner")]
    )  # fmt: skip


async def p0(engine: Engine, domain: str, minutes: float = 0) -> None:
    await engine.record_policy_events(
        [PolicyEvent(f"t:p0:{domain}:{minutes}", at(minutes), "incident", domain, "p0", None,
                     {"field": f"{domain}.x"}, "travel.location was wrong", "owner")]
    )  # fmt: skip


async def stages(engine: Engine, entity: str | None = None) -> dict[str, Stage]:
    """``entity``'s stages (None: the store-wide default)."""
    state, _ = await read_rollout(engine, entity)
    return {d: r.stage for d, r in state.domains.items()}


@pytest.mark.parametrize(
    ("domain", "before", "after"),
    [
        ("travel", "3", "1"),
        ("travel", "2", "1"),
        ("financial", "2", "1"),
        ("travel", "1", "1"),  # already assisted
        ("travel", "0", "0"),  # shadow: nothing auto-commits anyway
        ("travel", "M", "M"),  # kept; the incident blocks promotion instead
        ("project", "3", "3"),  # the rule names travel and financial only
    ],
)
async def test_a_p0_in_travel_or_financial_drops_the_domain_to_stage_1(
    engine: Engine, domain: str, before: str, after: str
) -> None:
    if before != "M":
        await set_stage(engine, domain, before)
    await p0(engine, domain)
    fired = await check_rollout(engine, at(1))
    assert (await stages(engine))[domain] == after
    assert [r.rule for r in fired] == (["p0"] if before != after else [])
    assert await check_rollout(engine, at(2)) == []
    alerts = await engine.store.open_alerts()
    assert len(alerts) == (1 if before != after else 0)


async def test_a_p0_before_the_last_promotion_does_not_roll_back_again(engine: Engine) -> None:
    await set_stage(engine, "travel", "2")
    await p0(engine, "travel")
    await check_rollout(engine, at(1))
    await set_stage(engine, "travel", "2", minutes=2)  # the owner promoted again
    assert await check_rollout(engine, at(3)) == []
    assert (await stages(engine))["travel"] == "2"


async def corrected_once(engine: Engine) -> None:
    """project: one auto-commit, then the user forgets it: 1 of 1 auto-commit corrected."""
    told = make_observation("project.website.status", "done", at=at(0))
    assert (await engine.ingest(told, now=at(0))).decision == "auto_commit"
    forget = await propose_forget(engine, [ME], "project.website.status", at(5))
    await engine.answer(forget.id, "confirm", now=at(6))


@pytest.mark.parametrize(("auto_before", "raised"), [(0.90, 0.95), (0.97, 0.99)])
async def test_a_weekly_correction_rate_above_5_percent_raises_auto_and_asks_the_next_20(
    engine: Engine, auto_before: float, raised: float
) -> None:
    await corrected_once(engine)
    if auto_before != 0.90:  # an earlier safety raise: the new one is capped at 0.99
        await engine.record_policy_events(
            [PolicyEvent("t:raise", at(7), "threshold", "project", "auto_threshold", 0.90,
                         auto_before, "earlier", "rollback")]
        )  # fmt: skip
    fired = await check_rollout(engine, at(10))
    assert [(r.rule, r.domain) for r in fired] == [("corrections", "project")]
    state, events = await read_rollout(engine, ME)
    assert domain_thresholds(engine.policy, state, "project")[1] == pytest.approx(raised)
    assert state.domain("project").confirm_next == 20
    assert {e.event_id for e in events} >= {
        "rollback:corrections:user:primary:project:2026-W08",
        "rollback:corrections:user:primary:project:2026-W08:confirm",
    }
    # The corrections were user:primary's: no other entity's autonomy changed.
    other, _ = await read_rollout(engine, "user:other")
    assert domain_thresholds(engine.policy, other, "project")[1] == pytest.approx(auto_before)
    assert other.domain("project").confirm_next == 0
    assert "100.0% > 5%" in events[-1].reason
    assert await check_rollout(engine, at(11)) == []
    assert len(await engine.store.open_alerts()) == 1


async def test_schema_validation_below_99_5_percent_in_24h_sends_every_domain_to_m(
    engine: Engine,
) -> None:
    await set_stage(engine, "travel", "2")
    await set_stage(engine, "family", "1")
    await engine.record_policy_events(
        [PolicyEvent("t:learn", at(-60), "learning", None, "learning", False, True, "t", "owner")]
    )
    told = make_observation("travel.status", "in_progress", at=at(0))
    await engine.ingest(told, now=at(0))
    assert (await engine.ingest({"entity_id": ME}, now=at(1))).decision == "invalid"
    await p0(engine, "project", minutes=1.5)  # an incident is not the owner changing the rollout
    fired = await check_rollout(engine, at(2))
    assert [r.rule for r in fired] == ["schema"]
    assert set((await stages(engine, ME)).values()) == {"M"}
    state, _ = await read_rollout(engine, ME)
    assert state.learning_enabled is False
    # The invalid input named user:primary: every other entity keeps its rollout.
    assert (await stages(engine, "user:other"))["travel"] == "2"
    assert (await read_rollout(engine, "user:other"))[0].learning_enabled is True
    assert await check_rollout(engine, at(3)) == []
    assert len(await engine.store.open_alerts()) == 1


async def test_nothing_fires_on_a_clean_week(engine: Engine) -> None:
    await set_stage(engine, "travel", "3")
    told = make_observation("travel.status", "in_progress", at=at(0))
    await engine.ingest(told, now=at(0))
    assert await check_rollout(engine, at(60)) == []


async def test_an_entitys_p0_drops_its_own_stage_and_no_one_elses(engine: Engine) -> None:
    """Issue 23: a /wrong on user:a's auto-commit is user:a's incident and rollback."""
    await set_stage(engine, "travel", "3")
    told = make_observation("travel.location", "Tahoe", entity="user:a", at=at(0))
    assert (await engine.ingest(told, now=at(0))).decision == "auto_commit"
    auto = await auto_commit_behind(engine, "user:a", "travel.location", at(1))
    assert auto is not None
    fired = await record_p0(engine, auto, "/wrong", at(1))
    assert [(r.rule, r.domain) for r in fired] == [("p0", "travel")]
    assert (await stages(engine, "user:a"))["travel"] == "1"
    assert (await stages(engine, "user:b"))["travel"] == "3"
    assert (await stages(engine))["travel"] == "3"
    theirs = make_observation("travel.location", "Reno", entity="user:b", at=at(2))
    assert (await engine.ingest(theirs, now=at(2))).decision == "auto_commit"
    again = make_observation("travel.location", "Reno", entity="user:a", at=at(2))
    assert (await engine.ingest(again, now=at(2))).decision == "ask_user"  # Stage 1: 0.98


async def test_an_owners_p0_for_no_entity_rolls_back_every_entity(engine: Engine) -> None:
    await set_stage(engine, "travel", "3")
    await p0(engine, "travel")
    await check_rollout(engine, at(1))
    assert [(await stages(engine, e))["travel"] for e in (None, "user:a")] == ["1", "1"]


async def test_taking_back_a_confirmed_value_is_no_correction_of_canons_autonomy(
    engine: Engine,
) -> None:
    """The user confirmed a value, then forgot it: Canon committed nothing on its own, so
    its thresholds stay and no rollback alert says "my changes were corrected"."""
    told = make_observation("project.website.status", "done", at=at(0))
    await set_stage(engine, "project", "0")  # shadow: every change is asked
    asked = await engine.ingest(told, now=at(0))
    assert asked.decision == "ask_user"
    assert asked.review_item_id is not None
    await engine.answer(asked.review_item_id, "confirm", now=at(1))
    forget = await propose_forget(engine, [ME], "project.website.status", at(5))
    await engine.answer(forget.id, "confirm", now=at(6))
    assert await check_rollout(engine, at(10)) == []
    assert await engine.store.open_alerts() == []
