"""Issue 23: calibration and rollout are per entity and domain, so one tenant's activity
never changes another's autonomy.

What is per entity and what is store-wide (README "Rollout"):

    what                          whose
    calibration count             (entity, domain): its own changes only
    confirm_next after a spike    the entity whose corrections fired it
    threshold raised by rule 2    the entity whose correction rate was high
    stage dropped by a P0         the entity whose auto-commit was wrong
    schema rollback (rule 3)      the entity its invalid inputs name
    learned thresholds/reliab.    the entity whose day it learned from
    owner's promotion             store-wide default, or --entity for one
    owner's learning switch       store-wide
    any event of an old log       store-wide (it names no entity)

An entity's rollout is the fold of the events for no entity and its own, in log
order: the latest one that applies wins.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from canon_cli import Ran
from canon_cli import canon as run_canon
from canon_testing import NOW, make_observation

from core.domain.policy import default_policy
from core.domain.rollout import Actor, PolicyEvent, PolicyEventKind, fold_policy_events
from core.engine.engine import Engine
from core.engine.rollout_gates import promote, rollout_report
from core.store.sqlite import SQLiteStore

POLICY = default_policy()


def event(
    seq: int, kind: PolicyEventKind, new: Any, entity: str | None, key: str = ""
) -> PolicyEvent:
    actor: Actor = "owner" if seq == 1 else "rollback"
    return PolicyEvent(
        f"e{seq}", NOW + timedelta(minutes=seq), kind, "travel", key or kind, None, new,
        "t", actor, seq, entity,
    )  # fmt: skip


LOG = [
    event(1, "stage", "2", None),  # an old, store-wide promotion
    event(2, "stage", "1", "user:a"),  # user:a's P0 rollback
    event(3, "threshold", 0.95, "user:b", "auto_threshold"),  # user:b's correction raise
    event(4, "confirm_next", 20, "user:b"),
]


@pytest.mark.parametrize(
    ("viewer", "upto", "stage", "raised", "confirm_next"),
    [
        (None, 4, "2", {}, 0),  # the store-wide default: only events for no entity
        ("user:a", 4, "1", {}, 0),  # its own rollback; not user:b's raise
        ("user:b", 4, "2", {"auto_threshold": 0.95}, 20),  # its own raise; not user:a's stage
        ("user:c", 4, "2", {}, 0),  # an entity with no events meets the default
        ("user:a", 1, "2", {}, 0),  # before its rollback: the default
    ],
)
def test_an_entitys_rollout_folds_the_events_for_everyone_and_its_own(
    viewer: str | None, upto: int, stage: str, raised: dict[str, float], confirm_next: int
) -> None:
    state = fold_policy_events(POLICY, LOG[:upto], viewer)
    travel = state.domain("travel")
    assert (travel.stage, dict(travel.raised), travel.confirm_next) == (
        stage,
        raised,
        confirm_next,
    )


def test_a_later_event_for_everyone_applies_to_an_entity_with_its_own() -> None:
    """The latest event that applies wins: a store-wide rollback reaches user:a too."""
    log = [*LOG, event(5, "stage", "M", None)]
    assert fold_policy_events(POLICY, log, "user:a").domain("travel").stage == "M"


async def test_an_owners_promotion_for_one_entity_moves_only_its_rollout(
    fresh_engine: Engine,
) -> None:
    engine = fresh_engine
    told = make_observation("travel.location", "Tahoe", entity="user:a", at=NOW)
    await engine.ingest(told, now=NOW)
    later = NOW + timedelta(days=8)
    report = (await rollout_report(engine, later, "user:a"))[1]
    assert [g.name for g in report[0].gates if not g.passed] == []
    p, moved = await promote(engine, "travel", later, "user:a")
    assert (p.stage, p.to, moved) == ("M", "0", True)
    assert (await engine.rollout.state("user:a")).domain("travel").stage == "0"
    assert (await engine.rollout.state("user:b")).domain("travel").stage == "M"
    assert (await engine.rollout.state()).domain("travel").stage == "M"
    theirs = make_observation(entity="user:b", at=later)
    mine = make_observation(entity="user:a", at=later)
    outcomes = await engine.ingest_batch([theirs, mine], now=later)
    assert [o.reasons[0].split(":")[0] for o in outcomes] == [
        "calibrating travel",
        "travel is in shadow mode",
    ]


def canon(db: Path, *args: str) -> Ran:
    return run_canon("--db", str(db), *args)


async def test_rollout_status_shows_an_entitys_calibration_and_who_has_their_own(
    tmp_path: Path,
) -> None:
    db = tmp_path / "canon.db"
    store = SQLiteStore(db)
    await store.open()
    try:
        engine = Engine(store, POLICY)
        asked = await engine.ingest(make_observation(entity="user:a"), now=NOW)
        assert asked.review_item_id
        await engine.answer(asked.review_item_id, "confirm", now=NOW)
        await engine.record_policy_events([event(1, "stage", "1", "user:a")])
    finally:
        await store.close()
    mine = json.loads(canon(db, "rollout", "status", "--entity", "user:a", "--json").stdout)
    travel = next(d for d in mine["domains"] if d["domain"] == "travel")
    assert (mine["entity"], travel["stage"], travel["calibration_remaining"]) == ("user:a", "1", 29)
    default = json.loads(canon(db, "rollout", "status", "--json").stdout)
    travel = next(d for d in default["domains"] if d["domain"] == "travel")
    assert (default["entity"], travel["stage"], travel["calibration_remaining"]) == (None, "M", 30)
    assert default["entities_with_own_rollout"] == ["user:a"]
    text = canon(db, "rollout", "status").stdout
    assert "entities with a rollout of their own (--entity): user:a" in text
