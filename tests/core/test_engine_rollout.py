"""The engine under the rollout: calibration counts down with each change, stages from the
policy-change log apply to the next write, and the CLI shows where each domain stands."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

from canon_cli import Ran
from canon_cli import canon as run_canon
from canon_testing import NOW, calibrated_policy, make_observation

from core.domain.policy import default_policy
from core.domain.rollout import PolicyEvent
from core.engine.engine import Engine
from core.store.sqlite import SQLiteStore


def stage(seq: int, domain: str, new: str) -> PolicyEvent:
    return PolicyEvent(f"stage-{seq}", NOW, "stage", domain, "stage", "M", new, "test", "owner")


def told(n: int, field: str = "travel.location", value: str = "Tahoe") -> dict[str, object]:
    """A first-person statement about a new entity: 0.90, which would auto-commit."""
    return make_observation(field, value, entity=f"user:p{n}", at=NOW + timedelta(minutes=n))


def mine(n: int, entity: str = "user:primary") -> dict[str, object]:
    """One entity's statement about its n-th trip leg: 0.90, which would auto-commit."""
    at = NOW + timedelta(minutes=n)
    return make_observation(f"travel.leg{n}.city", "Tahoe", entity=entity, at=at)


async def test_the_first_30_changes_are_asked_and_the_31st_commits(fresh_engine: Engine) -> None:
    notes = []
    for n in range(30):
        at = NOW + timedelta(minutes=n)
        outcome = await fresh_engine.ingest(mine(n), now=at)
        assert outcome.decision == "ask_user", (n, outcome.reasons)
        assert outcome.review_item_id
        notes.append(outcome.reasons[0])
        await fresh_engine.answer(outcome.review_item_id, "confirm", now=at)
    assert notes[0].startswith("calibrating travel: 30 more change(s)")
    assert notes[29].startswith("calibrating travel: 1 more change(s)")
    outcome = await fresh_engine.ingest(mine(30), now=NOW + timedelta(hours=1))
    assert (outcome.decision, outcome.committed) == ("auto_commit", True)
    # Calibration is per entity: another entity has seen nothing yet.
    other = await fresh_engine.ingest(mine(31, "user:other"), now=NOW + timedelta(hours=1))
    assert other.reasons[0].startswith("calibrating travel: 30 more change(s)")
    # Calibration is per domain: family has seen nothing yet.
    family = make_observation("family.emma.status", "sick", at=NOW + timedelta(hours=1))
    assert (await fresh_engine.ingest(family, now=NOW + timedelta(hours=1))).decision == "ask_user"


async def test_a_no_is_not_a_change_and_does_not_count(fresh_engine: Engine) -> None:
    first = await fresh_engine.ingest(told(0), now=NOW)
    assert first.review_item_id
    await fresh_engine.answer(first.review_item_id, "reject", now=NOW)
    second = await fresh_engine.ingest(told(1), now=NOW)
    assert second.reasons[0].startswith("calibrating travel: 30 more change(s)")


async def test_a_stage_change_applies_to_the_next_write(engine: Engine) -> None:
    """The engine reads the policy-change log before each write, only what is new."""
    assert (await engine.ingest(told(0), now=NOW)).decision == "auto_commit"
    await engine.record_policy_events([stage(1, "travel", "0")])
    shadowed = await engine.ingest(told(1), now=NOW)
    assert (shadowed.decision, shadowed.committed) == ("ask_user", False)
    assert shadowed.reasons[0].startswith("travel is in shadow mode")
    await engine.record_policy_events([stage(2, "travel", "2")])
    assert (await engine.ingest(told(2), now=NOW)).decision == "auto_commit"


async def test_a_stage_recorded_by_another_process_is_seen(tmp_path: Path) -> None:
    policy = default_policy()
    path = tmp_path / "canon.db"
    ours, theirs = SQLiteStore(path), SQLiteStore(path)
    await ours.open()
    await theirs.open()
    try:
        engine = Engine(ours, policy)
        await engine.ingest(told(0), now=NOW)  # folds the (empty) log once
        await Engine(theirs, policy).record_policy_events([stage(1, "travel", "0")])
        weak = make_observation(
            "travel.destination", "Maui", intent="planning", source="static_markdown"
        )
        outcome = await engine.ingest(weak, now=NOW)
        assert outcome.decision == "ask_user"  # shadow mode asks even a weak change
    finally:
        await ours.close()
        await theirs.close()


def canon(db: Path, *args: str) -> Ran:
    return run_canon("--db", str(db), *args)


async def test_status_and_policy_show_where_each_domain_stands(tmp_path: Path) -> None:
    db = tmp_path / "canon.db"
    store = SQLiteStore(db)
    await store.open()
    try:
        engine = Engine(store, default_policy())
        outcome = await engine.ingest(told(0), now=NOW)
        assert outcome.review_item_id
        await engine.answer(outcome.review_item_id, "confirm", now=NOW)
        await engine.record_policy_events([stage(1, "project", "0")])
    finally:
        await store.close()
    status = canon(db, "status", "--json")
    assert status.returncode == 0, status.stderr
    shown = json.loads(status.stdout)
    default = {d["domain"]: d for d in shown["rollout"]}
    assert default["travel"]["calibration_remaining"] == 30  # what a new entity meets
    assert list(shown["rollout_entities"]) == ["user:p0"]
    rollout = {d["domain"]: d for d in shown["rollout_entities"]["user:p0"]}
    mine = canon(db, "status", "--entity", "user:p0", "--json")
    assert json.loads(mine.stdout)["rollout"] == shown["rollout_entities"]["user:p0"]
    assert rollout["travel"] == {
        "domain": "travel",
        "stage": "M",
        "stage_name": "MVP core",
        "ask_threshold": 0.65,
        "auto_threshold": 0.9,
        "calibration_remaining": 29,
        "confirmations_remaining": 0,
        "learning": False,
        "acts_alone_from": 0.98,
    }
    assert (rollout["project"]["stage"], rollout["project"]["acts_alone_from"]) == ("0", None)
    table = canon(db, "status")
    assert "29 left" in table.stdout
    assert "0 shadow" in table.stdout

    policy = canon(db, "policy", "show", "--json")
    assert policy.returncode == 0, policy.stderr
    domains = {d["domain"]: d for d in json.loads(policy.stdout)["domains"]}
    assert domains["project"]["limits"][0].startswith("project is in shadow mode")
    assert domains["travel"]["calibration_remaining"] == 30
    entity = {d["domain"]: d for d in json.loads(policy.stdout)["entities"]["user:p0"]}
    assert entity["travel"]["calibration_remaining"] == 29
    only = json.loads(canon(db, "policy", "show", "--entity", "user:p0", "--json").stdout)
    assert (only["entity"], only["domains"]) == ("user:p0", list(entity.values()))
    assert (
        domains["travel"]["margin_threshold"] == default_policy().domain("travel").margin_threshold
    )

    history = canon(db, "policy", "history", "--json")
    assert [
        (e["kind"], e["domain"], e["new"], e["reason"]) for e in json.loads(history.stdout)
    ] == [("stage", "project", "0", "test")]
    assert json.loads(history.stdout)[0]["entity"] is None
    assert json.loads(canon(db, "policy", "history", "--domain", "travel", "--json").stdout) == []
    text = canon(db, "policy", "history")
    assert "project: stage M -> 0 (owner: test)" in text.stdout
    bad = canon(db, "policy", "history", "--domain", "weather")
    assert (bad.returncode, bad.stderr.strip()) == (
        2,
        "canon: error: unknown domain 'weather' (known: travel, family, project, financial, "
        "profile)",
    )


async def test_a_confirmation_run_recorded_by_another_process_asks_the_next_change(
    tmp_path: Path,
) -> None:
    """The rollout is read in the write transaction; a confirmation run another process
    started meanwhile needs a count that was not read with it, and is still applied."""
    policy = calibrated_policy()
    path = tmp_path / "canon.db"
    ours, theirs = SQLiteStore(path), SQLiteStore(path)
    await ours.open()
    await theirs.open()
    try:
        engine = Engine(ours, policy)
        assert (await engine.ingest(mine(0), now=NOW)).decision == "auto_commit"
        spike = PolicyEvent(
            "c-1", NOW, "confirm_next", "travel", "confirm_next", "0", "1", "spike", "rollback"
        )
        await Engine(theirs, policy).record_policy_events([spike])
        later = NOW + timedelta(minutes=5)
        asked = await engine.ingest(mine(1), now=later)
        assert (asked.decision, asked.committed) == ("ask_user", False)
        assert asked.review_item_id
        await engine.answer(asked.review_item_id, "confirm", now=later)
        # The run of one is over: the next change commits on its own again.
        assert (await engine.ingest(mine(2), now=later)).decision == "auto_commit"
    finally:
        await ours.close()
        await theirs.close()
